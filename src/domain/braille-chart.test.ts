import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { brailleChart } from './braille-chart.js';

const ds = (...xs: number[]) => xs.map((x) => new Decimal(x));

/** The dot rows (top first) of a chart, `#` for a dot: each cell's 2×4 dots spelled out. */
function dots(lines: readonly string[]): string[] {
  const out: string[] = [];
  const bit = [
    [0x01, 0x08],
    [0x02, 0x10],
    [0x04, 0x20],
    [0x40, 0x80],
  ];
  for (const line of lines) {
    for (const pair of bit) {
      out.push(
        [...line]
          .map((c) => {
            const b = c === ' ' ? 0 : (c.codePointAt(0) ?? 0x2800) - 0x2800;
            return pair.map((m) => (b & m ? '#' : '.')).join('');
          })
          .join(''),
      );
    }
  }
  return out;
}

describe('brailleChart', () => {
  it('plots a rising series from the bottom-left dot to the top-right one, with no gaps', () => {
    expect(dots(brailleChart(ds(0, 1, 2, 3), 2, 1))).toEqual(['...#', '..#.', '.#..', '#...']);
    // Eight levels over two rows: each column one level up.
    expect(dots(brailleChart(ds(0, 1, 2, 3, 4, 5, 6, 7), 4, 2))).toEqual(['.......#', '......#.', '.....#..', '....#...', '...#....', '..#.....', '.#......', '#.......']);
  });

  it('joins a jump with a vertical run, so the line stays connected', () => {
    // The second column climbs from just above the first one's level to its own.
    expect(dots(brailleChart(ds(0, 3), 1, 1))).toEqual(['.#', '.#', '.#', '#.']);
    expect(dots(brailleChart(ds(3, 0), 1, 1))).toEqual(['#.', '.#', '.#', '.#']);
  });

  it('draws a flat series at the middle level, stretches few values across the width and samples many', () => {
    expect(brailleChart(ds(5, 5, 5), 3, 1)).toEqual(['⠤⠤⠤']);
    expect(dots(brailleChart(ds(1, 2), 2, 1))).toEqual(['..##', '..#.', '..#.', '##..']);
    const many = brailleChart(ds(...Array.from({ length: 1000 }, (_, i) => i)), 10, 3);
    expect(many).toHaveLength(3);
    for (const line of many) expect([...line]).toHaveLength(10);
    expect(dots(many)[0]?.endsWith('#')).toBe(true);
    expect(dots(many).at(-1)?.startsWith('#')).toBe(true);
  });

  it('gives blank lines for no values and nothing for no rows', () => {
    expect(brailleChart([], 4, 2)).toEqual(['    ', '    ']);
    expect(brailleChart(ds(1, 2), 4, 0)).toEqual([]);
  });
});
