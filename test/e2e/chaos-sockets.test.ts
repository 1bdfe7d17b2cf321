/**
 * Issue 8 chaos suite, socket faults. Description: every websocket fault the embedded exchange can
 * inject, against the whole dashboard: drops in the middle of order entry, stalled pongs, book
 * sequence gaps and restarts, garbage and truncated frames, and a server restart on the same port.
 * Setup: `startChaosRig` (test/helpers/chaos-rig.ts): the exchange on 127.0.0.1 port 0 with its market
 * agents stopped, a real session with short socket timers, the app rendered at 160x48.
 * Run: orders are entered with keys; faults are switched on through `sim.faults`. After each fault:
 * the store equals the exchange (orders, positions, balances), no clientOid was sent twice, and the
 * screen showed the degradation and then the recovery with no test action.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireList, wireString } from '../../src/exchange/wire/wire-values.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import {
  bestBid,
  exchangeCall,
  executionsOf,
  expectInvariants,
  frameMark,
  logged,
  reviewLimitBuy,
  sendReviewed,
  statusLine,
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

/** Counts `subscribe` acks of the focused `books` feed on the public socket. */
function countBookAcks(): { count: () => number; stop: () => void } {
  let n = 0;
  const stop = rig.session.stream.publicConnection.events.on('frame', (f) => {
    if (f.kind === 'subscribe' && f.arg.topic === 'books' && f.arg.symbol === SYMBOL) n += 1;
  });
  return { count: () => n, stop };
}

/** True when the store's focused book is synced and its top `depth` levels equal the exchange's. */
function bookMatchesExchange(depth: number): boolean {
  const book = rig.session.store.getState().market.books[symbolKey({ category: CATEGORY, symbol: SYMBOL })];
  if (!book?.synced) return false;
  const ex = rig.exchange.bookLevels(CATEGORY, SYMBOL, depth);
  const same = (mine: readonly { price: string; size: string }[], theirs: readonly (readonly [string, string])[]) =>
    mine.length === theirs.length && mine.every((l, i) => l.price === theirs[i]?.[0] && l.size === theirs[i]?.[1]);
  return same(book.bids.slice(0, depth), ex.bids) && same(book.asks.slice(0, depth), ex.asks);
}

beforeAll(async () => {
  rig = await startChaosRig(21);
  await expectInvariants(rig);
});

afterAll(async () => {
  await rig?.close();
});

describe('chaos: socket faults against the whole dashboard', () => {
  it('sockets drop after the ticket is filled by keys; the confirmed order goes over REST, once', async () => {
    const price = bestBid(rig).mul(0.95).floor();
    const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
    await reviewLimitBuy(rig, price, '0.01');
    const mark = frameMark(rig);
    const down = whenPrivateDown(rig.session);
    rig.sim.faults.dropSockets('all');
    await down;
    // The user confirms while the private socket is still reconnecting.
    await sendReviewed(rig);
    await waitFor(() => logged(rig, 'placed', label), () => rig.app.frame());
    const clientOid = submissionOf(rig, label) ?? '';
    expect(logged(rig, 'placed', label, 'via the socket')).toBe(false);
    await waitForFrameSince(rig, mark, /priv reconnecti/);
    await waitForFrameSince(rig, mark, /accepted: order/);
    await waitForHealthyStatus(rig);
    expect(submissionsOf(rig, clientOid)).toBe(1);
    expect(executionsOf(rig, clientOid)).toBe(1);
    await expectInvariants(rig);
  });

  it('the private socket drops between submit and reply: shown as unknown, confirmed by clientOid, placed once', async () => {
    const price = bestBid(rig).mul(0.95).floor().minus(10);
    const label = `buy 0.01 ${SYMBOL} @ ${price.toFixed()}`;
    await reviewLimitBuy(rig, price, '0.01');
    const mark = frameMark(rig);
    rig.sim.faults.delayReplies(1000);
    try {
      await sendReviewed(rig);
      const clientOid = await waitFor(() => submissionOf(rig, label));
      // The exchange executed it; only the reply is held back. Now the socket goes.
      await waitFor(() => executionsOf(rig, clientOid) === 1);
      rig.sim.faults.dropSockets('private');
      rig.sim.faults.delayReplies(0);
      await waitForFrameSince(rig, mark, /\? result unknown — checking: buy 0\.01 BTCUSDT/);
      await waitForFrameSince(rig, mark, /priv reconnecti/);
      await waitFor(() => logged(rig, 'confirmed', label), () => rig.app.frame());
      expect(logged(rig, 'result unknown', clientOid, 'went away before the reply')).toBe(true);
      expect(submissionsOf(rig, clientOid)).toBe(1);
      expect(executionsOf(rig, clientOid)).toBe(1);
    } finally {
      rig.sim.faults.delayReplies(0);
    }
    await waitForHealthyStatus(rig);
    await expectInvariants(rig);
  });

  it('pongs stall: both sockets are restarted by the pong timeout and come back once pongs flow again', async () => {
    await rig.app.press('\u001b8');
    const before = rig.session.store.getState().connection;
    const mark = frameMark(rig);
    rig.sim.faults.stallPongs(true);
    try {
      await waitFor(() => logged(rig, 'public socket: no pong within the pong timeout') && logged(rig, 'private socket: no pong within the pong timeout'), () => rig.app.frame());
      await waitForFrameSince(rig, mark, /pub reconnecti/);
      await waitForFrameSince(rig, mark, /priv reconnecti/);
      await waitForFrameSince(rig, mark, /no pong within the pong timeout/);
      // Meanwhile the account changes: a resting order placed on the exchange directly.
      exchangeCall(rig, 'trade.placeOrder', { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', qty: '0.02', price: bestBid(rig).mul(0.93).floor().toFixed(), clientOid: 'chaos-pong' });
    } finally {
      rig.sim.faults.stallPongs(false);
    }
    await waitForHealthyStatus(rig);
    const after = rig.session.store.getState().connection;
    expect(after.public.reconnects).toBeGreaterThan(before.public.reconnects);
    expect(after.private.reconnects).toBeGreaterThan(before.private.reconnects);
    await expectInvariants(rig);
  });

  it.each([
    ['a skipped seq', 'skip', 'does not follow'],
    ['a seq restart (pseq 0)', 'restart', 'pseq 0'],
  ] as const)('%s in the book: the book is dropped, resubscribed and ends equal to the exchange book', async (_what, fault, logText) => {
    await rig.app.press('\u001b8');
    const key = symbolKey({ category: CATEGORY, symbol: SYMBOL });
    const acks = countBookAcks();
    try {
      await waitFor(() => bookMatchesExchange(50));
      const mark = frameMark(rig);
      const before = acks.count();
      if (fault === 'skip') rig.sim.faults.skipSeq(CATEGORY, SYMBOL);
      else rig.sim.faults.restartSeq(CATEGORY, SYMBOL);
      // Our own resting order changes the book, so the exchange sends the faulty update.
      const price = bestBid(rig).mul(0.96).floor().minus(fault === 'skip' ? 1 : 2).toFixed();
      exchangeCall(rig, 'trade.placeOrder', { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', qty: '0.01', price, clientOid: `chaos-seq-${fault}` });
      await waitFor(() => logged(rig, 'book BTCUSDT: sequence gap', logText, 'resubscribing'), () => rig.app.frame());
      await waitForFrameSince(rig, mark, /book BTCUSDT: sequence gap/);
      await waitFor(() => acks.count() > before);
      await waitFor(() => bookMatchesExchange(50), () => JSON.stringify(rig.session.store.getState().market.books[key]?.bids.slice(0, 3)));
      expect(rig.session.store.getState().market.books[key]?.bids.some((l) => new Decimal(l.price).eq(price))).toBe(true);
      await waitFor(() => !/\(resyncing\)/.test(rig.app.frame()), () => rig.app.frame());
    } finally {
      acks.stop();
    }
    expect(statusLine(rig)).toMatch(/pub subscribed .*priv subscribed/);
    await expectInvariants(rig);
  });

  it('garbage and truncated frames are reported and ignored; both sockets stay up and keep streaming', async () => {
    await rig.app.press('\u001b8');
    const before = rig.session.store.getState().connection;
    const mark = frameMark(rig);
    rig.sim.faults.garbageFrame('all');
    // Each socket gets a text frame that is not JSON and a JSON frame cut in the middle: both are reported.
    const count = (kind: string) => rig.session.store.getState().ui.log.filter((e) => e.text.startsWith(`${kind} socket: unreadable frame ignored: not JSON`)).length;
    await waitFor(() => count('public') >= 2 && count('private') >= 2, () => rig.app.frame());
    expect(logged(rig, 'unreadable frame ignored', 'garbage-not-json')).toBe(true);
    expect(logged(rig, 'unreadable frame ignored', '"symbol":"BTC')).toBe(true);
    await waitForFrameSince(rig, mark, /socket: unreadable frame ignored/);
    // Still streaming on the same sockets: an order placed on the exchange reaches the store by push.
    exchangeCall(rig, 'trade.placeOrder', { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', qty: '0.01', price: bestBid(rig).mul(0.94).floor().toFixed(), clientOid: 'chaos-garbage' });
    await expectInvariants(rig);
    const after = rig.session.store.getState().connection;
    expect(after.public.reconnects).toBe(before.public.reconnects);
    expect(after.private.reconnects).toBe(before.private.reconnects);
    expect(statusLine(rig)).toMatch(/pub subscribed .*priv subscribed/);
  });

  it('the server restarts on the same port; what changed while it was down is caught by the resync', async () => {
    await rig.app.press('\u001b4');
    const open = wireList(exchangeCall(rig, 'trade.getUnfilledOrders', { limit: '100' }).list).map((r) => wireString(r.orderId));
    expect(open.length).toBeGreaterThan(0);
    const mark = frameMark(rig);
    await rig.stopServer();
    await waitForFrameSince(rig, mark, /pub reconnecti/);
    await waitForFrameSince(rig, mark, /priv reconnecti/);
    // While the server is down the account changes: one order cancelled, a position opened.
    exchangeCall(rig, 'trade.cancelOrder', { category: CATEGORY, orderId: open[0] });
    exchangeCall(rig, 'trade.placeOrder', { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'market', qty: '0.01', clientOid: 'chaos-restart' });
    await rig.startServer();
    await waitForHealthyStatus(rig);
    await expectInvariants(rig);
    expect(Object.keys(rig.session.store.getState().positions.open)).toEqual([`${CATEGORY}:${SYMBOL}:long`]);
  });
});
