/**
 * CSV for `utadash journal export` (RFC 4180): a header row, then one row per record, lines ended
 * by CRLF; a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled. Every
 * field is text as stored (amounts as the exchange's decimal strings), so nothing is reformatted.
 */

/** One field, quoted when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line (no line end). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/** A whole CSV text: `fields` as the header, then each row's values in that order (missing: ''). */
export function toCsv(fields: readonly string[], rows: readonly Readonly<Record<string, string>>[]): string {
  const lines = [csvLine(fields)];
  for (const row of rows) lines.push(csvLine(fields.map((f) => row[f] ?? '')));
  return `${lines.join('\r\n')}\r\n`;
}
