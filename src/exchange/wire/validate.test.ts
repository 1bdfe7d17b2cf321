import { describe, expect, it } from 'vitest';
import { ExchangeError } from './errors.js';
import type { OperationSpec } from './operation-types.js';
import { OPERATION_BY_ID, type OperationId } from './operations.js';
import { ValidationError, assertValid, validateRequest } from './validate.js';

/** Injected "now": 2026-11-25T00:00:00.000Z. */
const NOW = Date.UTC(2026, 10, 25);
const DAY = 86_400_000;
const ago = (days: number): string => String(NOW - days * DAY);

function op(id: OperationId): OperationSpec {
  const spec = OPERATION_BY_ID.get(id);
  if (spec === undefined) throw new Error(`no operation ${id}`);
  return spec;
}

const messages = (id: OperationId, params: unknown): string[] => validateRequest(op(id), params, NOW).map((i) => i.message);

const LIMIT_ORDER = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'limit', price: '50000' };
const MARKET_ORDER = { category: 'SPOT', symbol: 'BTCUSDT', qty: '10', side: 'buy', orderType: 'market' };
const SUB_KEY = { subAccountName: 'abcdefgh', passphrase: 'pass1234', label: 'bot', ipList: ['10.0.0.1'], permList: ['spot-trade'] };

interface Case {
  readonly name: string;
  readonly id: OperationId;
  readonly params: unknown;
  readonly expected: readonly string[];
}

const VALID: readonly Case[] = [
  { name: 'limit order', id: 'trade.placeOrder', params: LIMIT_ORDER, expected: [] },
  { name: 'market order without price', id: 'trade.placeOrder', params: MARKET_ORDER, expected: [] },
  { name: 'unknown fields pass', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, futureField: 'x' }, expected: [] },
  { name: 'clientOid, REST pattern', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, clientOid: 'a.b:c/d_e-F9' }, expected: [] },
  { name: 'clientOid of a look-up, other pattern', id: 'trade.getOrderInfo', params: { clientOid: 'BITGET#1627 +x' }, expected: [] },
  { name: 'clientOid of a new order, reserved URL characters', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, clientOid: 'a:b/c.d_e-f' }, expected: [] },
  { name: 'countdown off', id: 'trade.countdownCancelAll', params: { countdown: '0' }, expected: [] },
  { name: 'countdown 5', id: 'trade.countdownCancelAll', params: { countdown: '5' }, expected: [] },
  { name: 'countdown 60 as a JSON number', id: 'trade.countdownCancelAll', params: { countdown: 60 }, expected: [] },
  { name: 'borrow by collateral', id: 'loan.borrow', params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '1' }, expected: [] },
  { name: 'repay all without amount', id: 'loan.repay', params: { orderId: '1', method: 'borrowed_coin', repayAll: 'yes' }, expected: [] },
  { name: 'modify by clientOid', id: 'trade.modifyOrder', params: { clientOid: 'c1', price: '1.5', requestId: '123456789012345678' }, expected: [] },
  { name: 'no params at all', id: 'market.getTime', params: undefined, expected: [] },
  { name: 'empty query', id: 'account.getAssets', params: {}, expected: [] },
  { name: 'history window at the limits', id: 'trade.getHistoryOrders', params: { category: 'SPOT', startTime: ago(90), endTime: ago(60) }, expected: [] },
  { name: 'loan window 3 months back', id: 'loan.getReduces', params: { startTime: ago(92), endTime: ago(0), pageSize: '100' }, expected: [] },
  { name: 'tax span of 30 days', id: 'tax.getMarginRecords', params: { startTime: ago(30), endTime: ago(0), limit: '500' }, expected: [] },
  { name: 'orderbook 200 levels', id: 'market.getOrderbook', params: { category: 'SPOT', symbol: 'BTCUSDT', limit: '200' }, expected: [] },
  { name: 'sub-account', id: 'user.createSub', params: { username: 'alicebob', note: 'n'.repeat(50) }, expected: [] },
  { name: 'batch of 20', id: 'trade.placeBatch', params: Array.from({ length: 20 }, () => MARKET_ORDER), expected: [] },
  { name: 'sub-account key batch', id: 'user.batchCreateSubApiKey', params: [SUB_KEY], expected: [] },
];

const INVALID: readonly Case[] = [
  { name: 'required', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, symbol: undefined }, expected: ['symbol is required'] },
  { name: 'empty string counts as missing', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, symbol: '' }, expected: ['symbol is required'] },
  { name: 'enum', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, side: 'hold' }, expected: ['side must be one of buy, sell, got "hold"'] },
  {
    name: 'category subset (tickers has no MARGIN)',
    id: 'market.getTickers',
    params: { category: 'MARGIN' },
    expected: ['category must be one of SPOT, USDT-FUTURES, COIN-FUTURES, USDC-FUTURES, got "MARGIN"'],
  },
  {
    name: 'decimal sign',
    id: 'trade.placeOrder',
    params: { ...LIMIT_ORDER, qty: '-1' },
    expected: ['qty must be a non-negative decimal number such as "0.01", got "-1"'],
  },
  {
    name: 'decimal exponent',
    id: 'trade.placeOrder',
    params: { ...LIMIT_ORDER, price: '5e4' },
    expected: ['price must be a non-negative decimal number such as "0.01", got "5e4"'],
  },
  { name: 'decimal positive', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, qty: '0.000' }, expected: ['qty must be greater than zero, got "0.000"'] },
  { name: 'money as a JSON number', id: 'trade.placeOrder', params: { ...LIMIT_ORDER, qty: 1 }, expected: ['qty must be a string, got number 1'] },
  {
    name: 'countdown below the window',
    id: 'trade.countdownCancelAll',
    params: { countdown: '4' },
    expected: ['countdown must be 0 (off) or a whole number of seconds from 5 to 60, got "4"'],
  },
  {
    name: 'countdown above the window',
    id: 'trade.countdownCancelAll',
    params: { countdown: 61 },
    expected: ['countdown must be 0 (off) or a whole number of seconds from 5 to 60, got 61'],
  },
  {
    name: 'countdown fraction',
    id: 'trade.countdownCancelAll',
    params: { countdown: '5.5' },
    expected: ['countdown must be 0 (off) or a whole number of seconds from 5 to 60, got "5.5"'],
  },
  { name: 'countdown missing', id: 'trade.countdownCancelAll', params: {}, expected: ['countdown is required'] },
  {
    name: 'integer bounds',
    id: 'market.getOrderbook',
    params: { category: 'SPOT', symbol: 'BTCUSDT', limit: '201' },
    expected: ['limit must be a whole number from 1 to 200, got "201"'],
  },
  {
    name: 'history-candles limit',
    id: 'market.getHistoryCandles',
    params: { category: 'SPOT', symbol: 'BTCUSDT', interval: '1m', limit: '101' },
    expected: ['limit must be a whole number from 1 to 100, got "101"'],
  },
  {
    name: 'candle interval',
    id: 'market.getCandles',
    params: { category: 'SPOT', symbol: 'BTCUSDT', interval: '2m' },
    expected: ['interval must be one of 1m, 3m, 5m, 15m, 30m, 1H, 4H, 6H, 12H, 1D, got "2m"'],
  },
  {
    name: 'requestId digits',
    id: 'trade.modifyOrder',
    params: { orderId: '1', qty: '1', requestId: '1234567890123456789' },
    expected: ['requestId must be a whole number of at most 18 digits, got "1234567890123456789"'],
  },
  {
    name: 'requestId beyond 2^53 as a number',
    id: 'trade.modifyOrder',
    params: { orderId: '1', qty: '1', requestId: 2 ** 60 },
    expected: [`requestId ${2 ** 60} is too large for a JSON number; send it as a string of digits`],
  },
  {
    name: 'timestamp',
    id: 'trade.getFills',
    params: { startTime: '2026-11-01' },
    expected: ['startTime must be Unix milliseconds (digits only), got "2026-11-01"'],
  },
  {
    name: 'clientOid characters',
    id: 'trade.placeOrder',
    params: { ...LIMIT_ORDER, clientOid: 'a*b' },
    expected: ['clientOid must be letters, digits and . : / _ -, got "a*b"'],
  },
  {
    name: 'clientOid of a new order: # + and space are for look-ups only (Place Order page)',
    id: 'trade.placeOrder',
    params: { ...LIMIT_ORDER, clientOid: 'a#b+c d' },
    expected: ['clientOid must be letters, digits and . : / _ -, got "a#b+c d"'],
  },
  {
    name: 'clientOid length',
    id: 'trade.placeOrder',
    params: { ...LIMIT_ORDER, clientOid: 'x'.repeat(33) },
    expected: [`clientOid must be at most 32 characters, got 33 ("${'x'.repeat(33)}")`],
  },
  {
    name: 'username',
    id: 'user.createSub',
    params: { username: 'Alice' },
    expected: ['username must be 1 to 20 lower-case letters, got "Alice"'],
  },
  {
    name: 'note length',
    id: 'user.createSub',
    params: { username: 'alice', note: 'n'.repeat(51) },
    expected: [`note must be at most 50 characters, got 51 ("${'n'.repeat(51)}")`],
  },
  {
    name: 'exactlyOne: both',
    id: 'loan.borrow',
    params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1', loanAmount: '100' },
    expected: ['give exactly one of pledgeAmount or loanAmount'],
  },
  {
    name: 'exactlyOne: neither',
    id: 'loan.borrow',
    params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN' },
    expected: ['give exactly one of pledgeAmount or loanAmount'],
  },
  { name: 'atLeastOne ids', id: 'trade.cancelOrder', params: {}, expected: ['give at least one of orderId or clientOid'] },
  { name: 'atLeastOne qty/price', id: 'trade.modifyOrder', params: { orderId: '1' }, expected: ['give at least one of qty or price'] },
  { name: 'requiredWhen repayAll=no', id: 'loan.repay', params: { orderId: '1', method: 'collateral', repayAll: 'no' }, expected: ['amount is required when repayAll is "no"'] },
  { name: 'repay method (official Repay page)', id: 'loan.repay', params: { orderId: '1', repayAll: 'yes' }, expected: ['method is required'] },
  {
    name: 'requiredWhen orderType=limit',
    id: 'trade.placeOrder',
    params: { ...LIMIT_ORDER, price: undefined },
    expected: ['price is required when orderType is "limit"'],
  },
  {
    name: 'span over 30 days',
    id: 'trade.getHistoryOrders',
    params: { category: 'SPOT', startTime: ago(31), endTime: ago(0) },
    expected: ['startTime to endTime spans 31 days; at most 30 days per query'],
  },
  {
    name: 'end before start',
    id: 'position.getHistory',
    params: { category: 'USDT-FUTURES', startTime: ago(1), endTime: ago(2) },
    expected: [`endTime (${ago(2)}) is before startTime (${ago(1)}); swap them`],
  },
  {
    name: 'tax span over 30 days',
    id: 'tax.getMarginRecords',
    params: { startTime: ago(31), endTime: ago(0) },
    expected: ['startTime to endTime spans 31 days; at most 30 days per query'],
  },
  {
    name: 'lookback 90 days',
    id: 'trade.getFills',
    params: { startTime: ago(91) },
    expected: ['startTime is older than 90 days (got 2026-08-26T00:00:00.000Z, earliest allowed 2026-08-27T00:00:00.000Z)'],
  },
  {
    name: 'lookback 3 months',
    id: 'loan.getBorrowHistory',
    params: { startTime: ago(93), endTime: ago(0) },
    expected: ['startTime is older than 3 months (got 2026-08-24T00:00:00.000Z, earliest allowed 2026-08-25T00:00:00.000Z)'],
  },
  {
    name: 'body not an object',
    id: 'trade.placeOrder',
    params: [LIMIT_ORDER],
    expected: ['the request must be a JSON object of fields, got a JSON array'],
  },
  {
    name: 'several problems at once',
    id: 'loan.getInterest',
    params: { daily: 'WEEK', pledgeAmount: 'abc' },
    expected: [
      'loanCoin is required',
      'pledgeCoin is required',
      'daily must be one of SEVEN, THIRTY, FLEXIBLE, got "WEEK"',
      'pledgeAmount must be a non-negative decimal number such as "0.01", got "abc"',
    ],
  },
];

const BATCH: readonly Case[] = [
  {
    name: 'too many orders',
    id: 'trade.placeBatch',
    params: Array.from({ length: 21 }, () => MARKET_ORDER),
    expected: ['a batch holds at most 20 orders, got 21'],
  },
  { name: 'empty batch', id: 'trade.cancelBatch', params: [], expected: ['a batch needs at least one order, got an empty list'] },
  { name: 'object instead of array', id: 'trade.placeBatch', params: MARKET_ORDER, expected: ['the body must be a JSON array of orders, got a JSON object'] },
  {
    name: 'mixed categories',
    id: 'trade.placeBatch',
    params: [LIMIT_ORDER, LIMIT_ORDER, MARKET_ORDER],
    expected: ['every order in a batch must share one category: item 3 is SPOT, item 1 is USDT-FUTURES'],
  },
  {
    name: 'per-item problems are numbered',
    id: 'trade.cancelBatch',
    params: [
      { orderId: '1', category: 'SPOT', symbol: 'BTCUSDT' },
      { category: 'SPOT', symbol: 'BTCUSDT' },
      'oops',
    ],
    expected: ['item 2: give at least one of orderId or clientOid', 'item 3: must be a JSON object, got string "oops"'],
  },
  {
    name: 'batch modify needs qty or price per item',
    id: 'trade.batchModifyOrder',
    params: [{ orderId: '1', qty: '1' }, { orderId: '2' }],
    expected: ['item 2: give at least one of qty or price'],
  },
  {
    name: 'sub-account items',
    id: 'user.batchCreateSubApiKey',
    params: [SUB_KEY, { ...SUB_KEY, subAccountName: 'abc', label: 'l'.repeat(21), ipList: Array.from({ length: 31 }, () => '1.1.1.1'), permList: ['spot_trade', 'trade'] }],
    expected: [
      'item 2: subAccountName must be exactly 8 English letters, got "abc"',
      `item 2: label must be at most 20 characters, got 21 ("${'l'.repeat(21)}")`,
      'item 2: ipList holds at most 30 entries, got 31',
      'item 2: permList entry "trade" is not one of spot_trade, margin_trade, contract_trade, read, contract-order, contract-position, spot-trade, margin-trade, copytrading-trade, wallet-transfer, wallet-withdraw',
    ],
  },
  {
    name: 'sub-account batch size uses its own noun',
    id: 'user.batchCreateSubApiKey',
    params: Array.from({ length: 6 }, () => SUB_KEY),
    expected: ['a batch holds at most 5 sub-accounts, got 6'],
  },
];

describe('validateRequest', () => {
  it.each(VALID)('accepts: $name', ({ id, params }) => {
    expect(messages(id, params)).toEqual([]);
  });

  it.each(INVALID)('rejects: $name', ({ id, params, expected }) => {
    expect(messages(id, params)).toEqual(expected);
  });

  it.each(BATCH)('batch: $name', ({ id, params, expected }) => {
    expect(messages(id, params)).toEqual(expected);
  });

  it('never echoes a secret value', () => {
    const issues = validateRequest(op('user.batchCreateSubApiKey'), [{ ...SUB_KEY, passphrase: 'hunter!!' }], NOW);
    expect(issues.map((i) => i.message)).toEqual(['item 1: passphrase must be 8 to 32 letters and digits, got 8 characters (value hidden)']);
    expect(JSON.stringify(issues)).not.toContain('hunter');
  });

  it('reports field, rule and item of each issue', () => {
    expect(validateRequest(op('trade.placeBatch'), [MARKET_ORDER, { ...MARKET_ORDER, side: 'up' }], NOW)).toEqual([
      { item: 2, field: 'side', rule: 'enum', message: 'item 2: side must be one of buy, sell, got "up"' },
    ]);
    expect(validateRequest(op('loan.repay'), { orderId: '1', method: 'borrowed_coin', repayAll: 'no' }, NOW)).toEqual([
      { field: 'amount', rule: 'requiredWhen', message: 'amount is required when repayAll is "no"' },
    ]);
  });

  it('measures look-back from the injected now', () => {
    const params = { startTime: ago(89) };
    expect(validateRequest(op('trade.getFills'), params, NOW)).toEqual([]);
    expect(validateRequest(op('trade.getFills'), params, NOW + 2 * DAY).map((i) => i.rule)).toEqual(['maxLookbackDays']);
  });
});

describe('assertValid', () => {
  it('returns quietly for a valid request', () => {
    expect(() => assertValid(op('trade.placeOrder'), LIMIT_ORDER, NOW)).not.toThrow();
  });

  it('throws ValidationError with code EXCH_VALIDATION, the op id and every issue', () => {
    let caught: unknown;
    try {
      assertValid(op('loan.borrow'), { loanCoin: 'USDT', daily: 'SEVEN' }, NOW);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect(caught).toBeInstanceOf(ExchangeError);
    const err = caught as ValidationError;
    expect(err.code).toBe('EXCH_VALIDATION');
    expect(err.name).toBe('ValidationError');
    expect(err.opId).toBe('loan.borrow');
    expect(err.issues.map((i) => i.rule)).toEqual(['required', 'exactlyOne']);
    expect(err.message).toBe('loan.borrow: pledgeCoin is required; give exactly one of pledgeAmount or loanAmount');
  });
});
