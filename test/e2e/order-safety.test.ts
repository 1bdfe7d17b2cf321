/**
 * Description: the order service against the embedded exchange — orders are placed once, never
 * twice, even when the exchange answers "result unknown"; modifies do not overlap; cancels and
 * batch cancels report per order.
 * Setup: `startOrderRig` (test/helpers/order-rig.ts): `startSim()` on 127.0.0.1 port 0; the real
 * RestClient, a real StreamClient whose private socket carries both the order stream
 * (PrivateService → store) and order entry (WsTrade); one manual clock for both sides.
 * Run: place, fault-injected unknown results (placed / not placed) over REST and the socket,
 * overlapping modifies, cancel, batch cancel with one bad id. Every claim about the exchange is
 * checked on the exchange's side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/model.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import type { StreamClient } from '../../src/exchange/ws/stream-client.js';
import type { WsTrade } from '../../src/exchange/ws/ws-trade.js';
import type { OrderService } from '../../src/services/order-service.js';
import type { OrderRequest } from '../../src/services/order-request.js';
import type { ManualClock } from '../helpers/sim-testing/manual-clock.js';
import type { SimHandle } from '../../src/sim/start-sim.js';
import type { AppStore } from '../../src/store/create-app-store.js';
import { startOrderRig, type OrderRig } from '../helpers/order-rig.js';
import { waitFor } from '../helpers/wait-for.js';

const RESTING: OrderRequest = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '1000', qty: '0.01' };

let sim: SimHandle;
let stream: StreamClient;
let store: AppStore;
let wsTrade: WsTrade;
let viaSocket: OrderService;
let viaRest: OrderService;
/** clientOid of every placement the exchange itself executed (REST and socket). */
const placed: string[] = [];
/** One clock for the exchange and the client: the acceptance window passes by `advance`, not by waiting. */
let clock: ManualClock;

/** Orders the exchange holds for the demo account with this clientOid (open and finished). */
function exchangeOrders(clientOid: string): Record<string, unknown>[] {
  const open = wireList(wireRecord(sim.exchange.handle('trade.getUnfilledOrders', sim.uid, {})).list);
  const done = wireList(wireRecord(sim.exchange.handle('trade.getHistoryOrders', sim.uid, { category: 'USDT-FUTURES' })).list);
  return [...open, ...done].filter((o) => o.clientOid === clientOid);
}

/** The event-log line about `clientOid` that starts with `prefix` (level stripped). */
function logLine(clientOid: string, prefix: string): string | undefined {
  return store.getState().ui.log.find((e) => e.text.startsWith(prefix) && e.text.includes(clientOid))?.text;
}

function storeOrder(clientOid: string): Order | undefined {
  return Object.values(store.getState().orders.open).find((o) => o.clientOid === clientOid);
}

let rig: OrderRig;

beforeAll(async () => {
  rig = await startOrderRig({
    seed: 11,
    tradeReplyTimeoutMs: 3000,
    prepare: (s) => {
      const original = s.exchange.handle.bind(s.exchange);
      s.exchange.handle = (opId, uid, params) => {
        if (opId === 'trade.placeOrder') placed.push(wireString(wireRecord(params).clientOid));
        return original(opId, uid, params);
      };
    },
  });
  ({ clock, sim, stream, store, wsTrade, viaSocket, viaRest } = rig);
});

afterAll(async () => {
  await rig.close();
});

describe('order safety against the embedded exchange', () => {
  it.each([
    ['socket', () => viaSocket],
    ['REST', () => viaRest],
  ])('places a resting limit order over %s; the order stream puts it in the store', async (via, service) => {
    const out = await service().submitOrder(RESTING);
    expect(out).toMatchObject({ status: 'accepted', sent: true });
    expect(logLine(out.clientOid, 'placed')?.endsWith(' via the socket')).toBe(via === 'socket');
    const inStore = await waitFor(() => storeOrder(out.clientOid));
    expect(inStore.orderId).toBe(out.orderId);
    expect(store.getState().orders.submissions[out.clientOid]).toMatchObject({ state: 'accepted', label: 'buy 0.01 BTCUSDT @ 1000' });
    expect(exchangeOrders(out.clientOid)).toHaveLength(1);
  });

  it.each([
    ['REST', '40010', () => viaRest],
    ['socket', '45001', () => viaSocket],
  ] as const)('unknown result over %s (%s) with the order placed: reconciled as accepted, exactly one order exists', async (via, code, service) => {
    sim.faults.unknownResult({ code, placed: true });
    const out = await service().submitOrder({ ...RESTING, price: '1100' });
    expect(out).toMatchObject({ status: 'accepted', sent: true });
    expect(logLine(out.clientOid, 'result unknown')).toContain(via === 'socket' ? `WS place-order answered ${code}` : `trade.placeOrder (POST /api/v3/trade/place-order): result unknown (${code}`);
    expect(out.orderId).toBeTruthy();
    expect(exchangeOrders(out.clientOid)).toHaveLength(1);
    expect(placed.filter((c) => c === out.clientOid)).toHaveLength(1);
    expect(store.getState().orders.submissions[out.clientOid]?.state).toBe('accepted');
  });

  it.each([
    ['REST', '40725', () => viaRest],
    ['socket', '40010', () => viaSocket],
  ] as const)('unknown result over %s (%s) with nothing placed: unknown until the acceptance window passed, then not placed; never resent', async (via, code, service) => {
    sim.faults.unknownResult({ code, placed: false });
    const out = await service().submitOrder({ ...RESTING, price: via === 'REST' ? '1200' : '1210' });
    expect(logLine(out.clientOid, 'result unknown')).toContain(via === 'socket' ? `WS place-order answered ${code}` : `result unknown (${code}`);
    expect(out).toMatchObject({ status: 'unknown', sent: true });
    expect(store.getState().orders.submissions[out.clientOid]?.state).toBe('unknown');
    // The same order cannot go again while it is unknown.
    expect(await service().submitOrder({ ...RESTING, price: via === 'REST' ? '1200' : '1210' })).toMatchObject({ status: 'rejected', sent: false, clientOid: out.clientOid });
    clock.advance(40_000);
    await waitFor(() => store.getState().orders.submissions[out.clientOid]?.state === 'rejected', () => JSON.stringify(store.getState().orders.submissions[out.clientOid]));
    expect(store.getState().orders.submissions[out.clientOid]?.error).toContain('not placed');
    expect(exchangeOrders(out.clientOid)).toHaveLength(0);
    // The faulted attempt never reached the engine; a resend would have.
    expect(placed.filter((c) => c === out.clientOid)).toHaveLength(0);
    expect(store.getState().ui.log.some((e) => e.text.includes(out.clientOid) && e.text.includes('was not placed'))).toBe(true);
  });

  it('a modify in flight blocks a second modify of the same order; the stream then shows the new price', async () => {
    const out = await viaSocket.submitOrder({ ...RESTING, price: '1300' });
    const order = await waitFor(() => storeOrder(out.clientOid));
    sim.faults.delayReplies(300);
    try {
      const first = viaSocket.modifyOrder(order.orderId, { price: '1310' });
      const second = await viaSocket.modifyOrder(order.orderId, { price: '1320' });
      expect(second).toMatchObject({ status: 'rejected', sent: false });
      expect(second.error).toContain('still in flight');
      expect(await first).toMatchObject({ status: 'accepted', orderId: order.orderId });
    } finally {
      sim.faults.delayReplies(0);
    }
    expect(store.getState().orders.modifying[order.orderId]).toBeUndefined();
    await waitFor(() => store.getState().orders.open[order.orderId]?.price?.eq('1310'));
    expect(exchangeOrders(out.clientOid)[0]?.price).toBe('1310');
  });

  it('cancels an order; it leaves the store and the exchange lists it as cancelled', async () => {
    const out = await viaRest.submitOrder({ ...RESTING, price: '1400' });
    const order = await waitFor(() => storeOrder(out.clientOid));
    expect(await viaSocket.cancelOrder(order)).toMatchObject({ status: 'accepted', orderId: order.orderId });
    await waitFor(() => !store.getState().orders.open[order.orderId]);
    expect(exchangeOrders(out.clientOid)[0]?.orderStatus).toBe('cancelled');
  });

  it.each([
    ['socket', '1500', () => viaSocket],
    ['REST', '1600', () => viaRest],
  ])('batch cancel over %s with one bad id gives per-order results', async (_via, price, service) => {
    const a = await service().submitOrder({ ...RESTING, price });
    const b = await service().submitOrder({ ...RESTING, price, qty: '0.02' });
    const oa = await waitFor(() => storeOrder(a.clientOid));
    const ob = await waitFor(() => storeOrder(b.clientOid));
    const bogus: Order = { ...oa, orderId: '999999999', clientOid: 'ud-bogus' };
    const result = await service().cancelBatch([oa, bogus, ob]);
    expect(result.status).toBe('accepted');
    expect(result.items.map((i) => [i.orderId, i.status])).toEqual([
      [oa.orderId, 'accepted'],
      ['999999999', 'rejected'],
      [ob.orderId, 'accepted'],
    ]);
    expect(result.items[1]?.error).toMatch(/^25204 /);
    expect(store.getState().ui.log.some((e) => e.level === 'error' && e.text.startsWith('cancel order 999999999: rejected (25204'))).toBe(true);
    expect(exchangeOrders(a.clientOid)[0]?.orderStatus).toBe('cancelled');
    expect(exchangeOrders(b.clientOid)[0]?.orderStatus).toBe('cancelled');
  });

  it('cancel-all clears what is left of the symbol', async () => {
    const out = await viaSocket.cancelAll('USDT-FUTURES', 'BTCUSDT');
    expect(out.status).toBe('accepted');
    expect(out.items.every((i) => i.status === 'accepted')).toBe(true);
    expect(wireList(wireRecord(sim.exchange.handle('trade.getUnfilledOrders', sim.uid, { symbol: 'BTCUSDT' })).list)).toHaveLength(0);
  });

  it('closes a position at market (one-way: opposite side + reduce-only), then close-all finds nothing', async () => {
    const opened = await viaRest.submitOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.01' });
    expect(opened).toMatchObject({ status: 'accepted' });
    const btc = () => Object.values(store.getState().positions.open).find((p) => p.category === 'USDT-FUTURES' && p.symbol === 'BTCUSDT');
    const position = await waitFor(() => btc()?.available.gt(0) && btc());
    expect(position.holdMode).toBe('one_way_mode');
    const closed = await viaSocket.closePosition(position);
    expect(closed).toMatchObject({ status: 'accepted' });
    expect(store.getState().orders.submissions[closed.clientOid]?.label).toBe(`close long ${position.available.toFixed()} BTCUSDT @ market`);
    const closeOrder = exchangeOrders(closed.clientOid)[0];
    expect(closeOrder).toMatchObject({ side: 'sell', orderType: 'market', reduceOnly: 'YES' });
    await waitFor(() => !btc());
    expect(wireList(wireRecord(sim.exchange.handle('position.getCurrent', sim.uid, { category: 'USDT-FUTURES', symbol: 'BTCUSDT' })).list)).toHaveLength(0);
    expect(await viaRest.closeAll('USDT-FUTURES', 'BTCUSDT')).toMatchObject({ status: 'rejected', sent: true, error: '25227 no position to close' });
  });

  it('a socket drop while the placement is in flight: reconciled over REST as accepted, placed once', async () => {
    const connection = stream.privateConnection;
    if (!connection) throw new Error('no private connection');
    sim.faults.delayReplies(400);
    let out;
    try {
      const before = placed.length;
      const pending = viaSocket.submitOrder({ ...RESTING, price: '1700' });
      // The exchange has executed it; only its reply is held back.
      await waitFor(() => placed.length > before && wsTrade.inFlight === 1);
      sim.faults.dropSockets('private');
      sim.faults.delayReplies(0);
      out = await pending;
    } finally {
      sim.faults.delayReplies(0);
    }
    expect(out).toMatchObject({ status: 'accepted', sent: true });
    expect(logLine(out.clientOid, 'result unknown')).toContain('went away before the reply');
    expect(exchangeOrders(out.clientOid)).toHaveLength(1);
    expect(placed.filter((c) => c === out.clientOid)).toHaveLength(1);
    await waitFor(() => connection.getHealth().state === 'subscribed');
  });
  it('a socket op that refuses the category: the order goes over REST once, same clientOid; later orders of that category skip the socket', async () => {
    const connection = stream.privateConnection;
    if (!connection) throw new Error('no private connection');
    await waitFor(() => connection.getHealth().state === 'subscribed');
    const refusals = (): string[] => store.getState().ui.log.filter((e) => e.text.startsWith('the private socket refused a USDT-FUTURES order request')).map((e) => e.text);
    sim.faults.refuseSocketTrade(['usdt-futures']);
    try {
      const first = await viaSocket.submitOrder({ ...RESTING, price: '1800' });
      expect(first).toMatchObject({ status: 'accepted', sent: true });
      expect(refusals()).toHaveLength(1);
      expect(refusals()[0]).toContain('40020 Parameter category error');
      expect(logLine(first.clientOid, 'placed')?.endsWith(' via the socket')).toBe(false);
      expect(exchangeOrders(first.clientOid)).toHaveLength(1);
      expect(placed.filter((c) => c === first.clientOid)).toHaveLength(1);
      // The category is remembered: the next order does not try the socket at all.
      const second = await viaSocket.submitOrder({ ...RESTING, price: '1810' });
      expect(second).toMatchObject({ status: 'accepted', sent: true });
      expect(refusals()).toHaveLength(1);
      expect(exchangeOrders(second.clientOid)).toHaveLength(1);
    } finally {
      sim.faults.refuseSocketTrade([]);
    }
  });
});
