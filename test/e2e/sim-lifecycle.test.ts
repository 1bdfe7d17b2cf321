/**
 * Description: issue 3's lifecycle claims over real sockets — every order state transition of the
 * spec's "Trading order" table as the private `order` topic shows it, batch partial success, the
 * countdown cancelling every order, and a crypto loan from borrow through margin call to
 * liquidation as the collateral price falls.
 * Setup: `startSim()` on 127.0.0.1 port 0, then its market agents and tick timer stopped (the book
 * only changes when this file trades); the real RestClient for order entry and queries, a real
 * StreamClient subscribed to `order`, `fill` and `account`. Counterparties are the venue's system accounts:
 * `placeMakerOrder` rests liquidity, `takerMarketOrder` trades against our resting orders.
 * Run: time-driven work (countdown, liquidation, loan risk) is driven with `exchange.tick(t)`, never slept for.
 * "No push" is proven with a barrier: a later order's push arrives first on the same socket.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { ExchangeError } from '../../src/exchange/wire/errors.js';
import type { PlaceOrderParams } from '../../src/exchange/wire/params.js';
import { wireInt, wireList, wireRecord, wireString, type WireRecord } from '../../src/exchange/wire/wire-values.js';
import { StreamClient } from '../../src/exchange/ws/stream-client.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { waitFor } from '../helpers/wait-for.js';

const CATEGORY = 'SPOT';
const SYMBOL = 'BTCUSDT';

let sim: SimHandle;
let rest: RestClient;
let api: ExchangeApi;
let stream: StreamClient;
/** Every `order` item pushed, in arrival order. */
const orderPushes: WireRecord[] = [];
/** Every `fill` item pushed. */
const fillPushes: WireRecord[] = [];
/** Every `account` item pushed. */
const accountPushes: WireRecord[] = [];
let oidSeq = 0;
/** Smallest price step of the instrument. */
let tick: Decimal;

const nextOid = (tag: string): string => `life-${tag}-${++oidSeq}`;
const pushesOf = (clientOid: string): WireRecord[] => orderPushes.filter((p) => p['clientOid'] === clientOid);
const statesOf = (clientOid: string): string[] => pushesOf(clientOid).map((p) => wireString(p['orderStatus']));
const fillsOf = (orderId: string): WireRecord[] => fillPushes.filter((f) => f['orderId'] === orderId);
const describePushes = (): string => JSON.stringify(orderPushes.slice(-6), null, 1);

/** Waits for the push of `clientOid` in `state`; returns it. */
function pushIn(clientOid: string, state: string): Promise<WireRecord> {
  return waitFor(() => pushesOf(clientOid).find((p) => p['orderStatus'] === state), describePushes);
}

function bestBid(): Decimal {
  const bid = sim.exchange.venue.bestBid(CATEGORY, SYMBOL);
  if (!bid) throw new Error('no bid on the SPOT BTCUSDT book');
  return bid;
}

function bestAsk(): Decimal {
  const ask = sim.exchange.venue.bestAsk(CATEGORY, SYMBOL);
  if (!ask) throw new Error('no ask on the SPOT BTCUSDT book');
  return ask;
}

/** One tick above the best bid, asserted below the best ask: a buy there is alone at the top of the bids. */
function insideBid(): string {
  const price = bestBid().plus(tick);
  expect(price.lt(bestAsk())).toBe(true);
  return price.toFixed();
}

/** Places over REST; returns orderId and clientOid. */
async function place(fields: Partial<PlaceOrderParams> & Pick<PlaceOrderParams, 'side' | 'qty'>): Promise<{ orderId: string; clientOid: string }> {
  const clientOid = fields.clientOid ?? nextOid(fields.side);
  const order = { category: CATEGORY, symbol: SYMBOL, orderType: 'limit', ...fields, clientOid } as const;
  const ack = wireRecord(await api.trade.placeOrder(order));
  expect(ack['clientOid']).toBe(clientOid);
  return { orderId: wireString(ack['orderId']), clientOid };
}

/** A resting buy at the top of the bids, confirmed by its `new` push. */
async function restingBuy(qty: string): Promise<{ orderId: string; clientOid: string; price: string }> {
  const price = insideBid();
  const placed = await place({ side: 'buy', qty, price });
  await pushIn(placed.clientOid, 'new');
  return { ...placed, price };
}

/** The exchange's REST view of one order. */
async function orderInfo(orderId: string): Promise<WireRecord> {
  return wireRecord(await api.trade.getOrderInfo({ orderId }));
}

/** The ExchangeError `fn` rejects with. */
async function refusal(fn: () => Promise<unknown>): Promise<ExchangeError> {
  const err = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ExchangeError)) throw new Error(`expected an ExchangeError, got ${String(err)}`);
  return err;
}

/**
 * Barrier: places and cancels a throw-away resting order and waits for its cancelled push. The
 * private socket delivers in order, so any push caused by an earlier request has arrived by then.
 */
async function barrier(): Promise<void> {
  const { orderId, clientOid } = await place({ side: 'buy', qty: '0.001', price: bestBid().times('0.9').toDecimalPlaces(tick.decimalPlaces()).toFixed() });
  await api.trade.cancelOrder({ orderId });
  await pushIn(clientOid, 'cancelled');
}

/** `balance` of `coin` in the account assets (REST). */
async function balanceOf(coin: string): Promise<Decimal> {
  const row = wireList(wireRecord(await api.account.getAssets()).assets).find((a) => a['coin'] === coin);
  return new Decimal(wireString(row?.['balance']) || '0');
}

/** Waits for an `account` push whose `coin` balance equals `balance`; returns its index. */
async function accountPushWith(coin: string, balance: Decimal): Promise<number> {
  const matches = (a: WireRecord): boolean => wireList(a['coin']).some((c) => c['coin'] === coin && new Decimal(wireString(c['balance']) || '0').eq(balance));
  return (await waitFor(() => accountPushes.findIndex(matches) + 1, () => `no account push with ${coin} ${balance.toFixed()}`)) - 1;
}

/** The ongoing loan `orderId` (REST), or undefined once it ended. */
async function ongoing(orderId: string): Promise<WireRecord | undefined> {
  return wireList(await api.loan.getOngoing({ orderId }))[0];
}

/** Moves the BTC price by `factor` and runs the desk's time-driven work at the current exchange time. */
function shockBtc(factor: string): void {
  sim.exchange.shockPrice(CATEGORY, SYMBOL, new Decimal(factor));
  sim.exchange.tick(sim.exchange.now());
}

beforeAll(async () => {
  sim = await startSim({ seed: 5 });
  // Market agents and the exchange's own tick timer off: the book and time-driven work only move
  // when this file trades or calls `exchange.tick`. (close() stops it again; stop is idempotent.)
  sim.exchange.stop();
  const credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
  rest = new RestClient({ baseUrl: sim.rest, credentials });
  api = createExchangeApi(rest);
  stream = new StreamClient({ publicUrl: sim.wsPublic, privateUrl: sim.wsPrivate, credentials });
  stream.onTopic('order', (push) => orderPushes.push(...wireList(push.data)));
  stream.onTopic('fill', (push) => fillPushes.push(...wireList(push.data)));
  stream.onTopic('account', (push) => accountPushes.push(...wireList(push.data)));
  stream.subscribe([
    { instType: 'UTA', topic: 'order' },
    { instType: 'UTA', topic: 'fill' },
    { instType: 'UTA', topic: 'account' },
  ]);
  stream.connect();
  const connection = stream.privateConnection;
  if (!connection) throw new Error('no private connection');
  await waitFor(() => connection.getHealth().state === 'subscribed', () => JSON.stringify(connection.getHealth()));
  const inst = wireList(await api.market.getInstruments({ category: CATEGORY, symbol: SYMBOL }))[0];
  tick = new Decimal(10).pow(-wireInt(inst?.['pricePrecision']));
});

afterAll(async () => {
  stream.close();
  await rest.close();
  await sim.close();
});

describe('order state transitions on the order topic (spec "Trading order" table)', () => {
  it('placement accepted → one new push; rejected at entry (25202) → no push at all', async () => {
    const accepted = await restingBuy('0.001');
    expect(statesOf(accepted.clientOid)).toEqual(['new']);
    expect(pushesOf(accepted.clientOid)[0]).toMatchObject({ orderId: accepted.orderId, category: 'spot', symbol: SYMBOL, cumExecQty: '0', cancelReason: '' });
    const rejectedOid = nextOid('rejected');
    const err = await refusal(() => place({ side: 'buy', qty: '500', price: insideBid(), clientOid: rejectedOid }));
    expect(err.exchangeCode).toBe('25202');
    await barrier();
    expect(pushesOf(rejectedOid)).toEqual([]);
    await api.trade.cancelOrder({ orderId: accepted.orderId });
    await pushIn(accepted.clientOid, 'cancelled');
  });

  it('new → filled in one fill: the filled push has the fill totals and the tradeId of its fill', async () => {
    const order = await restingBuy('0.002');
    sim.exchange.venue.takerMarketOrder(CATEGORY, SYMBOL, 'sell', new Decimal('0.002'));
    const filled = await pushIn(order.clientOid, 'filled');
    expect(statesOf(order.clientOid)).toEqual(['new', 'filled']);
    expect(filled).toMatchObject({ cumExecQty: '0.002', avgPrice: new Decimal(order.price).toFixed(), cancelReason: '' });
    const fills = await waitFor(() => fillsOf(order.orderId).length === 1 && fillsOf(order.orderId));
    expect(fills[0]).toMatchObject({ execQty: '0.002', execPrice: order.price, tradeScope: 'maker', execId: expect.stringMatching(/^\d+$/) });
    expect(filled['tradeId']).toBe(fills[0]?.['execId']);
    expect(pushesOf(order.clientOid)[0]?.['tradeId']).toBe('');
    expect((await orderInfo(order.orderId))['orderStatus']).toBe('filled');
  });

  it('new → partially_filled → partially_filled → filled, one fill and tradeId per step', async () => {
    const order = await restingBuy('0.01');
    for (const [qty, state, cum] of [
      ['0.003', 'partially_filled', '0.003'],
      ['0.003', 'partially_filled', '0.006'],
      ['0.004', 'filled', '0.01'],
    ] as const) {
      sim.exchange.venue.takerMarketOrder(CATEGORY, SYMBOL, 'sell', new Decimal(qty));
      await waitFor(() => pushesOf(order.clientOid).find((p) => p['cumExecQty'] === cum), describePushes);
      expect(pushesOf(order.clientOid).at(-1)?.['orderStatus']).toBe(state);
    }
    expect(statesOf(order.clientOid)).toEqual(['new', 'partially_filled', 'partially_filled', 'filled']);
    const fills = await waitFor(() => fillsOf(order.orderId).length === 3 && fillsOf(order.orderId));
    expect(fills.map((f) => f['execQty'])).toEqual(['0.003', '0.003', '0.004']);
    expect(new Set(fills.map((f) => f['execId'])).size).toBe(3);
    expect(pushesOf(order.clientOid).map((p) => p['tradeId'])).toEqual(['', ...fills.map((f) => f['execId'])]);
  });

  it.each([
    ['IOC that cannot fill', 'ioc', () => insideBid(), 'ioc_not_full_cancel'],
    ['FOK that cannot fill in full', 'fok', () => insideBid(), 'fok_not_full_cancel'],
    ['post-only that would take', 'post_only', () => bestAsk().toFixed(), 'post_only_cancel'],
  ] as const)('%s → a single cancelled push with the reason; nothing rests', async (_name, timeInForce, price, reason) => {
    const placed = await place({ side: 'buy', qty: '0.001', price: price(), timeInForce });
    const pushed = await pushIn(placed.clientOid, 'cancelled');
    expect(statesOf(placed.clientOid)).toEqual(['cancelled']);
    expect(pushed).toMatchObject({ timeInForce, cumExecQty: '0', cancelReason: reason, cancelSource: 'system' });
    const open = wireList(wireRecord(await api.trade.getUnfilledOrders({ category: CATEGORY })).list);
    expect(open.some((o) => o['orderId'] === placed.orderId)).toBe(false);
  });

  it('IOC partly filled, then cancelled for lack of depth', async () => {
    const price = insideBid();
    expect(sim.exchange.venue.placeMakerOrder(CATEGORY, SYMBOL, 'sell', new Decimal(price), new Decimal('0.004'))).not.toBeNull();
    const placed = await place({ side: 'buy', qty: '0.01', price, timeInForce: 'ioc' });
    const pushed = await pushIn(placed.clientOid, 'cancelled');
    expect(pushed).toMatchObject({ cumExecQty: '0.004', cancelReason: 'ioc_not_full_cancel', cancelSource: 'system' });
    const fills = await waitFor(() => fillsOf(placed.orderId).length === 1 && fillsOf(placed.orderId));
    expect(fills[0]).toMatchObject({ execQty: '0.004', tradeScope: 'taker' });
  });

  it('new → cancelled and partially_filled → cancelled by cancel-order, each confirmed by a cancelled push', async () => {
    const fresh = await restingBuy('0.002');
    expect(wireRecord(await api.trade.cancelOrder({ orderId: fresh.orderId }))).toMatchObject({ orderId: fresh.orderId });
    expect(await pushIn(fresh.clientOid, 'cancelled')).toMatchObject({ cumExecQty: '0', cancelSource: 'user' });

    const partial = await restingBuy('0.005');
    sim.exchange.venue.takerMarketOrder(CATEGORY, SYMBOL, 'sell', new Decimal('0.002'));
    await pushIn(partial.clientOid, 'partially_filled');
    await api.trade.cancelOrder({ clientOid: partial.clientOid });
    expect(await pushIn(partial.clientOid, 'cancelled')).toMatchObject({ cumExecQty: '0.002', cancelSource: 'user' });
    expect(statesOf(partial.clientOid)).toEqual(['new', 'partially_filled', 'cancelled']);
  });

  it('system cancel by self-trade prevention names its cancelSource', async () => {
    const price = insideBid();
    const resting = await place({ side: 'sell', qty: '0.002', price });
    await pushIn(resting.clientOid, 'new');
    const taker = await place({ side: 'buy', qty: '0.002', price, stpMode: 'cancel_both' });
    expect(await pushIn(resting.clientOid, 'cancelled')).toMatchObject({ cumExecQty: '0', cancelSource: 'stp', cancelReason: 'stp_cancel_maker' });
    expect(await pushIn(taker.clientOid, 'cancelled')).toMatchObject({ cumExecQty: '0', cancelSource: 'stp', cancelReason: 'stp_cancel_taker' });
    expect(fillsOf(resting.orderId)).toEqual([]);
  });

  it('filled and cancelled orders refuse modify and cancel (25204); state and pushes unchanged', async () => {
    const filled = await restingBuy('0.001');
    sim.exchange.venue.takerMarketOrder(CATEGORY, SYMBOL, 'sell', new Decimal('0.001'));
    await pushIn(filled.clientOid, 'filled');
    const cancelled = await restingBuy('0.001');
    await api.trade.cancelOrder({ orderId: cancelled.orderId });
    await pushIn(cancelled.clientOid, 'cancelled');
    for (const o of [filled, cancelled]) {
      const before = await orderInfo(o.orderId);
      const pushCount = pushesOf(o.clientOid).length;
      expect((await refusal(() => api.trade.cancelOrder({ orderId: o.orderId }))).exchangeCode).toBe('25204');
      expect((await refusal(() => api.trade.modifyOrder({ orderId: o.orderId, price: insideBid(), category: CATEGORY, symbol: SYMBOL }))).exchangeCode).toBe('25204');
      await barrier();
      expect(pushesOf(o.clientOid)).toHaveLength(pushCount);
      expect(await orderInfo(o.orderId)).toEqual(before);
    }
  });
});

describe('batch placement and the countdown', () => {
  it('place-batch with one invalid order: per-order code/msg; the valid ones are placed and pushed, the invalid one is not', async () => {
    const price = insideBid();
    const [a, bad, b] = [nextOid('batch'), nextOid('batch-bad'), nextOid('batch')];
    const base = { category: CATEGORY, symbol: SYMBOL, side: 'buy', orderType: 'limit', price } as const;
    const reply = wireList(
      await api.trade.placeBatch([
        { ...base, qty: '0.001', clientOid: a },
        { ...base, qty: '500', clientOid: bad },
        { ...base, qty: '0.002', clientOid: b },
      ]),
    );
    expect(reply.map((r) => [r['clientOid'], r['code']])).toEqual([
      [a, '00000'],
      [bad, '25202'],
      [b, '00000'],
    ]);
    expect(wireString(reply[1]?.['msg'])).toMatch(/Insufficient balance/);
    expect(reply[1]?.['orderId']).toBeNull();
    await pushIn(a, 'new');
    await pushIn(b, 'new');
    await barrier();
    expect(pushesOf(bad)).toEqual([]);
    const open = wireList(wireRecord(await api.trade.getUnfilledOrders({ category: CATEGORY })).list).map((o) => o['clientOid']);
    expect(open).toEqual(expect.arrayContaining([a, b]));
    expect(open).not.toContain(bad);
  });

  it('countdown-cancel-all: armed for 5 s over REST, on expiry every order is cancelled (pushed) and the switch is off', async () => {
    const spot = await restingBuy('0.001');
    const futures = await place({ category: 'USDT-FUTURES', side: 'buy', qty: '0.01', price: '1000' });
    await pushIn(futures.clientOid, 'new');
    const openBefore = wireList(wireRecord(await api.trade.getUnfilledOrders({})).list).map((o) => wireString(o['clientOid']));
    expect(openBefore).toEqual(expect.arrayContaining([spot.clientOid, futures.clientOid]));
    await api.trade.countdownCancelAll({ countdown: '5' });
    const deadline = sim.exchange.countdownDeadline(sim.uid);
    expect(deadline).not.toBeNull();
    const due = deadline ?? 0;
    expect(due - sim.exchange.now()).toBeGreaterThan(3_000);
    expect(due - sim.exchange.now()).toBeLessThanOrEqual(5_000);
    sim.exchange.tick(due - 1);
    expect(sim.exchange.countdownDeadline(sim.uid)).toBe(due);
    sim.exchange.tick(due);
    for (const oid of openBefore) {
      expect(await pushIn(oid, 'cancelled')).toMatchObject({ cancelSource: 'countdown', cancelReason: 'countdown_cancel' });
    }
    expect(sim.exchange.countdownDeadline(sim.uid)).toBeNull();
    expect(wireList(wireRecord(await api.trade.getUnfilledOrders({})).list)).toEqual([]);
    // Switched off: a later order survives any amount of time; so does one under a countdown disarmed with 0.
    const later = await restingBuy('0.001');
    sim.exchange.tick(due + 60_000);
    expect((await orderInfo(later.orderId))['orderStatus']).toBe('new');
    await api.trade.countdownCancelAll({ countdown: '5' });
    expect(sim.exchange.countdownDeadline(sim.uid)).not.toBeNull();
    await api.trade.countdownCancelAll({ countdown: '0' });
    expect(sim.exchange.countdownDeadline(sim.uid)).toBeNull();
    sim.exchange.tick(due + 120_000);
    expect((await orderInfo(later.orderId))['orderStatus']).toBe('new');
    await api.trade.cancelOrder({ orderId: later.orderId });
    await pushIn(later.clientOid, 'cancelled');
  });
});

describe('system cancel by liquidation', () => {
  it('an isolated long liquidated by a price drop: the resting futures order is cancelled with cancelSource liquidation', async () => {
    const futures = { category: 'USDT-FUTURES', symbol: SYMBOL } as const;
    const resting = await place({ ...futures, side: 'buy', qty: '0.01', price: '1000' });
    await pushIn(resting.clientOid, 'new');
    const opened = await place({ ...futures, side: 'buy', orderType: 'market', qty: '0.01', marginMode: 'isolated' });
    await pushIn(opened.clientOid, 'filled');
    const longs = async (): Promise<readonly WireRecord[]> => wireList(wireRecord(await api.position.getCurrent({ category: 'USDT-FUTURES', symbol: SYMBOL })).list);
    expect(await longs()).toHaveLength(1);
    // Leverage 10 (the default): −15 % wipes out the isolated margin.
    sim.exchange.shockPrice('USDT-FUTURES', SYMBOL, new Decimal('0.85'));
    sim.exchange.tick(sim.exchange.now());
    expect(await pushIn(resting.clientOid, 'cancelled')).toMatchObject({ cancelSource: 'liquidation', cancelReason: 'liquidation', cumExecQty: '0' });
    const closing = await waitFor(() => orderPushes.find((p) => p['delegateType'] === 'liquidation' && p['orderStatus'] === 'filled'), describePushes);
    expect(closing).toMatchObject({ category: 'usdt-futures', side: 'sell', cumExecQty: '0.01', reduceOnly: 'yes' });
    expect(await longs()).toEqual([]);
  });
});

describe('crypto loan: borrow → margin call → liquidation as the collateral price falls', () => {
  it('borrows USDT against BTC at the initial ratio, enters margin call past supRate, is liquidated past forceRate', async () => {
    const btcBefore = await balanceOf('BTC');
    const usdtBefore = await balanceOf('USDT');
    const startTime = String(Date.now() - 60_000);
    const { orderId } = wireRecord(await api.loan.borrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '20000' })) as { orderId: string };
    const loan = await ongoing(orderId);
    // Ongoing ratios in percent, as the official Get-Borrow-Ongoing example prints them.
    expect(loan).toMatchObject({ loanCoin: 'USDT', loanAmount: '20000', pledgeCoin: 'BTC', supRate: '80', forceRate: '91' });
    const pledge = new Decimal(wireString(loan?.['pledgeAmount']));
    expect(new Decimal(wireString(loan?.['pledgeRate'])).div(100).minus('0.65').abs().lte('0.005')).toBe(true);
    expect((await balanceOf('BTC')).eq(btcBefore.minus(pledge))).toBe(true);
    expect((await balanceOf('USDT')).eq(usdtBefore.plus(20000))).toBe(true);
    // The borrow's own account push (collateral out) is the last one before the price moves.
    const borrowPush = await accountPushWith('BTC', btcBefore.minus(pledge));
    expect(accountPushes).toHaveLength(borrowPush + 1);
    const rateOf = async (): Promise<Decimal> => new Decimal(wireString((await ongoing(orderId))?.['pledgeRate'])).div(100);

    // −10 %: ratio ≈ 0.72, below the margin-call line.
    shockBtc('0.9');
    const first = await rateOf();
    expect(first.gt('0.7') && first.lt('0.8')).toBe(true);
    // Down to ≈ 0.85: margin call — the loan stays ongoing above supRate and an account push asks clients to refresh.
    shockBtc(new Decimal('0.65').div('0.85').div('0.9').toFixed(6));
    const inCall = await rateOf();
    expect(inCall.gte('0.8') && inCall.lt('0.91')).toBe(true);
    await waitFor(() => accountPushes.length > borrowPush + 1, () => `account pushes ${accountPushes.length}`);
    // Down to ≈ 0.95: past forceRate — liquidated on the next tick.
    shockBtc(new Decimal('0.85').div('0.95').toFixed(6));
    expect(await ongoing(orderId)).toBeUndefined();

    const window = { startTime, endTime: String(Date.now() + 1_000) };
    const reduces = wireList(await api.loan.getReduces({ ...window, orderId }));
    expect(reduces).toHaveLength(1);
    const reduce = reduces[0] ?? {};
    expect(reduce).toMatchObject({ orderId, loanCoin: 'USDT', pledgeCoin: 'BTC', status: 'COMPLETE', repayLoanAmount: '20000' });
    expect(new Decimal(wireString(reduce['pledgeRate'])).div(100).gte('0.91')).toBe(true);
    const residue = new Decimal(wireString(reduce['residueAmount']));
    expect(residue.gt(0)).toBe(true);
    expect(new Decimal(wireString(reduce['pledgeAmount'])).plus(residue).eq(pledge)).toBe(true);
    const history = wireList(await api.loan.getBorrowHistory({ ...window, orderId }));
    expect(history.map((h) => [h['orderId'], h['status']])).toEqual([[orderId, 'FORCE']]);
    // The residue is back in the balance; the borrowed USDT stays (the sold collateral paid the debt).
    expect((await balanceOf('BTC')).eq(btcBefore.minus(pledge).plus(residue))).toBe(true);
    await accountPushWith('BTC', btcBefore.minus(pledge).plus(residue));
    expect((await balanceOf('USDT')).eq(usdtBefore.plus(20000))).toBe(true);
  });
});
