import { SimRejection, type SimCategory } from '../contract.js';

/**
 * Parameter reading for the public market operations. Refusals: a missing required parameter
 * → 40017 "Parameter verification failed", a malformed or unsupported value → 40020
 * "Parameter … error", an unknown symbol or coin → 40034 "Parameter … does not exist".
 */

/** Query parameters as strings (GET); numbers are accepted and turned into strings. */
export type Query = Readonly<Record<string, string | undefined>>;

/** Reads a GET query object; anything else reads as empty. */
export function toQuery(params: unknown): Query {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return {};
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

/** A required parameter; throws 40017 when absent or empty. */
export function required(q: Query, name: string): string {
  const v = q[name];
  if (v === undefined || v === '') throw new SimRejection('40017', `Parameter verification failed: ${name} is required`);
  return v;
}

/** An optional parameter (empty string counts as absent). */
export function optional(q: Query, name: string): string | undefined {
  const v = q[name];
  return v === undefined || v === '' ? undefined : v;
}

/** A parameter that must be one of `values` (exact case); throws 40020 otherwise. */
export function oneOf<T extends string>(name: string, value: string, values: readonly T[]): T {
  const hit = values.find((v) => v === value);
  if (hit === undefined) throw new SimRejection('40020', `Parameter ${name} error: "${value}" is not one of ${values.join(', ')}`);
  return hit;
}

/** All five categories. */
export const ALL_CATEGORIES: readonly SimCategory[] = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];

/** Reads `category` (required) restricted to `allowed`. */
export function category(q: Query, allowed: readonly SimCategory[] = ALL_CATEGORIES): SimCategory {
  return oneOf('category', required(q, 'category'), allowed);
}

/**
 * An optional non-negative integer (limit, Unix ms); throws 40020 when malformed or out of
 * `[min, max]`. Returns `fallback` when absent.
 */
export function integer(q: Query, name: string, fallback: number | undefined, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const v = optional(q, name);
  if (v === undefined) return fallback;
  if (!/^\d{1,16}$/.test(v)) throw new SimRejection('40020', `Parameter ${name} error: "${v}" is not a whole number`);
  const n = Number.parseInt(v, 10);
  if (n < min || n > max) throw new SimRejection('40020', `Parameter ${name} error: ${n} must be between ${min} and ${max}`);
  return n;
}

/** An unknown symbol: 40034. */
export function unknownSymbol(category: SimCategory, symbol: string): SimRejection {
  return new SimRejection('40034', `Parameter symbol does not exist: ${symbol} is not a ${category} instrument`);
}
