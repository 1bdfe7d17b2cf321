/**
 * Pure helpers of the desk views: form text → wire params (times, lists, batches), replies →
 * rows, paging cursors, and cell text. No React, no I/O.
 */
import { formatDateTime, parseTimeInput } from '../../domain/time-format.js';
import type { FormField } from '../../services/operation-catalog.js';
import type { ViewColumn, ViewRow } from './view-types.js';

/** Form values → wire params, or the problems per field. */
export interface BuiltParams {
  /** GET: strings; POST: strings and string lists; an array of items for batch operations. */
  readonly params: Readonly<Record<string, unknown>> | readonly Readonly<Record<string, unknown>>[];
  /** Field name → what is wrong with its text. Empty when every field reads. */
  readonly errors: Readonly<Record<string, string>>;
}

/**
 * Builds wire params from form text. Empty fields are left out; times become Unix ms text; lists
 * split on commas. For batch operations (`batch` true) `split` names the field whose
 * comma-separated values become one item each (every other field is copied to each item).
 */
export function buildParams(fields: readonly FormField[], values: Readonly<Record<string, string>>, now: number, batch = false, split?: string): BuiltParams {
  const out: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const text = (values[f.name] ?? '').trim();
    if (text === '') continue;
    if (f.kind === 'time') {
      const t = parseTimeInput(text, now);
      if (t.ok) out[f.name] = String(t.ms);
      else errors[f.name] = t.error;
    } else if (f.kind === 'list' || (batch && f.name === split)) {
      out[f.name] = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
    } else {
      out[f.name] = text;
    }
  }
  if (!batch) return { params: out, errors };
  const many = split !== undefined && Array.isArray(out[split]) ? (out[split] as string[]) : [undefined];
  const items = many.map((v) => (split !== undefined && v !== undefined ? { ...out, [split]: v } : out));
  return { params: items, errors };
}

/** A record flattened to field/value rows (`a.b`, `list[0].c`), scalars only. */
export function flattenRecord(value: unknown, prefix = ''): ViewRow[] {
  if (value === null || value === undefined || typeof value !== 'object') return [{ field: prefix || 'result', value: value === null || value === undefined ? '' : String(value) }];
  const rows: ViewRow[] = [];
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`${prefix}[${i}]`, v]) : Object.entries(value).map(([k, v]) => [prefix ? `${prefix}.${k}` : k, v]);
  if (entries.length === 0) return [{ field: prefix || 'result', value: Array.isArray(value) ? '(none)' : '(empty)' }];
  for (const [k, v] of entries) {
    if (v !== null && typeof v === 'object') rows.push(...flattenRecord(v, k));
    else rows.push({ field: k, value: v === null || v === undefined ? '' : String(v) });
  }
  return rows;
}

const CANDLE_KEYS = ['ts', 'open', 'high', 'low', 'close', 'volume', 'turnover'] as const;

/** Rows of a reply by its declared shape. */
export function defaultRows(reply: string, data: unknown): readonly ViewRow[] {
  if (reply === 'candles' && Array.isArray(data)) return data.map((c) => (Array.isArray(c) ? Object.fromEntries(CANDLE_KEYS.map((k, i) => [k, c[i] ?? ''])) : { value: String(c) }));
  if (reply === 'list' && data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const list = (data as Record<string, unknown>).list;
    if (Array.isArray(list)) return list.map((r) => (r !== null && typeof r === 'object' ? (r as ViewRow) : { value: String(r) }));
  }
  if (Array.isArray(data)) return data.map((r) => (r !== null && typeof r === 'object' && !Array.isArray(r) ? (r as ViewRow) : { value: String(r) }));
  if (data === null || data === undefined) return [{ field: 'result', value: 'done (no data in the reply)' }];
  return flattenRecord(data);
}

/** How an operation pages, from its fields. */
export type Paging = { readonly kind: 'page'; readonly param: 'pageNum' } | { readonly kind: 'cursor'; readonly param: 'cursor' } | { readonly kind: 'idLessThan'; readonly param: 'idLessThan' } | null;

/** The paging an operation's fields describe. */
export function pagingOf(fields: readonly FormField[]): Paging {
  const names = new Set(fields.map((f) => f.name));
  if (names.has('pageNum')) return { kind: 'page', param: 'pageNum' };
  if (names.has('cursor')) return { kind: 'cursor', param: 'cursor' };
  if (names.has('idLessThan')) return { kind: 'idLessThan', param: 'idLessThan' };
  return null;
}

const ID_FIELDS = ['id', 'orderId', 'positionId', 'tradeId', 'execId', 'billId', 'uid', 'subUid'];

function smallestId(rows: readonly ViewRow[], last: boolean): string | null {
  const field = ID_FIELDS.find((f) => rows.some((r) => typeof r[f] === 'string' || typeof r[f] === 'number'));
  if (!field) return null;
  const ids = rows.map((r) => String(r[field] ?? '')).filter((s) => /^\d+$/.test(s));
  if (ids.length === 0) return null;
  if (last) return ids[ids.length - 1] ?? null;
  return ids.reduce((a, b) => (b.length < a.length || (b.length === a.length && b < a) ? b : a));
}

/**
 * The value of the paging field for the page after this one, or null when this page is the last.
 * page: pageNum + 1 while the page came back full; cursor: the reply's `cursor` (else the smallest
 * id on the page); idLessThan: the last record's id.
 */
export function nextPageValue(paging: Paging, current: string | undefined, data: unknown, rows: readonly ViewRow[], pageSize: number): string | null {
  if (!paging || rows.length === 0) return null;
  if (paging.kind === 'page') return rows.length >= pageSize ? String(Number(current ?? '1') + 1) : null;
  if (paging.kind === 'idLessThan') return rows.length >= pageSize ? smallestId(rows, true) : null;
  const cursor = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>).cursor : undefined;
  const next = cursor === undefined || cursor === null || cursor === '' ? smallestId(rows, false) : String(cursor);
  return next === current || rows.length < pageSize ? null : next;
}

/** The value at a dotted path of a row. */
export function cellValue(row: ViewRow, key: string): unknown {
  let v: unknown = row;
  for (const part of key.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

const TIME_KEYS = /(Time|time|^ts)$/;

/** Cell text: times as local date-times, records as `k=v` pairs, nothing as ''. */
export function cellText(value: unknown, column: ViewColumn): string {
  if (value === undefined || value === null) return '';
  const asTime = column.format === 'time' || (column.format === undefined && TIME_KEYS.test(column.key));
  if (asTime && (typeof value === 'number' || (typeof value === 'string' && /^\d{12,13}$/.test(value)))) return formatDateTime(Number(value));
  if (typeof value === 'object') return Array.isArray(value) ? `[${value.length}]` : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${typeof v === 'object' ? '…' : String(v)}`).join(' ');
  return String(value);
}

/** A cell's text; in field/value rows (records) the value of a time field shows as a local date-time too. */
export function rowCellText(row: ViewRow, column: ViewColumn): string {
  if (column.key === 'value' && typeof row.field === 'string' && column.format === undefined) {
    const leaf = row.field.split('.').pop() ?? '';
    return cellText(row.value, { key: TIME_KEYS.test(leaf) ? leaf : 'value' });
  }
  return cellText(cellValue(row, column.key), column);
}

/** Columns from the rows: every field seen in the first rows, in order of appearance. */
export function autoColumns(rows: readonly ViewRow[]): readonly ViewColumn[] {
  const keys: string[] = [];
  for (const r of rows.slice(0, 20)) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  return keys.map((key) => ({ key }));
}
