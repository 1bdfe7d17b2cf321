import { Decimal } from 'decimal.js';
import { priceStep } from '../../domain/instrument-rules.js';
import type { Instrument, Order, Side } from '../../domain/model.js';
import { stepOfPlaces, writtenDecimals } from '../../domain/money.js';

/**
 * Pure maths of the book's own-order marks: which displayed level each of our resting orders sits
 * on, and how much of ours rests there.
 */

/** Our resting orders at one book level. */
export interface OwnLevel {
  /** Side of our orders there (buy marks a bid, sell an ask). */
  readonly side: Side;
  /** Our unfilled quantity at the level (qty − filled, summed over the orders). */
  readonly qty: Decimal;
  /** How many of our orders rest there. */
  readonly orders: number;
}

/** Our orders by displayed level, keyed by the level's price text exactly as the book shows it. */
export interface OwnMarks {
  readonly bids: ReadonlyMap<string, OwnLevel>;
  readonly asks: ReadonlyMap<string, OwnLevel>;
  /** Our resting limit orders of the symbol that sit on no displayed level (deeper than shown). */
  readonly beyond: number;
}

/** No marks. */
export const NO_MARKS: OwnMarks = { bids: new Map(), asks: new Map(), beyond: 0 };

/** A displayed level: only its price text matters here. */
interface PricedLevel {
  readonly price: string;
}

/**
 * The book's tick: the instrument's price step when known, else the finest step written in the
 * level prices ("97000.5" → 0.1). Null when there is nothing to tell it from.
 */
export function bookTick(inst: Instrument | undefined, levels: readonly PricedLevel[]): Decimal | null {
  if (inst) return priceStep(inst);
  if (levels.length === 0) return null;
  return stepOfPlaces(Math.max(...levels.map((l) => writtenDecimals(l.price))));
}

/** A limit price onto the book's tick: a bid rounds down, an ask up (as an aggregated book buckets them). */
export function levelPriceOf(price: Decimal, side: Side, tick: Decimal | null): Decimal {
  if (tick === null || tick.lte(0)) return price;
  const units = price.div(tick).toDecimalPlaces(0, side === 'buy' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL);
  return units.times(tick);
}

/**
 * Where our open limit orders (`orders`, already of the book's symbol) rest among the displayed
 * levels. Prices are compared as numbers after rounding onto `tick`, so "97000" finds the level
 * the book writes "97000.0". A buy is looked for among the bids and a sell among the asks.
 */
export function ownOrderMarks(book: { readonly bids: readonly PricedLevel[]; readonly asks: readonly PricedLevel[] }, orders: readonly Order[], tick: Decimal | null): OwnMarks {
  const index = (levels: readonly PricedLevel[]) => new Map(levels.map((l) => [new Decimal(l.price).toFixed(), l.price]));
  const where = { buy: index(book.bids), sell: index(book.asks) };
  const bids = new Map<string, OwnLevel>();
  const asks = new Map<string, OwnLevel>();
  let beyond = 0;
  for (const o of orders) {
    if (o.price === null || o.orderType !== 'limit') continue;
    const left = o.qty.minus(o.cumExecQty);
    if (left.lte(0)) continue;
    const text = where[o.side].get(levelPriceOf(o.price, o.side, tick).toFixed());
    if (text === undefined) {
      beyond += 1;
      continue;
    }
    const marks = o.side === 'buy' ? bids : asks;
    const had = marks.get(text);
    marks.set(text, { side: o.side, qty: (had?.qty ?? new Decimal(0)).plus(left), orders: (had?.orders ?? 0) + 1 });
  }
  return bids.size === 0 && asks.size === 0 && beyond === 0 ? NO_MARKS : { bids, asks, beyond };
}
