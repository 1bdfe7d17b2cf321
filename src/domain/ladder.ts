import { Decimal } from 'decimal.js';
import { snapPrice } from './instrument-rules.js';
import type { Instrument } from './model.js';
import { parseDecimal } from './money.js';

/** Most orders in one ladder (the exchange's batch limit). */
export const MAX_LADDER_ORDERS = 20;

/** Prices of a ladder, or why there is none. */
export type LadderPrices = { readonly ok: true; readonly prices: readonly Decimal[] } | { readonly ok: false; readonly error: string };

/**
 * `count` limit prices evenly spread from `fromText` to `toText` (both included), each snapped to
 * the instrument's tick (nearest). Refuses non-numbers, a count outside 2–20 and ladders whose
 * rungs would collapse onto the same tick.
 */
export function ladderPrices(inst: Instrument, fromText: string, toText: string, count: number): LadderPrices {
  const from = parseDecimal(fromText);
  const to = parseDecimal(toText);
  if (from === null || from.lte(0)) return { ok: false, error: `from price "${fromText}" is not a positive decimal number` };
  if (to === null || to.lte(0)) return { ok: false, error: `to price "${toText}" is not a positive decimal number` };
  if (!Number.isInteger(count) || count < 2 || count > MAX_LADDER_ORDERS) return { ok: false, error: `orders must be a whole number from 2 to ${MAX_LADDER_ORDERS} (one batch)` };
  const gap = to.minus(from).div(count - 1);
  const prices = Array.from({ length: count }, (_, i) => snapPrice(inst, from.plus(gap.times(i)), 'nearest'));
  const distinct = new Set(prices.map((p) => p.toFixed()));
  if (distinct.size < prices.length) return { ok: false, error: `${count} orders between ${from.toFixed()} and ${to.toFixed()} would share prices at this tick; widen the range or use fewer orders` };
  return { ok: true, prices };
}
