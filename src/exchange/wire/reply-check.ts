import type { Decimal } from 'decimal.js';
import { ExchangeError } from './errors.js';
import { wireDecimalOrNull, type WireRecord } from './wire-values.js';

/**
 * Strict readers for replies a service hands on as domain values (the UI no longer reads wire
 * records). Unlike the lenient `wire-values` readers used on pushes, a reply of the wrong shape
 * or a field that is not what it should be is an `EXCH_BAD_REPLY` error naming the operation
 * and the field; an absent or empty optional field is null.
 */

/** An `EXCH_BAD_REPLY` for operation `opId`: "`opId` reply: `what`". */
export function badReply(opId: string, what: string): ExchangeError {
  return new ExchangeError('EXCH_BAD_REPLY', `${opId} reply: ${what}`, { opId });
}

function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reply's data as a record; throws when it is anything else. */
export function replyRecord(opId: string, data: unknown): WireRecord {
  if (!isRecord(data)) throw badReply(opId, `expected an object, got ${describe(data)}`);
  return data;
}

/** `r[field]` as a list of records (`where` names `r` in the error, e.g. "loanInfos[2]."); throws when absent or not one. */
export function replyRecords(opId: string, r: WireRecord, field: string, where = ''): readonly WireRecord[] {
  const list = r[field];
  if (!Array.isArray(list)) throw badReply(opId, `${where}${field} is not a list (${describe(list)})`);
  return list.map((item: unknown, i) => {
    if (!isRecord(item)) throw badReply(opId, `${where}${field}[${i}] is not an object (${describe(item)})`);
    return item;
  });
}

/** `r[field]` as a decimal; null when absent, null or ""; throws when it is not a number. */
export function optionalDecimal(opId: string, r: WireRecord, field: string, where = ''): Decimal | null {
  const value = r[field];
  if (value === undefined || value === null || value === '') return null;
  const d = typeof value === 'string' || typeof value === 'number' ? wireDecimalOrNull(value) : null;
  if (d === null || !d.isFinite()) throw badReply(opId, `${where}${field} is not a number (${describe(value)})`);
  return d;
}

/** `r[field]` as a non-empty text (a number is written out); throws when absent or empty. */
export function requiredText(opId: string, r: WireRecord, field: string, where = ''): string {
  const text = optionalText(opId, r, field, where);
  if (text === null) throw badReply(opId, `${where}${field} is missing`);
  return text;
}

/** `r[field]` as text (a number is written out); null when absent, null or ""; throws for other types. */
export function optionalText(opId: string, r: WireRecord, field: string, where = ''): string | null {
  const value = r[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw badReply(opId, `${where}${field} is not a text (${describe(value)})`);
}

/** A short description of a value for an error message (never the whole value). */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}
