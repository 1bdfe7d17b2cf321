import { buildRow, collectRows, isInkCaches, joinRow, type RowCaches } from './frame-rows.js';
import { inkPatch, type InkFrame, type InkOutput, type InkPatch } from './ink-patch.js';
import { sameCells } from './screen-cells.js';

/**
 * Ink 7.1.1 turns every frame into text in `Output.get` (ink/build/output.js): it allocates a cell
 * object for every cell of the screen (7 680 at 160x48), tokenizes the ANSI styling of every line
 * written, places the characters, and serializes every row back into a string — although most rows
 * of a dashboard frame are the rows of the previous frame (panel borders, headers, quiet panels).
 *
 * This installs, through the `rowBuilder` hook of our Ink patch (ink-patch.ts), the same algorithm
 * done a row at a time (frame-rows.ts): the writes that land on a row are collected first (Ink's
 * clipping, its transformers, the same line order), and a row whose writes are exactly those of a
 * row in this or the previous frame reuses that row's string. A new row whose writes do not overlap
 * and hold only one-cell characters and closed SGR styling (almost every row of the dashboard) is
 * the writes joined by blanks; any other row is built as Ink builds it (one shared blank cell
 * instead of one object per cell; Ink's handling of wide characters and overlapping writes; the
 * same serializer). Either way the row shows the cells Ink's row shows (the joined row keeps the
 * writes' own escapes, so its bytes may differ); `installInkOutputRows` checks that on sample
 * frames before it installs. Tokenized lines, widths and horizontally clipped lines are kept in one
 * shared, bounded cache.
 *
 * Only for the cell writer (cell-diff-stream.ts), which reads cells, not bytes.
 *
 * It reads Ink's internals (`operations`, `width`, `height`, `caches`), one reason ink is pinned to
 * an exact version (checked at start, ink-patch.ts). When the shape is not what this expects
 * nothing is changed and the reason is returned.
 */

/** What `installInkOutputRows` did. */
export interface InkOutputRowsHandle {
  /** True when the row builder is in place. */
  readonly installed: boolean;
  /** Why it is not (Ink's internals differ, or a sample frame differed); null when installed. */
  readonly reason: string | null;
  /** Counters since install: rows reused from this or the previous frame, joined from their writes, built as Ink does. */
  stats(): { reused: number; joined: number; built: number };
  /** Puts Ink's own `get` back. */
  uninstall(): void;
}

function notInstalled(reason: string): InkOutputRowsHandle {
  return { installed: false, reason, stats: () => ({ reused: 0, joined: 0, built: 0 }), uninstall: () => undefined };
}

/**
 * Draws a few frames (colour, overlaps, clips, rows past the edge) both ways; a message when a row
 * shows other cells. ASCII only: the first non-ASCII text string-width measures compiles its Unicode
 * expressions (~50 ms), which this check must not add to the start. Wide characters are covered by
 * the tests against the pinned Ink.
 */
function sampleMismatch(patch: InkPatch, builder: (output: InkOutput) => InkFrame): string | null {
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
    const a = new patch.Output({ width: 12, height: 5 });
    draw(a);
    const expected = a.get().output.split('\n');
    const b = new patch.Output({ width: 12, height: 5 });
    draw(b);
    const actual = builder(b).output.split('\n');
    const row = expected.findIndex((line, i) => !sameCells(line, actual[i] ?? ''));
    if (row >= 0 || actual.length !== expected.length) return `sample frame ${n + 1} row ${row} differs from Ink's: ${JSON.stringify(actual[row])} vs ${JSON.stringify(expected[row])}`;
  }
  return null;
}

/**
 * Installs the row builder in the patched Ink (`patch`, default the loaded Ink's). `maxTokenized`
 * bounds the shared caches of tokenized and clipped lines (emptied when one holds more; default
 * 2000). Call `uninstall` in tests.
 */
export function installInkOutputRows(maxTokenized = 2000, patch: InkPatch = inkPatch()): InkOutputRowsHandle {
  let ink: RowCaches['ink'];
  try {
    const probe = new patch.Output({ width: 1, height: 1 });
    if (!isInkCaches(probe.caches)) return notInstalled('Output.caches is not what this expects');
    if (!Array.isArray(probe.operations)) return notInstalled('Output.operations is not an array');
    ink = probe.caches;
  } catch (error) {
    return notInstalled(`Output could not be built: ${error instanceof Error ? error.message : String(error)}`);
  }
  const caches: RowCaches = { ink, sliced: new Map(), simple: new Map() };
  const counts = { reused: 0, joined: 0, built: 0 };
  let width = -1;
  let previous = new Map<string, string>();
  const build = (output: InkOutput): InkFrame => {
    if (ink.styledChars.size > maxTokenized || caches.sliced.size > maxTokenized || caches.simple.size > maxTokenized) {
      ink.styledChars.clear();
      ink.widths.clear();
      ink.blockWidths.clear();
      caches.sliced.clear();
      caches.simple.clear();
    }
    const rows = collectRows(output.operations, output.height, caches);
    if (output.width !== width) {
      width = output.width;
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
        const joined = joinRow(output.width, writes, caches);
        if (joined === null) {
          line = buildRow(output.width, writes, ink);
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
  // The samples are drawn by Ink's own `get` (no builder set), then by this builder.
  const before = patch.rowBuilder;
  patch.rowBuilder = undefined;
  const mismatch = sampleMismatch(patch, build);
  patch.rowBuilder = before;
  if (mismatch !== null) return notInstalled(mismatch);
  patch.rowBuilder = build;
  return {
    installed: true,
    reason: null,
    stats: () => ({ ...counts }),
    uninstall: () => {
      if (patch.rowBuilder === build) patch.rowBuilder = before;
    },
  };
}
