import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_GUARDS, OrderGuardConfigError, orderWarnings, parseOrderGuards, type OrderGuardInput } from './order-warnings.js';

const d = (s: string) => new Decimal(s);

/** A fresh, ordinary limit buy of 0.01 at the mark 65000: nothing to warn about. */
const BASE: OrderGuardInput = {
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  price: '65000',
  qty: '0.01',
  qtyUnit: 'base',
  quoteCoin: 'USDT',
  markPrice: d('65000'),
  bookAgeMs: 200,
  accountAgeMs: 1000,
};

const kinds = (input: Partial<OrderGuardInput>) => orderWarnings({ ...BASE, ...input }).warnings.map((w) => w.kind);
const texts = (input: Partial<OrderGuardInput>) => orderWarnings({ ...BASE, ...input }).warnings.map((w) => w.text);

describe('orderWarnings', () => {
  it('has nothing to say about a fresh order at the mark', () => {
    expect(orderWarnings(BASE)).toEqual({ refusal: null, warnings: [] });
  });

  it('warns about a stale book with its age and the limit; exactly at the limit is fine', () => {
    expect(texts({ bookAgeMs: 7150 })).toEqual(['book data 7.2 s old (limit 5 s)']);
    expect(texts({ bookAgeMs: 5001 })).toEqual(['book data 5.1 s old (limit 5 s)']);
    expect(kinds({ bookAgeMs: 5000 })).toEqual([]);
    expect(texts({ bookSynced: false })).toEqual(['book data out of sync (being rebuilt after a gap)']);
  });

  it('warns about stale or missing account data; exactly at the limit is fine', () => {
    expect(texts({ accountAgeMs: 45_000 })).toEqual(['account data 45.0 s old (limit 30 s)']);
    expect(kinds({ accountAgeMs: 30_000 })).toEqual([]);
    expect(texts({ accountAgeMs: null })).toEqual(['no account data received yet (balances unknown)']);
  });

  it('warns when a limit price is far above or below the mark; exactly 5% is fine', () => {
    expect(texts({ price: '71000' })).toEqual(['limit 71000 is 9.3% above mark 65000 (limit 5%)']);
    expect(texts({ price: '59000', side: 'sell' })).toEqual(['limit 59000 is 9.3% below mark 65000 (limit 5%)']);
    expect(kinds({ price: '68250' })).toEqual([]);
    expect(kinds({ price: '61750' })).toEqual([]);
    expect(texts({ price: '68250.5' })).toEqual(['limit 68250.5 is 5.1% above mark 65000 (limit 5%)']);
    expect(texts({ price: '71000', markSource: 'last' })).toEqual(['limit 71000 is 9.3% above last 65000 (limit 5%)']);
  });

  it('never checks the price of a market order', () => {
    expect(kinds({ orderType: 'market', price: '1' })).toEqual([]);
  });

  it('warns about an order value over the limit: limit price × qty, market mark × qty, quote quantities as given', () => {
    expect(texts({ qty: '3.84615' })).toEqual(['order value 249999.75 USDT over the 100000 limit']);
    expect(kinds({ price: '50000', qty: '2' })).toEqual(['priceFarFromMark']);
    expect(texts({ price: '62500', qty: '4' })).toEqual(['order value 250000 USDT over the 100000 limit']);
    expect(texts({ orderType: 'market', qty: '2' })).toEqual(['order value ≈ 130000 USDT over the 100000 limit']);
    expect(texts({ orderType: 'market', qtyUnit: 'quote', qty: '250000' })).toEqual(['order value 250000 USDT over the 100000 limit']);
    expect(texts({ qtyUnit: 'quote', qty: '100001', quoteCoin: 'USD' })).toEqual(['order value 100001 USD over the 100000 limit']);
  });

  it('does not warn at exactly the notional limit, and rounds an amount just over it up', () => {
    expect(kinds({ price: '62500', qty: '1.6' })).toEqual([]);
    expect(texts({ price: '62500', qty: '1.600000001' })).toEqual(['order value 100000.01 USDT over the 100000 limit']);
  });

  it('lists several warnings in a fixed order', () => {
    expect(kinds({ bookAgeMs: 9000, accountAgeMs: null, price: '80000', qty: '2' })).toEqual(['staleBook', 'staleAccount', 'priceFarFromMark', 'notionalTooLarge']);
  });

  it('refuses without any book data or without a mark/last price', () => {
    expect(orderWarnings({ ...BASE, bookAgeMs: null }).refusal).toBe('no order book data for BTCUSDT yet: not sending blind, wait for the book');
    expect(orderWarnings({ ...BASE, orderType: 'market', markPrice: null }).refusal).toBe('no mark or last price for BTCUSDT yet: not sending blind, wait for the ticker');
    expect(orderWarnings({ ...BASE, markPrice: null }).refusal).toContain('no mark or last price');
    expect(orderWarnings({ ...BASE, qty: 'abc' }).refusal).toBe('quantity "abc" is not a number');
    expect(orderWarnings({ ...BASE, price: '' }).refusal).toBe('limit price "" is not a number');
  });

  it('uses the limits given', () => {
    const limits = { bookMaxAgeMs: 1000, accountMaxAgeMs: 500, maxPriceDeviationPct: d('0.5'), maxNotional: d('500') };
    expect(orderWarnings({ ...BASE, price: '65400' }, limits).warnings.map((w) => w.text)).toEqual([
      'account data 1.0 s old (limit 0.5 s)',
      'limit 65400 is 0.7% above mark 65000 (limit 0.5%)',
      'order value 654 USDT over the 500 limit',
    ]);
  });
});

describe('parseOrderGuards', () => {
  it('gives the defaults for a missing section and fills missing keys', () => {
    expect(parseOrderGuards(undefined)).toBe(DEFAULT_ORDER_GUARDS);
    const g = parseOrderGuards({ bookMaxAgeMs: 2000, maxNotional: '25000.5', maxPriceDeviationPct: 2.5 });
    expect(g.bookMaxAgeMs).toBe(2000);
    expect(g.accountMaxAgeMs).toBe(30_000);
    expect(g.maxNotional.toFixed()).toBe('25000.5');
    expect(g.maxPriceDeviationPct.toFixed()).toBe('2.5');
  });

  it('refuses bad values and unknown keys, naming the key', () => {
    expect(() => parseOrderGuards({ bookMaxAgeMs: -1 })).toThrow(OrderGuardConfigError);
    expect(() => parseOrderGuards({ bookMaxAgeMs: 1.5 })).toThrow('orderGuards.bookMaxAgeMs must be a whole number of milliseconds above 0 (got 1.5)');
    expect(() => parseOrderGuards({ maxNotional: 'lots' })).toThrow('orderGuards.maxNotional must be a positive number, e.g. 100000 (got "lots")');
    expect(() => parseOrderGuards({ maxPriceDeviationPct: 0 })).toThrow('orderGuards.maxPriceDeviationPct');
    expect(() => parseOrderGuards({ bookMaxAge: 1 })).toThrow('orderGuards has unknown key(s) bookMaxAge');
    expect(() => parseOrderGuards([])).toThrow('orderGuards must be an object');
  });
});
