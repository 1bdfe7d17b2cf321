import { styledCharsToString, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import type { ClipBox, InkCaches, Operation } from './ink-patch.js';
import { simpleWidth } from './screen-cells.js';

/**
 * The steps of Ink 7.1.1's `Output.get` (ink/build/output.js) done a row at a time, for the row
 * builder (ink-output-rows.ts): the writes that land on each row, with Ink's clipping and
 * transformers; a row joined from its writes when that is safe; a row built cell by cell as Ink does.
 */

/** A row's writes, in order: x, line, x, line, … (lines after Ink's transformers). */
export type RowWrites = (number | string)[];

/** Ink's caches plus the horizontally clipped lines (clipping slices the same lines every frame) and `simpleWidth` of lines. */
export interface RowCaches {
  /** Ink's tokenized lines and widths (one `Output`'s, shared by every frame). */
  readonly ink: InkCaches;
  /** `${from}:${to}:${line}` → the line sliced to those columns. */
  readonly sliced: Map<string, string>;
  /** Line → `simpleWidth(line)`. */
  readonly simple: Map<string, number>;
}

/** The blank cell every row starts from; shared, never mutated (Ink only reads cells). */
const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: [] });

/** True when `v` has the shape of Ink's `OutputCaches`. */
export function isInkCaches(v: unknown): v is InkCaches {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return c.styledChars instanceof Map && c.widths instanceof Map && c.blockWidths instanceof Map && typeof c.getStyledChars === 'function' && typeof c.getStringWidth === 'function' && typeof c.getWidestLine === 'function';
}

function slice(caches: RowCaches, line: string, from: number, to: number): string {
  const key = `${from}:${to}:${line}`;
  let sliced = caches.sliced.get(key);
  if (sliced === undefined) {
    sliced = sliceAnsi(line, from, to);
    caches.sliced.set(key, sliced);
  }
  return sliced;
}

/** Collects the writes of `operations` per row, clipped as Ink clips them, transformers applied. */
export function collectRows(operations: readonly Operation[], height: number, caches: RowCaches): RowWrites[] {
  const rows: RowWrites[] = [];
  for (let y = 0; y < height; y += 1) rows.push([]);
  const clips: ClipBox[] = [];
  for (const op of operations) {
    if (op.type === 'clip') {
      clips.push(op.clip);
      continue;
    }
    if (op.type === 'unclip') {
      clips.pop();
      continue;
    }
    let lines = op.text.split('\n');
    let { x, y } = op;
    const clip = clips.at(-1);
    if (clip !== undefined) {
      const { x1, x2, y1, y2 } = clip;
      const horizontal = typeof x1 === 'number' && typeof x2 === 'number';
      const vertical = typeof y1 === 'number' && typeof y2 === 'number';
      // Wholly outside the clip: nothing to draw.
      if (horizontal && (x + caches.ink.getWidestLine(op.text) < x1 || x > x2)) continue;
      if (vertical && (y + lines.length < y1 || y > y2)) continue;
      // A write wholly inside the clip's columns (the usual case: a panel's text within its box) is
      // kept as it is, as Ink's slice of it would be; only lines that cross an edge are sliced.
      if (horizontal && (x < x1 || x + caches.ink.getWidestLine(op.text) > x2)) {
        const left = x;
        lines = lines.map((line) => {
          const width = caches.ink.getStringWidth(line);
          return slice(caches, line, left < x1 ? x1 - left : 0, left + width > x2 ? x2 - left : width);
        });
        if (x < x1) x = x1;
      }
      if (vertical) {
        const from = y < y1 ? y1 - y : 0;
        const to = y + lines.length > y2 ? y2 - y : lines.length;
        lines = lines.slice(from, to);
        if (y < y1) y = y1;
      }
    }
    // As Ink: once a line falls outside the screen, the same row is tried for the rest (and missed).
    let offsetY = 0;
    for (let index = 0; index < lines.length; index += 1) {
      const row = rows[y + offsetY];
      if (row === undefined) continue;
      let line = lines[index] ?? '';
      for (const transform of op.transformers) line = transform(line, index);
      row.push(x, line);
      offsetY += 1;
    }
  }
  return rows;
}

/** The row as its writes joined by blanks; null when they overlap, leave the row or need Ink's placement. */
export function joinRow(width: number, writes: RowWrites, caches: RowCaches): string | null {
  // Visible writes as [x, columns, index of the line in writes]; Ink writes a panel's right border
  // before its content, so they are put in column order (order is moot when nothing overlaps).
  const placed: [number, number, number][] = [];
  for (let i = 0; i < writes.length; i += 2) {
    const line = writes[i + 1] as string;
    let columns = caches.simple.get(line);
    if (columns === undefined) {
      columns = simpleWidth(line);
      caches.simple.set(line, columns);
    }
    if (columns < 0) return null;
    // Nothing visible: Ink places nothing either.
    if (columns === 0) continue;
    const x = writes[i] as number;
    if (!Number.isInteger(x) || x < 0 || x + columns > width) return null;
    placed.push([x, columns, i + 1]);
  }
  placed.sort((a, b) => a[0] - b[0]);
  let out = '';
  let column = 0;
  for (const [x, columns, at] of placed) {
    if (x < column) return null;
    out += ' '.repeat(x - column) + (writes[at] as string);
    column = x + columns;
  }
  return out.trimEnd();
}

/** Builds one row as Ink's `Output.get` does: cells placed in write order, then serialized. */
export function buildRow(width: number, writes: RowWrites, caches: InkCaches): string {
  const row: StyledChar[] = [];
  for (let x = 0; x < width; x += 1) row.push(BLANK);
  for (let i = 0; i < writes.length; i += 2) {
    const characters = caches.getStyledChars(writes[i + 1] as string);
    if (characters.length === 0) continue;
    let offsetX = writes[i] as number;
    // A write that starts on the trailing half of a wide character blanks its leading half.
    if (row[offsetX]?.value === '' && offsetX > 0 && caches.getStringWidth(row[offsetX - 1]?.value ?? '') > 1) row[offsetX - 1] = BLANK;
    for (const character of characters) {
      row[offsetX] = character;
      const columns = Math.max(1, caches.getStringWidth(character.value));
      for (let k = 1; k < columns; k += 1) row[offsetX + k] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
      offsetX += columns;
    }
    // And one that ends on the leading half of one blanks its trailing half.
    if (row[offsetX]?.value === '') row[offsetX] = BLANK;
  }
  return styledCharsToString(row.filter((c) => c !== undefined)).trimEnd();
}
