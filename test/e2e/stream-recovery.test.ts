import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { positionFromWire } from '../../src/exchange/wire/account-mappers.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import type { InboundFrame } from '../../src/exchange/ws/frame.js';
import type { StreamTuning } from '../../src/exchange/ws/stream-client.js';
import { FAST_STREAM_TUNING } from '../helpers/stream-tuning.js';
import type { StreamArg } from '../../src/exchange/ws/topics.js';
import { openSession, type Session } from '../../src/cli/session.js';
import { PollService } from '../../src/services/poll-service.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { positionKey } from '../../src/store/slices/positions-slice.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { whenPrivateDown } from '../helpers/chaos-checks.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * Issue 4: the stream layer and the services recover from every transport fault the embedded
 * exchange can inject, over real sockets (sim ↔ RestClient/StreamClient ↔ services ↔ store):
 * forced drops, book sequence gaps and restarts, stalled pongs, and a refused login. After each
 * recoverable fault the store's open orders, positions and balances equal the exchange's, even when
 * the exchange changed while the private socket was down (only the REST resync can see that).
 */

const CATEGORY = 'USDT-FUTURES';
const SYMBOL = 'BTCUSDT';
const BOOK_ARG: StreamArg = { instType: 'usdt-futures', topic: 'books', symbol: SYMBOL };

const TUNING = FAST_STREAM_TUNING;

let sim: SimHandle;
let session: Session;
/** Order ids the private stream reported as cancelled (to prove a cancel was never pushed). */
const pushedCancels = new Set<string>();
let clientSeq = 0;
/** REST access log of the sim: `METHOD /path status code` per request. */
const accessLog: string[] = [];

function endpoint(creds: { apiKey: string; secret: string; passphrase: string }) {
  return { mode: 'DEMO' as const, account: `sim ${sim.uid}`, restUrl: sim.rest, wsPublic: sim.wsPublic, wsPrivate: sim.wsPrivate, credentials: creds, paper: false };
}

function exchangeCall(opId: string, params: unknown): Record<string, unknown> {
  return wireRecord(sim.exchange.handle(opId, sim.uid, params));
}

/** Places a resting buy far below the market through the session's REST client; returns its orderId. */
async function placeRestingOrder(price: string): Promise<string> {
  clientSeq += 1;
  const reply = wireRecord(
    await session.api.trade.placeOrder({ category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', qty: '0.01', price, clientOid: `recovery-${clientSeq}` }),
  );
  const id = wireString(reply.orderId);
  expect(id).not.toBe('');
  return id;
}

/** Changes the account on the exchange directly: cancels `orderId` and adds to the futures position. */
function changeBehindTheStream(orderId: string): void {
  exchangeCall('trade.cancelOrder', { orderId, category: CATEGORY });
  exchangeCall('trade.placeOrder', { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'market', qty: '0.01' });
}

interface AccountView {
  readonly orders: string[];
  readonly positions: Record<string, string>;
  readonly usdt: { balance: string; available: string } | null;
}

function exchangeView(): AccountView {
  const orders = wireList(exchangeCall('trade.getUnfilledOrders', { limit: '100' }).list).map((r) => wireString(r.orderId)).sort();
  const positions: Record<string, string> = {};
  for (const category of ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const) {
    for (const r of wireList(exchangeCall('position.getCurrent', { category }).list)) {
      const p = positionFromWire(r, category);
      if (p && !p.size.isZero()) positions[positionKey(p)] = p.size.toFixed();
    }
  }
  const usdt = wireList(exchangeCall('account.getAssets', {}).assets).find((a) => a.coin === 'USDT');
  return { orders, positions, usdt: usdt ? { balance: wireString(usdt.balance), available: wireString(usdt.available) } : null };
}

function storeView(): AccountView {
  const s = session.store.getState();
  const positions: Record<string, string> = {};
  for (const [k, p] of Object.entries(s.positions.open)) positions[k] = p.size.toFixed();
  const usdt = s.account.summary?.assets.find((a) => a.coin === 'USDT');
  return { orders: Object.keys(s.orders.open).sort(), positions, usdt: usdt ? { balance: usdt.balance.toFixed(), available: usdt.available.toFixed() } : null };
}

/** Waits until the store equals the exchange (open order ids, position sizes, USDT balance/available). */
async function expectStoreMatchesExchange(): Promise<void> {
  await waitFor(() => JSON.stringify(storeView()) === JSON.stringify(exchangeView()), () => `store ${JSON.stringify(storeView())}\nexchange ${JSON.stringify(exchangeView())}`);
  expect(storeView()).toEqual(exchangeView());
}

/** Waits until the store holds these open orders (their pushes arrived). */
async function waitForOpenOrders(ids: readonly string[]): Promise<void> {
  await waitFor(() => ids.every((id) => id in session.store.getState().orders.open), () => JSON.stringify(storeView()));
}

function health() {
  const h = session.stream.getHealth();
  return { pub: h.public, priv: h.private };
}

function allSubscribed(): boolean {
  const { pub, priv } = health();
  const subs = session.stream.getSubscriptions();
  return pub.state === 'subscribed' && priv?.state === 'subscribed' && subs.length > 0 && subs.every((s) => s.status === 'subscribed');
}

/** Counts the frames of one kind a socket receives from now on (pongs, book pushes): a clock made of events. */
function countFrames(events: Session['stream']['publicConnection']['events'], match: (f: InboundFrame) => boolean): { count: () => number; stop: () => void } {
  let n = 0;
  const off = events.on('frame', (f) => {
    if (match(f)) n += 1;
  });
  return { count: () => n, stop: off };
}

/** Counts `subscribe` acks of the focused book on the public socket. */
function countBookAcks(): { count: () => number; stop: () => void } {
  let n = 0;
  const off = session.stream.publicConnection.events.on('frame', (f) => {
    if (f.kind === 'subscribe' && f.arg.topic === BOOK_ARG.topic && f.arg.symbol === SYMBOL && f.arg.instType === BOOK_ARG.instType) n += 1;
  });
  return { count: () => n, stop: off };
}

function storeBookMatchesExchange(depth: number): boolean {
  const book = session.store.getState().market.books[symbolKey({ category: CATEGORY, symbol: SYMBOL })];
  if (!book?.synced) return false;
  const ex = sim.exchange.bookLevels(CATEGORY, SYMBOL, depth);
  const same = (mine: readonly { price: string; size: string }[], theirs: readonly (readonly [string, string])[]) =>
    mine.length === theirs.length && mine.every((l, i) => l.price === theirs[i]?.[0] && l.size === theirs[i]?.[1]);
  return same(book.bids.slice(0, depth), ex.bids) && same(book.asks.slice(0, depth), ex.asks);
}

function describeBook(depth: number): string {
  const book = session.store.getState().market.books[symbolKey({ category: CATEGORY, symbol: SYMBOL })];
  const ex = sim.exchange.bookLevels(CATEGORY, SYMBOL, depth);
  return `store seq ${book?.seq ?? '-'} synced ${String(book?.synced)} bids ${JSON.stringify(book?.bids.slice(0, 3).map((l) => [l.price, l.size]))}\nexchange bids ${JSON.stringify(ex.bids.slice(0, 3))}`;
}

function hasBid(price: number): boolean {
  return sim.exchange.bookLevels(CATEGORY, SYMBOL, 1000).bids.some(([p]) => new Decimal(p).eq(price));
}

/**
 * Runs `body` with the synthetic market's agents stopped: the exchange book and mark price then only
 * change when the test changes them, so `available` (which counts open losses at mark) and the book
 * can be compared exactly.
 */
async function withFrozenMarket(body: () => Promise<void>): Promise<void> {
  sim.exchange.market.stop();
  try {
    await body();
  } finally {
    sim.exchange.market.start(sim.exchange.venue);
  }
}

function logTexts(): string[] {
  return session.store.getState().ui.log.map((e) => e.text);
}

beforeAll(async () => {
  sim = await startSim({ seed: 11, log: (line) => accessLog.push(line) });
  session = await openSession(endpoint({ apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase }), { streamTuning: TUNING });
  session.stream.onTopic('order', (p) => {
    for (const r of wireList(p.data)) if (wireString(r.orderStatus ?? r.status) === 'cancelled') pushedCancels.add(wireString(r.orderId));
  });
  await waitFor(allSubscribed, () => JSON.stringify(health()));
  await waitFor(() => session.store.getState().account.summary);
  // A small futures position to track through every fault.
  await withFrozenMarket(async () => {
    await session.api.trade.placeOrder({ category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'market', qty: '0.01', clientOid: 'recovery-open' });
    await expectStoreMatchesExchange();
  });
  expect(Object.keys(storeView().positions)).toHaveLength(1);
});

afterAll(async () => {
  await session?.services.shutdown();
  await sim?.close();
});

describe('stream recovery on the embedded exchange', () => {
  it('restores every subscription after a forced drop, and the REST resync catches what changed meanwhile', async () => {
    const key = symbolKey({ category: CATEGORY, symbol: SYMBOL });
    const wanted = session.stream.getSubscriptions().map((s) => JSON.stringify(s.arg)).sort();
    const before = session.store.getState().connection;
    let droppedAt = 0;
    await withFrozenMarket(async () => {
      const keep = await placeRestingOrder('1000');
      const gone = await placeRestingOrder('1001');
      await waitForOpenOrders([keep, gone]);

      const down = whenPrivateDown(session, () => changeBehindTheStream(gone));
      droppedAt = Date.now();
      sim.faults.dropSockets('all');
      await down;

      await waitFor(() => {
        const c = session.store.getState().connection;
        return c.public.reconnects > before.public.reconnects && c.private.reconnects > before.private.reconnects;
      });
      await waitFor(allSubscribed, () => JSON.stringify({ health: health(), subs: session.stream.getSubscriptions() }));
      expect(session.stream.getSubscriptions().map((s) => JSON.stringify(s.arg)).sort()).toEqual(wanted);
      const conn = session.store.getState().connection;
      expect(conn.public.state).toBe('subscribed');
      expect(conn.private.state).toBe('subscribed');

      await expectStoreMatchesExchange();
      expect(storeView().orders).toContain(keep);
      expect(storeView().orders).not.toContain(gone);
      expect(pushedCancels.has(gone)).toBe(false);
    });

    // Data flows again on the new socket: the book moves past its post-reconnect snapshot, and fresh tickers arrive.
    const firstSeq = await waitFor(() => {
      const b = session.store.getState().market.books[key];
      return b && b.updatedAt >= droppedAt ? b.seq : null;
    });
    await waitFor(() => (session.store.getState().market.books[key]?.seq ?? firstSeq) !== firstSeq);
    const tickerAt = Date.now();
    await waitFor(() => (session.store.getState().market.tickers[key]?.ts ?? 0) >= tickerAt);
  });

  it('resubscribes a book after a skipped seq and after a seq restart, and ends equal to the exchange book', async () => {
    const acks = countBookAcks();
    try {
      await withFrozenMarket(async () => {
        const key = symbolKey({ category: CATEGORY, symbol: SYMBOL });
        await waitFor(() => storeBookMatchesExchange(50), () => describeBook(50));

        // Skipped seq: the next update (caused by our own new order) leaves a number out.
        const acksBefore = acks.count();
        const seqBefore = session.store.getState().market.books[key]?.seq ?? '';
        sim.faults.skipSeq(CATEGORY, SYMBOL);
        const skipped = await placeRestingOrder('1002');
        await waitFor(() => logTexts().some((t) => t.includes('sequence gap') && t.includes('does not follow')), () => logTexts().join('\n'));
        await waitFor(() => acks.count() > acksBefore);
        await waitFor(() => storeBookMatchesExchange(50), () => describeBook(50));
        expect(BigInt(session.store.getState().market.books[key]?.seq ?? '0')).toBeGreaterThan(BigInt(seqBefore));
        expect(hasBid(1002)).toBe(true);

        // Seq restart: the next update carries pseq 0 and a renumbered seq.
        const acksMid = acks.count();
        const seqMid = session.store.getState().market.books[key]?.seq ?? '';
        sim.faults.restartSeq(CATEGORY, SYMBOL);
        await session.api.trade.cancelOrder({ orderId: skipped });
        // Positive control for the `pushedCancels` checks: a cancel made while the socket is up is pushed.
        await waitFor(() => pushedCancels.has(skipped));
        await waitFor(() => logTexts().some((t) => t.includes('sequence gap') && t.includes('pseq 0')), () => logTexts().join('\n'));
        await waitFor(() => acks.count() > acksMid);
        await waitFor(() => storeBookMatchesExchange(50), () => describeBook(50));
        expect(BigInt(session.store.getState().market.books[key]?.seq ?? '0')).toBeLessThan(BigInt(seqMid));
        expect(hasBid(1002)).toBe(false);

        // The private side kept streaming meanwhile. A fill makes the exchange push the account
        // (the sim sends no account push for futures order margin holds; see the report).
        await session.api.trade.placeOrder({ category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'market', qty: '0.01', clientOid: 'recovery-seq' });
        await expectStoreMatchesExchange();
      });
    } finally {
      acks.stop();
    }
  });

  it('on a live market, updates still in flight after a gap do not cause more resubscribes', async () => {
    // A slow outbound budget (2 frames a second) keeps the unsubscribe/subscribe pair queued while
    // the exchange goes on pushing updates every 50 ms: those must wait for the snapshot, not count as more gaps.
    const slow = await openSession(endpoint({ apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase }), {
      streamTuning: { ...TUNING, pingIntervalMs: 5000, pongTimeoutMs: 5000, rate: { maxMessages: 2, windowMs: 1000 } },
    });
    try {
      const key = symbolKey({ category: CATEGORY, symbol: SYMBOL });
      const texts = () => slow.store.getState().ui.log.map((e) => e.text).filter((t) => t.includes('sequence gap'));
      await waitFor(() => slow.store.getState().connection.public.state === 'subscribed' && slow.store.getState().market.books[key]?.synced);
      await waitFor(() => slow.stream.publicConnection.getHealth().pending === 0);
      let acks = 0;
      const off = slow.stream.publicConnection.events.on('frame', (f) => {
        if (f.kind === 'subscribe' && f.arg.topic === 'books' && f.arg.symbol === SYMBOL) acks += 1;
      });
      try {
        sim.faults.skipSeq(CATEGORY, SYMBOL);
        await waitFor(() => texts().length === 1);
        await waitFor(() => acks === 1 && slow.store.getState().market.books[key]?.synced, () => JSON.stringify({ acks, gaps: texts() }));
        const synced = slow.store.getState().market.books[key]?.seq ?? '';
        await waitFor(() => (slow.store.getState().market.books[key]?.seq ?? synced) !== synced);
        // Nothing more happens: the one resubscribe was enough. Measured in book pushes, not time:
        // 5 more (about 1.5 s of this market: a push when the agents change the book) arrive and apply
        // without another gap.
        const pushes = countFrames(slow.stream.publicConnection.events, (f) => (f.kind === 'book' || f.kind === 'push') && f.arg.topic === 'books');
        try {
          await waitFor(() => pushes.count() >= 5, () => `book pushes ${pushes.count()}`);
        } finally {
          pushes.stop();
        }
        expect(texts()).toHaveLength(1);
        expect(acks).toBe(1);
        expect(slow.store.getState().market.books[key]?.synced).toBe(true);
        expect(slow.store.getState().connection.public.reconnects).toBe(0);
      } finally {
        off();
      }
    } finally {
      await slow.services.shutdown();
    }
  });

  it('reconnects on a stalled pong and is healthy again once pongs resume', async () => {
    await withFrozenMarket(async () => {
      const keep = await placeRestingOrder('1003');
      const gone = await placeRestingOrder('1004');
      await waitForOpenOrders([keep, gone]);
      const before = session.store.getState().connection;

      let reason: string | null = null;
      const down = whenPrivateDown(session, () => {
        reason = session.stream.getHealth().private?.lastErrorCode ?? null;
        changeBehindTheStream(gone);
      });
      sim.faults.stallPongs(true);
      await down;
      expect(reason).toBe('WS_PONG_TIMEOUT');
      await waitFor(() => session.store.getState().connection.public.reconnects > before.public.reconnects);
      // Count pongs from the moment pongs resume. A ping sent while stalled is never answered, so its
      // socket still times out and reconnects; a pong on each socket means its current cycle is healthy.
      const pongs = { pub: 0, priv: 0 };
      const offPub = session.stream.publicConnection.events.on('frame', (f) => {
        if (f.kind === 'pong') pongs.pub += 1;
      });
      const offPriv = session.stream.privateConnection?.events.on('frame', (f) => {
        if (f.kind === 'pong') pongs.priv += 1;
      });
      sim.faults.reset();
      try {
        await waitFor(() => pongs.pub > 0 && pongs.priv > 0 && allSubscribed(), () => JSON.stringify({ pongs, health: health() }));
        // Healthy: no further reconnects while pongs keep coming, over several ping intervals
        // (counted in pongs, each one ping interval after the last: 4 on each socket).
        const settled = session.store.getState().connection;
        pongs.pub = 0;
        pongs.priv = 0;
        await waitFor(() => pongs.pub >= 4 && pongs.priv >= 4, () => JSON.stringify({ pongs, health: health() }));
        const now = session.store.getState().connection;
        expect(now.public.reconnects).toBe(settled.public.reconnects);
        expect(now.private.reconnects).toBe(settled.private.reconnects);
      } finally {
        offPub();
        offPriv?.();
      }
      const after = session.store.getState().connection;
      expect(after.public.state).toBe('subscribed');
      expect(after.private.state).toBe('subscribed');
      expect(after.private.pingRttMs).not.toBeNull();

      await expectStoreMatchesExchange();
      expect(storeView().orders).toContain(keep);
      expect(storeView().orders).not.toContain(gone);
      expect(pushedCancels.has(gone)).toBe(false);
    });
  });

  it('polls debts, funding assets and settings, and delta info only while the delta switch is on', async () => {
    await session.api.loan.borrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '1000' });
    const updates: number[] = [];
    const poller = new PollService({ api: session.api, now: Date.now, log: () => undefined, onUpdate: (x) => updates.push(x.updatedAt) });
    const deltaCalls = () => accessLog.filter((l) => l.startsWith('GET /api/v3/account/delta-info ')).length;

    const deltaBefore = deltaCalls();
    await poller.pollOnce();
    const first = poller.latest();
    expect(updates).toHaveLength(1);
    const settings = exchangeCall('account.getSettings', {});
    expect(first.settings?.holdMode).toBe(wireString(settings.holdMode));
    expect(first.settings?.accountLevel).toBe(wireString(settings.accountLevel));
    expect(first.settings?.deltaSwitch).toBe(false);
    expect(first.settings?.symbolLeverage.length).toBe(wireList(settings.symbolConfigList).length);
    const debts = exchangeCall('loan.getDebts', {});
    expect(first.debts?.loans.map((l) => [l.coin, l.amount.toFixed()])).toEqual(wireList(debts.loanInfos).map((l) => [wireString(l.coin), new Decimal(wireString(l.amount)).toFixed()]));
    expect(first.debts?.pledges.map((l) => l.coin)).toEqual(['BTC']);
    const funding = wireList(sim.exchange.handle('account.getFundingAssets', sim.uid, {}));
    expect(first.funding?.map((a) => [a.coin, a.balance.toFixed()])).toEqual(funding.map((a) => [wireString(a.coin), new Decimal(wireString(a.balance)).toFixed()]));
    expect(first.delta).toBeNull();
    expect(deltaCalls()).toBe(deltaBefore);

    // The legacy level "delta" turns the switch on (the sim's settings carry no deltaSwitch field): delta info is fetched.
    exchangeCall('account.adjustAccountMode', { mode: 'delta' });
    try {
      await poller.pollOnce();
      expect(poller.latest().settings?.deltaSwitch).toBe(true);
      expect(deltaCalls()).toBe(deltaBefore + 1);
      expect(poller.latest().delta?.positionThreshold?.toFixed()).toBe('0.2');
      expect(poller.latest().delta?.coins.length).toBeGreaterThan(0);
    } finally {
      exchangeCall('account.adjustAccountMode', { mode: 'advanced', deltaSwitch: 'no' });
    }
    await poller.pollOnce();
    expect(poller.latest().delta).toBeNull();
    expect(deltaCalls()).toBe(deltaBefore + 1);
    expect(updates).toHaveLength(3);
  });

  it.each([
    { what: 'a wrong secret', patch: { secret: 'not-the-secret' }, code: '30015' },
    { what: 'a wrong passphrase', patch: { passphrase: 'not-the-passphrase' }, code: '30012' },
  ])('stops retrying the private login after $what, with the refusal as the reason', async ({ patch, code }) => {
    let privateAttempts = 0;
    const counting: StreamTuning = {
      ...TUNING,
      createSocket: (url) => {
        if (url === sim.wsPrivate) privateAttempts += 1;
        return new WebSocket(url);
      },
    };
    const bad = await openSession(endpoint({ apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase, ...patch }), { streamTuning: counting });
    try {
      await waitFor(() => bad.store.getState().connection.private.state === 'fatal', () => JSON.stringify(bad.store.getState().connection.private));
      const priv = bad.store.getState().connection.private;
      expect(priv.lastError).toContain(code);
      expect(priv.lastError).toMatch(/login refused/);
      expect(bad.stream.getHealth().private?.lastErrorCode).toBe(code);
      expect(privateAttempts).toBe(1);
      // No retry is scheduled, and none happens over many backoff periods (the cap is 250 ms),
      // counted in the public socket's pongs (one a ping interval of 250 ms): 5 of them.
      expect(bad.stream.getHealth().private?.nextRetryAt ?? null).toBeNull();
      const pongs = countFrames(bad.stream.publicConnection.events, (f) => f.kind === 'pong');
      try {
        await waitFor(() => pongs.count() >= 5, () => `public pongs ${pongs.count()}; ${JSON.stringify(bad.stream.getHealth())}`);
      } finally {
        pongs.stop();
      }
      expect(privateAttempts).toBe(1);
      expect(bad.store.getState().connection.private.state).toBe('fatal');
      expect(bad.store.getState().connection.private.reconnects).toBe(0);
      // The public side of the same session is unaffected.
      await waitFor(() => bad.store.getState().connection.public.state === 'subscribed');
    } finally {
      await bad.services.shutdown();
    }
  });
});
