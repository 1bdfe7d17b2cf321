import { Decimal } from 'decimal.js';
import type { OrderType, Side } from './model.js';
import { parseDecimal } from './money.js';

/**
 * Order safety guards checked just before an order is sent: stale market or account data, a
 * limit price far from the mark, an order value over a ceiling (warnings the user may override
 * with an explicit second confirmation), and the cases where nothing may be sent at all (no
 * order book, no reference price). Pure: the caller supplies ages, prices and limits.
 */

/** Thresholds of the order guards. A value exactly at a limit does not warn. */
export interface OrderGuardLimits {
  /** Book data older than this warns, ms. Default 5000. */
  readonly bookMaxAgeMs: number;
  /** Account data older than this warns, ms. Default 30000. */
  readonly accountMaxAgeMs: number;
  /** A limit price further than this from the mark warns, percent (5 = 5%). Default 5. */
  readonly maxPriceDeviationPct: Decimal;
  /** An order value above this warns, in the quote coin (USDT, USDC, USD). Default 100000. */
  readonly maxNotional: Decimal;
}

/** Defaults: book 5 s, account 30 s, 5% from the mark, 100000 quote units. */
export const DEFAULT_ORDER_GUARDS: OrderGuardLimits = {
  bookMaxAgeMs: 5000,
  accountMaxAgeMs: 30_000,
  maxPriceDeviationPct: new Decimal(5),
  maxNotional: new Decimal(100_000),
};

/** What a warning is about. */
export type OrderWarningKind = 'staleBook' | 'staleAccount' | 'priceFarFromMark' | 'notionalTooLarge';

/** One reason to think twice before sending, with a specific text for the confirmation. */
export interface OrderWarning {
  readonly kind: OrderWarningKind;
  /** E.g. "book data 7.2 s old (limit 5 s)". */
  readonly text: string;
}

/** Everything the guards need about one order and the data behind it. */
export interface OrderGuardInput {
  /** Symbol, for the refusal texts. */
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  /** Limit price (wire string); ignored for market orders. */
  readonly price?: string;
  /** Quantity (wire string) in `qtyUnit`. */
  readonly qty: string;
  /** `quote` when the quantity counts the quote coin (spot market buys, coin-margined contracts): then it is the order value. */
  readonly qtyUnit: 'base' | 'quote';
  /** Quote coin, for the texts ("USDT"). */
  readonly quoteCoin: string;
  /** Mark price, or the last price when there is no mark; null = none known (refused). */
  readonly markPrice: Decimal | null;
  /** Which price `markPrice` is, for the texts. Default 'mark'. */
  readonly markSource?: 'mark' | 'last';
  /** Age of the symbol's order book, ms; null = never received (refused). */
  readonly bookAgeMs: number | null;
  /** False while the book is being rebuilt after a sequence gap (warns as stale). Default true. */
  readonly bookSynced?: boolean;
  /** Age of the account data (balances, margin), ms; null = never received (warns). */
  readonly accountAgeMs: number | null;
}

/** The guards' verdict: a refusal (send nothing) or a list of warnings (empty = send as usual). */
export interface OrderGuardResult {
  /** Why the order must not be sent at all; null when it may be sent. */
  readonly refusal: string | null;
  /** Reasons to confirm twice; empty when none apply. */
  readonly warnings: readonly OrderWarning[];
}

/** Seconds with one decimal, rounded up so an age over the limit never reads as the limit. */
function seconds(ms: number): string {
  return new Decimal(ms).div(1000).toFixed(1, Decimal.ROUND_UP);
}

/** A limit in seconds without trailing zeros (5000 → "5", 2500 → "2.5"). */
function limitSeconds(ms: number): string {
  return new Decimal(ms).div(1000).toFixed();
}

function staleness(what: string, ageMs: number, limitMs: number): string | null {
  return ageMs > limitMs ? `${what} data ${seconds(ageMs)} s old (limit ${limitSeconds(limitMs)} s)` : null;
}

function priceWarning(input: OrderGuardInput, price: Decimal, mark: Decimal, limits: OrderGuardLimits): OrderWarning | null {
  if (mark.lte(0)) return null;
  const deviationPct = price.minus(mark).abs().div(mark).times(100);
  if (deviationPct.lte(limits.maxPriceDeviationPct)) return null;
  const direction = price.gt(mark) ? 'above' : 'below';
  const text = `limit ${input.price ?? price.toFixed()} is ${deviationPct.toFixed(1, Decimal.ROUND_UP)}% ${direction} ${input.markSource ?? 'mark'} ${mark.toFixed()} (limit ${limits.maxPriceDeviationPct.toFixed()}%)`;
  return { kind: 'priceFarFromMark', text };
}

/**
 * Checks an order against the guards. Refuses when there is no order book for the symbol at all,
 * no mark or last price, or an unreadable price or quantity. Warns (each at most once, in this
 * order) when the book is older than `bookMaxAgeMs` or out of sync, the account data is older than
 * `accountMaxAgeMs` or was never received, a limit price is more than `maxPriceDeviationPct` from
 * the mark, or the order value (limit: price × qty; market: mark × qty; quote-unit quantities: the
 * quantity) exceeds `maxNotional`. Values exactly at a limit do not warn.
 */
export function orderWarnings(input: OrderGuardInput, limits: OrderGuardLimits = DEFAULT_ORDER_GUARDS): OrderGuardResult {
  const qty = parseDecimal(input.qty);
  const limit = input.orderType === 'limit';
  const price = limit ? parseDecimal(input.price ?? '') : null;
  let refusal: string | null = null;
  if (input.bookAgeMs === null) refusal = `no order book data for ${input.symbol} yet: not sending blind, wait for the book`;
  else if (input.markPrice === null) refusal = `no mark or last price for ${input.symbol} yet: not sending blind, wait for the ticker`;
  else if (qty === null) refusal = `quantity "${input.qty}" is not a number`;
  else if (limit && price === null) refusal = `limit price "${input.price ?? ''}" is not a number`;

  const warnings: OrderWarning[] = [];
  if (input.bookAgeMs !== null) {
    const text = input.bookSynced === false ? 'book data out of sync (being rebuilt after a gap)' : staleness('book', input.bookAgeMs, limits.bookMaxAgeMs);
    if (text) warnings.push({ kind: 'staleBook', text });
  }
  const account = input.accountAgeMs === null ? 'no account data received yet (balances unknown)' : staleness('account', input.accountAgeMs, limits.accountMaxAgeMs);
  if (account) warnings.push({ kind: 'staleAccount', text: account });
  const mark = input.markPrice;
  if (price && mark) {
    const w = priceWarning(input, price, mark, limits);
    if (w) warnings.push(w);
  }
  if (qty) {
    const value = input.qtyUnit === 'quote' ? qty : limit ? (price ? price.times(qty) : null) : mark ? mark.times(qty) : null;
    if (value && value.gt(limits.maxNotional)) {
      const approx = !limit && input.qtyUnit === 'base' ? '≈ ' : '';
      warnings.push({ kind: 'notionalTooLarge', text: `order value ${approx}${value.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed()} ${input.quoteCoin} over the ${limits.maxNotional.toFixed()} limit` });
    }
  }
  return { refusal, warnings };
}

/** A limits problem in configuration; the message names the key and what is allowed. */
export class OrderGuardConfigError extends Error {
  override readonly name = 'OrderGuardConfigError';
  /** Stable code. */
  readonly code = 'ORDER_GUARD_CONFIG';
}

function msOf(raw: Readonly<Record<string, unknown>>, key: 'bookMaxAgeMs' | 'accountMaxAgeMs', fallback: number): number {
  const v = raw[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) throw new OrderGuardConfigError(`orderGuards.${key} must be a whole number of milliseconds above 0 (got ${JSON.stringify(v)})`);
  return v;
}

function decimalOf(raw: Readonly<Record<string, unknown>>, key: 'maxPriceDeviationPct' | 'maxNotional', fallback: Decimal): Decimal {
  const v = raw[key];
  if (v === undefined) return fallback;
  const parsed = typeof v === 'string' ? parseDecimal(v) : typeof v === 'number' && Number.isFinite(v) ? parseDecimal(String(v)) : null;
  if (parsed === null || parsed.lte(0)) throw new OrderGuardConfigError(`orderGuards.${key} must be a positive number, e.g. ${fallback.toFixed()} (got ${JSON.stringify(v)})`);
  return parsed;
}

/**
 * Reads the `orderGuards` object of the config file (`bookMaxAgeMs`, `accountMaxAgeMs`: whole ms;
 * `maxPriceDeviationPct`, `maxNotional`: numbers or decimal strings). Missing keys take
 * `DEFAULT_ORDER_GUARDS`; undefined gives the defaults. Throws `OrderGuardConfigError` on a bad value.
 */
export function parseOrderGuards(raw: unknown): OrderGuardLimits {
  if (raw === undefined || raw === null) return DEFAULT_ORDER_GUARDS;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new OrderGuardConfigError(`orderGuards must be an object with bookMaxAgeMs, accountMaxAgeMs, maxPriceDeviationPct, maxNotional (got ${JSON.stringify(raw)})`);
  const r = raw as Readonly<Record<string, unknown>>;
  const known = new Set(['bookMaxAgeMs', 'accountMaxAgeMs', 'maxPriceDeviationPct', 'maxNotional']);
  const unknown = Object.keys(r).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new OrderGuardConfigError(`orderGuards has unknown key(s) ${unknown.join(', ')}; allowed: ${[...known].join(', ')}`);
  const d = DEFAULT_ORDER_GUARDS;
  return {
    bookMaxAgeMs: msOf(r, 'bookMaxAgeMs', d.bookMaxAgeMs),
    accountMaxAgeMs: msOf(r, 'accountMaxAgeMs', d.accountMaxAgeMs),
    maxPriceDeviationPct: decimalOf(r, 'maxPriceDeviationPct', d.maxPriceDeviationPct),
    maxNotional: decimalOf(r, 'maxNotional', d.maxNotional),
  };
}
