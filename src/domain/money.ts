import { Decimal } from 'decimal.js';

/**
 * Decimal helpers for money, prices and quantities. Everything here is exact; rounding for
 * display lives in `format.ts`.
 */

/** Options for `parseDecimal`. */
export interface ParseDecimalOptions {
  /** Accept a leading '-'. Default false. */
  readonly allowNegative?: boolean;
}

const PLAIN = /^\d+(\.\d+)?$/;
const SIGNED = /^-?\d+(\.\d+)?$/;

/**
 * Strict parse of a user- or wire-supplied decimal: digits, an optional fraction and (only when
 * `allowNegative`) a leading '-'. Rejects '', 'NaN', '1e5', '1,5', '.5', '5.', a leading '+' and
 * any whitespace. Returns null when rejected.
 */
export function parseDecimal(text: string, options: ParseDecimalOptions = {}): Decimal | null {
  const re = options.allowNegative === true ? SIGNED : PLAIN;
  if (!re.test(text)) return null;
  return new Decimal(text);
}

/** Shorthand constructor: `D('0.1')`. Accepts a Decimal, a string or an integer count. */
export function D(value: Decimal.Value): Decimal {
  return new Decimal(value);
}

/** Zero. */
export const ZERO: Decimal = new Decimal(0);
/** One. */
export const ONE: Decimal = new Decimal(1);

/** Number of decimals a value carries after removing trailing zeros ("1.500" → 1, "100" → 0). */
export function decimalPlaces(value: Decimal): number {
  return value.decimalPlaces();
}

/** Number of decimals written in the text as typed ("1.500" → 3, "100" → 0). */
export function writtenDecimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** True when `value` is an exact integer multiple of `step`. A zero or negative step accepts anything. */
export function isMultipleOf(value: Decimal, step: Decimal): boolean {
  if (step.lte(0)) return true;
  return value.mod(step).isZero();
}

/** 10^-places as a Decimal (places 2 → 0.01). */
export function stepOfPlaces(places: number): Decimal {
  return new Decimal(10).pow(-places);
}

/** The smaller of two decimals. */
export function minDecimal(a: Decimal, b: Decimal): Decimal {
  return a.lte(b) ? a : b;
}

/** The larger of two decimals. */
export function maxDecimal(a: Decimal, b: Decimal): Decimal {
  return a.gte(b) ? a : b;
}

/** Sum of a list of decimals (0 for an empty list). */
export function sumDecimals(values: readonly Decimal[]): Decimal {
  return values.reduce((acc, v) => acc.plus(v), ZERO);
}
