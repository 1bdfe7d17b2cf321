import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Decimal } from 'decimal.js';
import type { Position } from '../../domain/model.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { viewByCommand } from '../views/registry.js';
import type { ViewDef } from '../views/view-types.js';
import { DeskView } from './DeskView.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const ENTER = '\r';
const ESC = '\u001B';
const RIGHT = '\u001B[C';

afterEach(() => cleanup());

function view(command: string): ViewDef {
  const v = viewByCommand(command);
  if (!v) throw new Error(`no view ${command}`);
  return v;
}

/** An exchange boundary recording every call; `reply` decides each answer. */
function recorder(reply: (id: string, params: unknown) => unknown) {
  const calls: { id: string; params: unknown }[] = [];
  return {
    calls,
    call: async (id: string, params: unknown) => {
      calls.push({ id, params });
      const r = reply(id, params);
      if (r instanceof Error) throw r;
      return r;
    },
  };
}

function open(def: ViewDef, reply: (id: string, params: unknown) => unknown, size = { columns: 100, rows: 24 }) {
  const store = createAppStore();
  store.getState().setOverlay('desk');
  const ex = recorder(reply);
  const closed: string[] = [];
  const ui = renderPanel(<DeskView def={def} width={size.columns} height={size.rows} now={NOW} onClose={() => closed.push('closed')} />, { store, services: unusedServices({ exchange: { call: ex.call } }), now: () => NOW, ...size });
  return { ui, store, ex, closed };
}

function position(): Position {
  const d = (v: string) => new Decimal(v);
  return { category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', marginCoin: 'USDT', size: d('0.1'), available: d('0.1'), avgPrice: d('97000'), markPrice: d('97000'), unrealisedPnl: d('0'), leverage: d('10'), liqPrice: d('0'), margin: d('970'), takeProfit: null, stopLoss: null, updatedTime: NOW };
}

function fits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.length).toBeLessThanOrEqual(columns);
}

describe('DeskView', () => {
  it('runs a read on open with its defaults, pages forward by page number and back', async () => {
    const page = (n: number) => Array.from({ length: 20 }, (_, i) => ({ orderId: String(1000 - n * 100 - i), loanCoin: 'USDT', pledgeCoin: 'BTC', status: 'REPAY', borrowTime: String(NOW - i) }));
    const { ui, ex } = open(view('views.loanBorrowHistory'), (_id, p) => page(Number((p as Record<string, string>).pageNum ?? '1')));
    await ui.waitForText('page 1 · 20 rows · n: older page');
    expect(ex.calls[0]).toEqual({ id: 'loan.getBorrowHistory', params: { startTime: String(NOW - 30 * 86_400_000), endTime: String(NOW), pageSize: '20' } });
    expect(ui.frame()).toContain('GET /api/v3/loan/borrow-history');
    expect(ui.frame()).toContain('2026-11-25 12:00:00');
    await ui.press('n');
    await ui.waitForText('page 2 · 20 rows');
    expect(ex.calls[1]?.params).toMatchObject({ pageNum: '2' });
    expect(ui.frame()).toContain('800');
    await ui.press('p');
    await ui.waitForText('page 1 · 20 rows');
    expect(ex.calls[2]?.params).not.toHaveProperty('pageNum');
    fits(ui.frame(), 100, 24);
  });

  it('edits a time field, refuses text that is not a time, and sends nothing', async () => {
    const { ui, ex } = open(view('views.loanRepayHistory'), () => []);
    await ui.waitForText('no records');
    await ui.press('\t');
    await ui.waitForText('startTime*');
    await ui.press(ENTER);
    await ui.waitForText('▌');
    await ui.press('soon');
    await ui.press(ENTER);
    await ui.press('r');
    await ui.waitForText('fix the marked field: startTime');
    expect(ex.calls).toHaveLength(1);
  });

  it('refuses a hold-mode switch while a position is open, naming it; nothing is sent', async () => {
    const { ui, store, ex } = open(view('views.holdMode'), () => 'success');
    store.getState().replacePositions([position()], NOW);
    await ui.waitForText('holdMode*');
    await ui.press(RIGHT);
    await ui.waitForText('‹ hedge_mode ›');
    await ui.press('r');
    await ui.waitForText('refused: hold mode can change only when flat: 1 open position');
    expect(ex.calls).toHaveLength(0);
    expect(store.getState().ui.log.some((e) => e.text.includes('nothing sent'))).toBe(true);
  });

  it('reviews a write, sends it on y and shows the reply; Escape backs out of a review', async () => {
    const { ui, ex, closed } = open(view('views.holdMode'), () => 'success');
    await ui.waitForText('holdMode*');
    await ui.press(RIGHT);
    await ui.press('r');
    await ui.waitForText('Send this? y sends');
    expect(ui.frame()).toContain('POST /api/v3/account/set-hold-mode');
    expect(ui.frame()).toContain('holdMode = hedge_mode');
    await ui.press(ESC);
    await waitFor(() => !ui.frame().includes('Send this?'));
    expect(ex.calls).toHaveLength(0);
    await ui.press('r');
    await ui.waitForText('Send this?');
    await ui.press('y');
    await ui.waitForText('done ·');
    expect(ex.calls).toEqual([{ id: 'account.setHoldMode', params: { holdMode: 'hedge_mode' } }]);
    expect(ui.frame()).toContain('success');
    await ui.press(ESC);
    await waitFor(() => closed.length === 1);
  });

  it('refuses an invalid request with the validator words before anything is sent', async () => {
    const { ui, ex } = open(view('views.createSub'), () => ({}));
    await ui.waitForText('username*');
    await ui.press(ENTER);
    await ui.waitForText('▌');
    await ui.press('desk42');
    await ui.press(ENTER);
    await ui.press('r');
    await ui.waitForText('not sent:');
    expect(ui.frame()).toContain('lower-case letters');
    expect(ex.calls).toHaveLength(0);
  });

  it('shows an exchange rejection of a write and logs it', async () => {
    const { ui, ex, store } = open(view('views.cancelWithdrawal'), () => new Error('EXCH_REJECTED 40034: withdrawal already processed'));
    await ui.waitForText('orderId');
    await ui.press(ENTER);
    await ui.press('8800000000000000001');
    await ui.press(ENTER);
    await ui.press('r');
    await ui.waitForText('Send this?');
    await ui.press('y');
    await ui.waitForText('rejected: EXCH_REJECTED 40034');
    expect(ex.calls).toHaveLength(1);
    expect(store.getState().ui.log.some((e) => e.level === 'error' && e.text.includes('40034'))).toBe(true);
  });

  it('shows secrets of a sensitive reply once, with a warning, and never logs them', async () => {
    const secret = 'sk-live-0123456789abcdef';
    const { ui, ex, store } = open(view('views.createSubKeys'), () => [{ subUid: '7000000009', subAccountName: 'alphaone', apiKey: 'bg_sub_key', secretKey: secret, label: 'desk' }], { columns: 100, rows: 30 });
    await ui.waitForText('subAccountName*');
    const type = async (text: string) => {
      await ui.press(ENTER);
      await ui.waitForText('▌');
      await ui.press(text);
      await ui.press(ENTER);
      await waitFor(() => !ui.frame().includes('▌'));
    };
    await type('alphaone,betatwoo');
    await ui.press('\u001B[B');
    await type('hunter22pass');
    expect(ui.frame()).not.toContain('hunter22pass');
    await ui.press('\u001B[B');
    await type('desk');
    await ui.press('r');
    await ui.waitForText('Send this?');
    expect(ui.frame()).toContain('items = 2');
    await ui.press('y');
    await ui.waitForText('shown once');
    expect(ex.calls[0]?.params).toEqual([
      { subAccountName: 'alphaone', passphrase: 'hunter22pass', label: 'desk' },
      { subAccountName: 'betatwoo', passphrase: 'hunter22pass', label: 'desk' },
    ]);
    expect(ui.frame()).toContain(secret);
    const logged = JSON.stringify(store.getState().ui.log);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('hunter22pass');
  });

  it('shows every field of a row with Enter and fits at 80x16', async () => {
    const { ui } = open(view('views.instruments'), () => [{ symbol: 'BTCUSDT', status: 'online', baseCoin: 'BTC', quoteCoin: 'USDT', maxLeverage: '125', fundInterval: '8', isRwa: 'NO' }], { columns: 80, rows: 16 });
    await ui.waitForText('BTCUSDT');
    fits(ui.frame(), 80, 16);
    await ui.press(ENTER);
    await ui.waitForText('fundInterval');
    expect(ui.frame()).toContain('isRwa');
    fits(ui.frame(), 80, 16);
  });
});
