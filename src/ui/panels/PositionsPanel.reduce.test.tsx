import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { BTC_PERP } from '../../domain/instruments.testkit.js';
import type { Position } from '../../domain/model.js';
import type { TradingServices } from '../../services/app-services.js';
import type { OrderOutcome } from '../../services/order-service.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { setSocket } from '../../store/freshness.testkit.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { afterEffects } from '../../../test/helpers/field-keys.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { PositionsPanel } from './PositionsPanel.js';

/**
 * Issue 17 item 5: from the selected position, `r` (or `l` for a limit close) opens a form —
 * a quantity or % of the size, and a limit price or none (market) — checked as typed; `o` reviews
 * what would be sent; only `y` on the review sends, through `trading.reducePosition`.
 */

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);

function position(over: Partial<Position> & Pick<Position, 'symbol' | 'posSide'>): Position {
  return {
    category: 'USDT-FUTURES', holdMode: 'one_way_mode', marginMode: 'crossed', marginCoin: 'USDT', size: d('1'), available: d('1'), avgPrice: d('100'), markPrice: d('100'),
    unrealisedPnl: d('0'), leverage: d('10'), liqPrice: d('0'), margin: d('10'), takeProfit: null, stopLoss: null, updatedTime: NOW, ...over,
  };
}

const BTC = position({ symbol: 'BTCUSDT', posSide: 'long', size: d('0.5'), available: d('0.5'), avgPrice: d('97000'), markPrice: d('98000.3'), margin: d('4850') });
const ETH = position({ symbol: 'ETHUSDT', posSide: 'short', holdMode: 'hedge_mode', marginMode: 'isolated', size: d('2'), available: d('2'), avgPrice: d('3500'), markPrice: d('3600') });

/** Records every reduce and answers with `outcome`; the other calls are not used here. */
class ReduceTrading {
  readonly reduced: { readonly position: Position; readonly part: { readonly qty: string; readonly price?: string } }[] = [];
  readonly closed: Position[] = [];
  outcome: OrderOutcome = { status: 'accepted', orderId: '43', clientOid: 'c1', sent: true };
  readonly api: TradingServices = {
    submitOrder: () => Promise.reject(new Error('not used')),
    modifyOrder: () => Promise.reject(new Error('not used')),
    cancelOrder: () => Promise.reject(new Error('not used')),
    cancelAll: () => Promise.reject(new Error('not used')),
    cancelBatch: () => Promise.reject(new Error('not used')),
    modifyBatch: () => Promise.reject(new Error('not used')),
    submitBatch: () => Promise.reject(new Error('not used')),
    closeAll: () => Promise.reject(new Error('not used')),
    closePosition: async (p) => {
      this.closed.push(p);
      return this.outcome;
    },
    reducePosition: async (p, part) => {
      this.reduced.push({ position: p, part });
      return this.outcome;
    },
  };
}

function setup(list: readonly Position[], opts: { columns?: number; rows?: number; instruments?: boolean } = {}) {
  const store: AppStore = createAppStore();
  setSocket(store, 'private', NOW);
  store.getState().replacePositions(list, NOW);
  if (opts.instruments !== false) store.getState().setInstruments([BTC_PERP], NOW);
  store.getState().setFocus('positions');
  const trading = new ReduceTrading();
  const columns = opts.columns ?? 100;
  const rows = opts.rows ?? 16;
  const app = renderPanel(<PositionsPanel focused width={columns} height={rows} now={NOW} />, { store, services: unusedServices({ trading: trading.api }), columns, rows, now: () => NOW });
  return { store, trading, app };
}

/** Logged hints and refusals, newest last. */
const logTexts = (store: AppStore) => store.getState().ui.log.map((e) => e.text);

afterEach(() => cleanup());

describe('PositionsPanel partial close (r) and close at a limit price (l)', () => {
  it('one-way: 50% of the size at market → review with the mapped order → y sends the resolved quantity', async () => {
    const { app, trading, store } = setup([BTC]);
    await app.waitForText('BTCUSDT');
    await app.press('r');
    await app.waitForText('Reduce BTCUSDT long 0.5');
    expect(store.getState().ui.overlay).toBe('positions');
    // Prefilled with what is available; the cursor rests on the quantity: typing replaces it.
    expect(app.frame()).toMatch(/qty\s+0\.5 BTC or % of size/);
    await afterEffects();
    await app.press('50%');
    await app.waitForText('50%▌');
    await app.waitForText('closes 0.25 BTC (50%) at market · leaves 0.25');
    // Enter only finishes the edit; it never reviews or sends.
    await app.press('\r');
    await waitFor(() => !app.frame().includes('▌'), () => app.frame());
    await app.press('o');
    await app.waitForText('Close 0.25 of BTCUSDT long 0.5 (50%) at market?');
    const f = app.frame();
    expect(f).toContain('send: side=sell reduceOnly=yes');
    expect(f).toContain('orderType=market qty=0.25 crossed');
    expect(f).toContain('leaves 0.25 of 0.5');
    expect(f).toContain('y sends · n/Esc back to the form');
    await app.press('\r');
    await afterEffects();
    expect(trading.reduced).toEqual([]);
    await app.press('y');
    await app.waitForText('close 0.25 @ market of BTCUSDT long: accepted (order 43)');
    expect(trading.reduced).toEqual([{ position: BTC, part: { qty: '0.25' } }]);
    expect(store.getState().ui.overlay).toBeNull();
  });

  it('l: a limit close starts on the price; off the tick it is refused with the nearest prices; on the tick it reviews as a resting reduce-only order', async () => {
    const { app, trading, store } = setup([BTC]);
    await app.waitForText('BTCUSDT');
    await app.press('l');
    // No book loaded: it starts from the mark on the tick (98000.3 → 98000.5).
    await app.waitForText(/price\s+98000\.5 USDT/);
    await afterEffects();
    await app.press('98100.3');
    await app.waitForText('price must be a multiple of 0.5: try 98100 or 98100.5');
    await app.press('\r');
    await app.press('o');
    await waitFor(() => logTexts(store).some((t) => t === 'Review: price must be a multiple of 0.5: try 98100 or 98100.5'), () => logTexts(store).join('\n'));
    expect(app.frame()).not.toContain('Close 0.5 of');
    // Fix it: the field is still selected, typing replaces the value.
    await app.press('98100.5');
    await app.waitForText('closes 0.5 BTC (100%) at limit 98100.5 · leaves 0');
    await app.press('\r');
    await app.press('o');
    await app.waitForText('Close 0.5 of BTCUSDT long 0.5 (100%) at limit 98100.5?');
    expect(app.frame()).toContain('orderType=limit price=98100.5 qty=0.5 crossed');
    expect(app.frame()).toContain('rests as a reduce-only order until filled');
    await app.press('y');
    await app.waitForText('close 0.5 @ 98100.5 of BTCUSDT long: accepted');
    expect(trading.reduced).toEqual([{ position: BTC, part: { qty: '0.5', price: '98100.5' } }]);
  });

  it('hedge: the review shows the closing side with posSide', async () => {
    const { app, trading } = setup([BTC, ETH], { instruments: false });
    await app.waitForText('ETHUSDT');
    await app.press('j');
    await app.waitForText(/> ETHUSDT/);
    await app.press('r');
    await app.waitForText('Reduce ETHUSDT short 2');
    await afterEffects();
    await app.press('0.5');
    await app.press('\r');
    await app.press('o');
    await app.waitForText('Close 0.5 of ETHUSDT short 2 (25%) at market?');
    expect(app.frame()).toContain('send: side=buy posSide=short');
    expect(app.frame()).toContain('hedge mode: same posSide, closing side');
    await app.press('y');
    await app.waitForText('close 0.5 @ market of ETHUSDT short: accepted');
    expect(trading.reduced.map((r) => r.part)).toEqual([{ qty: '0.5' }]);
  });

  it.each([
    ['0.6', 'quantity 0.6 is more than the 0.5 available to close'],
    ['0.0005', 'quantity 0.0005 has 4 decimals; BTCUSDT allows 3'],
    ['0.00001', 'quantity 0.00001 has 5 decimals; BTCUSDT allows 3'],
    ['0%', 'percent 0% must be above 0% and at most 100% of the size 0.5'],
    ['0.1%', '0.1% of 0.5 is 0.0005, under one quantity step (0.001 BTC)'],
  ])('refuses quantity %s with its reason, on screen and at o; nothing is sent', async (qty, why) => {
    const { app, trading, store } = setup([BTC]);
    await app.waitForText('BTCUSDT');
    await app.press('r');
    await app.waitForText('Reduce BTCUSDT long');
    await afterEffects();
    await app.press(qty);
    await app.waitForText(why);
    await app.press('\r');
    await app.press('o');
    await waitFor(() => logTexts(store).includes(`Review: ${why}`), () => logTexts(store).join('\n'));
    await app.press('y');
    await waitFor(() => logTexts(store).some((t) => t.includes('review first with o')), () => logTexts(store).join('\n'));
    expect(trading.reduced).toEqual([]);
    expect(app.frame()).toContain('Reduce BTCUSDT long');
  });

  it('a key typed into a field edits the field: c, y and C are refused there, never hotkeys', async () => {
    const { app, trading, store } = setup([BTC]);
    await app.waitForText('BTCUSDT');
    await app.press('r');
    await app.waitForText('Reduce BTCUSDT long');
    await afterEffects();
    await app.press('0.1');
    await app.waitForText('0.1▌');
    for (const k of ['c', 'y', 'C']) await app.press(k);
    await waitFor(() => store.getState().ui.hint?.text.startsWith('qty takes digits, . and %') === true);
    expect(app.frame()).toContain('0.1▌');
    expect(app.frame()).not.toContain('at market?');
    expect(trading.reduced).toEqual([]);
    expect(trading.closed).toEqual([]);
  });

  it('Esc: finishes an edit, goes back from the review to the form as it was, then closes the form with nothing sent; m clears the price', async () => {
    const { app, trading, store } = setup([BTC]);
    await app.waitForText('BTCUSDT');
    await app.press('l');
    await app.waitForText(/price\s+98000\.5/);
    await app.press('k');
    await afterEffects();
    await app.press('25%');
    await app.waitForText('25%▌');
    await app.press('\x1b');
    await waitFor(() => !app.frame().includes('▌'), () => app.frame());
    expect(store.getState().ui.overlay).toBe('positions');
    await app.press('o');
    await app.waitForText('Close 0.125 of BTCUSDT long 0.5 (25%) at limit 98000.5?');
    await app.press('\x1b');
    await app.waitForText('closes 0.125 BTC (25%) at limit 98000.5');
    await app.press('m');
    await app.waitForText('closes 0.125 BTC (25%) at market');
    await app.press('\x1b');
    await app.waitForText('close cancelled — nothing sent');
    expect(store.getState().ui.overlay).toBeNull();
    expect(trading.reduced).toEqual([]);
  });

  it('sends nothing when the position closed during the review', async () => {
    const { app, trading, store } = setup([BTC]);
    await app.waitForText('BTCUSDT');
    await app.press('r');
    await app.waitForText('Reduce BTCUSDT long');
    await app.press('o');
    await app.waitForText('Close 0.5 of BTCUSDT long');
    store.getState().applyPositions([], ['USDT-FUTURES:BTCUSDT:long'], NOW + 1);
    await app.waitForText('USDT-FUTURES:BTCUSDT:long is no longer open');
    await app.press('y');
    await app.waitForText('nothing sent: USDT-FUTURES:BTCUSDT:long is no longer open');
    expect(trading.reduced).toEqual([]);
  });

  it('fits 40x10 in every step', async () => {
    const { app } = setup([BTC], { columns: 40, rows: 10 });
    const fits = () => {
      const lines = app.frame().split('\n');
      expect(lines.length).toBeLessThanOrEqual(10);
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(40);
    };
    await app.waitForText('BTCUSDT');
    await app.press('r');
    await app.waitForText('Reduce BTCUSDT');
    fits();
    await app.press('o');
    await app.waitForText('send: side=sell reduceOnly=yes');
    fits();
  });
});
