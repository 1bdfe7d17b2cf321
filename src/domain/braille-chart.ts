import { Decimal } from 'decimal.js';

/**
 * A line chart in Braille cells (the trade journal's equity curve): each cell is 2 dots wide and 4
 * tall, so `width`×`height` cells plot 2·`width` points on 4·`height` levels. Pure; the values stay
 * `Decimal`, only the dot positions are numbers.
 */

/** The blank Braille cell; a cell's dots are added to it. */
const BRAILLE_BASE = 0x2800;

/** Dot bits by [column][row] within a cell (rows top to bottom): dots 1 2 3 7 and 4 5 6 8. */
const DOT: readonly (readonly number[])[] = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
];

/**
 * `values` (oldest first) as `height` lines of `width` cells: the values spread across the 2·`width`
 * dot columns, the oldest in the first and the newest in the last (fewer values are stretched, more
 * are sampled), the lowest at the bottom row of dots,
 * the highest at the top, a flat series through the middle; each column joins the previous one's
 * level so the line has no gaps. A cell with no dot is a space. No values, or no room, give
 * `height` lines of spaces (or none).
 */
export function brailleChart(values: readonly Decimal[], width: number, height: number): string[] {
  const w = Math.max(0, Math.floor(width));
  const h = Math.max(0, Math.floor(height));
  if (h === 0) return [];
  const cells: number[][] = Array.from({ length: h }, () => new Array<number>(w).fill(0));
  const first = values[0];
  if (first && w > 0) {
    const cols = 2 * w;
    const rows = 4 * h;
    let lo = first;
    let hi = first;
    for (const v of values) {
      if (v.lt(lo)) lo = v;
      if (v.gt(hi)) hi = v;
    }
    const range = hi.minus(lo);
    const levelOf = (v: Decimal): number => (range.isZero() ? Math.floor((rows - 1) / 2) : v.minus(lo).div(range).times(rows - 1).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
    let prev: number | null = null;
    for (let x = 0; x < cols; x += 1) {
      // The first column shows the oldest value, the last the newest.
      const v = values[Math.round((x * (values.length - 1)) / (cols - 1))] ?? first;
      const level = levelOf(v);
      const from = prev === null ? level : prev < level ? prev + 1 : prev > level ? prev - 1 : level;
      for (let l = Math.min(from, level); l <= Math.max(from, level); l += 1) {
        const y = rows - 1 - l;
        const row = cells[Math.floor(y / 4)];
        const bit = DOT[x % 2]?.[y % 4] ?? 0;
        if (row) row[Math.floor(x / 2)] = (row[Math.floor(x / 2)] ?? 0) | bit;
      }
      prev = level;
    }
  }
  return cells.map((row) => row.map((bits) => (bits === 0 ? ' ' : String.fromCharCode(BRAILLE_BASE + bits))).join(''));
}
