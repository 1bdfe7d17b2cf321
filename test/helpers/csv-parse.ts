/**
 * An RFC 4180 reader for tests, written apart from the writer (src/journal/journal-csv.ts) so a
 * round trip checks one against the other: quoted fields may hold commas, doubled quotes, CR and
 * LF; records end with CRLF (a bare LF is accepted).
 */

/** The records of a CSV text (the header is the first). Throws on a quote where none may be. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (c === ',') {
      record.push(field);
      field = '';
      fieldStarted = true;
      i += 1;
    } else if (c === '\r' || c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (fieldStarted || field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The records of a CSV text with a header, as objects keyed by the header's names. */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (header === undefined) return [];
  return rows.map((row) => {
    if (row.length !== header.length) throw new Error(`a record of ${row.length} fields under a header of ${header.length}`);
    return Object.fromEntries(header.map((name, k) => [name, row[k] ?? '']));
  });
}
