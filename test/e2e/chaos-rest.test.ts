/**
 * Issue 8 chaos suite, REST and order-result faults. Description: 429 storms, 5xx replies, slow
 * replies, "result unknown" placement codes (order placed, and not placed) and a skewed server clock,
 * against the whole dashboard.
 * Setup: `startChaosRig` (test/helpers/chaos-rig.ts): the exchange on 127.0.0.1 port 0 with its market
 * agents stopped, a real session whose REST calls pass a recording forwarder, the app at 160x48.
 * Run: orders are entered with keys; faults are switched on through `sim.faults`. After each fault:
 * the store equals the exchange (orders, positions, balances), no clientOid was sent twice, and the
 * screen showed the degradation and then the recovery with no test action.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnknownResultCode } from '../../src/sim/server/faults.js';
import {
  advanceUntil,
  bestBid,
  exchangeCall,
  executionsOf,
  expectInvariants,
  frameMark,
  lastLog,
  logged,
  reviewLimitBuy,
  sendReviewed,
  submissionOf,
  submissionsOf,
  waitForFrameSince,
  waitForHealthyStatus,
  whenPrivateDown,
} from '../helpers/chaos-checks.js';
import { startChaosRig, type ChaosRig } from '../helpers/chaos-rig.js';
import { waitFor } from '../helpers/wait-for.js';

const CATEGORY = 'USDT-FUTURES';
const SYMBOL = 'BTCUSDT';

let rig: ChaosRig;
let nextPrice = 0;

/** A fresh resting-buy price per test (5% under the best bid, one dollar apart). */
function restingPrice() {
  nextPrice += 1;
  return bestBid(rig).mul(0.95).floor().minus(nextPrice);
}

/** Rests an order on the exchange directly (its push reaches the store); returns its orderId. */
function restOnExchange(clientOid: string): string {
  const reply = exchangeCall(rig, 'trade.placeOrder', { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', qty: '0.01', price: restingPrice().toFixed(), clientOid });
  return String(reply.orderId);
}

beforeAll(async () => {
  rig = await startChaosRig(22);
  await expectInvariants(rig);
});

afterAll(async () => {
  await rig?.close();
});

describe('chaos: REST and order-result faults against the whole dashboard', () => {
  it('a 503 answers a REST placement (socket down): shown as unknown, looked up, reported not placed, never resent', async () => {
    const price = restingPrice();
    const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
    await reviewLimitBuy(rig, price, '0.01');
    const mark = frameMark(rig);
    const down = whenPrivateDown(rig.session, () => rig.sim.faults.httpErrors(4, 503));
    rig.sim.faults.dropSockets('private');
    await down;
    await sendReviewed(rig);
    const clientOid = await waitFor(() => submissionOf(rig, label));
    await waitForFrameSince(rig, mark, /\? result unknown — checking: buy 0\.01 BTCUSDT/);
    await waitForFrameSince(rig, mark, /\? 1 unknown/);
    // Not found, but the exchange could still take it: unknown until its acceptance window passed.
    await advanceUntil(rig, () => logged(rig, label, 'still unknown'), () => rig.app.frame());
    expect(rig.session.store.getState().orders.submissions[clientOid]?.state).toBe('unknown');
    rig.clock.advance(40_000);
    await waitFor(() => logged(rig, label, 'was not placed'), () => rig.app.frame());
    expect(logged(rig, 'result unknown', clientOid, 'server error HTTP 503')).toBe(true);
    expect(rig.proxy.placements.find((p) => p.clientOids.includes(clientOid))).toMatchObject({ status: 503 });
    expect(submissionsOf(rig, clientOid)).toBe(1);
    expect(executionsOf(rig, clientOid)).toBe(0);
    await waitForHealthyStatus(rig);
    await expectInvariants(rig);
  });

  it('slow replies: the order shows as sending until the late acknowledgement, then as placed', async () => {
    const price = restingPrice();
    const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
    await reviewLimitBuy(rig, price, '0.01');
    const mark = frameMark(rig);
    rig.sim.faults.delayReplies(1500);
    try {
      await sendReviewed(rig);
      await waitForFrameSince(rig, mark, /… sending: buy 0\.01 BTCUSDT/);
      await waitFor(() => logged(rig, 'placed', label, 'via the socket'), () => rig.app.frame());
    } finally {
      rig.sim.faults.delayReplies(0);
    }
    await waitForFrameSince(rig, mark, /accepted: order/);
    const clientOid = submissionOf(rig, label) ?? '';
    expect(submissionsOf(rig, clientOid)).toBe(1);
    expect(executionsOf(rig, clientOid)).toBe(1);
    await expectInvariants(rig);
  });

  it.each([
    ['40010', true],
    ['45001', false],
  ] as const)('unknown result %s on a placement (placed: %s): shown as unknown, resolved by clientOid, never resent', async (code: UnknownResultCode, placed) => {
    const price = restingPrice();
    const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
    await reviewLimitBuy(rig, price, '0.01');
    const mark = frameMark(rig);
    rig.sim.faults.unknownResult({ code, placed });
    await sendReviewed(rig);
    const clientOid = await waitFor(() => submissionOf(rig, label));
    await waitForFrameSince(rig, mark, /\? result unknown — checking: buy 0\.01 BTCUSDT/);
    if (!placed) {
      await advanceUntil(rig, () => logged(rig, label, 'still unknown'), () => rig.app.frame());
      rig.clock.advance(40_000);
    }
    await waitFor(() => logged(rig, placed ? 'confirmed' : 'was not placed', label), () => rig.app.frame());
    expect(logged(rig, 'result unknown', clientOid, `WS place-order answered ${code}`)).toBe(true);
    expect(submissionsOf(rig, clientOid)).toBe(1);
    expect(executionsOf(rig, clientOid)).toBe(placed ? 1 : 0);
    expect(rig.session.store.getState().orders.submissions[clientOid]?.state).toBe(placed ? 'accepted' : 'rejected');
    await expectInvariants(rig);
  });

  it.each([
    // 429s also block the client's limiter bucket for a second each: a whole failing pass takes ~10 s, so this storm ends after the orders read failed.
    ['a 429 storm', 429, 'rate limited', false],
    // 503s are retried quickly: this run lasts until the whole resync pass has failed (without a retry the store would stay stale for good).
    ['a run of 503 replies', 503, 'server error HTTP 503', true],
  ] as const)('%s outlasts the resync after a reconnect: reported, then retried by itself until the store equals the exchange', async (_what, status, reason, wholePass) => {
    const orderId = restOnExchange(`chaos-rest-${status}`);
    await waitFor(() => orderId in rig.session.store.getState().orders.open);
    await rig.app.press('\u001b8');
    const mark = frameMark(rig);
    // The socket goes; while it is down the order is cancelled on the exchange and every REST call fails.
    const down = whenPrivateDown(rig.session, () => {
      exchangeCall(rig, 'trade.cancelOrder', { category: CATEGORY, orderId });
      rig.sim.faults.httpErrors(1_000_000, status);
    });
    rig.sim.faults.dropSockets('private');
    try {
      await down;
      await waitFor(() => logged(rig, 'resync open orders:', reason), () => [...lastLog(rig, 20), ...rig.accessLog.slice(-40)].join('\n'));
      await waitForFrameSince(rig, mark, /resync open orders: trade\.getUnfilledOrders/);
      if (status === 429) await waitForFrameSince(rig, mark, /rate 0%/);
      if (wholePass) await waitFor(() => logged(rig, 'resync incomplete: trying again by itself'), () => lastLog(rig, 20).join('\n'));
      // The reconnect's resync could not read the orders: the store still shows the cancelled one.
      expect(orderId in rig.session.store.getState().orders.open).toBe(true);
    } finally {
      // The storm ends; nothing else is done.
      rig.sim.faults.httpErrors(0);
    }
    await waitFor(() => logged(rig, 'resync open orders: working again'), () => lastLog(rig, 20).join('\n'));
    await waitForFrameSince(rig, mark, /resync open orders: working again/);
    // A storm that outlasted every pass is retried by the resync's own timer; a shorter one may be
    // caught up by the pass that runs once the topics are subscribed again.
    if (wholePass) expect(logged(rig, 'resync incomplete: trying again by itself')).toBe(true);
    await waitForHealthyStatus(rig);
    await expectInvariants(rig);
    expect(orderId in rig.session.store.getState().orders.open).toBe(false);
  });

  it('the server clock jumps 60 s ahead: the next signed call gets 40008, the client resyncs its clock and the call succeeds', async () => {
    rig.sim.faults.clockSkew(60_000);
    try {
      await rig.app.press('\u001b4');
      const logFrom = rig.accessLog.length;
      const mark = frameMark(rig);
      // h opens the order history, a signed REST read.
      await rig.app.press('h');
      await waitFor(() => rig.accessLog.slice(logFrom).some((l) => l.startsWith('GET /api/v3/trade/history-orders 200')), () => rig.accessLog.slice(logFrom).join('\n'));
      expect(rig.accessLog.slice(logFrom).filter((l) => l.includes('history-orders'))).toEqual(['GET /api/v3/trade/history-orders 400 40008', 'GET /api/v3/trade/history-orders 200 00000']);
      await waitForFrameSince(rig, mark, /clock \+(59\d{3}|60\d{3})ms/);
      await rig.app.press('\u001b');
      await waitFor(() => rig.session.store.getState().ui.overlay === null, () => rig.app.frame());
      // Order entry keeps working under the skewed clock.
      const price = restingPrice();
      const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
      await reviewLimitBuy(rig, price, '0.01');
      await sendReviewed(rig);
      await waitFor(() => logged(rig, 'placed', label), () => rig.app.frame());
      await expectInvariants(rig);
    } finally {
      rig.sim.faults.clockSkew(0);
    }
  });

  it('the server clock jumps 45 s back and the private socket drops: the login is signed with the resynced server time, the socket logs in and trades', async () => {
    // 45 s behind whatever offset the client holds (0, or +60 s after the test above): the next login's timestamp is refused.
    rig.sim.faults.clockSkew(-45_000);
    try {
      await rig.app.press('\u001b8');
      const before = rig.session.store.getState().connection.private.reconnects;
      const down = whenPrivateDown(rig.session);
      rig.sim.faults.dropSockets('private');
      await down;
      // Either the login is refused as expired (30014) and the socket measures the server time again
      // before logging in anew, or a signed REST call got 40008 first and resynced the shared offset;
      // both ways the next login carries server time. Signed with the local clock it would go fatal.
      await waitFor(() => rig.session.rest.clockSync.offsetMs() < -40_000, () => [...lastLog(rig, 40), JSON.stringify(rig.session.store.getState().connection.private)].join('\n'));
      await waitFor(() => rig.session.store.getState().connection.private.state === 'subscribed', () => [...lastLog(rig, 40), JSON.stringify(rig.session.store.getState().connection.private)].join('\n'));
      expect(rig.session.store.getState().connection.private.state).not.toBe('fatal');
      expect(logged(rig, 'exchange error 30006')).toBe(false);
      await waitForHealthyStatus(rig);
      expect(rig.session.store.getState().connection.private.state).toBe('subscribed');
      expect(rig.session.store.getState().connection.private.reconnects).toBeGreaterThan(before);
      expect(rig.session.rest.clockSync.offsetMs()).toBeLessThan(-40_000);
      // The logged-in socket carries order entry again.
      const price = restingPrice();
      const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
      await reviewLimitBuy(rig, price, '0.01');
      await sendReviewed(rig);
      await waitFor(() => logged(rig, 'placed', label, 'via the socket'), () => rig.app.frame());
      await expectInvariants(rig);
    } finally {
      rig.sim.faults.clockSkew(0);
      await rig.session.rest.clockSync.sync();
    }
  });
});
