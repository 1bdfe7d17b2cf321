/**
 * CSV (RFC 4180), the one writer of utadash: `utadash journal export` (`toCsv`: lines ended by
 * CRLF, as the RFC has it, for files and spreadsheets) and the commands' `--csv`
 * (src/cli/commands/output.ts: `csvLine`, lines ended by LF, for pipes). A field holding a comma, a double quote, CR or LF, or starting or
 * ending with white space, is quoted, its quotes doubled. Every field is text as given (amounts as
 * the exchange's decimal strings), so nothing is reformatted.
 */

/** One field, quoted when it must be. */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (no line end). */
export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/** A whole CSV text for a file: `fields` as the header, then each row's values in that order (missing: ''), lines ended by CRLF. */
export function toCsv(fields: readonly string[], rows: readonly Readonly<Record<string, string>>[]): string {
  const lines = [csvLine(fields)];
  for (const row of rows) lines.push(csvLine(fields.map((f) => row[f] ?? '')));
  return `${lines.join('\r\n')}\r\n`;
}
