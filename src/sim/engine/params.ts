/**
 * Defensive reading of request params. The transport validates against the operations table;
 * these checks still answer bad input with a SimRejection (40017 missing, 40020 bad value,
 * 40034 unknown value) instead of throwing a TypeError.
 */
import { Decimal } from 'decimal.js';
import type { SimCategory } from '../contract.js';
import { isSimCategory } from './instruments.js';
import { Codes, isFuturesCategory, reject } from './types.js';

/** Params as a string-keyed record. */
export type Params = Readonly<Record<string, unknown>>;

/** The params object, or 40017 if not an object. */
export function asParams(params: unknown): Params {
  if (params === null || params === undefined) return {};
  if (typeof params !== 'object' || Array.isArray(params)) return reject(Codes.PARAM_VERIFY, 'Parameter verification failed: the request body must be a JSON object');
  return params as Params;
}

/** The params array of a batch operation (1..max items), or 40017/40020. */
export function asBatch(params: unknown, max: number): Params[] {
  if (!Array.isArray(params)) return reject(Codes.PARAM_VERIFY, 'Parameter verification failed: a batch body must be a JSON array of objects');
  if (params.length === 0) return reject(Codes.PARAM_VERIFY, 'Parameter verification failed: the batch is empty');
  if (params.length > max) return reject(Codes.PARAM_ERROR, `Parameter error: at most ${max} orders per batch, got ${params.length}`);
  return params.map((p) => asParams(p));
}

/** Optional string field ("" and absent → undefined; numbers become strings). */
export function optStr(p: Params, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return reject(Codes.PARAM_ERROR, `Parameter ${key} error: expected a string`);
}

/** Required string field, or 40017 naming it. */
export function reqStr(p: Params, key: string): string {
  return optStr(p, key) ?? reject(Codes.PARAM_VERIFY, `Parameter verification failed: ${key} is required`);
}

/** Optional enum field (case-sensitive), or 40020 listing the allowed values. */
export function optEnum<T extends string>(p: Params, key: string, values: readonly T[]): T | undefined {
  const v = optStr(p, key);
  if (v === undefined) return undefined;
  if ((values as readonly string[]).includes(v)) return v as T;
  return reject(Codes.PARAM_ERROR, `Parameter ${key} error: "${v}" is not one of ${values.join(', ')}`);
}

/** Optional decimal field, or 40020. */
export function optDec(p: Params, key: string): Decimal | undefined {
  const v = optStr(p, key);
  if (v === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(v)) return reject(Codes.PARAM_ERROR, `Parameter ${key} error: "${v}" is not a non-negative decimal number`);
  return new Decimal(v);
}

/** Required category (any line unless `futuresOnly`). */
export function reqCategory(p: Params, key = 'category', futuresOnly = false): SimCategory {
  const v = reqStr(p, key).toUpperCase();
  if (!isSimCategory(v)) return reject(Codes.PARAM_MISSING, `Parameter ${key} does not exist: "${v}" (use SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES or USDC-FUTURES)`);
  if (futuresOnly && !isFuturesCategory(v)) return reject(Codes.PARAM_ERROR, `Parameter ${key} error: ${v} is not a futures category (use USDT-FUTURES, COIN-FUTURES or USDC-FUTURES)`);
  return v;
}

/** Optional category. */
export function optCategory(p: Params, key = 'category'): SimCategory | undefined {
  return optStr(p, key) === undefined ? undefined : reqCategory(p, key);
}

/** Number of decimals of a decimal. */
export function scaleOf(d: Decimal): number {
  return Math.max(0, d.decimalPlaces());
}

/** Optional integer, bounded, or 40020. */
export function optInt(p: Params, key: string, min: number, max: number): number | undefined {
  const v = optStr(p, key);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) return reject(Codes.PARAM_ERROR, `Parameter ${key} error: "${v}" is not an integer`);
  const n = Number.parseInt(v, 10);
  if (n < min || n > max) return reject(Codes.PARAM_ERROR, `Parameter ${key} error: ${n} is outside ${min}..${max}`);
  return n;
}

/** clientOid rule: 1–32 of letters, digits and . : / _ - # + space. */
export const CLIENT_OID_RE = /^[.A-Za-z:/0-9_\-#+\s]{1,32}$/;
