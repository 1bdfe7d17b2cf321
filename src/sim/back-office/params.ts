/**
 * Reading request parameters. GET parameters arrive as an object of strings, POST bodies as
 * parsed JSON; the back office accepts only strings for scalar values (the exchange's wire form).
 */
import { Decimal } from 'decimal.js';
import { badParam, missingParam } from './errors.js';

/** A request's parameters as a plain record. */
export type Params = Readonly<Record<string, unknown>>;

/** The params as a record; refuses arrays, null and scalars. */
export function asParams(raw: unknown): Params {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badParam('body', 'expected a JSON object');
  return raw as Params;
}

/** An optional string; empty strings count as absent. Refuses non-strings. */
export function optString(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badParam(name, 'send the value as a JSON string');
  return v;
}

/** A required non-empty string. */
export function reqString(p: Params, name: string): string {
  const v = optString(p, name);
  if (v === undefined) throw missingParam(name);
  return v;
}

/** An optional value from `values` (exact match). */
export function optEnum<T extends string>(p: Params, name: string, values: readonly T[]): T | undefined {
  const v = optString(p, name);
  if (v === undefined) return undefined;
  const hit = values.find((x) => x === v);
  if (hit === undefined) throw badParam(name, `expected one of ${values.join(', ')}, got "${v}"`);
  return hit;
}

/** A required value from `values`. */
export function reqEnum<T extends string>(p: Params, name: string, values: readonly T[]): T {
  const v = optEnum(p, name, values);
  if (v === undefined) throw missingParam(name);
  return v;
}

const DECIMAL_RE = /^\d+(\.\d+)?$/;

/** Parses a plain non-negative decimal string ("0.01"); `positive` refuses zero. */
export function parseAmount(name: string, v: string, positive = true): Decimal {
  if (!DECIMAL_RE.test(v)) throw badParam(name, `expected a decimal number such as "0.5", got "${v}"`);
  const d = new Decimal(v);
  if (d.decimalPlaces() > 8) throw badParam(name, `at most 8 decimal places, got "${v}"`);
  if (positive && d.lte(0)) throw badParam(name, 'must be greater than 0');
  return d;
}

/** An optional positive amount. */
export function optAmount(p: Params, name: string): Decimal | undefined {
  const v = optString(p, name);
  return v === undefined ? undefined : parseAmount(name, v);
}

/** A required positive amount. */
export function reqAmount(p: Params, name: string): Decimal {
  return parseAmount(name, reqString(p, name));
}

/** An optional integer (timestamps, page numbers) within [min, max]. */
export function optInt(p: Params, name: string, min: number, max: number): number | undefined {
  const v = optString(p, name);
  if (v === undefined) return undefined;
  if (!/^\d{1,16}$/.test(v)) throw badParam(name, `expected a whole number, got "${v}"`);
  const n = Number.parseInt(v, 10);
  if (n < min || n > max) throw badParam(name, `must be between ${min} and ${max}, got ${v}`);
  return n;
}

/** A required Unix-ms timestamp. */
export function reqTime(p: Params, name: string): number {
  const n = optInt(p, name, 0, Number.MAX_SAFE_INTEGER);
  if (n === undefined) throw missingParam(name);
  return n;
}

/** Upper-cases an optional coin filter. */
export function optCoin(p: Params, name: string): string | undefined {
  return optString(p, name)?.toUpperCase();
}
