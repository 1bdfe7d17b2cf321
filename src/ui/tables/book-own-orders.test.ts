import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { BTC_PERP } from '../../domain/instruments.testkit.js';
import { restingOrder } from '../forms/ticket.testkit.js';
import { bookTick, levelPriceOf, NO_MARKS, ownOrderMarks } from './book-own-orders.js';

const d = (s: string) => new Decimal(s);
const book = {
  bids: [{ price: '97000.0' }, { price: '96990.0' }],
  asks: [{ price: '97000.5' }, { price: '97010.0' }],
};

describe('own-order marks of the book', () => {
  it('the tick is the instrument step when known, else the finest step the level prices write', () => {
    expect(bookTick(BTC_PERP, book.bids)?.toString()).toBe('0.5');
    expect(bookTick(undefined, [{ price: '97000' }, { price: '96990.25' }])?.toString()).toBe('0.01');
    expect(bookTick(undefined, [])).toBeNull();
  });

  it('rounds a bid down and an ask up onto the tick', () => {
    expect(levelPriceOf(d('96990.04'), 'buy', d('0.1')).toFixed()).toBe('96990');
    expect(levelPriceOf(d('97009.91'), 'sell', d('0.1')).toFixed()).toBe('97010');
    expect(levelPriceOf(d('97000.3'), 'buy', null).toFixed()).toBe('97000.3');
  });

  it('sums our unfilled quantity per level, keyed by the book text; numbers match however they are written', () => {
    const orders = [
      restingOrder('1', { price: d('97000'), qty: d('0.5') }),
      restingOrder('2', { price: d('97000.00'), qty: d('0.25') }),
      restingOrder('3', { side: 'sell', price: d('97010'), qty: d('1'), cumExecQty: d('0.25'), status: 'partially_filled' }),
      restingOrder('4', { price: d('96000'), qty: d('1') }),
    ];
    const marks = ownOrderMarks(book, orders, d('0.1'));
    expect(marks.bids.get('97000.0')).toEqual({ side: 'buy', qty: d('0.75'), orders: 2 });
    expect(marks.asks.get('97010.0')).toEqual({ side: 'sell', qty: d('0.75'), orders: 1 });
    expect(marks.bids.has('96990.0')).toBe(false);
    expect(marks.beyond).toBe(1);
  });

  it('ignores market orders, filled remainders and a side that does not match the level', () => {
    const orders = [
      restingOrder('1', { orderType: 'market', price: null }),
      restingOrder('2', { qty: d('1'), cumExecQty: d('1') }),
      restingOrder('3', { side: 'sell', price: d('96990'), qty: d('1') }),
    ];
    const marks = ownOrderMarks(book, orders, d('0.1'));
    expect(marks.bids.size + marks.asks.size).toBe(0);
    expect(marks.beyond).toBe(1);
    expect(ownOrderMarks(book, [], d('0.1'))).toBe(NO_MARKS);
  });
});
