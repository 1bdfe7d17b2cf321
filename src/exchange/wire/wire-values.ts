import { Decimal } from 'decimal.js';
import { CATEGORIES, type Category } from '../../domain/model.js';

/**
 * Lenient readers for wire values. The exchange sends strings (sometimes "" for "not set"), and a
 * few numbers; these never throw, because one odd field must not drop a whole push.
 */

/** A wire record: what one JSON object of a reply or push looks like before mapping. */
export type WireRecord = Readonly<Record<string, unknown>>;

/** A decimal from a wire string or number; `fallback` (default zero) for "", null, missing or malformed. */
export function wireDecimal(value: unknown, fallback: Decimal = new Decimal(0)): Decimal {
  if (typeof value === 'number' && Number.isFinite(value)) return new Decimal(value);
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  try {
    const d = new Decimal(value.trim());
    return d.isFinite() ? d : fallback;
  } catch {
    return fallback;
  }
}

/** A decimal, or null when the field is absent or empty. */
export function wireDecimalOrNull(value: unknown): Decimal | null {
  if (value === undefined || value === null || value === '') return null;
  const d = wireDecimal(value, new Decimal(NaN));
  return d.isNaN() ? null : d;
}

/** A string field ('' when absent). */
export function wireString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return '';
}

/** A whole number of ms (timestamps, counts); 0 when absent or malformed. */
export function wireInt(value: unknown): number {
  const text = wireString(value);
  return /^-?\d+$/.test(text) ? Number.parseInt(text, 10) : 0;
}

/** yes/YES/true → true. */
export function wireBool(value: unknown): boolean {
  return value === true || (typeof value === 'string' && ['yes', 'true', 'on'].includes(value.toLowerCase()));
}

/** A category from either case (REST upper, websocket lower); null when unknown. */
export function wireCategory(value: unknown): Category | null {
  const upper = wireString(value).toUpperCase();
  return (CATEGORIES as readonly string[]).includes(upper) ? (upper as Category) : null;
}

/** A record field that is itself a record, or an empty one. */
export function wireRecord(value: unknown): WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as WireRecord) : {};
}

/** A list of records (non-records skipped). */
export function wireList(value: unknown): readonly WireRecord[] {
  return Array.isArray(value) ? value.filter((v): v is WireRecord => typeof v === 'object' && v !== null && !Array.isArray(v)) : [];
}
