import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import chalk from 'chalk';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category, Instrument, Position } from '../../domain/model.js';
import type { TradingServices } from '../../services/app-services.js';
import type { BatchOutcome } from '../../services/order-batch.js';
import type { OrderOutcome } from '../../services/order-service.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { SOCKET_SILENT_MS } from '../../store/freshness.js';
import { setSocket } from '../../store/freshness.testkit.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { NO_TRADING } from '../forms/position-close.js';
import { PositionsPanel } from './PositionsPanel.js';
import { afterEffects } from '../../../test/helpers/field-keys.js';

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);

function position(over: Partial<Position> & Pick<Position, 'symbol' | 'posSide'>): Position {
  return {
    category: 'USDT-FUTURES',
    holdMode: 'one_way_mode',
    marginMode: 'crossed',
    marginCoin: 'USDT',
    size: d('1'),
    available: d('1'),
    avgPrice: d('100'),
    markPrice: d('100'),
    unrealisedPnl: d('0'),
    leverage: d('10'),
    liqPrice: d('0'),
    margin: d('10'),
    takeProfit: null,
    stopLoss: null,
    updatedTime: NOW,
    ...over,
  };
}

// Sorted by key: BTCUSDT long, ETHUSDT short, SOLUSDT long.
const BTC = position({ symbol: 'BTCUSDT', posSide: 'long', size: d('0.5'), available: d('0.5'), avgPrice: d('97000'), markPrice: d('98000'), unrealisedPnl: d('500'), liqPrice: d('88000'), margin: d('4850'), takeProfit: d('105000'), stopLoss: d('90000') });
const ETH = position({ symbol: 'ETHUSDT', posSide: 'short', holdMode: 'hedge_mode', marginMode: 'isolated', size: d('2'), available: d('2'), avgPrice: d('3500'), markPrice: d('3600'), unrealisedPnl: d('-200'), liqPrice: d('3650'), margin: d('0'), leverage: d('20') });
const SOL = position({ symbol: 'SOLUSDT', posSide: 'long', size: d('10'), available: d('10'), avgPrice: d('150'), markPrice: d('150'), liqPrice: d('-1'), margin: d('150') });

/** A TradingServices double that records closes and answers with the scripted outcomes. */
class RecordingTrading {
  readonly closed: Position[] = [];
  readonly closedAll: Category[] = [];
  closeOutcome: OrderOutcome = { status: 'accepted', orderId: '42', clientOid: 'c1', sent: true };
  closeAllOutcome: BatchOutcome = { status: 'accepted', items: [], sent: true };
  readonly api: TradingServices = {
    submitOrder: () => Promise.reject(new Error('not used')),
    modifyOrder: () => Promise.reject(new Error('not used')),
    cancelOrder: () => Promise.reject(new Error('not used')),
    cancelAll: () => Promise.reject(new Error('not used')),
    cancelBatch: () => Promise.reject(new Error('not used')),
    modifyBatch: () => Promise.reject(new Error('not used')),
    submitBatch: () => Promise.reject(new Error('not used')),
    closePosition: async (p) => {
      this.closed.push(p);
      return this.closeOutcome;
    },
    closeAll: async (category) => {
      this.closedAll.push(category);
      return this.closeAllOutcome;
    },
  };
}

function setup(list: readonly Position[], opts: { trading?: RecordingTrading | null; columns?: number; rows?: number } = {}) {
  const store: AppStore = createAppStore();
  setSocket(store, 'private', NOW);
  store.getState().replacePositions(list, NOW);
  store.getState().setFocus('positions');
  const trading = opts.trading === undefined ? new RecordingTrading() : opts.trading;
  const columns = opts.columns ?? 100;
  const rows = opts.rows ?? 16;
  const app = renderPanel(<PositionsPanel focused width={columns} height={rows} now={NOW} />, { store, services: unusedServices({ trading: trading?.api ?? null }), columns, rows, now: () => NOW });
  return { store, trading, app, columns, rows };
}

function expectFits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
}

const chalkLevel = chalk.level;
afterEach(() => {
  cleanup();
  chalk.level = chalkLevel;
});

describe('PositionsPanel rendering', () => {
  it('shows one row per position with PnL %, liquidation distance and TP/SL at 100x16', async () => {
    const { app } = setup([SOL, ETH, BTC]);
    await app.waitForText('BTCUSDT');
    const f = app.frame();
    expectFits(f, 100, 16);
    for (const h of ['Symbol', 'Side', 'Size', 'Entry', 'Mark', 'uPnL', 'PnL%', 'Lev', 'Mode', 'Liq', 'Liq dist', 'TP/SL']) expect(f).toContain(h);
    const btc = f.split('\n').find((l) => l.includes('BTCUSDT')) ?? '';
    // 500 / 4850 margin = 10.31 %; (98000 − 88000) / 98000 = 10.20 % to liquidation.
    expect(btc).toMatch(/long\s+0\.5\s+97000\s+98000\s+\+500\.00\s+\+10\.31%\s+88000\s+10\.20%\s+10x\s+cross\s+105000\/90000/);
    const eth = f.split('\n').find((l) => l.includes('ETHUSDT')) ?? '';
    // No margin: −200 / (2 × 3500) entry notional = −2.86 %, marked '*'; short: (3650 − 3600) / 3600 = 1.39 %.
    expect(eth).toMatch(/short\s+2\s+3500\s+3600\s+-200\.00\s+-2\.86%\*\s+3650\s+1\.39%\s+20x\s+isol\s+-/);
    const sol = f.split('\n').find((l) => l.includes('SOLUSDT')) ?? '';
    expect(sol).toMatch(/none\s+none/);
    expect(f).toContain('PnL% = uPnL / margin; * = / entry notional (margin 0)');
    expect(f).toContain('Positions (3)');
    expect(f).toContain('c close · r reduce · l limit close · C close all USDT-FUTURES');
  });

  it('keeps size, entry and mark first and drops from the end (TP/SL, mode, leverage, liq, uPnL…) at 40x10; still fits', async () => {
    const { app } = setup([SOL, ETH, BTC], { columns: 40, rows: 10 });
    await app.waitForText('BTCUSDT');
    const f = app.frame();
    expectFits(f, 40, 10);
    for (const h of ['Size', 'Entry', 'Mark']) expect(f).toContain(h);
    for (const h of ['uPnL', 'PnL%', 'Liq', 'Lev', 'Mode', 'TP/SL']) expect(f).not.toContain(h);
    for (const s of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) expect(f).toContain(s);
    expect(f).toMatch(/long\s+0\.5\s+97000\s+98000/);
  });

  it('at 70 columns keeps everything up to the liquidation distance and drops leverage, mode and TP/SL', async () => {
    const { app } = setup([SOL, ETH, BTC], { columns: 70, rows: 10 });
    await app.waitForText('BTCUSDT');
    const f = app.frame();
    expectFits(f, 70, 10);
    for (const h of ['Size', 'Entry', 'Mark', 'uPnL', 'PnL%', 'Liq', 'Liq dist']) expect(f).toContain(h);
    for (const h of ['Lev', 'Mode', 'TP/SL']) expect(f).not.toContain(h);
    expect(f).toMatch(/\+500\.00\s+\+10\.31%\s+88000\s+10\.20%/);
  });

  it('shows the distance of a near liquidation and scrolls with the cursor at 70x6', async () => {
    const near = position({ symbol: 'XRPUSDT', posSide: 'long', markPrice: d('100'), liqPrice: d('96') });
    const { app } = setup([BTC, ETH, SOL, near], { columns: 70, rows: 6 });
    await app.waitForText('BTCUSDT');
    expectFits(app.frame(), 70, 6);
    expect(app.frame()).toContain('Positions 1-1/4');
    await app.press('jjj');
    await app.waitForText('Positions 4-4/4');
    expect(app.frame()).toContain('XRPUSDT');
    expect(app.frame()).toContain('4.00%');
    expect(app.frame()).not.toContain('BTCUSDT');
    expectFits(app.frame(), 70, 6);
  });

  it('at 40 columns the liquidation distance is dropped, but a near one still shows: in the danger style on the symbol', async () => {
    chalk.level = 1;
    const near = position({ symbol: 'XRPUSDT', posSide: 'long', markPrice: d('100'), liqPrice: d('99') });
    const { app } = setup([BTC, near], { columns: 40, rows: 10 });
    await app.waitForText('XRPUSDT');
    const f = app.frame();
    expect(f).not.toContain('Liq dist');
    // Monochrome danger is reverse video; the cursor is on BTCUSDT, so only the tone can set it here.
    expect(f.split('\n').find((l) => l.includes('XRPUSDT'))).toMatch(/\x1b\[7mXRPUSDT/);
    expect(f.split('\n').find((l) => l.includes('BTCUSDT'))).not.toMatch(/\x1b\[7mBTCUSDT/);
  });

  it('says there is nothing open', async () => {
    const { app } = setup([]);
    await app.waitForText('no open positions');
    expect(app.frame()).toContain('c: no position selected');
  });

  it('issue 16: an empty list turns STALE with the reason while the private socket is down, and back when subscribed again', async () => {
    const { app, store, columns, rows } = setup([]);
    await app.waitForText('no open positions');
    expect(app.frame()).toMatch(/5 Positions \(0\)\s+live┃/);
    setSocket(store, 'private', NOW, 'reconnecting');
    await app.waitForText('0 positions · STALE (private socket down)');
    expect(app.frame()).toMatch(/5 Positions \(0\) · private socket down\s+STALE 0s┃/);
    expect(app.frame()).not.toMatch(/┃ no open positions/);
    expectFits(app.frame(), columns, rows);
    setSocket(store, 'private', NOW);
    await app.waitForText('no open positions');
    expect(app.frame()).not.toContain('STALE');
  });

  it('open positions go STALE under the same bound as orders and account (private socket silent), not after an age of their own', async () => {
    const { app, store } = setup([BTC]);
    store.getState().replacePositions([BTC], NOW - 10 * 60_000);
    await app.waitForText(/10m┃/);
    expect(app.frame()).not.toContain('STALE');
    setSocket(store, 'private', NOW - SOCKET_SILENT_MS - 1);
    await app.waitForText('STALE 10m┃');
    expect(app.frame()).toContain('Positions (1) · private socket silent');
    setSocket(store, 'private', NOW);
    await waitFor(() => !app.frame().includes('STALE'), () => app.frame());
  });
});

describe('PositionsPanel closing', () => {
  it('keys of one chunk act on the position the cursor is on by then: "jc" asks to close the second', async () => {
    const { app, trading } = setup([BTC, ETH]);
    await app.waitForText('BTCUSDT');
    await app.press('jc');
    await app.waitForText('Close ETHUSDT short 2 at market?');
    expect(trading?.closed).toEqual([]);
  });

  it('one-way: asks first with the mapped order (opposite side, reduce-only, market), then closes the position', async () => {
    const { app, trading, store } = setup([BTC, ETH]);
    await app.waitForText('BTCUSDT');
    await app.press('c');
    await app.waitForText('Close BTCUSDT long 0.5 at market?');
    const f = app.frame();
    expect(f).toContain('send: side=sell reduceOnly=yes');
    expect(f).toContain('orderType=market qty=0.5 crossed');
    expect(f).toContain('one-way mode: opposite side, reduce-only');
    expect(store.getState().ui.overlay).toBe('positions');
    expect(trading?.closed).toEqual([]);
    await app.press('y');
    await app.waitForText('close BTCUSDT long: accepted (order 42)');
    expect(trading?.closed).toHaveLength(1);
    expect(trading?.closed[0]).toBe(store.getState().positions.open['USDT-FUTURES:BTCUSDT:long']);
    expect(store.getState().ui.overlay).toBeNull();
  });

  it('hedge: shows side + posSide; Esc sends nothing; a rejection shows code and message', async () => {
    const { app, trading } = setup([BTC, ETH]);
    if (!trading) throw new Error('trading double missing');
    trading.closeOutcome = { status: 'rejected', clientOid: 'c2', error: '22002 No position to close', sent: true };
    await app.waitForText('BTCUSDT');
    await app.press('j');
    await app.waitForText(/> ETHUSDT/);
    await app.press('c');
    await app.waitForText('send: side=buy posSide=short');
    expect(app.frame()).toContain('hedge mode: same posSide, closing side');
    expect(app.frame()).toContain('orderType=market qty=2 isolated');
    await app.press('\x1b');
    await app.waitForText('close cancelled — nothing sent');
    expect(trading.closed).toEqual([]);
    await app.press('c');
    await app.waitForText('send: side=buy posSide=short');
    await app.press('\r');
    await afterEffects();
    expect(trading.closed).toEqual([]);
    await app.press('y');
    await app.waitForText('close ETHUSDT short: rejected — 22002 No position to close');
    expect(trading.closed.map((p) => p.symbol)).toEqual(['ETHUSDT']);
  });

  it('shows the mapped order within 40x10', async () => {
    const { app, trading } = setup([BTC, ETH], { columns: 40, rows: 10 });
    await app.waitForText('BTCUSDT');
    await app.press('c');
    await app.waitForText('send: side=sell reduceOnly=yes');
    expect(app.frame()).toContain('orderType=market qty=0.5 crossed');
    expect(app.frame()).toContain('y sends · n/Esc cancel');
    expectFits(app.frame(), 40, 10);
    await app.press('n');
    await app.waitForText('close cancelled — nothing sent');
    await app.press('j');
    await app.press('c');
    await app.waitForText('send: side=buy posSide=short');
    expectFits(app.frame(), 40, 10);
    expect(trading?.closed).toEqual([]);
  });

  it('the confirmation follows the live position, and sends the position as it is at "yes"', async () => {
    const { app, trading, store } = setup([BTC, ETH]);
    await app.press('c');
    await app.waitForText('Close BTCUSDT long 0.5 at market?');
    const grown = { ...BTC, size: d('0.8'), available: d('0.8') };
    store.getState().applyPositions([grown], [], NOW + 1);
    await app.waitForText('Close BTCUSDT long 0.8 at market?');
    expect(app.frame()).toContain('orderType=market qty=0.8 crossed');
    await app.press('y');
    await app.waitForText('close BTCUSDT long: accepted');
    expect(trading?.closed).toEqual([grown]);
  });

  it('sends nothing when the position closed while the question was open', async () => {
    const { app, trading, store } = setup([BTC, ETH]);
    await app.press('c');
    await app.waitForText('Close BTCUSDT long 0.5 at market?');
    store.getState().applyPositions([], ['USDT-FUTURES:BTCUSDT:long'], NOW + 1);
    await app.waitForText('USDT-FUTURES:BTCUSDT:long is no longer open');
    await app.press('y');
    await app.waitForText('nothing sent: USDT-FUTURES:BTCUSDT:long is no longer open');
    expect(trading?.closed).toEqual([]);
  });

  it('an unknown result says to check before retrying', async () => {
    const { app, trading } = setup([BTC]);
    if (!trading) throw new Error('trading double missing');
    trading.closeOutcome = { status: 'unknown', clientOid: 'c3', error: 'timed out', sent: true };
    await app.press('c');
    await app.waitForText('Close BTCUSDT long');
    await app.press('y');
    await app.waitForText('result unknown — timed out; check positions');
  });

  it('close all asks, then calls closeAll with the category and shows per-order counts', async () => {
    const { app, trading } = setup([BTC, ETH, SOL]);
    if (!trading) throw new Error('trading double missing');
    trading.closeAllOutcome = {
      status: 'accepted',
      sent: true,
      items: [
        { orderId: '1', clientOid: 'a', status: 'accepted' },
        { orderId: '2', clientOid: 'b', status: 'rejected', error: '22002 No position to close' },
      ],
    };
    await app.waitForText('BTCUSDT');
    await app.press('C');
    await app.waitForText('Close all 3 USDT-FUTURES at market?');
    expect(app.frame()).toContain('send: close-positions category=USDT-FUTURES');
    expect(app.frame()).toContain('ETHUSDT short 2');
    expect(trading.closedAll).toEqual([]);
    await app.press('y');
    await app.waitForText('close all USDT-FUTURES: 1/2 orders accepted; not accepted: 22002 No position to close');
    expect(trading.closedAll).toEqual(['USDT-FUTURES']);
  });

  it('is disabled with the reason when the session has no trading', async () => {
    const { app, store } = setup([BTC], { trading: null });
    await app.waitForText(`c: ${NO_TRADING}`);
    await app.press('c');
    await waitFor(() => store.getState().ui.log.some((e) => e.text === `Close the selected position at market (asks first): ${NO_TRADING}`));
    await app.press('C');
    await waitFor(() => store.getState().ui.log.some((e) => e.text === `Close every position of the selected position's category (asks first): ${NO_TRADING}`));
    expect(store.getState().ui.overlay).toBeNull();
    expect(app.frame()).not.toContain('at market?');
  });

  it('is disabled when the instrument forbids closing', async () => {
    const { app, store, trading } = setup([BTC]);
    const inst: Instrument = {
      category: 'USDT-FUTURES', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', pricePrecision: 1, quantityPrecision: 3,
      priceMultiplier: d('0.1'), quantityMultiplier: d('0.001'), minOrderQty: d('0.001'), maxOrderQty: d('0'), minOrderAmount: d('5'),
      status: 'limit_close', isReality: false, makerFeeRate: d('0.0002'), takerFeeRate: d('0.0006'), contractType: 'perpetual', maxLeverage: d('125'),
    };
    store.getState().setInstruments([inst], NOW);
    await app.waitForText('c: closing positions on BTCUSDT is restricted right now');
    // The instrument's precision now formats the row.
    expect(app.frame()).toMatch(/0\.500\s+97000\.0\s+98000\.0/);
    await app.press('c');
    await waitFor(() => store.getState().ui.log.some((e) => e.text.startsWith('Close the selected position at market (asks first): closing positions on BTCUSDT')));
    expect(trading?.closed).toEqual([]);
  });
});
