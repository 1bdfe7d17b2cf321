import chalk from 'chalk';
import { Box, renderToString, Text } from 'ink';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installInkOutputRows, type InkOutputRowsHandle } from './ink-output-rows.js';
import { inkPatch, type InkOutput } from './ink-patch.js';
import { sameCells } from './screen-cells.js';

/** Rows of `actual` that show other cells than the same rows of `expected` (bytes may differ). */
function differentRows(actual: string, expected: string): string[] {
  const a = actual.split('\n');
  const e = expected.split('\n');
  const bad: string[] = [];
  for (let i = 0; i < Math.max(a.length, e.length); i += 1) if (!sameCells(a[i] ?? '', e[i] ?? '')) bad.push(`row ${i}: ${JSON.stringify(a[i])} vs Ink ${JSON.stringify(e[i])}`);
  return bad;
}

/** Frames that change a little each time, as the dashboard's do: colour, borders, wide characters, truncation. */
function frames(): ReactElement[] {
  const out: ReactElement[] = [];
  for (let i = 0; i < 12; i += 1) {
    out.push(
      <Box flexDirection="column" width={40}>
        <Box borderStyle={i % 2 === 0 ? 'bold' : 'single'} borderColor={i % 3 === 0 ? 'cyan' : 'gray'} flexDirection="column" width={40} overflowY="hidden" height={7}>
          <Text color="green" wrap="truncate-end">{`97${String(100 + i).padStart(3, '0')}.0   ${(0.1 * i).toFixed(3)}   ████${'█'.repeat(i % 5)}`}</Text>
          <Text wrap="truncate-end">
            <Text bold>BTCUSDT</Text> <Text color="red">{`-${i}.00%`}</Text> 価格 ✓ {'a very long line that must be cut at the edge of the box '.repeat(2)}
          </Text>
          <Text dimColor>{i % 4 === 0 ? 'same line every fourth frame' : `line ${i}`}</Text>
          <Text inverse>{chalk.yellow('pre-styled text')} plain</Text>
          <Text>{'line that the box clips away\n'.repeat(i % 4)}</Text>
        </Box>
        {i % 3 === 0 ? (
          <Box position="absolute" marginLeft={5 + i} marginTop={2} borderStyle="round">
            <Text backgroundColor="blue">overlay 価</Text>
          </Box>
        ) : null}
        {i % 4 === 1 ? (
          <Box overflow="hidden" width={12} height={1}>
            <Text>{`clipped on both axes ${i}`}</Text>
          </Box>
        ) : null}
      </Box>,
    );
  }
  return out;
}

/** Ink's Output class, as the patch exports it. */
const Output = inkPatch().Output;

/** A small seeded generator, so a failure names a frame that can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = ['97 001.5', '│', '─┐', '価格', '✓', '⚡', '👍🏽', ' ', '', 'ab\ncd', 'x\n\ny', '\x1b[32mgreen\x1b[39m', '\x1b[1;31mbold red\x1b[0m', '\x1b[7m inv \x1b[27m', '\x1b[33mopen yellow', '\x1b[4mu', 'é', 'e\u0301'];
const STYLES: ((line: string, index: number) => string)[] = [(l) => chalk.red(l), (l) => chalk.bgBlue.bold(l), (l, i) => (i % 2 === 0 ? chalk.dim(l) : l), (l) => l.toUpperCase()];

/** Random writes in the shapes Ink makes: overlaps, wide characters, styles, clips, off-screen lines. */
function drawRandom(o: InkOutput, next: () => number, width: number, height: number): void {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  let clips = 0;
  for (let n = 0; n < 14; n += 1) {
    const r = next();
    if (r < 0.1) {
      const y1 = Math.floor(next() * height);
      const x1 = Math.floor(next() * width);
      o.clip(next() < 0.5 ? { y1, y2: y1 + Math.floor(next() * height) } : { x1, x2: x1 + Math.floor(next() * width), y1, y2: y1 + Math.floor(next() * height) });
      clips += 1;
    } else if (r < 0.15 && clips > 0) {
      o.unclip();
      clips -= 1;
    } else {
      let text = '';
      for (let k = Math.floor(next() * 4) + 1; k > 0; k -= 1) text += pick(PIECES);
      const transformers = next() < 0.4 ? [pick(STYLES)] : next() < 0.2 ? [pick(STYLES), pick(STYLES)] : [];
      o.write(Math.floor(next() * (width + 2)) - 1, Math.floor(next() * (height + 2)) - 1, text, { transformers });
    }
  }
}

let handle: InkOutputRowsHandle | null = null;
const level0 = chalk.level;
beforeEach(() => {
  // Colour on, so the frames carry the escapes the terminal gets.
  chalk.level = 3;
});
afterEach(() => {
  handle?.uninstall();
  handle = null;
  chalk.level = level0;
});

describe('installInkOutputRows', () => {
  it('installs on the pinned Ink and draws the cells Ink draws, frame after frame', () => {
    const plain = frames().map((f) => renderToString(f, { columns: 40 }));
    handle = installInkOutputRows(6);
    expect(handle.reason).toBeNull();
    expect(handle.installed).toBe(true);
    // Twice: the second pass reuses rows of the first (and the tokenized lines are cleared past 6).
    const drawn = [...frames(), ...frames()].map((f) => renderToString(f, { columns: 40 }));
    expect(drawn.flatMap((frame, i) => differentRows(frame, plain[i % plain.length] ?? ''))).toEqual([]);
    // Styled rows really went through the join (their bytes are the writes' own).
    expect(drawn.join('')).toContain('\x1b[');
    const stats = handle.stats();
    expect(stats.reused).toBeGreaterThan(0);
    expect(stats.joined).toBeGreaterThan(0);
    expect(stats.built).toBeGreaterThan(0);
  });

  it('matches Ink on random overlapping, wide, styled, clipped and off-screen writes', () => {
    const seeds = Array.from({ length: 300 }, (_, i) => i + 1);
    const expected = seeds.map((seed) => {
      const o = new Output({ width: 16, height: 6 });
      drawRandom(o, rng(seed), 16, 6);
      return o.get().output;
    });
    handle = installInkOutputRows(50);
    expect(handle.installed).toBe(true);
    const before = handle.stats();
    // Each frame twice and the whole run twice, so rows come both built and reused.
    for (let pass = 0; pass < 2; pass += 1) {
      for (const [i, seed] of seeds.entries()) {
        for (let k = 0; k < 2; k += 1) {
          const o = new Output({ width: 16, height: 6 });
          drawRandom(o, rng(seed), 16, 6);
          expect(differentRows(o.get().output, expected[i] ?? ''), `seed ${seed}`).toEqual([]);
        }
      }
    }
    const after = handle.stats();
    const [reused, joined, built] = [after.reused - before.reused, after.joined - before.joined, after.built - before.built];
    // Every frame is drawn twice in a row: the second draw reuses every row the first drew.
    expect(reused).toBeGreaterThanOrEqual(joined + built);
    expect(joined).toBeGreaterThan(100);
    expect(built).toBeGreaterThan(100);
  });

  it('joins rows of bordered, coloured panels side by side (the right border is written before the content)', () => {
    handle = installInkOutputRows();
    const before = handle.stats();
    const panel = (n: number) => (
      <Box borderStyle="round" borderColor="cyan" width={20} height={4} flexDirection="column">
        <Text color="green">{`price ${n}`}</Text>
        <Text>
          size <Text bold>{n * 2}</Text> · total
        </Text>
      </Box>
    );
    const frame = renderToString(
      <Box>
        {panel(1)}
        {panel(2)}
      </Box>,
      { columns: 40 },
    );
    expect(frame).toContain('price 2');
    const after = handle.stats();
    expect(after.built - before.built).toBe(0);
    expect(after.joined - before.joined).toBe(4);
  });

  it('keeps a write that leaves a style on from colouring the blanks and writes after it', () => {
    const draw = () => {
      const o = new Output({ width: 20, height: 1 });
      o.write(0, 0, '\x1b[33mopen', { transformers: [] });
      o.write(8, 0, 'ab', { transformers: [] });
      return o;
    };
    const ink = draw().get().output;
    handle = installInkOutputRows();
    expect(differentRows(draw().get().output, ink)).toEqual([]);
  });

  it('clips horizontally as Ink does, and a new width starts a new cache', () => {
    handle = installInkOutputRows();
    const before = handle.stats();
    const o = new Output({ width: 10, height: 2 });
    o.clip({ x1: 2, x2: 5, y1: 0, y2: 2 });
    o.write(0, 0, 'abcdefgh', { transformers: [] });
    o.unclip();
    expect(o.get().output).toBe('  cde\n');
    const narrow = new Output({ width: 3, height: 1 });
    narrow.write(0, 0, 'abcdef', { transformers: [] });
    const wide = new Output({ width: 8, height: 1 });
    wide.write(0, 0, 'abcdef', { transformers: [] });
    expect([narrow.get().output, wide.get().output]).toEqual(['abcdef', 'abcdef']);
    const after = handle.stats();
    // Three rows drawn anew: the clipped one, and 'abcdef' at each width (the narrow one built as Ink does).
    expect([after.joined - before.joined, after.built - before.built]).toEqual([2, 1]);
  });

  it('uninstall puts Ink back: nothing more is counted', () => {
    handle = installInkOutputRows();
    renderToString(frames()[0] ?? <Text>x</Text>, { columns: 40 });
    const before = handle.stats();
    expect(before.built).toBeGreaterThan(0);
    handle.uninstall();
    renderToString(frames()[1] ?? <Text>y</Text>, { columns: 40 });
    expect(handle.stats()).toEqual(before);
  });
});
