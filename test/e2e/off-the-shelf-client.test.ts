/**
 * Description: issue 3 must-show — an off-the-shelf client written to Bitget's public docs, the npm
 * package `bitget-api` (tiagosiebler's Node SDK, pinned devDependency 3.2.3), configured ONLY with
 * the embedded exchange's base URL, its two websocket URLs and the demo credentials, reads markets,
 * logs in, places / modifies / cancels an order, receives the order pushes, and borrows and repays
 * a crypto loan.
 * Setup: `startSim()` with the real exchange on 127.0.0.1 port 0. `RestClientV3` gets `baseUrl`;
 * the SDK's `WebsocketClientV3` takes one `wsUrl` per instance (it overrides every wsKey), so one
 * instance carries the public socket (wsKey `v3Public`) and a second, with the credentials, the
 * private socket (wsKey `v3Private`; the SDK logs in on connect and subscribes after the login ack).
 * Nothing else is configured: no custom signer, no demo-trading header, no patched SDK code (the
 * websocket clients only get a quiet logger, so the SDK's console lines stay out of the test output).
 * Run: the SDK's own methods only (every operation used has one; no generic request was needed).
 * Waits are on SDK events; afterAll closes both SDK sockets and waits for their `close` events.
 */
import { RestClientV3, WebsocketClientV3 } from 'bitget-api';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { EventLog, type LoggedEvent } from '../helpers/event-log.js';

const CATEGORY = 'USDT-FUTURES';
const SYMBOL = 'BTCUSDT';
const WS_EVENTS = ['open', 'authenticated', 'response', 'update', 'exception', 'reconnect', 'close'] as const;

type Rec = Record<string, unknown>;

function rec(value: unknown): Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Rec) : {};
}

function items(value: unknown): Rec[] {
  return Array.isArray(value) ? value.map(rec) : [];
}

/** Awaits an SDK call; the SDK rejects with a plain object, turned here into an Error (code and body only, never the request options). */
async function sdk<T>(what: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const e = rec(err);
    throw new Error(`${what} failed: HTTP ${String(e['code'])} ${JSON.stringify(e['body'] ?? err)}`);
  }
}

/** A push (`update`) of `topic` on the socket. */
function isPush(e: LoggedEvent, topic: string): boolean {
  return e.name === 'update' && rec(rec(e.payload)['arg'])['topic'] === topic;
}

/** All `order` push items for `orderId`, in arrival order. */
function orderPushes(log: EventLog, orderId: string): Rec[] {
  return log.events.filter((e) => isPush(e, 'order')).flatMap((e) => items(rec(e.payload)['data']).filter((o) => o['orderId'] === orderId));
}

/** A silent SDK logger that keeps its error lines for failure messages. */
function quietLogger(errors: string[]): { trace: (...p: unknown[]) => void; info: (...p: unknown[]) => void; error: (...p: unknown[]) => void } {
  return {
    trace: () => undefined,
    info: () => undefined,
    error: (...p: unknown[]) => errors.push(p.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ').slice(0, 400)),
  };
}

describe('off-the-shelf Bitget SDK (bitget-api) against the embedded exchange', () => {
  let sim: SimHandle;
  let rest: RestClientV3;
  let wsPublic: WebsocketClientV3;
  let wsPrivate: WebsocketClientV3;
  let publicLog: EventLog;
  let privateLog: EventLog;
  const sdkErrors: string[] = [];

  beforeAll(async () => {
    sim = await startSim({ seed: 11 });
    const credentials = { apiKey: sim.apiKey, apiSecret: sim.secret, apiPass: sim.passphrase };
    rest = new RestClientV3({ ...credentials, baseUrl: sim.rest });
    wsPublic = new WebsocketClientV3({ wsUrl: sim.wsPublic }, quietLogger(sdkErrors));
    wsPrivate = new WebsocketClientV3({ ...credentials, wsUrl: sim.wsPrivate }, quietLogger(sdkErrors));
    publicLog = new EventLog(wsPublic, WS_EVENTS);
    privateLog = new EventLog(wsPrivate, WS_EVENTS);
  });

  afterAll(async () => {
    const closed = [publicLog, privateLog]
      .filter((log) => log.named('open').length > 0)
      .map((log) => log.waitFor('SDK socket close', (e) => e.name === 'close'));
    wsPublic.closeAll(true);
    wsPrivate.closeAll(true);
    await Promise.allSettled(closed);
    await sim.close();
  });

  it('reads server time, instruments, tickers, order book and candles over REST', async () => {
    const before = Date.now();
    const time = await sdk('getServerTime', rest.getServerTime());
    expect(time.code).toBe('00000');
    expect(Math.abs(Number(time.data.serverTime) - before)).toBeLessThan(5000);

    const instruments = await sdk('getInstruments', rest.getInstruments({ category: CATEGORY }));
    const btc = instruments.data.find((i) => i.symbol === SYMBOL);
    expect(btc).toMatchObject({ category: CATEGORY, symbol: SYMBOL, baseCoin: 'BTC', quoteCoin: 'USDT', status: 'online' });

    const tickers = await sdk('getTickers', rest.getTickers({ category: CATEGORY, symbol: SYMBOL }));
    expect(tickers.data).toHaveLength(1);
    expect(tickers.data[0]).toMatchObject({ symbol: SYMBOL, lastPrice: expect.stringMatching(/^\d+(\.\d+)?$/) });

    const book = await sdk('getOrderBook', rest.getOrderBook({ category: CATEGORY, symbol: SYMBOL, limit: '5' }));
    expect(book.data.a.length).toBeGreaterThan(0);
    expect(book.data.b.length).toBeGreaterThan(0);
    const bestAsk = new Decimal(book.data.a[0]?.[0] ?? 'NaN');
    const bestBid = new Decimal(book.data.b[0]?.[0] ?? 'NaN');
    expect(bestAsk.gt(bestBid), `best ask ${bestAsk.toString()} above best bid ${bestBid.toString()}`).toBe(true);

    const candles = await sdk('getCandles', rest.getCandles({ category: CATEGORY, symbol: SYMBOL, interval: '1m', limit: '3' }));
    expect(candles.data.length).toBeGreaterThan(0);
    for (const c of candles.data) expect(c).toHaveLength(7);
  });

  it('streams public order book and ticker pushes', async () => {
    void wsPublic.subscribe(
      [
        { topic: 'books', payload: { instType: 'usdt-futures', symbol: SYMBOL } },
        { topic: 'ticker', payload: { instType: 'usdt-futures', symbol: SYMBOL } },
      ],
      'v3Public',
    );
    const books = await publicLog.waitFor('a books snapshot', (e) => isPush(e, 'books') && rec(e.payload)['action'] === 'snapshot');
    const snapshot = items(rec(books.payload)['data'])[0];
    expect(snapshot).toMatchObject({ a: expect.any(Array), b: expect.any(Array), ts: expect.stringMatching(/^\d+$/) });
    const asks = snapshot?.['a'];
    const bids = snapshot?.['b'];
    expect(Array.isArray(asks) && asks.length > 0 && Array.isArray(bids) && bids.length > 0).toBe(true);
    expect(rec(rec(books.payload)['arg'])).toEqual({ instType: 'usdt-futures', topic: 'books', symbol: SYMBOL });

    const ticker = await publicLog.waitFor('a ticker push', (e) => isPush(e, 'ticker'));
    expect(items(rec(ticker.payload)['data'])[0]).toMatchObject({ symbol: SYMBOL, lastPrice: expect.stringMatching(/^\d+(\.\d+)?$/) });
  });

  it('logs in on the private socket and subscribes to order pushes', async () => {
    void wsPrivate.subscribe({ topic: 'order', payload: { instType: 'UTA' } }, 'v3Private');
    const login = await privateLog.waitFor('the login ack', (e) => e.name === 'authenticated');
    expect(rec(login.payload)).toMatchObject({ event: 'login', code: 0 });
    const ack = await privateLog.waitFor('the order subscribe ack', (e) => e.name === 'response' && rec(e.payload)['event'] === 'subscribe');
    expect(rec(rec(ack.payload)['arg'])).toMatchObject({ instType: 'UTA', topic: 'order' });
  });

  it('reads assets, places, queries, modifies and cancels an order, and receives each order push', async () => {
    const assets = await sdk('getBalances', rest.getBalances());
    const usdt = assets.data.assets.find((a) => a.coin === 'USDT');
    expect(new Decimal(usdt?.available ?? '0').gte(100), 'USDT available covers a 0.01 BTC order at 1000').toBe(true);

    const clientOid = `ots-${Date.now()}`;
    const placed = await sdk(
      'submitNewOrder',
      rest.submitNewOrder({ category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', qty: '0.01', price: '1000', timeInForce: 'gtc', clientOid }),
    );
    const orderId = placed.data.orderId;
    expect(placed.data.clientOid).toBe(clientOid);
    await privateLog.waitFor('the new-order push', () => orderPushes(privateLog, orderId).length >= 1);

    const info = await sdk('getOrderInfo', rest.getOrderInfo({ orderId }));
    expect(info.data).toMatchObject({ orderId, clientOid, symbol: SYMBOL, side: 'buy', price: '1000', qty: '0.01' });
    expect(['live', 'new']).toContain(info.data.orderStatus);
    const open = await sdk('getUnfilledOrders', rest.getUnfilledOrders({ category: CATEGORY, symbol: SYMBOL }));
    expect(open.data.list.map((o) => o.orderId)).toContain(orderId);

    const modified = await sdk('modifyOrder', rest.modifyOrder({ orderId, category: CATEGORY, symbol: SYMBOL, price: '1100' }));
    expect(modified.data.orderId).toBe(orderId);
    await privateLog.waitFor('the modify push (price 1100)', () => orderPushes(privateLog, orderId).some((o) => o['price'] === '1100'));
    expect((await sdk('getOrderInfo', rest.getOrderInfo({ orderId }))).data.price).toBe('1100');

    const cancelled = await sdk('cancelOrder', rest.cancelOrder({ orderId, category: CATEGORY }));
    expect(cancelled.data.orderId).toBe(orderId);
    await privateLog.waitFor('the cancel push', () => orderPushes(privateLog, orderId).some((o) => o['orderStatus'] === 'cancelled'));

    // One push per change (place, modify, cancel), each the order's full state.
    const pushes = orderPushes(privateLog, orderId);
    expect(pushes.map((o) => [o['price'], o['orderStatus'] === 'live' ? 'new' : o['orderStatus']])).toEqual([
      ['1000', 'new'],
      ['1100', 'new'],
      ['1100', 'cancelled'],
    ]);
    for (const o of pushes) expect(o).toMatchObject({ orderId, clientOid, category: 'usdt-futures', symbol: SYMBOL, side: 'buy', qty: '0.01' });
    expect(pushes.at(-1)).toMatchObject({ cancelReason: expect.stringMatching(/cancel/) });

    const after = await sdk('getOrderInfo', rest.getOrderInfo({ orderId }));
    expect(after.data).toMatchObject({ orderId, orderStatus: 'cancelled', price: '1100' });
    const stillOpen = await sdk('getUnfilledOrders', rest.getUnfilledOrders({ category: CATEGORY, symbol: SYMBOL }));
    expect(stillOpen.data.list.map((o) => o.orderId)).not.toContain(orderId);
    const history = await sdk('getHistoryOrders', rest.getHistoryOrders({ category: CATEGORY, symbol: SYMBOL }));
    expect(history.data.list.find((o) => o.orderId === orderId)).toMatchObject({ orderStatus: 'cancelled' });
  });

  it('borrows USDT against BTC and repays it all', async () => {
    const coins = await sdk('getLoanCoins', rest.getLoanCoins({ coin: 'USDT' }));
    expect(coins.data.loanInfos.map((c) => c.coin)).toContain('USDT');

    const since = String(Date.now() - 60_000);
    const borrowed = await sdk('loanBorrow', rest.loanBorrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '100' }));
    const loanId = borrowed.data.orderId;
    expect(loanId).toMatch(/^\d+$/);

    const ongoing = await sdk('getLoanBorrowOngoing', rest.getLoanBorrowOngoing({ orderId: loanId }));
    expect(ongoing.data).toHaveLength(1);
    expect(ongoing.data[0]).toMatchObject({ orderId: loanId, loanCoin: 'USDT', pledgeCoin: 'BTC', loanAmount: '100' });
    expect(new Decimal(ongoing.data[0]?.pledgeAmount ?? '0').gt(0), 'BTC pledged').toBe(true);

    // `method` is required by Bitget's official Repay page (the seed spec's body lacked it).
    const repaid = await sdk('loanRepay', rest.loanRepay({ orderId: loanId, method: 'borrowed_coin', repayAll: 'yes' }));
    expect(repaid.data).toMatchObject({ loanCoin: 'USDT', pledgeCoin: 'BTC', repayLoanAmount: '100' });

    const none = await sdk('getLoanBorrowOngoing', rest.getLoanBorrowOngoing({}));
    expect(none.data.map((l) => l.orderId)).not.toContain(loanId);
    const history = await sdk('getLoanBorrowHistory', rest.getLoanBorrowHistory({ startTime: since, endTime: String(Date.now() + 1000), orderId: loanId }));
    expect(history.data.find((h) => h.orderId === loanId)).toMatchObject({ loanCoin: 'USDT', pledgeCoin: 'BTC', initLoanAmount: '100', status: 'REPAY' });
  });

  it('saw no SDK socket exceptions or reconnects', () => {
    const bad = [...publicLog.events, ...privateLog.events].filter((e) => e.name === 'exception' || e.name === 'reconnect');
    expect(bad, `${JSON.stringify(bad).slice(0, 800)}\nSDK errors: ${sdkErrors.join('\n')}`).toEqual([]);
  });
});
