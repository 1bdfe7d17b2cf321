import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { HoldMode, Position } from './model.js';
import { BTC_PERP } from './instruments.testkit.js';
import { checkReduce, closeIntent, closePositionOrder, INTENTS, mapIntent, reducePositionOrder, type Intent, type MappedOrderFields } from './position-mapping.js';

// The spec's place-order position mapping table, row by row.
const TABLE: readonly [HoldMode, Intent, MappedOrderFields][] = [
  ['hedge_mode', 'open_long', { side: 'buy', posSide: 'long' }],
  ['hedge_mode', 'open_short', { side: 'sell', posSide: 'short' }],
  ['hedge_mode', 'close_long', { side: 'sell', posSide: 'long' }],
  ['hedge_mode', 'close_short', { side: 'buy', posSide: 'short' }],
  ['one_way_mode', 'open_long', { side: 'buy' }],
  ['one_way_mode', 'open_short', { side: 'sell' }],
  ['one_way_mode', 'close_long', { side: 'sell', reduceOnly: 'yes' }],
  ['one_way_mode', 'close_short', { side: 'buy', reduceOnly: 'yes' }],
];

describe('mapIntent', () => {
  it.each(TABLE)('%s %s', (mode, intent, fields) => {
    // toStrictEqual: no posSide key in one-way mode, no reduceOnly key in hedge mode.
    expect(mapIntent(mode, intent)).toStrictEqual(fields);
  });
  it('covers every intent in both modes', () => {
    expect(TABLE.length).toBe(INTENTS.length * 2);
    for (const intent of INTENTS) expect(TABLE.filter((r) => r[1] === intent)).toHaveLength(2);
  });
});

const d = (s: string): Decimal => new Decimal(s);
const POSITION: Position = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  posSide: 'short',
  holdMode: 'hedge_mode',
  marginMode: 'isolated',
  marginCoin: 'USDT',
  size: d('0.5'),
  available: d('0.4'),
  avgPrice: d('97000'),
  markPrice: d('96000'),
  unrealisedPnl: d('400'),
  leverage: d('10'),
  liqPrice: d('105000'),
  margin: d('4850'),
  takeProfit: null,
  stopLoss: null,
  updatedTime: 1,
};

describe('closePositionOrder', () => {
  it('closes the available size of a hedge short with buy/short', () => {
    expect(closePositionOrder(POSITION)).toStrictEqual({
      side: 'buy',
      posSide: 'short',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderType: 'market',
      qty: '0.4',
      marginMode: 'isolated',
    });
  });
  it('closes a one-way long with sell + reduceOnly', () => {
    const order = closePositionOrder({ ...POSITION, posSide: 'long', holdMode: 'one_way_mode' });
    expect(order).toMatchObject({ side: 'sell', reduceOnly: 'yes' });
    expect(order).not.toHaveProperty('posSide');
  });
  it('returns null when nothing is available', () => {
    expect(closePositionOrder({ ...POSITION, available: d('0') })).toBeNull();
  });
  it('maps position sides to close intents', () => {
    expect(closeIntent('long')).toBe('close_long');
    expect(closeIntent('short')).toBe('close_short');
  });
});

describe('reducePositionOrder', () => {
  it('hedge: closing side + posSide, limit with a price', () => {
    expect(reducePositionOrder(POSITION, '0.1', '95000')).toStrictEqual({
      side: 'buy', posSide: 'short', category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', qty: '0.1', price: '95000', marginMode: 'isolated',
    });
  });
  it('one-way: opposite side + reduceOnly, market without a price', () => {
    const o = reducePositionOrder({ ...POSITION, posSide: 'long', holdMode: 'one_way_mode' }, '0.2', null);
    expect(o).toStrictEqual({ side: 'sell', reduceOnly: 'yes', category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'market', qty: '0.2', marginMode: 'isolated' });
  });
});

describe('checkReduce (tick 0.5, step 0.001, min 0.001, min value 5 USDT)', () => {
  const LONG: Position = { ...POSITION, posSide: 'long', holdMode: 'one_way_mode', size: d('0.02'), available: d('0.02'), markPrice: d('97000') };
  it('a percent is of the size, rounded down to the step; market when the price is empty', () => {
    const c = checkReduce(LONG, BTC_PERP, '50%', '');
    expect(c.qty).toBeNull();
    expect(c.resolvedQty?.toFixed()).toBe('0.01');
    expect(c.order).toMatchObject({ side: 'sell', reduceOnly: 'yes', orderType: 'market', qty: '0.01' });
    expect(c.order).not.toHaveProperty('price');
    expect(checkReduce({ ...LONG, size: d('0.015'), available: d('0.015') }, BTC_PERP, '50%', '').resolvedQty?.toFixed()).toBe('0.007');
  });
  it('a limit price on the tick makes a limit close', () => {
    expect(checkReduce(LONG, BTC_PERP, '0.01', '99000.5').order).toMatchObject({ orderType: 'limit', price: '99000.5', qty: '0.01' });
  });
  it.each([
    ['0.03', '', 'quantity 0.03 is more than the 0.02 available to close'],
    ['0.0105', '', 'quantity 0.0105 has 4 decimals; BTCUSDT allows 3'],
    ['abc', '', 'quantity "abc" is not a plain decimal or a percent (e.g. 0.01 or 50%)'],
    ['0', '', 'quantity must be above 0'],
    ['150%', '', 'percent 150% must be above 0% and at most 100% of the size 0.02'],
    ['1%', '', '1% of 0.02 is 0.0002, under one quantity step (0.001 BTC)'],
    ['0.0005', '99000', 'quantity 0.0005 has 4 decimals; BTCUSDT allows 3'],
  ])('quantity %s (price "%s") → %s', (qty, price, message) => {
    const c = checkReduce(LONG, BTC_PERP, qty, price);
    expect(c.qty).toBe(message);
    expect(c.order).toBeNull();
  });
  it('says what holds the rest when close orders hold part of the position', () => {
    expect(checkReduce({ ...LONG, available: d('0.01') }, BTC_PERP, '100%', '').qty).toBe('quantity 0.02 is more than the 0.01 available to close (close orders hold 0.01; cancel them first)');
    expect(checkReduce({ ...LONG, available: d('0') }, BTC_PERP, '0.01', '').qty).toBe('nothing is available to close on BTCUSDT long (close orders hold 0.02; cancel them first)');
  });
  it('waives the minimums for a close of everything available (it cannot be made larger)', () => {
    const tiny = { ...LONG, size: d('0.001'), available: d('0.001') };
    const strict = { ...BTC_PERP, minOrderAmount: d('100') };
    expect(checkReduce(tiny, strict, '100%', '').order).toMatchObject({ qty: '0.001' });
    expect(checkReduce({ ...tiny, size: d('0.002'), available: d('0.002') }, strict, '0.001', '').qty).toBe('order value 97 USDT is below the minimum 100 USDT');
  });
  it('a limit price off the tick is refused with the nearest prices', () => {
    const c = checkReduce(LONG, BTC_PERP, '0.01', '99000.3');
    expect(c.price).toBe('price must be a multiple of 0.5: try 99000 or 99000.5');
    expect(c.order).toBeNull();
  });
  it('without the instrument only plain numbers and the available size are checked', () => {
    expect(checkReduce(LONG, undefined, '0.0105', '99000.3').order).toMatchObject({ qty: '0.0105', price: '99000.3' });
    // A percent rounds down onto the size's own decimals.
    expect(checkReduce(LONG, undefined, '33%', '').qty).toBe("33% of 0.02 is 0.0066, which rounds down to 0 at the size's 2 decimals");
    expect(checkReduce(LONG, undefined, '50%', '').resolvedQty?.toFixed()).toBe('0.01');
    expect(checkReduce(LONG, undefined, '0.01', '-1').price).toBe('price "-1" is not a plain decimal number');
  });
});
