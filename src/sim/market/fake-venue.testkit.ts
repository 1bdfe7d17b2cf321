import { Decimal } from 'decimal.js';
import type { MatchingVenue, SimCategory, SimSide, SimTrade } from '../contract.js';

/**
 * A tiny in-memory `MatchingVenue` for the market feed's tests: price-time books per
 * instrument, post-only maker orders, market orders that sweep the opposite side and report
 * one `SimTrade` per maker order they hit (the way the real engine is expected to).
 */

interface Resting {
  readonly id: string;
  readonly side: SimSide;
  readonly price: Decimal;
  qty: Decimal;
}

/** Test venue; `trades` collects everything it printed. */
export class FakeVenue implements MatchingVenue {
  /** Every trade printed, oldest first. */
  readonly trades: SimTrade[] = [];
  /** Number of placeMakerOrder calls, to check the makers stay cheap. */
  placed = 0;
  /** Number of cancelMakerOrder calls. */
  cancelled = 0;
  private readonly books = new Map<string, Resting[]>();
  private seq = 0;
  private readonly now: () => number;
  private readonly onTrade: (t: SimTrade) => void;

  constructor(now: () => number, onTrade: (t: SimTrade) => void) {
    this.now = now;
    this.onTrade = onTrade;
  }

  /** Resting orders of one instrument and side, best first. */
  side(category: SimCategory, symbol: string, side: SimSide): readonly Resting[] {
    const book = this.books.get(`${category}:${symbol}`) ?? [];
    return book.filter((o) => o.side === side).sort((a, b) => (side === 'buy' ? b.price.comparedTo(a.price) : a.price.comparedTo(b.price)));
  }

  placeMakerOrder(category: SimCategory, symbol: string, side: SimSide, price: Decimal, qty: Decimal): string | null {
    this.placed += 1;
    const opp = side === 'buy' ? this.bestAsk(category, symbol) : this.bestBid(category, symbol);
    if (opp !== null && (side === 'buy' ? price.gte(opp) : price.lte(opp))) return null;
    const key = `${category}:${symbol}`;
    const book = this.books.get(key) ?? [];
    this.seq += 1;
    const id = `m${this.seq}`;
    book.push({ id, side, price, qty });
    this.books.set(key, book);
    return id;
  }

  cancelMakerOrder(category: SimCategory, symbol: string, orderId: string): void {
    this.cancelled += 1;
    const book = this.books.get(`${category}:${symbol}`);
    if (book === undefined) return;
    const i = book.findIndex((o) => o.id === orderId);
    if (i >= 0) book.splice(i, 1);
  }

  takerMarketOrder(category: SimCategory, symbol: string, side: SimSide, qty: Decimal): void {
    const book = this.books.get(`${category}:${symbol}`) ?? [];
    let left = qty;
    for (const o of this.side(category, symbol, side === 'buy' ? 'sell' : 'buy')) {
      if (left.lte(0)) break;
      const size = Decimal.min(left, o.qty);
      o.qty = o.qty.minus(size);
      left = left.minus(size);
      if (o.qty.lte(0)) book.splice(book.indexOf(o), 1);
      this.seq += 1;
      const trade: SimTrade = { category, symbol, price: o.price, size, side, time: this.now(), execId: `e${this.seq}` };
      this.trades.push(trade);
      this.onTrade(trade);
    }
  }

  bestBid(category: SimCategory, symbol: string): Decimal | null {
    return this.side(category, symbol, 'buy')[0]?.price ?? null;
  }

  bestAsk(category: SimCategory, symbol: string): Decimal | null {
    return this.side(category, symbol, 'sell')[0]?.price ?? null;
  }
}
