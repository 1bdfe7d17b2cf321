import { styledCharsToString, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import { importInkOutputModule } from './ink-output-module.js';
import { sameCells, simpleWidth } from './screen-cells.js';

/**
 * Ink 7.1.1 turns every frame into text in `Output.get` (ink/build/output.js): it allocates a cell
 * object for every cell of the screen (7 680 at 160x48), tokenizes the ANSI styling of every line
 * written, places the characters, and serializes every row back into a string — although most rows
 * of a dashboard frame are the rows of the previous frame (panel borders, headers, quiet panels).
 *
 * This replaces `Output.prototype.get` with the same algorithm done a row at a time: the writes
 * that land on a row are collected first (Ink's clipping, its transformers, the same line order),
 * and a row whose writes are exactly those of a row in this or the previous frame reuses that
 * row's string. A new row whose writes do not overlap and hold only one-cell characters and closed
 * SGR styling (almost every row of the dashboard) is the writes joined by blanks; any other row is
 * built as Ink builds it (one shared blank cell instead of one object per cell; Ink's handling of
 * wide characters and overlapping writes; the same serializer). Either way the row shows the cells
 * Ink's row shows (the joined row keeps the writes' own escapes, so its bytes may differ);
 * `installInkOutputRows` checks that on sample frames before it installs. Tokenized lines, widths
 * and horizontally clipped lines are kept in one shared, bounded cache.
 *
 * Only for the cell writer (cell-diff-stream.ts), which reads cells, not bytes.
 *
 * It reaches into Ink's internals (`operations`, `width`, `height`, `caches`), which is one reason
 * ink is pinned to an exact version. When the shape is not what this expects nothing is changed and
 * the reason is returned.
 */

/** What `installInkOutputRows` did. */
export interface InkOutputRowsHandle {
  /** True when the row-cached `get` is in place. */
  readonly installed: boolean;
  /** Why it is not (Ink's internals differ, or a sample frame differed); null when installed. */
  readonly reason: string | null;
  /** Counters since install: rows reused from this or the previous frame, joined from their writes, built as Ink does. */
  stats(): { reused: number; joined: number; built: number };
  /** Puts Ink back as it was. */
  uninstall(): void;
}

interface InkCaches {
  readonly styledChars: Map<string, unknown>;
  readonly widths: Map<string, number>;
  readonly blockWidths: Map<string, number>;
  getStyledChars(line: string): StyledChar[];
  getStringWidth(text: string): number;
  getWidestLine(text: string): number;
}

type Transformer = (line: string, index: number) => string;

interface ClipBox {
  readonly x1?: number;
  readonly x2?: number;
  readonly y1?: number;
  readonly y2?: number;
}

type Operation =
  | { readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly transformers: readonly Transformer[] }
  | { readonly type: 'clip'; readonly clip: ClipBox }
  | { readonly type: 'unclip' };

interface InkOutput {
  width: number;
  height: number;
  operations: Operation[];
  caches: InkCaches;
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: ClipBox): void;
  unclip(): void;
  get(): { output: string; height: number };
}

type InkOutputClass = (new (options: { width: number; height: number }) => InkOutput) & { prototype: InkOutput };

/** The blank cell every row starts from; shared, never mutated (Ink only reads cells). */
const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: [] });

function notInstalled(reason: string): InkOutputRowsHandle {
  return { installed: false, reason, stats: () => ({ reused: 0, joined: 0, built: 0 }), uninstall: () => undefined };
}

function isCaches(v: unknown): v is InkCaches {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return c.styledChars instanceof Map && c.widths instanceof Map && c.blockWidths instanceof Map && typeof c.getStyledChars === 'function' && typeof c.getStringWidth === 'function' && typeof c.getWidestLine === 'function';
}

/** A row's writes, in order: x, line, x, line, … (lines after Ink's transformers). */
type RowWrites = (number | string)[];

/** Ink's caches plus the horizontally clipped lines (clipping slices the same lines every frame) and `simpleWidth` of lines. */
interface Caches {
  readonly ink: InkCaches;
  readonly sliced: Map<string, string>;
  readonly simple: Map<string, number>;
}

function slice(caches: Caches, line: string, from: number, to: number): string {
  const key = `${from}:${to}:${line}`;
  let sliced = caches.sliced.get(key);
  if (sliced === undefined) {
    sliced = sliceAnsi(line, from, to);
    caches.sliced.set(key, sliced);
  }
  return sliced;
}

/** Collects the writes of `operations` per row, clipped as Ink clips them, transformers applied. */
function collectRows(operations: readonly Operation[], height: number, caches: Caches): RowWrites[] {
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
      if (horizontal) {
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
function joinRow(width: number, writes: RowWrites, caches: Caches): string | null {
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
function buildRow(width: number, writes: RowWrites, caches: InkCaches): string {
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

/**
 * Draws a few frames (colour, overlaps, clips, rows past the edge) both ways; a message when a row
 * shows other cells. ASCII only: the first non-ASCII text string-width measures compiles its Unicode
 * expressions (~50 ms), which this check must not add to the start. Wide characters are covered by
 * the tests against the pinned Ink.
 */
function sampleMismatch(Output: InkOutputClass, inkGet: () => { output: string; height: number }): string | null {
  const red = (s: string): string => `\x1b[31m${s}\x1b[39m`;
  const bold = (s: string): string => `\x1b[1m${s}\x1b[22m`;
  const samples: ((o: InkOutput) => void)[] = [
    (o) => {
      o.write(0, 0, '+--------+\n| \x1b[32m97001.5\x1b[39m|\n+--------+', { transformers: [] });
      o.write(2, 1, 'over', { transformers: [red] });
      o.write(3, 1, 'x', { transformers: [] });
      o.write(9, 2, 'past the edge', { transformers: [bold] });
    },
    (o) => {
      o.clip({ y1: 1, y2: 3 });
      o.write(1, 0, 'a\nb\nc\nd\ne', { transformers: [(line, i) => `${i}${line}`] });
      o.unclip();
      o.write(0, 3, '', { transformers: [] });
      o.write(4, 3, 'tail   ', { transformers: [] });
      o.write(0, 5, 'below the screen\nand more', { transformers: [] });
      o.clip({ x1: 2, x2: 6, y1: 0, y2: 5 });
      o.write(0, 4, '\x1b[33mclipped text\x1b[39m', { transformers: [] });
      o.unclip();
    },
  ];
  for (const [n, draw] of samples.entries()) {
    const a = new Output({ width: 12, height: 5 });
    const b = new Output({ width: 12, height: 5 });
    draw(a);
    draw(b);
    const expected = inkGet.call(a).output.split('\n');
    const actual = b.get().output.split('\n');
    const row = expected.findIndex((line, i) => !sameCells(line, actual[i] ?? ''));
    if (row >= 0 || actual.length !== expected.length) return `sample frame ${n + 1} row ${row} differs from Ink's: ${JSON.stringify(actual[row])} vs ${JSON.stringify(expected[row])}`;
  }
  return null;
}

/**
 * Installs the row-cached `Output.get`. `maxTokenized` bounds the shared caches of tokenized and
 * clipped lines (emptied when one holds more; default 2000). Call `uninstall` in tests.
 */
export async function installInkOutputRows(maxTokenized = 2000): Promise<InkOutputRowsHandle> {
  let Output: InkOutputClass;
  try {
    const mod = (await importInkOutputModule()) as { default?: unknown };
    if (typeof mod.default !== 'function') return notInstalled('ink/build/output.js has no default export class');
    Output = mod.default as InkOutputClass;
  } catch (error) {
    return notInstalled(`ink/build/output.js not found: ${error instanceof Error ? error.message : String(error)}`);
  }
  const inkGet = Output.prototype.get;
  if (typeof inkGet !== 'function') return notInstalled('Output has no get method');
  let ink: InkCaches;
  try {
    const probe = new Output({ width: 1, height: 1 });
    if (!isCaches(probe.caches)) return notInstalled('Output.caches is not what this expects');
    if (!Array.isArray(probe.operations)) return notInstalled('Output.operations is not an array');
    ink = probe.caches;
  } catch (error) {
    return notInstalled(`Output could not be built: ${error instanceof Error ? error.message : String(error)}`);
  }
  const caches: Caches = { ink, sliced: new Map(), simple: new Map() };
  const counts = { reused: 0, joined: 0, built: 0 };
  let width = -1;
  let previous = new Map<string, string>();
  Output.prototype.get = function rowCachedGet(this: InkOutput): { output: string; height: number } {
    if (ink.styledChars.size > maxTokenized || caches.sliced.size > maxTokenized || caches.simple.size > maxTokenized) {
      ink.styledChars.clear();
      ink.widths.clear();
      ink.blockWidths.clear();
      caches.sliced.clear();
      caches.simple.clear();
    }
    const rows = collectRows(this.operations, this.height, caches);
    if (this.width !== width) {
      width = this.width;
      previous = new Map();
    }
    const current = new Map<string, string>();
    const text: string[] = [];
    for (const writes of rows) {
      if (writes.length === 0) {
        text.push('');
        continue;
      }
      const key = writes.join('\u0000');
      let line = current.get(key) ?? previous.get(key);
      if (line === undefined) {
        const joined = joinRow(this.width, writes, caches);
        if (joined === null) {
          line = buildRow(this.width, writes, ink);
          counts.built += 1;
        } else {
          line = joined;
          counts.joined += 1;
        }
      } else counts.reused += 1;
      current.set(key, line);
      text.push(line);
    }
    previous = current;
    return { output: text.join('\n'), height: rows.length };
  };
  const mismatch = sampleMismatch(Output, inkGet);
  if (mismatch !== null) {
    Output.prototype.get = inkGet;
    return notInstalled(mismatch);
  }
  return {
    installed: true,
    reason: null,
    stats: () => ({ ...counts }),
    uninstall: () => {
      Output.prototype.get = inkGet;
    },
  };
}
