import { Decimal } from 'decimal.js';

/**
 * Sparklines of recent prices (the watchlist): a bounded price history sampled once per step, and
 * its drawing as Unicode blocks. Pure; prices stay `Decimal` throughout, only the block index (0–7)
 * is a number.
 */

/** The eight block heights, lowest first. */
export const SPARK_BLOCKS = '▁▂▃▄▅▆▇█';

/** Samples kept per symbol (default history length: 30 steps). */
export const SPARK_SAMPLES = 30;

/** One sample per this many ms (default step: one second). */
export const SPARK_STEP_MS = 1000;

/** One price sample. */
export interface PriceSample {
  /** Unix ms of the latest price that fell into this sample's step. */
  readonly at: number;
  readonly price: Decimal;
}

/** Options of `appendSample`. */
export interface SampleOptions {
  /** Step length, ms; prices within one step replace each other (the last one stands). Default `SPARK_STEP_MS`. */
  readonly stepMs?: number;
  /** Samples kept, oldest dropped first. Default `SPARK_SAMPLES`. */
  readonly max?: number;
}

/**
 * `history` with `price` at `at` added: it replaces the last sample when both fall into the same
 * step (so the newest sample always shows the latest price), otherwise it is appended and the
 * oldest samples beyond `max` are dropped. A sample older than the last one's step is ignored.
 * Returns `history` itself when nothing changed.
 */
export function appendSample(history: readonly PriceSample[], price: Decimal, at: number, options: SampleOptions = {}): readonly PriceSample[] {
  const stepMs = Math.max(1, options.stepMs ?? SPARK_STEP_MS);
  const max = Math.max(1, options.max ?? SPARK_SAMPLES);
  const last = history.at(-1);
  const step = Math.floor(at / stepMs);
  if (last) {
    const lastStep = Math.floor(last.at / stepMs);
    if (step < lastStep) return history;
    if (step === lastStep) return last.price.eq(price) && last.at === at ? history : [...history.slice(0, -1), { at, price }];
  }
  return [...history, { at, price }].slice(-max);
}

/**
 * The last `width` prices as a line of blocks, lowest price `▁`, highest `█`, each price placed
 * linearly between them (rounded to the nearest block). A flat series draws `▄` throughout. Fewer
 * prices than `width` give a shorter line (the caller aligns it); none, or `width` ≤ 0, give ''.
 */
export function sparkline(prices: readonly Decimal[], width: number): string {
  const shown = width > 0 ? prices.slice(-width) : [];
  const first = shown[0];
  if (!first) return '';
  let lo = first;
  let hi = first;
  for (const p of shown) {
    if (p.lt(lo)) lo = p;
    if (p.gt(hi)) hi = p;
  }
  const range = hi.minus(lo);
  const top = SPARK_BLOCKS.length - 1;
  if (range.isZero()) return (SPARK_BLOCKS[Math.floor(top / 2)] ?? '').repeat(shown.length);
  return shown.map((p) => SPARK_BLOCKS[p.minus(lo).div(range).times(top).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()] ?? '').join('');
}
