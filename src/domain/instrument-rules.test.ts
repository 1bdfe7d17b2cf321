import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { Instrument } from './model.js';
import {
  canCancel,
  canClose,
  canOpen,
  categoryCapabilities,
  checkOrder,
  checkPrice,
  checkQuantity,
  quantityUnit,
  snapPrice,
  snapQuantity,
  stepPrice,
} from './instrument-rules.js';
import { BTC_PERP } from './instruments.testkit.js';

const d = (s: string): Decimal => new Decimal(s);

const FUT: Instrument = BTC_PERP;
const SPOT: Instrument = {
  ...FUT,
  category: 'SPOT',
  pricePrecision: 2,
  quantityPrecision: 6,
  priceMultiplier: d('0.01'),
  quantityMultiplier: d('0.000001'),
  minOrderQty: d('0'),
  maxOrderQty: d('0'),
  minOrderAmount: d('1'),
  contractType: null,
  maxLeverage: null,
};
const CM: Instrument = { ...FUT, category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', quoteCoin: 'USD', quantityMultiplier: d('1'), quantityPrecision: 0, minOrderQty: d('1'), minOrderAmount: d('5') };

const codes = (v: readonly { code: string }[]): string[] => v.map((x) => x.code);

describe('checkPrice', () => {
  it('accepts a price on the step', () => {
    expect(checkPrice(FUT, '97000.5')).toEqual([]);
    expect(checkPrice(FUT, '97001')).toEqual([]);
    expect(checkPrice(FUT, '97000.50')).toEqual([]); // trailing zero adds no precision
  });
  it('names the allowed decimals', () => {
    const v = checkPrice(FUT, '97000.123');
    expect(v[0]).toEqual({ field: 'price', code: 'PRICE_DECIMALS', message: 'price 97000.123 has 3 decimals; BTCUSDT allows 1' });
  });
  it('suggests both neighbours on the multiplier', () => {
    expect(checkPrice(FUT, '97000.7')).toEqual([{ field: 'price', code: 'PRICE_STEP', message: 'price must be a multiple of 0.5: try 97000.5 or 97001' }]);
  });
  it.each([
    ['abc', 'NOT_A_NUMBER'],
    ['1e5', 'NOT_A_NUMBER'],
    ['', 'NOT_A_NUMBER'],
    ['0', 'NOT_POSITIVE'],
  ])('rejects %j with %s', (text, code) => {
    expect(codes(checkPrice(FUT, text))).toEqual([code]);
  });
});

describe('checkQuantity', () => {
  it('accepts a valid futures quantity', () => {
    expect(checkQuantity(FUT, '0.01', { side: 'buy', orderType: 'limit', price: d('97000') })).toEqual([]);
  });
  it('states the minimum with its coin', () => {
    const v = checkQuantity(FUT, '0.0005', { side: 'buy', orderType: 'limit', price: d('97000') });
    expect(v.map((x) => x.message)).toContain('quantity 0.0005 is below the minimum 0.001 BTC');
    expect(codes(v)).toEqual(['QTY_DECIMALS', 'QTY_STEP', 'QTY_BELOW_MIN']);
  });
  it('caps single limit orders only, zero meaning unlimited', () => {
    expect(codes(checkQuantity(FUT, '101', { side: 'buy', orderType: 'limit', price: d('1') }))).toEqual(['QTY_ABOVE_MAX']);
    expect(codes(checkQuantity(FUT, '101', { side: 'buy', orderType: 'market', price: d('1') }))).toEqual([]);
    expect(codes(checkQuantity(SPOT, '100000', { side: 'sell', orderType: 'limit', price: d('1') }))).toEqual([]);
  });
  it('checks the minimum order value with the given price', () => {
    const v = checkQuantity(FUT, '0.001', { side: 'buy', orderType: 'limit', price: d('1000') });
    expect(v).toEqual([{ field: 'qty', code: 'NOTIONAL_BELOW_MIN', message: 'order value 1 USDT is below the minimum 5 USDT' }]);
    expect(checkQuantity(FUT, '0.001', { side: 'buy', orderType: 'market' })).toEqual([]);
  });
  it('treats a spot market buy as a quote amount', () => {
    expect(quantityUnit(SPOT, 'buy', 'market')).toBe('USDT');
    expect(checkQuantity(SPOT, '0.5', { side: 'buy', orderType: 'market' }).map((x) => x.message)).toEqual([
      'amount 0.5 USDT is below the minimum order value 1 USDT',
    ]);
    expect(codes(checkQuantity(SPOT, '10.123', { side: 'buy', orderType: 'market', quotePrecision: 2 }))).toEqual(['QTY_DECIMALS']);
    expect(checkQuantity(SPOT, '10.1234567', { side: 'buy', orderType: 'market' })).toEqual([]);
  });
  it('picks the unit per category, side and type', () => {
    expect(quantityUnit(SPOT, 'sell', 'market')).toBe('BTC');
    expect(quantityUnit(SPOT, 'buy', 'limit')).toBe('BTC');
    expect(quantityUnit({ ...SPOT, category: 'MARGIN' }, 'buy', 'market')).toBe('USDT');
    expect(quantityUnit(FUT, 'buy', 'market')).toBe('BTC');
    expect(quantityUnit(CM, 'sell', 'limit')).toBe('USD');
  });
  it('uses the quantity itself as the value of coin-margined orders', () => {
    expect(codes(checkQuantity(CM, '3', { side: 'buy', orderType: 'limit', price: d('97000') }))).toEqual(['NOTIONAL_BELOW_MIN']);
    expect(codes(checkQuantity(CM, '1.5', { side: 'buy', orderType: 'limit', price: d('97000') }))).toEqual(['QTY_DECIMALS', 'QTY_STEP', 'NOTIONAL_BELOW_MIN']);
  });
});

describe('checkOrder', () => {
  it('needs a price on limit orders', () => {
    expect(codes(checkOrder(FUT, { side: 'buy', orderType: 'limit', qty: '0.01' }))).toEqual(['PRICE_REQUIRED']);
  });
  it('combines price and quantity problems', () => {
    expect(codes(checkOrder(FUT, { side: 'sell', orderType: 'limit', price: '97000.3', qty: '0.0001' }))).toEqual([
      'PRICE_STEP',
      'QTY_DECIMALS',
      'QTY_STEP',
      'QTY_BELOW_MIN',
    ]);
  });
  it('uses the reference price for market orders and says when there is none', () => {
    expect(codes(checkOrder(FUT, { side: 'buy', orderType: 'market', qty: '0.001', referencePrice: d('1000') }))).toEqual(['NOTIONAL_BELOW_MIN']);
    expect(codes(checkOrder(FUT, { side: 'buy', orderType: 'market', qty: '0.001' }))).toEqual(['NO_REFERENCE_PRICE']);
    expect(checkOrder(FUT, { side: 'buy', orderType: 'market', qty: '0.001', price: '1', referencePrice: d('97000') })).toEqual([]);
  });
});

describe('snapping and stepping', () => {
  it('snaps prices in each direction', () => {
    expect(snapPrice(FUT, d('97000.7'), 'down').toFixed()).toBe('97000.5');
    expect(snapPrice(FUT, d('97000.7'), 'up').toFixed()).toBe('97001');
    expect(snapPrice(FUT, d('97000.75'), 'nearest').toFixed()).toBe('97001');
    expect(snapPrice(FUT, d('97000.7'), 'nearest').toFixed()).toBe('97000.5');
    expect(snapPrice(SPOT, d('1.239'), 'down').toFixed()).toBe('1.23');
  });
  it('snaps quantities down', () => {
    expect(snapQuantity(FUT, d('0.0129')).toFixed()).toBe('0.012');
    expect(snapQuantity(CM, d('7.9')).toFixed()).toBe('7');
  });
  it('steps by ticks and stops at one step', () => {
    expect(stepPrice(FUT, d('97000.5'), 1).toFixed()).toBe('97001');
    expect(stepPrice(FUT, d('97000.5'), -3).toFixed()).toBe('96999');
    expect(stepPrice(FUT, d('0.5'), -5).toFixed()).toBe('0.5');
  });
});

describe('trading status', () => {
  it.each([
    ['online', null, null],
    ['listed', 'not open for trading yet', 'not open for trading yet'],
    ['limit_open', 'opening positions on BTCUSDT is restricted', null],
    ['limit_close', null, 'closing positions on BTCUSDT is restricted'],
    ['offline', 'offline', 'offline'],
    ['restrictedAPI', 'API orders', 'API orders'],
  ] as const)('%s: open %s, close %s', (status, open, close) => {
    const inst: Instrument = { ...FUT, status };
    const o = canOpen(inst);
    const c = canClose(inst);
    if (open === null) expect(o).toBeNull();
    else expect(o).toContain(open);
    if (close === null) expect(c).toBeNull();
    else expect(c).toContain(close);
    expect(canCancel(inst)).toBeNull();
  });
  it('applies delivery rules', () => {
    expect(canOpen(FUT, 'delivery_normal')).toBeNull();
    expect(canOpen(FUT, 'delivery_before')).toContain('last 10 minutes');
    expect(canClose(FUT, 'delivery_before')).toBeNull();
    expect(canCancel(FUT, 'delivery_before')).toBeNull();
    expect(canOpen(FUT, 'delivery_period')).toContain('delivering');
    expect(canClose(FUT, 'delivery_period')).toContain('delivering');
    expect(canCancel(FUT, 'delivery_period')).toContain('cancelling is forbidden');
  });
  it('lists category capabilities', () => {
    expect(categoryCapabilities('USDT-FUTURES', false)).toEqual({ modify: true, tpsl: 'any', reason: null });
    expect(categoryCapabilities('COIN-FUTURES', false)).toMatchObject({ modify: false, tpsl: 'none' });
    expect(categoryCapabilities('SPOT', true)).toMatchObject({ modify: false, tpsl: 'market_only' });
  });
});
