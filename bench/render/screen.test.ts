import { describe, expect, it } from 'vitest';
import { CellDiffStream } from '../../src/render/cell-diff-stream.js';
import { TextScreen } from './screen.js';

describe('TextScreen', () => {
  it('shows text split over cell-level updates that no single frame spells out', async () => {
    const out: string[] = [];
    const terminal = { columns: 30, rows: 3, write: (s: string) => out.push(s) };
    const stream = new CellDiffStream(terminal as unknown as NodeJS.WritableStream);
    const frame = (lines: string[]) => new Promise<void>((resolve) => stream.write(`\x1b[?2026h\x1b[2J${lines.join('\n')}\x1b[?2026l`, () => resolve()));
    await frame(['Book BTCUSDT', '  spread --', '']);
    await frame(['Book BTCUSDT', '  spread 9.8', '']);
    const last = out.at(-1) ?? '';
    expect(last).not.toMatch(/spread \d/);
    const screen = new TextScreen(30, 3);
    for (const chunk of out) screen.write(chunk.slice(0, 5)), screen.write(chunk.slice(5));
    expect(screen.text()).toMatch(/spread 9\.8/);
  });

  it('follows Ink\u2019s own writer: erase lines, cursor up, newlines', () => {
    const screen = new TextScreen(10, 3);
    screen.write('one\ntwo\nthree');
    screen.write('\x1b[2K\x1b[1A\x1b[2K\x1b[1A\x1b[2K\x1b[Gfour\nfive');
    expect(screen.text().split('\n').map((l) => l.trimEnd())).toEqual(['four', 'five', '']);
  });
});
