import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { BTC_PERP, restingOrder } from '../forms/ticket.testkit.js';
import type { Category, Instrument, Order } from '../../domain/model.js';
import type { TradingServices } from '../../services/app-services.js';
import type { BatchOutcome, ModifyChange } from '../../services/order-batch.js';
import type { OrderChange } from '../../services/order-request.js';
import type { OrderOutcome } from '../../services/order-service.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { SOCKET_SILENT_MS } from '../../store/freshness.js';
import { setSocket } from '../../store/freshness.testkit.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { READ_ONLY_REASON } from '../hooks/use-order-actions.js';
import { OrdersPanel } from './OrdersPanel.js';

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);

function order(id: string, over: Partial<Order> = {}): Order {
  return restingOrder(id, { createdTime: NOW - Number.parseInt(id, 10) * 1000, updatedTime: NOW - Number.parseInt(id, 10) * 1000, ...over });
}

// The same perpetual the ticket tests use: tick 0.5, qty step 0.001, min value 5 USDT.
const BTC: Instrument = BTC_PERP;

/** A TradingServices double: records every call and answers with scripted outcomes. */
class RecordingTrading {
  readonly modified: { orderId: string; change: OrderChange }[] = [];
  readonly cancelled: Order[] = [];
  readonly cancelledAll: { category: Category; symbol: string | undefined }[] = [];
  readonly batchCancelled: (readonly Order[])[] = [];
  readonly batchModified: (readonly ModifyChange[])[] = [];
  outcome: OrderOutcome = { status: 'accepted', orderId: '1', clientOid: 'c1', sent: true };
  batchOutcome: BatchOutcome = { status: 'accepted', items: [], sent: true };
  readonly api: TradingServices = {
    submitOrder: () => Promise.reject(new Error('not used')),
    modifyOrder: async (orderId, change) => {
      this.modified.push({ orderId, change });
      return { ...this.outcome, orderId };
    },
    cancelOrder: async (o) => {
      this.cancelled.push(o);
      return { ...this.outcome, orderId: o.orderId };
    },
    cancelAll: async (category, symbol) => {
      this.cancelledAll.push({ category, symbol });
      return this.batchOutcome;
    },
    cancelBatch: async (orders) => {
      this.batchCancelled.push(orders);
      return this.batchOutcome;
    },
    modifyBatch: async (changes) => {
      this.batchModified.push(changes);
      return this.batchOutcome;
    },
    closePosition: () => Promise.reject(new Error('not used')),
    closeAll: () => Promise.reject(new Error('not used')),
    submitBatch: () => Promise.reject(new Error('not used')),
  };
}

function setup(list: readonly Order[], opts: { trading?: RecordingTrading | null; columns?: number; rows?: number } = {}) {
  const store: AppStore = createAppStore();
  setSocket(store, 'private', NOW);
  store.getState().setInstruments([BTC], NOW);
  store.getState().replaceOpenOrders(list, NOW, NOW);
  store.getState().setFocus('orders');
  const trading = opts.trading === undefined ? new RecordingTrading() : opts.trading;
  const columns = opts.columns ?? 100;
  const rows = opts.rows ?? 20;
  const app = renderPanel(<OrdersPanel focused width={columns} height={rows} now={NOW} />, { store, services: unusedServices({ trading: trading?.api ?? null }), columns, rows, now: () => NOW });
  return { store, trading, app, columns, rows };
}

function expectFits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
}

const lastLog = (store: AppStore) => store.getState().ui.log.map((e) => e.text).join('\n');
const BACKSPACE = '\x7f';
/**
 * A field shows its caret one render before its key capture is registered (a passive effect that
 * React's scheduler runs on a later setImmediate turn); let those turns pass before typing.
 */
async function afterEffects(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
const cursorLine = (frame: string) => frame.split('\n').find((l) => /^.>/.test(l)) ?? '';
async function moveTo(app: ReturnType<typeof setup>['app'], key: string, text: string): Promise<void> {
  await app.press(key);
  await waitFor(() => cursorLine(app.frame()).includes(text), () => app.frame());
}

afterEach(() => cleanup());

describe('OrdersPanel', () => {
  it('renders open orders of every category newest first, with pending submissions on top, and fits 100x20', async () => {
    const list = [order('3', { symbol: 'ETHUSDT', side: 'sell', price: d('3500.25'), qty: d('1.5'), cumExecQty: d('0.75'), status: 'partially_filled' }), order('1'), order('2', { category: 'SPOT', symbol: 'SOLUSDT' })];
    const { app, store, columns, rows } = setup(list);
    store.getState().trackSubmission({ clientOid: 'x1', state: 'unknown', label: 'buy 1 ADAUSDT @ 0.5', error: 'timeout', at: NOW });
    store.getState().trackSubmission({ clientOid: 'x2', state: 'sending', label: 'sell 2 DOTUSDT @ 6', error: null, at: NOW });
    store.getState().trackSubmission({ clientOid: 'x3', state: 'accepted', label: 'buy 9 XRPUSDT @ 1', error: null, at: NOW });
    await app.waitForText('result unknown — checking');
    const frame = app.frame();
    expect(frame).toContain('Orders 3 open');
    expect(frame).toContain('… sending: sell 2 DOTUSDT @ 6');
    expect(frame).toContain('? result unknown — checking: buy 1 ADAUSDT @ 0.5');
    expect(frame).not.toContain('XRPUSDT');
    const lines = frame.split('\n');
    const at = (s: string) => lines.findIndex((l) => l.includes(s));
    // newest first: 1 (NOW-1s), 2 (SPOT), 3 (ETH)
    expect(at('BTCUSDT')).toBeLessThan(at('SOLUSDT'));
    expect(at('SOLUSDT')).toBeLessThan(at('ETHUSDT'));
    expect(lines[at('SOLUSDT')]).toContain('SPOT');
    expect(lines[at('ETHUSDT')]).toMatch(/USDT ETHUSDT\s+sell lmt\s+3500\.25\s+1\.5\s+50% partial/);
    expect(lines[at('BTCUSDT')]).toMatch(/^.> /);
    expectFits(frame, columns, rows);
  });

  it('fits 50x12, keeps the price column right-aligned, and scrolls to the last order', async () => {
    const list = Array.from({ length: 30 }, (_, i) => order(String(i + 1), { price: d(String(90000 + i)) }));
    const { app, columns, rows } = setup(list, { columns: 50, rows: 12 });
    await app.waitForText('Orders 30 open');
    expectFits(app.frame(), columns, rows);
    expect(app.frame()).toContain('live');
    expect(app.frame()).not.toContain('90029.0');
    await app.press('\x1b[F'); // End
    await app.waitForText('90029.0');
    expectFits(app.frame(), columns, rows);
    await moveTo(app, '\x1b[H', '90000.0');
    await moveTo(app, '\x1b[6~', '90008.0'); // PgDn: one page of 8 rows
    await moveTo(app, '\x1b[5~', '90000.0'); // PgUp
    await moveTo(app, '\x1b[F', '90029.0');
    const priceEnds = app.frame().split('\n').filter((l) => /900\d\d\.0/.test(l)).map((l) => l.indexOf('.0') );
    expect(new Set(priceEnds).size).toBe(1);
  });

  it('stays within 30x6 with results and submissions competing for rows', async () => {
    const { app, store, columns, rows } = setup([order('1'), order('2')], { columns: 30, rows: 6 });
    store.getState().trackSubmission({ clientOid: 'x1', state: 'unknown', label: 'buy 1 ADAUSDT @ 0.5', error: null, at: NOW });
    await app.waitForText('result unknown');
    expectFits(app.frame(), columns, rows);
    await app.press('x');
    await app.waitForText('Cancel this order?');
    await app.press('y');
    await app.waitForText('cancel 1');
    expectFits(app.frame(), columns, rows);
  });

  it('moves the cursor with j/k and keeps it on its order when a newer order arrives', async () => {
    const { app, store, trading } = setup([order('1'), order('2'), order('3')]);
    await app.waitForText('Orders 3 open');
    await moveTo(app, 'j', '13:18');
    await moveTo(app, 'j', '13:17');
    await moveTo(app, 'k', '13:18');
    store.getState().applyOrder(order('0', { createdTime: NOW, updatedTime: NOW }), NOW);
    await app.waitForText('Orders 4 open');
    await app.press('x');
    await app.waitForText('Cancel this order?');
    expect(app.frame()).toContain('(id 2)');
    await app.press('n');
    await app.waitForText('Orders 4 open');
    expect(trading?.cancelled).toEqual([]);
  });

  it('keys of one chunk act on the order the cursor is on by then: "jx" asks to cancel the second order', async () => {
    const { app, trading } = setup([order('1'), order('2'), order('3')]);
    await app.waitForText('Orders 3 open');
    await app.press('jx');
    await app.waitForText('Cancel this order?');
    expect(app.frame()).toContain('(id 2)');
    await app.press('y');
    await waitFor(() => trading?.cancelled.length === 1);
    expect(trading?.cancelled[0]?.orderId).toBe('2');
  });

  it('cancel asks first, then calls cancelOrder and shows the result', async () => {
    const { app, trading } = setup([order('1'), order('2')]);
    await app.waitForText('Orders 2 open');
    await app.press('x');
    await app.waitForText('Cancel this order?');
    expect(trading?.cancelled).toEqual([]);
    await app.press('y');
    await waitFor(() => trading?.cancelled.length === 1);
    expect(trading?.cancelled[0]?.orderId).toBe('1');
    await app.waitForText('cancel 1: 1 accepted');
  });

  it('cancel-all on the symbol asks, then calls cancelAll(category, symbol)', async () => {
    const { app, trading } = setup([order('1'), order('2', { category: 'SPOT', symbol: 'ETHUSDT' })]);
    await app.waitForText('Orders 2 open');
    await moveTo(app, 'j', 'ETHUSDT');
    await app.press('X');
    await app.waitForText('Cancel ALL ETHUSDT orders (SPOT)?');
    await app.press('y');
    await waitFor(() => trading?.cancelledAll.length === 1);
    expect(trading?.cancelledAll).toEqual([{ category: 'SPOT', symbol: 'ETHUSDT' }]);
  });

  it('modify validates with the instrument rules, sends nothing while invalid, then sends the change', async () => {
    const { app, store, trading } = setup([order('1')]);
    await app.waitForText('Orders 1 open');
    await app.press('e');
    await app.waitForText('Modify buy BTCUSDT 1');
    await afterEffects();
    // The cursor rests on price: the first digit starts editing it, replacing the prefilled value.
    await app.press('97000.3');
    await app.waitForText('97000.3▌');
    await app.waitForText('price must be a multiple of 0.5');
    // Enter finishes the edit (never a review); o reviews, refused while the price is invalid.
    await app.press('\r');
    await app.press('o');
    await waitFor(() => lastLog(store).includes('Review: price must be a multiple of 0.5'));
    expect(trading?.modified).toEqual([]);
    await app.press('\r');
    await app.waitForText('97000.3▌');
    await afterEffects();
    await app.press(BACKSPACE);
    await app.press('5');
    await waitFor(() => !app.frame().includes('multiple of'));
    // Tab ends the edit and moves to qty, where the typed digits replace 0.01.
    await app.press('\t');
    await app.press('0.02');
    await app.waitForText('0.02▌');
    await app.press('\r');
    expect(trading?.modified).toEqual([]);
    // o reviews; on the review Enter sends nothing, y sends.
    await app.press('o');
    await app.waitForText('send: price 97000.5, qty 0.02');
    await app.press('\r');
    await afterEffects();
    expect(trading?.modified).toEqual([]);
    await app.press('y');
    await waitFor(() => trading?.modified.length === 1);
    expect(trading?.modified[0]).toEqual({ orderId: '1', change: { price: '97000.5', qty: '0.02' } });
    await app.waitForText('modify 1 (price 97000.5, qty 0.02): 1 accepted');
  });

  it('closes the modify form when the order fills meanwhile, sending nothing', async () => {
    const { app, store, trading } = setup([order('1')]);
    await app.waitForText('Orders 1 open');
    await app.press('e');
    await app.waitForText('Modify buy BTCUSDT 1');
    store.getState().applyOrder(order('1', { cumExecQty: d('0.01'), status: 'filled', updatedTime: NOW + 1 }), NOW + 1);
    await app.waitForText('modify 1: the order is no longer open (filled or cancelled); nothing was sent');
    expect(store.getState().ui.overlay).toBeNull();
    expect(trading?.modified).toEqual([]);
  });

  it('modify is disabled with its reason while a modify is in flight, and for coin-margined orders', async () => {
    const { app, store } = setup([order('1'), order('2', { category: 'COIN-FUTURES', symbol: 'BTCUSD' })]);
    store.getState().setModifying('1', true);
    await app.waitForText('modify…');
    await app.press('e');
    await waitFor(() => lastLog(store).includes('a modify of order 1 is in flight'));
    await app.waitForText('a modify of order 1 is in flight');
    expect(app.frame()).not.toContain('Modify buy');
    await moveTo(app, 'j', 'BTCUSD ');
    await app.press('e');
    await waitFor(() => lastLog(store).includes('coin-margined futures support neither modify'));
  });

  it('multi-select refuses a 21st order and a second category', async () => {
    const list = [...Array.from({ length: 21 }, (_, i) => order(String(i + 1), { price: d(String(90000 + i)) })), order('30', { category: 'SPOT', symbol: 'ETHUSDT' })];
    const { app, store } = setup(list, { rows: 30 });
    await app.waitForText('Orders 22 open');
    for (let i = 1; i <= 20; i++) {
      await app.press(' ');
      await app.waitForText(`· ${i} sel`);
      await moveTo(app, 'j', String(90000 + i));
    }
    await app.press(' ');
    await waitFor(() => lastLog(store).includes('a batch takes at most 20 orders (20 selected)'));
    expect(app.frame()).toContain('· 20 sel');
    await moveTo(app, '\x1b[H', '90000.0');
    await app.press(' ');
    await app.waitForText('· 19 sel');
    await moveTo(app, '\x1b[F', 'ETHUSDT');
    await app.press(' ');
    await waitFor(() => lastLog(store).includes('a batch must be one category: the selection is USDT-FUTURES, this order is SPOT'));
  });

  it('batch cancel asks, sends the selection and shows per-order results', async () => {
    const { app, trading } = setup([order('1'), order('2'), order('3')]);
    if (!trading) throw new Error('no trading double');
    trading.batchOutcome = {
      status: 'accepted',
      sent: true,
      items: [
        { orderId: '1', clientOid: 'c1', status: 'accepted' },
        { orderId: '2', clientOid: 'c2', status: 'rejected', error: '25204 order does not exist' },
      ],
    };
    await app.waitForText('Orders 3 open');
    await app.press(' ');
    await app.waitForText('1 sel');
    await moveTo(app, 'j', '13:18');
    await app.press(' ');
    await app.waitForText('2 sel');
    await app.press('b');
    await app.waitForText('Cancel 2 selected orders?');
    await app.press('y');
    await app.waitForText('cancel 2 orders: 1 accepted, 1 rejected');
    expect(trading.batchCancelled.map((os) => os.map((o) => o.orderId))).toEqual([['1', '2']]);
    expect(app.frame()).toContain('2 REJECTED 25204 order does not exist');
    expect(app.frame()).toContain('1 ok');
  });

  it('batch modify moves prices by ticks after asking', async () => {
    const { app, trading } = setup([order('1'), order('2', { price: d('96000') })]);
    await app.waitForText('Orders 2 open');
    await app.press(' ');
    await app.waitForText('1 sel');
    await moveTo(app, 'j', '13:18');
    await app.press(' ');
    await app.waitForText('2 sel');
    await app.press('B');
    await app.waitForText('Modify 2 USDT-FUTURES orders');
    await afterEffects();
    // The ticks field takes the typed offset at once; Enter ends the edit, o reviews.
    await app.press('-2');
    await app.waitForText('o: review 2 changes');
    await app.press('\r');
    await app.press('o');
    await app.waitForText('Modify 2 orders?');
    await app.press('y');
    await waitFor(() => trading?.batchModified.length === 1);
    expect(trading?.batchModified[0]).toEqual([
      { orderId: '1', price: '96999' },
      { orderId: '2', price: '95999' },
    ]);
  });

  it('without API keys every action says read-only', async () => {
    const { app, store } = setup([order('1')], { trading: null });
    await app.waitForText('Orders 1 open');
    await app.press('x');
    await waitFor(() => lastLog(store).includes(`Cancel the order (asks first): ${READ_ONLY_REASON}`));
    await app.press('e');
    await waitFor(() => lastLog(store).includes(`Modify price/qty of the order: ${READ_ONLY_REASON}`));
    expect(app.frame()).not.toContain('Cancel this order?');
  });

  it('h opens the history of the selected order\'s category; Escape returns to the table', async () => {
    const calls: { id: string; params: unknown }[] = [];
    const store: AppStore = createAppStore();
    store.getState().replaceOpenOrders([order('1', { category: 'SPOT', symbol: 'ETHUSDT' })], NOW, NOW);
    store.getState().setFocus('orders');
    const services = unusedServices({
      exchange: {
        call: async (id, params) => {
          calls.push({ id, params });
          return { list: [{ orderId: '77', symbol: 'ETHUSDT', side: 'sell', price: '3333.3', qty: '1', orderStatus: 'filled', createdTime: String(NOW) }], cursor: '' };
        },
      },
    });
    const app = renderPanel(<OrdersPanel focused width={50} height={12} now={NOW} />, { store, services, columns: 50, rows: 12, now: () => NOW });
    await app.waitForText('Orders 1 open');
    await app.press('h');
    await app.waitForText('3333.3');
    expect(calls[0]).toEqual({ id: 'trade.getHistoryOrders', params: { category: 'SPOT', limit: '7' } });
    expect(store.getState().ui.overlay).toBe('orderHistory');
    expectFits(app.frame(), 50, 12);
    await app.press('\x1b');
    await app.waitForText('Orders 1 open');
    expect(store.getState().ui.overlay).toBeNull();
  });

  it('issue 16: "0 open" is a fact only while fresh: private socket down turns it STALE with the reason, subscribed again turns it back', async () => {
    const { app, store, columns, rows } = setup([]);
    await app.waitForText('no open orders');
    expect(app.frame()).toMatch(/4 Orders 0 open\s+live┃/);
    setSocket(store, 'private', NOW, 'reconnecting');
    await app.waitForText('0 open · STALE (private socket down)');
    expect(app.frame()).toMatch(/4 Orders 0 open · private socket down\s+STALE 0s┃/);
    expect(app.frame()).not.toContain('no open orders');
    expectFits(app.frame(), columns, rows);
    setSocket(store, 'private', NOW);
    await app.waitForText('no open orders');
    expect(app.frame()).not.toContain('STALE');
  });

  it('shows the age of the order data, STALE when the private socket is silent past the bound, and fits 30x6 stale', async () => {
    const { app, store } = setup([order('1')], { columns: 30, rows: 6 });
    store.getState().replaceOpenOrders([order('1')], NOW - 65_000, NOW - 65_000);
    await app.waitForText(/1m┃/);
    setSocket(store, 'private', NOW - SOCKET_SILENT_MS - 1);
    await app.waitForText('STALE 1m┃');
    expectFits(app.frame(), 30, 6);
    // The title is cut before the badge is.
    expect(app.frame().split('\n')[1]).toMatch(/^┃4 Orders 1 open · … STALE 1m┃$/);
    setSocket(store, 'private', NOW);
    await waitFor(() => !app.frame().includes('STALE'), () => app.frame());
  });

  it('says it waits for data before the first sync (not "no open orders")', async () => {
    const store: AppStore = createAppStore();
    setSocket(store, 'private', NOW, 'authenticated');
    const app = renderPanel(<OrdersPanel focused={false} width={60} height={8} now={NOW} />, { store, columns: 60, rows: 8, now: () => NOW });
    await app.waitForText('0 open · STALE (private socket subscribing)');
    setSocket(store, 'private', NOW);
    await app.waitForText('0 open? waiting for data');
    expect(app.frame()).toContain('no data│');
  });

  it('shows order-topic changes as they happen', async () => {
    const { app, store } = setup([order('1')]);
    await app.waitForText('Orders 1 open');
    store.getState().applyOrder(order('1', { cumExecQty: d('0.005'), status: 'partially_filled', updatedTime: NOW + 1 }), NOW + 1);
    await app.waitForText('50% partial');
    store.getState().applyOrder(order('1', { cumExecQty: d('0.01'), status: 'filled', updatedTime: NOW + 2 }), NOW + 2);
    await app.waitForText('no open orders');
  });
});
