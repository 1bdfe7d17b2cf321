import type { Decimal } from 'decimal.js';
import { csvLine } from '../../journal/journal-csv.js';
import type { OutputFormat } from './flags.js';

/**
 * What the commands print: a table for people, JSON or CSV for scripts. Field names are stable
 * (camelCase, the same in JSON keys and CSV headers) and decimals are strings exactly as the
 * exchange's figures are (never rounded, never a JS number); a missing figure is null in JSON and
 * empty in CSV and `-` in a table.
 */

/** One value of a row. */
export type Cell = string | number | boolean | null;

/** A row: field name → value. */
export type Row = Readonly<Record<string, Cell>>;

/** One column of a table. */
export interface Column {
  /** Field name (JSON key, CSV header). */
  readonly key: string;
  /** Table header; default the key. */
  readonly header?: string;
  /** Table alignment; default left. */
  readonly align?: 'left' | 'right';
  /** False: in JSON and CSV only, left out of the (narrower) table; default true. */
  readonly inTable?: boolean;
}

/** Rows under named columns. */
export interface Table {
  readonly columns: readonly Column[];
  readonly rows: readonly Row[];
}

/** A decimal as its exact plain text (`"0.00012"`, never exponent notation); null stays null. */
export function dec(d: Decimal | null | undefined): string | null {
  return d === null || d === undefined ? null : d.toFixed();
}

/** Unix ms as ISO 8601 UTC (`2026-11-27T05:40:00.000Z`); 0 or less is null (never set). */
export function isoTime(ms: number): string | null {
  return ms > 0 ? new Date(ms).toISOString() : null;
}

function cellText(v: Cell): string {
  return v === null ? '-' : String(v);
}

/** Aligned columns with a header line; `empty` is printed instead when there are no rows. */
export function renderTable(table: Table, empty: string): string {
  if (table.rows.length === 0) return `${empty}\n`;
  const t = { ...table, columns: table.columns.filter((c) => c.inTable !== false) };
  const widths = t.columns.map((c) => Math.max((c.header ?? c.key).length, ...t.rows.map((r) => cellText(r[c.key] ?? null).length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((text, i) => {
        const w = widths[i] ?? 0;
        return t.columns[i]?.align === 'right' ? text.padStart(w) : text.padEnd(w);
      })
      .join('  ')
      .trimEnd();
  const header = line(t.columns.map((c) => c.header ?? c.key));
  return `${[header, ...t.rows.map((r) => line(t.columns.map((c) => cellText(r[c.key] ?? null))))].join('\n')}\n`;
}

/** RFC 4180 CSV (journal-csv.ts): a header of the field names, then one line per row, ended by `\n` for pipes; null is empty. */
export function renderCsv(t: Table): string {
  const keys = t.columns.map((c) => c.key);
  return [csvLine(keys), ...t.rows.map((r) => csvLine(keys.map((k) => String(r[k] ?? ''))))].map((line) => `${line}\n`).join('');
}

/** Pretty JSON (2 spaces) and a line break. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A list as the format asks: a table (or `empty`), a JSON array of row objects, or CSV. */
export function renderList(t: Table, format: OutputFormat, empty: string): string {
  switch (format) {
    case 'table':
      return renderTable(t, empty);
    case 'csv':
      return renderCsv(t);
    case 'json':
      return renderJson(t.rows.map((r) => Object.fromEntries(t.columns.map((c) => [c.key, r[c.key] ?? null]))));
  }
}

/** Writes to a stream and resolves once the text is handed to the system (so an exit right after loses nothing). */
export function writeText(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (text === '') resolve();
    else stream.write(text, () => resolve());
  });
}
