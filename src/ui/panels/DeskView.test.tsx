import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Decimal } from 'decimal.js';
import type { AccountSettings } from '../../domain/account-extras.js';
import type { Position } from '../../domain/model.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { viewByCommand } from '../view-defs/registry.js';
import type { ViewDef } from '../view-defs/view-types.js';
import { DeskView, settingsNow } from './DeskView.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const ENTER = '\r';
const ESC = '\u001B';
const RIGHT = '\u001B[C';
const DOWN = '\u001B[B';

afterEach(() => cleanup());

/** A few scheduler turns: a key that should do nothing has had its chance to act. */
async function afterTurns(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

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

function settings(over: Partial<AccountSettings> = {}): AccountSettings {
  const d = (v: string) => new Decimal(v);
  return {
    accountMode: 'unified', assetMode: 'single', accountLevel: 'advanced', holdMode: 'one_way_mode', stpMode: 'none', deltaSwitch: false,
    symbolLeverage: [{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', marginMode: 'crossed', leverage: d('10') }],
    coinLeverage: [{ coin: 'USDT', leverage: d('3') }],
    ...over,
  };
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
    await ui.press('o');
    await ui.waitForText('fix the marked field: startTime');
    expect(ex.calls).toHaveLength(1);
  });

  it('refuses a hold-mode switch while a position is open, naming it; nothing is sent', async () => {
    const { ui, store, ex } = open(view('views.holdMode'), () => 'success');
    store.getState().replacePositions([position()], NOW);
    await ui.waitForText('holdMode*');
    await ui.press(RIGHT);
    await ui.waitForText('‹ hedge_mode ›');
    await ui.press('o');
    await ui.waitForText('refused: hold mode can change only when flat: 1 open position');
    expect(ex.calls).toHaveLength(0);
    expect(store.getState().ui.log.some((e) => e.text.includes('nothing sent'))).toBe(true);
  });

  it('reviews a write, sends it on y and shows the reply; Escape backs out of a review', async () => {
    const { ui, ex, closed } = open(view('views.holdMode'), () => 'success');
    await ui.waitForText('holdMode*');
    await ui.press(RIGHT);
    await ui.press('o');
    await ui.waitForText('Send this? y sends');
    expect(ui.frame()).toContain('POST /api/v3/account/set-hold-mode');
    expect(ui.frame()).toContain('holdMode = hedge_mode');
    await ui.press(ESC);
    await waitFor(() => !ui.frame().includes('Send this?'));
    expect(ex.calls).toHaveLength(0);
    await ui.press('o');
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
    await ui.press('o');
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
    await ui.press('o');
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
    await ui.press('o');
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

  it('types a chunk into the resting field without Enter; o reviews, y sends; Enter never reviews or sends', async () => {
    const { ui, ex } = open(view('views.createSub'), () => ({ subUid: '1' }));
    await ui.waitForText('username*');
    // The cursor rests on username: a character it takes starts editing it, and the rest of the
    // chunk (k and o included) is typed, not run.
    await ui.press('deskok');
    await ui.waitForText('deskok▌');
    await ui.press(ENTER);
    await waitFor(() => !ui.frame().includes('▌'));
    // Enter on a choice cycles it, on a text field it edits: never a review, never a send.
    await ui.press('j');
    // accountMode: unified → any → classic.
    for (let i = 0; i < 2; i += 1) await ui.press(ENTER);
    await ui.waitForText('‹ classic ›');
    expect(ui.frame()).not.toContain('Send this?');
    await ui.press('o');
    await ui.waitForText('Send this? y sends, n or Esc goes back');
    expect(ui.frame()).toContain('username = deskok');
    // Under review the form keys wait; Enter sends nothing.
    await ui.press(ENTER);
    await afterTurns();
    expect(ex.calls).toHaveLength(0);
    await ui.press('y');
    await ui.waitForText('done ·');
    expect(ex.calls).toEqual([{ id: 'user.createSub', params: { username: 'deskok', accountMode: 'classic' } }]);
  });

  it('n backs out of a review as Esc does', async () => {
    const { ui, ex } = open(view('views.holdMode'), () => 'success');
    await ui.waitForText('holdMode*');
    await ui.press('o');
    await ui.waitForText('Send this?');
    await ui.press('n');
    await waitFor(() => !ui.frame().includes('Send this?'));
    await ui.press('y');
    await afterTurns();
    expect(ex.calls).toHaveLength(0);
  });

  it('moves with j/k in the form and in the results', async () => {
    const { ui } = open(view('views.leverage'), () => 'success');
    await ui.waitForText('leverage*');
    // category, symbol, leverage: j j, then digits type into leverage; k back up to symbol.
    await ui.press('jj');
    await ui.press('15');
    await ui.waitForText(/leverage\*\s+15▌/);
    await ui.press(ENTER);
    await ui.press('k');
    await ui.press('ETHUSDT');
    await ui.waitForText(/symbol\s+ETHUSDT▌/);
    const rows = [{ symbol: 'BTCUSDT', status: 'online' }, { symbol: 'ETHUSDT', status: 'online', maxLeverage: '75' }];
    const table = open(view('views.instruments'), () => rows, { columns: 80, rows: 16 });
    await table.ui.waitForText('ETHUSDT');
    await table.ui.press('j');
    await table.ui.press(ENTER);
    await table.ui.waitForText('maxLeverage');
    await table.ui.press(ESC);
    await waitFor(() => !table.ui.frame().includes('maxLeverage'));
    await table.ui.press('k');
    await table.ui.press(ENTER);
    await table.ui.waitForText(/status\s+online/);
    expect(table.ui.frame()).not.toContain('maxLeverage');
  });

  it('checks the form again at each edit once a review was refused: a fixed field clears the problem', async () => {
    const { ui, ex } = open(view('views.createSub'), () => ({}));
    await ui.waitForText('username*');
    await ui.press('desk42');
    await ui.waitForText('desk42▌');
    await ui.press(ENTER);
    await ui.press('o');
    await ui.waitForText('not sent:');
    // The username is typed again (the resting field takes it at once): the problem goes with it.
    await ui.press('desks');
    await ui.waitForText('desks▌');
    await waitFor(() => !ui.frame().includes('not sent:'));
    await ui.waitForText('fill the form, then o to review');
    expect(ex.calls).toHaveLength(0);
  });

  it('shows the account setting now beside the field a write changes', async () => {
    const store = createAppStore();
    store.getState().setAccountExtras({ debts: null, funding: null, settings: settings(), delta: null, updatedAt: NOW });
    store.getState().selectSymbol({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    store.getState().setOverlay('desk');
    const services = unusedServices({ exchange: { call: async () => 'success' } });
    const hold = renderPanel(<DeskView def={view('views.holdMode')} width={100} height={24} now={NOW} onClose={() => undefined} />, { store, services, now: () => NOW });
    await hold.waitForText(/holdMode\*\s+‹ hedge_mode › now one_way_mode/);
    cleanup();
    const lev = renderPanel(<DeskView def={view('views.leverage')} width={100} height={24} now={NOW} onClose={() => undefined} />, { store, services, now: () => NOW });
    await lev.waitForText(/leverage\*\s+a number above 0 now 10x/);
    expect(lev.frame()).toMatch(/marginMode\s+‹ any › now crossed/);
    // Another symbol typed: the store knows nothing of it, nothing is shown.
    await lev.press('j');
    await lev.press('ETHUSDT');
    await lev.waitForText('ETHUSDT▌');
    await waitFor(() => !lev.frame().includes('now 10x'));
  });
});

describe('settingsNow', () => {
  const s = settings({
    holdMode: 'hedge_mode',
    accountLevel: 'isolated',
    deltaSwitch: true,
    symbolLeverage: [
      { category: 'USDT-FUTURES', symbol: 'BTCUSDT', marginMode: 'crossed', leverage: new Decimal('10') },
      { category: 'USDT-FUTURES', symbol: 'ETHUSDT', marginMode: 'crossed', leverage: new Decimal('20') },
      { category: 'USDT-FUTURES', symbol: 'ETHUSDT', marginMode: 'isolated', leverage: new Decimal('5') },
    ],
  });
  it.each([
    ['account.setHoldMode', {}, { holdMode: 'hedge_mode' }],
    ['account.adjustAccountMode', {}, { mode: 'isolated', deltaSwitch: 'yes' }],
    ['account.setLeverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, { leverage: '10x', marginMode: 'crossed' }],
    ['account.setLeverage', { category: 'USDT-FUTURES', symbol: 'ETHUSDT' }, { leverage: '20x crossed, 5x isolated' }],
    ['account.setLeverage', { category: 'USDT-FUTURES', symbol: 'SOLUSDT' }, {}],
    ['account.setLeverage', { category: 'MARGIN', coin: 'USDT' }, { leverage: '3x' }],
    ['user.createSub', { accountMode: 'unified' }, {}],
  ])('%s %j → %j', (op, values, expected) => {
    expect(settingsNow(op, values, s)).toEqual(expected);
  });
  it('knows nothing before the first settings poll', () => {
    expect(settingsNow('account.setHoldMode', {}, null)).toEqual({});
  });
});
