/**
 * Price-time priority order books, one per instrument (MARGIN shares SPOT's book). Each side is
 * a list of resting orders kept sorted best price first, then by arrival sequence.
 */
import { Decimal } from 'decimal.js';
import type { SimCategory, SimLevel, SimSide } from '../contract.js';
import { bookKey } from './instruments.js';
import { remainingOf, type SimOrder } from './types.js';

/** One instrument's book. */
export class OrderBook {
  /** Bids, best (highest) first. */
  readonly bids: SimOrder[] = [];
  /** Asks, best (lowest) first. */
  readonly asks: SimOrder[] = [];

  /** Rests a limit order at its price-time place. */
  add(order: SimOrder): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    const price = order.price;
    if (price === null) return;
    let i = list.length;
    while (i > 0) {
      const prev = list[i - 1];
      if (prev === undefined || prev.price === null) break;
      const better = order.side === 'buy' ? prev.price.lt(price) : prev.price.gt(price);
      const samePriceLater = prev.price.eq(price) && prev.seq > order.seq;
      if (!better && !samePriceLater) break;
      i -= 1;
    }
    list.splice(i, 0, order);
  }

  /** Removes an order if resting; true if it was there. */
  remove(order: SimOrder): boolean {
    const list = order.side === 'buy' ? this.bids : this.asks;
    const i = list.indexOf(order);
    if (i < 0) return false;
    list.splice(i, 1);
    return true;
  }

  /** The side an incoming `side` order matches against. */
  opposite(side: SimSide): SimOrder[] {
    return side === 'buy' ? this.asks : this.bids;
  }

  /** Best price of a side, or null. */
  best(side: SimSide): Decimal | null {
    const top = (side === 'buy' ? this.bids : this.asks)[0];
    return top?.price ?? null;
  }

  /** Levels aggregated by price, best first, at most `depth` per side. */
  levels(depth: number, pricePrecision: number, quantityPrecision: number): { bids: SimLevel[]; asks: SimLevel[] } {
    return { bids: aggregate(this.bids, depth, pricePrecision, quantityPrecision), asks: aggregate(this.asks, depth, pricePrecision, quantityPrecision) };
  }
}

function aggregate(list: readonly SimOrder[], depth: number, pp: number, qp: number): SimLevel[] {
  const out: SimLevel[] = [];
  let curPrice: Decimal | null = null;
  let curQty = new Decimal(0);
  for (const o of list) {
    if (o.price === null) continue;
    if (curPrice !== null && !curPrice.eq(o.price)) {
      out.push([curPrice.toFixed(pp), curQty.toFixed(qp)]);
      if (out.length >= depth) return out;
      curQty = new Decimal(0);
    }
    curPrice = o.price;
    curQty = curQty.plus(remainingOf(o));
  }
  if (curPrice !== null && out.length < depth) out.push([curPrice.toFixed(pp), curQty.toFixed(qp)]);
  return out;
}

/** All books, created on first use. */
export class BookSet {
  private readonly books = new Map<string, OrderBook>();

  /** The book of an instrument (MARGIN maps to SPOT). */
  get(category: SimCategory, symbol: string): OrderBook {
    const key = bookKey(category, symbol);
    let book = this.books.get(key);
    if (!book) {
      book = new OrderBook();
      this.books.set(key, book);
    }
    return book;
  }
}
