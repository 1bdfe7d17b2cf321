/**
 * Description: issue 14 — the embedded exchange answers each official page's request with data of
 * the page's own shape: the same keys, the same JSON types, the same nesting (values differ: the
 * market and the account are its own). Where it cannot, the difference is listed here with the
 * reason, and docs/conformance.md says the same.
 * Setup: `startSim()` on 127.0.0.1 port 0; requests signed by the exchange's own test client
 * (`signedFetch`), never by utadash's REST client. The account first gets what every read needs:
 * a filled spot order, a resting futures order and an open position, a position closed by its
 * take-profit preset (a position history row and a TP/SL strategy row), a loan partly repaid with
 * collateral added, a loan liquidated (a reduce record and a borrow history record), delta mode on,
 * a resting Reality order and a sub-account.
 * Run: first every read, against that state, in the examples' order; then the writes in one fixed
 * order in which each finds what it acts on (place, modify, cancel, close, settings, loan, subs).
 * Each sends the page's request adapted to this exchange's symbols and ids, then checks
 * `shapeDiff(page data, exchange data)`.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/exchange/wire/operations.js';
import { operationById } from '../../src/exchange/wire/operations.js';
import { signedFetch, type TestReply } from '../helpers/sim-testing/signed-fetch.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { loadGoldens, shapeDiff, type Golden } from '../helpers/golden.js';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : Array.isArray(rec(v)['list']) ? (rec(v)['list'] as unknown[]) : []);

interface Ctx {
  readonly now: number;
  restingOrderId: string;
  spotOrderId: string;
  realityOrderId: string;
  batchOrderId: string;
  loanOrderId: string;
}

const DAY = 86_400_000;
const FUT = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const;
const span = (c: Ctx): { startTime: string; endTime: string } => ({ startTime: String(c.now - DAY), endTime: String(c.now + DAY) });

/** The request sent for each example: the page's, with this exchange's symbols, ids and times. */
const REQUESTS: Partial<Record<OperationId, (c: Ctx) => unknown>> = {
  'account.getAssets': () => ({}),
  'account.getFundingAssets': () => ({}),
  'account.getDeltaInfo': () => ({}),
  'account.getFinancialRecords': (c) => ({ category: 'USDT-FUTURES', ...span(c) }),
  'account.getMaxOpenAvailable': () => ({ category: 'SPOT', symbol: 'BTCUSDT', orderType: 'market', side: 'sell' }),
  'position.getCurrent': () => ({ ...FUT }),
  'position.getHistory': (c) => ({ category: 'USDT-FUTURES', ...span(c) }),
  'position.getAllLegacy': () => ({ productType: 'USDT-FUTURES', marginCoin: 'USDT' }),
  'trade.getOrderInfo': (c) => ({ orderId: c.spotOrderId }),
  'trade.getUnfilledOrders': () => ({ ...FUT }),
  'trade.getHistoryOrders': (c) => ({ category: 'USDT-FUTURES', ...span(c) }),
  'trade.getFills': (c) => ({ category: 'USDT-FUTURES', ...span(c) }),
  'trade.getHistoryStrategyOrders': () => ({ category: 'USDT-FUTURES', type: 'tpsl' }),
  'trade.placeOrder': () => ({ ...FUT, side: 'buy', orderType: 'limit', qty: '0.01', price: '40000', timeInForce: 'gtc', clientOid: 'golden-place' }),
  // The page's entry is an accepted order. A refused entry sent without an orderId carries orderId
  // null here (no order stands behind it; sim-lifecycle.test pins that), where the page types String.
  'trade.placeBatch': () => [{ ...FUT, side: 'buy', orderType: 'limit', qty: '0.01', price: '40001', timeInForce: 'gtc', clientOid: 'golden-b1' }],
  'trade.modifyOrder': (c) => ({ orderId: c.restingOrderId, qty: '0.02', price: '40002', autoCancel: 'no' }),
  'trade.batchModifyOrder': (c) => [{ orderId: c.batchOrderId, qty: '0.02', price: '40003', autoCancel: 'no' }],
  'trade.cancelOrder': () => ({ clientOid: 'golden-place' }),
  'trade.cancelBatch': (c) => [{ orderId: c.batchOrderId, ...FUT }],
  'trade.cancelRealityOrder': (c) => ({ symbol: 'RAAPLUSDT', orderId: c.realityOrderId }),
  'trade.cancelSymbolOrder': () => ({ category: 'USDT-FUTURES' }),
  'trade.closePositions': () => ({ category: 'USDT-FUTURES' }),
  'trade.countdownCancelAll': () => ({ countdown: '40' }),
  'loan.getCoins': () => ({}),
  'loan.getInterest': () => ({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.1' }),
  'loan.getOngoing': () => ({}),
  'loan.getBorrowHistory': (c) => span(c),
  'loan.getRepayHistory': (c) => span(c),
  'loan.getReduces': (c) => span(c),
  'loan.repay': (c) => ({ orderId: c.loanOrderId, method: 'borrowed_coin', repayAll: 'yes' }),
  'insLoan.getCoinsConvert': () => ({ productId: 'demo-product' }),
  'market.getInstruments': () => ({ category: 'USDT-FUTURES' }),
  'market.getTickers': () => ({ category: 'SPOT', symbol: 'BTCUSDT' }),
  'market.getOrderbook': () => ({ ...FUT, limit: '5' }),
  'market.getRpiOrderbook': () => ({ category: 'SPOT', symbol: 'BTCUSDT', limit: '5' }),
  // The page's curl sends type=MARKET; its parameter table (and the newer spec) spell the values lower case.
  'market.getCandles': () => ({ ...FUT, interval: '1m', type: 'market', limit: '10' }),
  'market.getHistoryCandles': (c) => ({ ...FUT, interval: '1D', endTime: String(c.now), limit: '10' }),
  'market.getScoreWeights': () => ({ category: 'SPOT' }),
  'market.getAnnouncements': () => ({ language: 'en_US' }),
  'account.setLeverage': () => ({ ...FUT, leverage: '10' }),
  'account.setHoldMode': () => ({ holdMode: 'one_way_mode' }),
  'account.adjustAccountMode': () => ({ mode: 'basic' }),
  'account.cancelWithdrawal': () => ({ clientOid: 'demo-wd-usdt' }),
  'user.createSub': () => ({ username: 'goldensub', accountMode: 'unified', note: 'golden' }),
  'user.getSubList': () => ({ limit: '100' }),
  'user.batchCreateSubApiKey': () => [{ subAccountName: 'goldenab', passphrase: 'pass1234word', permList: ['spot_trade', 'margin_trade', 'contract_trade'], label: 'golden', ipList: ['127.0.0.1'] }],
  'tax.getMarginRecords': (c) => ({ startTime: String(c.now - 20 * DAY), endTime: String(c.now), limit: '100' }),
};

/**
 * The writes, in the order they run: each finds what it acts on (the order placed, modified, then
 * cancelled; positions closed and orders gone before the hold mode switch; the loan still open).
 */
const WRITE_ORDER: readonly OperationId[] = [
  'trade.placeOrder',
  'trade.placeBatch',
  'trade.modifyOrder',
  'trade.batchModifyOrder',
  'trade.cancelOrder',
  'trade.cancelBatch',
  'trade.cancelRealityOrder',
  'trade.cancelSymbolOrder',
  'trade.closePositions',
  'trade.countdownCancelAll',
  'account.setLeverage',
  'account.setHoldMode',
  'account.adjustAccountMode',
  'account.cancelWithdrawal',
  'loan.repay',
  'user.createSub',
  'user.batchCreateSubApiKey',
];

/**
 * Before a write whose one-a-second budget the setup already spent: the exchange clock moves a
 * second on (rate limits follow it) instead of the test sleeping.
 */
const BEFORE: Partial<Record<OperationId, () => void>> = {
  'account.adjustAccountMode': () => {
    clockAhead += 1000;
  },
};

/** What a write's reply gives the writes after it. */
const REMEMBER: Partial<Record<OperationId, (data: unknown, c: Ctx) => void>> = {
  'trade.placeBatch': (data, c) => {
    c.batchOrderId = String(rec(listOf(data)[0])['orderId']);
  },
};

const TPSL = ['takeProfit', 'stopLoss', 'tpTriggerBy', 'slTriggerBy', 'tpOrderType', 'slOrderType', 'tpLimitPrice', 'slLimitPrice'];
const notOnPage = (path: string, keys: readonly string[]): string[] => keys.map((k) => `${path}.${k}: not on the page`);
const ORDER_WHY =
  'protocol-notes §8.1: order-info, unfilled-orders and history-orders share one order object; delegateType and stpMode are in the SDK types and the docs, tradeSide is on the order-info page, marginMode and the TP/SL block are in the docs, and a newer mirror of the order-info page (www.abcdstable.com) prints marginMode, stpMode, the TP/SL fields and delegateType in its example.';

/** Where this exchange's reply may differ in shape from the page, and why (docs/conformance.md). */
const KNOWN: Partial<Record<OperationId, { readonly diffs: readonly string[]; readonly why: string }>> = {
  'account.getAssets': {
    diffs: ['data.assets[].bonus: not on the page', 'data.positionValue: not on the page', 'data.leverage: not on the page'],
    why: 'The seed spec (uta-api-spec.md, Account assets) lists positionValue (USD) and leverage at account level and bonus on each asset; the SDK types carry positionValue and leverage too (protocol-notes §8.9).',
  },
  'insLoan.getCoinsConvert': {
    diffs: ['data.coinInfo[].convertRatioList: not on the page'],
    why: "The seed spec (uta-api-spec.md, Margin coin conversion info) lists convertRatioList (ladder range text and convertRatio) on each coinInfo entry; the page's example leaves it out.",
  },
  'loan.getBorrowHistory': {
    diffs: ['data[].pledgeDays: not on the page'],
    why: "The page's own response table lists pledgeDays; only its example leaves it out (and adds daily, which the exchange also sends).",
  },
  'market.getInstruments': {
    diffs: notOnPage('data[]', ['fullName', 'instrumentType', 'marketRegion', 'isin', 'isRwa', 'type', 'maxMarketOrderQty']),
    why: "The seed spec (uta-api-spec.md, Instrument), from a newer revision of the page, lists fullName, instrumentType, marketRegion and isin for every category and isRwa, type (perpetual/delivery, which this revision prints in symbolType) and maxMarketOrderQty for futures; our mapper reads type when symbolType is absent.",
  },
  'market.getOrderbook': {
    diffs: ['data.a[][]: page has number, got string', 'data.b[][]: page has number, got string'],
    why: "The page's example prints price and size as JSON numbers while its own table types them String; the exchange sends strings, as the RPI book page, the books channel and our mapper do.",
  },
  'market.getTickers': {
    diffs: ['data[].ts: not on the page'],
    why: 'The seed spec (uta-api-spec.md, Ticker) lists ts (Unix ms) on each REST ticker; neither of the page\'s examples prints it.',
  },
  'position.getAllLegacy': {
    diffs: ['data[].cashDividend: not on the page'],
    why: 'The seed spec (uta-api-spec.md, Current position (legacy all-position operation)) lists cashDividend (USDT), also seen live on the position channel (protocol-notes §7.2).',
  },
  'position.getHistory': {
    diffs: ['data.list[].cashDividend: not on the page'],
    why: 'The seed spec (uta-api-spec.md, Historical position) lists cashDividend (USDT) on each closed position.',
  },
  'trade.getFills': {
    diffs: ['data.list[].isRPI: not on the page'],
    why: 'protocol-notes §8.2: the docs list isRPI (yes/no) on each fill; the page example predates it.',
  },
  'trade.getOrderInfo': {
    diffs: notOnPage('data', ['delegateType', 'marginMode', 'stpMode', ...TPSL]),
    why: ORDER_WHY,
  },
  'trade.getUnfilledOrders': {
    diffs: notOnPage('data.list[]', ['tradeSide', 'delegateType', 'marginMode', 'stpMode', ...TPSL]),
    why: ORDER_WHY,
  },
  'trade.getHistoryOrders': {
    diffs: notOnPage('data.list[]', ['tradeSide', 'delegateType', 'marginMode', 'stpMode', ...TPSL]),
    why: ORDER_WHY,
  },
  'trade.getHistoryStrategyOrders': {
    diffs: [...notOnPage('data.list[]', ['status', 'triggerType', 'triggerBy', 'triggerPrice', 'triggerOrderType', 'triggerOrderPrice']), 'data.cursor: not on the page'],
    why: 'The seed spec (uta-api-spec.md, Strategy order (history)) lists status, triggerType, triggerBy, triggerPrice, triggerOrderType and triggerOrderPrice on each row, and the reply\'s numeric cursor; the UI\'s strategy view shows status, triggerType and triggerPrice.',
  },
  'trade.placeBatch': {
    diffs: ['data[].code: not on the page', 'data[].msg: not on the page'],
    why: 'The seed spec (uta-api-spec.md, place-batch and Order acknowledgement) gives each reply entry its own code and msg (partial success); the order service reads them to tell which orders were refused.',
  },
  'trade.batchModifyOrder': {
    diffs: ['data[].code: not on the page', 'data[].msg: not on the page'],
    why: "The official Batch Modify Order channel page (websocket) answers each order with its own code and msg, as place-batch and cancel-batch do; the REST page's example shows none, and the order service reads them.",
  },
  'trade.cancelBatch': {
    diffs: ['data[].code: not on the page', 'data[].msg: not on the page'],
    why: 'protocol-notes §8.5: the docs and the SDK types give each cancel-batch entry code and msg, filled on failure; the order service reads them.',
  },
};

let sim: SimHandle;
/** How far the exchange clock runs ahead of the wall clock, ms. */
let clockAhead = 0;
const ctx: Ctx = { now: Date.now(), restingOrderId: '', spotOrderId: '', realityOrderId: '', batchOrderId: '', loanOrderId: '' };

async function call(id: OperationId, params: unknown): Promise<TestReply> {
  const op = operationById(id);
  const creds = op.auth === 'private' ? { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase } : null;
  return op.method === 'GET'
    ? signedFetch(sim.rest, 'GET', op.path, creds, { query: params as Record<string, string> })
    : signedFetch(sim.rest, 'POST', op.path, creds, { body: params });
}

async function ok(id: OperationId, params: unknown): Promise<unknown> {
  const r = await call(id, params);
  if (r.body.code !== '00000') throw new Error(`${id} refused: ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}

async function placed(params: Rec): Promise<string> {
  return String(rec(await ok('trade.placeOrder', params))['orderId']);
}

/** Moves a coin's price at once and runs the exchange's timed work (presets, liquidations) now. */
function shock(category: 'SPOT' | 'USDT-FUTURES', symbol: string, factor: string): void {
  sim.exchange.shockPrice(category, symbol, new Decimal(factor));
  sim.exchange.tick(sim.exchange.now());
}

beforeAll(async () => {
  sim = await startSim({ seed: 5, now: () => Date.now() + clockAhead });
  // Orders and positions: a filled spot market buy (order-info), a resting futures order, an open long.
  ctx.spotOrderId = await placed({ category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'market', qty: '100', clientOid: 'golden-spot' });
  ctx.restingOrderId = await placed({ ...FUT, side: 'buy', orderType: 'limit', qty: '0.01', price: '30000', clientOid: 'golden-rest' });
  await placed({ ...FUT, side: 'buy', orderType: 'market', qty: '0.02', clientOid: 'golden-fill' });
  // A long whose take-profit the price then reaches: closed by the preset (history + strategy rows).
  const ethMark = new Decimal(String(rec(listOf(await ok('market.getTickers', { category: 'USDT-FUTURES', symbol: 'ETHUSDT' }))[0])['markPrice']));
  await placed({ category: 'USDT-FUTURES', symbol: 'ETHUSDT', side: 'buy', orderType: 'market', qty: '0.5', takeProfit: ethMark.times('1.05').toFixed(2), tpTriggerBy: 'mark', tpOrderType: 'market' });
  shock('USDT-FUTURES', 'ETHUSDT', '1.1');
  expect(listOf(await ok('position.getHistory', { category: 'USDT-FUTURES', symbol: 'ETHUSDT' }))).toHaveLength(1);
  // Loans: one partly repaid with collateral added (stays open), one liquidated by an ETH drop.
  ctx.loanOrderId = String(rec(await ok('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '1000' }))['orderId']);
  await ok('loan.repay', { orderId: ctx.loanOrderId, method: 'borrowed_coin', repayAll: 'no', amount: '5' });
  await ok('loan.revisePledge', { orderId: ctx.loanOrderId, amount: '0.01', pledgeCoin: 'BTC', reviseType: 'IN' });
  await ok('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'ETH', daily: 'FLEXIBLE', loanAmount: '500' });
  shock('SPOT', 'ETHUSDT', '0.6');
  expect(listOf(await ok('loan.getReduces', span(ctx)))).toHaveLength(1);
  // Delta mode on (delta-info lists coins), a resting Reality order, one sub-account.
  await ok('account.adjustAccountMode', { mode: 'advanced', deltaSwitch: 'yes' });
  ctx.realityOrderId = await placed({ category: 'SPOT', symbol: 'RAAPLUSDT', side: 'buy', orderType: 'limit', qty: '1', price: '150', clientOid: 'golden-reality' });
  await ok('user.createSub', { username: 'goldenpre', note: 'listed' });
});

afterAll(async () => {
  await sim.close();
});

const WITH_RESPONSE = loadGoldens().filter((g): g is Golden & { response: NonNullable<Golden['response']> } => g.response !== null);
const byId = new Map(WITH_RESPONSE.map((g) => [g.operation, g] as const));
const READS = WITH_RESPONSE.filter((g) => !operationById(g.operation).write).map((g) => g.operation);

async function checkShape(id: OperationId): Promise<void> {
  const make = REQUESTS[id];
  const g = byId.get(id);
  if (make === undefined || g === undefined) throw new Error(`no request or example for ${id}`);
  BEFORE[id]?.();
  const reply = await call(id, make(ctx));
  expect(reply.body.code, `${id}: ${reply.body.msg}`).toBe('00000');
  REMEMBER[id]?.(reply.body.data, ctx);
  expect(shapeDiff(g.response.data, reply.body.data)).toEqual(KNOWN[id]?.diffs ?? []);
}

describe.sequential("the embedded exchange's replies have the official examples' shape", () => {
  it('has a request for every example with a response, and runs every write once', () => {
    expect(WITH_RESPONSE.map((g) => g.operation).filter((id) => REQUESTS[id] === undefined)).toEqual([]);
    const writes = WITH_RESPONSE.filter((g) => operationById(g.operation).write).map((g) => g.operation);
    expect([...WRITE_ORDER].sort()).toEqual([...writes].sort());
  });

  it('lists only real differences: every KNOWN entry has diffs and a reason', () => {
    for (const [id, k] of Object.entries(KNOWN)) {
      expect(byId.has(id as OperationId), id).toBe(true);
      expect(k.diffs.length, id).toBeGreaterThan(0);
      expect(k.why.length, id).toBeGreaterThan(20);
    }
  });

  describe.sequential('reads, against the prepared account', () => {
    it.each(READS)('%s', checkShape);
  });

  describe.sequential('writes, in order', () => {
    it.each(WRITE_ORDER)('%s', checkShape);
  });
});
