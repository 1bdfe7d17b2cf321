import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CellDiffStream } from './cell-diff-stream.js';

/**
 * The cell-diff terminal writer (issue 7): frames go in the way Ink's standard writer sends them
 * (synchronized update, erase the previous lines, the whole frame), the emitted bytes are replayed
 * on a small terminal emulator, and the screen must equal the frame drawn on a blank terminal,
 * character and look of every cell, while the bytes stay proportional to what changed.
 */

const BSU = '\x1b[?2026h';
const ESU = '\x1b[?2026l';

// ---------------------------------------------------------------------------------------------
// A small terminal emulator: cursor moves, erase, SGR, autowrap with xterm's pending-wrap rule,
// wide (2-cell) and zero-width (combining) characters. Enough for what the writer and Ink emit.
// ---------------------------------------------------------------------------------------------

/** Zero-width code points (combining marks, joiners, variation selectors) used by the tests. */
const ZERO_WIDTH: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x0591, 0x05bd],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x200b, 0x200f],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
];
/** Wide (East Asian Wide/Fullwidth, emoji presentation) code points. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x23e9, 0x23ec],
  [0x23f0, 0x23f0],
  [0x23f3, 0x23f3],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x267f, 0x267f],
  [0x2693, 0x2693],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26d4, 0x26d4],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x2753, 0x2757],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];
const inRanges = (cp: number, ranges: readonly (readonly [number, number])[]): boolean => ranges.some(([a, b]) => cp >= a && cp <= b);
const widthOf = (cp: number): number => (inRanges(cp, ZERO_WIDTH) ? 0 : inRanges(cp, WIDE) ? 2 : 1);

/** The look of a cell: canonical SGR attributes in a fixed order ("" = default). */
class Pen {
  private fg = '';
  private bg = '';
  private attrs = new Set<string>();
  private static readonly OFF: Readonly<Record<number, readonly string[]>> = { 22: ['bold', 'dim'], 23: ['italic'], 24: ['underline'], 25: ['blink'], 27: ['inverse'], 28: ['hidden'], 29: ['strike'] };
  private static readonly ON: Readonly<Record<number, string>> = { 1: 'bold', 2: 'dim', 3: 'italic', 4: 'underline', 5: 'blink', 7: 'inverse', 8: 'hidden', 9: 'strike' };

  sgr(params: string): void {
    const p = params === '' ? [0] : params.split(';').map((x) => (x === '' ? 0 : Number.parseInt(x, 10)));
    for (let i = 0; i < p.length; i++) {
      const n = p[i] ?? 0;
      if (n === 0) {
        this.fg = '';
        this.bg = '';
        this.attrs.clear();
      } else if (Pen.ON[n] !== undefined) this.attrs.add(Pen.ON[n]);
      else if (Pen.OFF[n] !== undefined) for (const a of Pen.OFF[n]) this.attrs.delete(a);
      else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) this.fg = `c${n}`;
      else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) this.bg = `c${n}`;
      else if (n === 39) this.fg = '';
      else if (n === 49) this.bg = '';
      else if (n === 38 || n === 48) {
        const take = p[i + 1] === 5 ? 2 : p[i + 1] === 2 ? 4 : 0;
        const value = p.slice(i + 1, i + 1 + take).join(':');
        if (n === 38) this.fg = value;
        else this.bg = value;
        i += take;
      } else throw new Error(`emulator: SGR ${n} not modelled`);
    }
  }

  get look(): string {
    return [...[...this.attrs].sort(), this.fg === '' ? '' : `fg=${this.fg}`, this.bg === '' ? '' : `bg=${this.bg}`].filter((s) => s !== '').join(',');
  }
}

/** One cell: its text (a base char plus any combining marks; "" for the right half of a wide char) and look. */
interface ScreenCell {
  text: string;
  look: string;
}

class Terminal {
  grid: ScreenCell[][] = [];
  row = 0;
  col = 0;
  /** xterm's pending wrap: a char was written in the last column; the next char wraps first. */
  private wrapNext = false;
  private readonly pen = new Pen();
  /** Private modes seen (`?25` → last state). */
  readonly modes = new Map<string, boolean>();
  /** Depth of open synchronized updates (must be 0 between frames). */
  syncDepth = 0;

  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {
    this.eraseAll();
  }

  private blank(): ScreenCell {
    // Erased cells take the background of the pen (xterm's back-colour erase); the tests erase with the default pen.
    return { text: ' ', look: '' };
  }

  private eraseAll(): void {
    this.grid = Array.from({ length: this.rows }, () => Array.from({ length: this.cols }, () => this.blank()));
  }

  private eraseCells(r: number, from: number, to: number): void {
    const line = this.grid[r];
    if (!line) return;
    for (let c = Math.max(0, from); c < Math.min(this.cols, to); c++) line[c] = this.blank();
  }

  private moveTo(r: number, c: number): void {
    this.row = Math.min(Math.max(r, 0), this.rows - 1);
    this.col = Math.min(Math.max(c, 0), this.cols - 1);
    this.wrapNext = false;
  }

  private lineFeed(): void {
    if (this.row < this.rows - 1) this.row++;
    else {
      this.grid.shift();
      this.grid.push(Array.from({ length: this.cols }, () => this.blank()));
    }
  }

  /** Writing over one half of a wide char blanks the other half. */
  private clearWideAt(r: number, c: number): void {
    const line = this.grid[r];
    if (!line) return;
    const cell = line[c];
    if (cell === undefined) return;
    if (cell.text === '' && c > 0) line[c - 1] = this.blank();
    const right = line[c + 1];
    if (right !== undefined && right.text === '' && cell.text !== '') line[c + 1] = this.blank();
  }

  private put(ch: string): void {
    const cp = ch.codePointAt(0) ?? 0;
    const w = widthOf(cp);
    if (w === 0) {
      // Combining: joins the char just written (left of the cursor, or under it when a wrap is pending).
      const c = this.wrapNext ? this.col : this.col - 1;
      const line = this.grid[this.row];
      let target = c >= 0 ? line?.[c] : undefined;
      if (target !== undefined && target.text === '' && c > 0) target = line?.[c - 1];
      if (target !== undefined) target.text += ch;
      return;
    }
    if (this.wrapNext || (w === 2 && this.col === this.cols - 1)) {
      this.col = 0;
      this.lineFeed();
      this.wrapNext = false;
    }
    const line = this.grid[this.row];
    if (!line) return;
    this.clearWideAt(this.row, this.col);
    if (w === 2) this.clearWideAt(this.row, this.col + 1);
    line[this.col] = { text: ch, look: this.pen.look };
    if (w === 2) line[this.col + 1] = { text: '', look: this.pen.look };
    const next = this.col + w;
    if (next >= this.cols) {
      this.col = this.cols - 1;
      this.wrapNext = true;
    } else this.col = next;
  }

  private csi(params: string, final: string): void {
    if (params.startsWith('?')) {
      if (final !== 'h' && final !== 'l') throw new Error(`emulator: private CSI ${params}${final} not modelled`);
      for (const mode of params.slice(1).split(';')) {
        this.modes.set(mode, final === 'h');
        if (mode === '2026') this.syncDepth += final === 'h' ? 1 : -1;
      }
      return;
    }
    const nums = params.split(';').map((x) => (x === '' ? undefined : Number.parseInt(x, 10)));
    const n = nums[0] ?? 1;
    switch (final) {
      case 'H':
      case 'f':
        this.moveTo((nums[0] ?? 1) - 1, (nums[1] ?? 1) - 1);
        break;
      case 'A':
        this.moveTo(this.row - n, this.col);
        break;
      case 'B':
        this.moveTo(this.row + n, this.col);
        break;
      case 'C':
        this.moveTo(this.row, this.col + n);
        break;
      case 'D':
        this.moveTo(this.row, this.col - n);
        break;
      case 'G':
        this.moveTo(this.row, n - 1);
        break;
      case 'J': {
        const mode = nums[0] ?? 0;
        if (mode === 2 || mode === 3) {
          if (mode === 2) this.eraseAll();
        } else if (mode === 0) {
          this.eraseCells(this.row, this.col, this.cols);
          for (let r = this.row + 1; r < this.rows; r++) this.eraseCells(r, 0, this.cols);
        } else throw new Error(`emulator: ED ${mode} not modelled`);
        break;
      }
      case 'K': {
        // From the cursor column, which after a char in the last column is still the last column.
        const mode = nums[0] ?? 0;
        if (mode === 0) this.eraseCells(this.row, this.col, this.cols);
        else if (mode === 1) this.eraseCells(this.row, 0, this.col + 1);
        else this.eraseCells(this.row, 0, this.cols);
        break;
      }
      case 'm':
        this.pen.sgr(params);
        break;
      default:
        throw new Error(`emulator: CSI ${params}${final} not modelled`);
    }
  }

  /** Interprets `bytes`. */
  write(bytes: string): void {
    let i = 0;
    while (i < bytes.length) {
      const ch = bytes[i] ?? '';
      if (ch === '\x1b') {
        const csi = /^\x1b\[([0-?]*)[ -/]*([@-~])/.exec(bytes.slice(i, i + 64));
        if (csi) {
          this.csi(csi[1] ?? '', csi[2] ?? '');
          i += csi[0].length;
          continue;
        }
        if (bytes[i + 1] === ']') {
          const end = bytes.indexOf('\x07', i);
          i = end < 0 ? bytes.length : end + 1;
          continue;
        }
        throw new Error(`emulator: escape ${JSON.stringify(bytes.slice(i, i + 6))} not modelled`);
      }
      if (ch === '\n') {
        // The tty's output processing (onlcr) turns LF into CR LF.
        this.col = 0;
        this.wrapNext = false;
        this.lineFeed();
        i++;
        continue;
      }
      if (ch === '\r') {
        this.col = 0;
        this.wrapNext = false;
        i++;
        continue;
      }
      const cp = bytes.codePointAt(i) ?? 0;
      if (cp < 0x20 || cp === 0x7f) throw new Error(`emulator: control ${cp} not modelled`);
      const text = String.fromCodePoint(cp);
      this.put(text);
      i += text.length;
    }
  }

  /** The screen as rows of `text|look` per cell (for comparing two screens). */
  dump(): string[][] {
    return this.grid.map((line) => line.map((c) => (c.look === '' ? c.text : `${c.text}|${c.look}`)));
  }

  /** The screen's characters only, one string per row, trailing blanks removed. */
  textRows(): string[] {
    return this.grid.map((line) => line.map((c) => c.text).join('').trimEnd());
  }
}

/** The frame drawn on a blank terminal, each line from column 1 of its row: what the screen must show. */
function intended(frame: string, cols: number, rows: number): string[][] {
  const t = new Terminal(cols, rows);
  frame
    .split('\n')
    .slice(0, rows)
    .forEach((line, r) => {
      t.write(`\x1b[${r + 1};1H\x1b[0m${line}\x1b[0m`);
    });
  return t.dump();
}

// ---------------------------------------------------------------------------------------------
// The fake terminal stream and Ink's standard writer.
// ---------------------------------------------------------------------------------------------

/** What the CellDiffStream writes to: records every write; has a size and 'resize' events. */
class FakeOut extends EventEmitter {
  writes: string[] = [];
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write(chunk: string | Uint8Array): boolean {
    this.writes.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }
  /** Everything written since the last call. */
  take(): string {
    const all = this.writes.join('');
    this.writes = [];
    return all;
  }
}

interface Rig {
  readonly out: FakeOut;
  readonly stream: CellDiffStream;
  readonly term: Terminal;
  /** Writes `frame` as Ink's standard writer does; returns the bytes that reached the terminal (also replayed). */
  frame(frame: string): Promise<string>;
  /** Writes raw text to the stream; returns what reached the terminal (also replayed). */
  raw(...chunks: string[]): Promise<string>;
  /** Changes the terminal size and fires 'resize' (the emulator gets a fresh screen of the new size). */
  resize(cols: number, rows: number): void;
}

function write(stream: CellDiffStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(chunk, (err) => (err ? reject(err) : resolve())));
}

function rig(cols: number, rows: number): Rig {
  const out = new FakeOut(cols, rows);
  const stream = new CellDiffStream(out as unknown as NodeJS.WritableStream & { columns: number; rows: number });
  let previousLines = 0;
  const r: { term: Terminal } = { term: new Terminal(cols, rows) };
  const replay = (bytes: string): string => {
    r.term.write(bytes);
    return bytes;
  };
  return {
    out,
    stream,
    get term() {
      return r.term;
    },
    async frame(frame: string) {
      // Ink's standard writer: eraseLines(previous line count) + frame, inside a synchronized update.
      let erase = '';
      for (let i = 0; i < previousLines; i++) erase += `\x1b[2K${i < previousLines - 1 ? '\x1b[1A' : ''}`;
      if (previousLines > 0) erase += '\x1b[G';
      previousLines = frame.split('\n').length;
      await write(stream, BSU);
      await write(stream, erase + frame);
      await write(stream, ESU);
      const bytes = replay(out.take());
      expect(r.term.syncDepth).toBe(0);
      return bytes;
    },
    async raw(...chunks: string[]) {
      for (const c of chunks) await write(stream, c);
      return replay(out.take());
    },
    resize(c: number, rw: number) {
      out.columns = c;
      out.rows = rw;
      // A real terminal reflows or clears on resize; the writer must not rely on what is left.
      r.term = new Terminal(c, rw);
      // Ink repaints from scratch after a resize (its own erase is relative to lines it drew).
      previousLines = 0;
      out.emit('resize');
    },
  };
}

/** Draws `frames` in order; after each, the screen must equal the frame. Returns the bytes per frame. */
async function expectDrawn(t: Rig, frames: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of frames) {
    out.push(await t.frame(f));
    expect(t.term.dump(), `screen after frame ${JSON.stringify(f)}`).toEqual(intended(f, t.term.cols, t.term.rows));
  }
  return out;
}

const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
const green = (s: string) => `\x1b[32m${s}\x1b[39m`;
const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
const onBlue = (s: string) => `\x1b[44m${s}\x1b[49m`;

const BOOK = ['BTCUSDT  97000.5  ▲ 1.2%', `${red('97001.0')}  ${red('1.250')}`, `${green('97000.0')}  ${green('0.800')}`, '╭────────╮', '│ orders │', '╰────────╯'].join('\n');

describe('CellDiffStream', () => {
  it('paints the first frame whole: clear, then every line, inside one synchronized update', async () => {
    const t = rig(30, 8);
    const [bytes] = await expectDrawn(t, [BOOK]);
    expect(bytes?.startsWith(`${BSU}`)).toBe(true);
    expect(bytes?.endsWith(ESU)).toBe(true);
    expect(bytes).toContain('\x1b[2J');
    expect(t.term.textRows().slice(0, 3)).toEqual(['BTCUSDT  97000.5  ▲ 1.2%', '97001.0  1.250', '97000.0  0.800']);
  });

  it('writes nothing for an unchanged frame', async () => {
    const t = rig(30, 8);
    await expectDrawn(t, [BOOK]);
    const [again] = await expectDrawn(t, [BOOK]);
    expect(again).toBe('');
  });

  it('writes only a few bytes for a one-cell change, at the right place', async () => {
    const t = rig(30, 8);
    await expectDrawn(t, [BOOK]);
    const [bytes] = await expectDrawn(t, [BOOK.replace('1.250', '1.251')]);
    expect(bytes?.length).toBeLessThan(BSU.length + ESU.length + 24);
    expect(bytes).toContain('\x1b[2;');
    // The change keeps its colour: the new digit is red like the rest of the size.
    expect(t.term.dump()[1]?.[13]).toBe('1|fg=c31');
  });

  it('rewrites a cell whose colour alone changed, and nothing else', async () => {
    const t = rig(30, 8);
    await expectDrawn(t, [BOOK]);
    const [bytes] = await expectDrawn(t, [BOOK.replace(red('97001.0'), `${red('9700')}${green('1')}${red('.0')}`)]);
    expect(t.term.dump()[1]?.slice(3, 6)).toEqual(['0|fg=c31', '1|fg=c32', '.|fg=c31']);
    expect(bytes?.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).toBe('1');
    // Bold on, then off again on the same text: the look is tracked, not the escape bytes.
    const [on] = await expectDrawn(t, [BOOK.replace('BTCUSDT', bold('BTCUSDT')).replace(red('97001.0'), `${red('9700')}${green('1')}${red('.0')}`)]);
    expect(on?.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).toBe('BTCUSDT');
    const [same] = await expectDrawn(t, [BOOK.replace('BTCUSDT', `\x1b[1m\x1b[22m\x1b[1mBTCUSDT\x1b[0m`).replace(red('97001.0'), `${red('9700')}${green('1')}${red('.0')}`)]);
    expect(same).toBe('');
  });

  it('moves right between changes far apart on a row, and changes only the part of the look that differs', async () => {
    const t = rig(40, 3);
    const row = (a: string, b: string) => `${green(a)}  1.250              ${bold(red(b))}x`;
    await expectDrawn(t, [row('97001.0', '0.800')]);
    const [bytes] = await expectDrawn(t, [row('97002.0', '0.900')]);
    // One address for the row, then a forward move over the unchanged middle.
    expect(bytes?.match(/\x1b\[\d+;\d+H/g)).toHaveLength(1);
    expect(bytes).toMatch(/\x1b\[\d+C/);
    // Plain to green is just the colour; green to bold red adds bold and the colour, no reset.
    expect(bytes).toContain('\x1b[32m');
    expect(bytes).toContain('\x1b[1;31m');
    expect(bytes).not.toContain('\x1b[0;');
    // Bold red to plain inside one run resets (dropping an attribute needs it).
    const [back] = await expectDrawn(t, [`${green('97002.0')}  1.250              ${bold(red('0.901'))}y`]);
    expect(back).toContain('\x1b[1;31m1\x1b[0my');
  });

  it('keeps the style a frame starts with (the first line may open with SGR)', async () => {
    const t = rig(20, 4);
    await expectDrawn(t, [`${bold('Title')} x\nline 2`, `${onBlue(bold('Title'))} y\nline 2`, `${bold('Title')} y\nline 3`]);
    expect(t.term.dump()[0]?.[0]).toBe('T|bold');
  });

  it('repaints everything after a resize, at the new size', async () => {
    const t = rig(30, 8);
    await expectDrawn(t, [BOOK]);
    let resized = 0;
    t.stream.on('resize', () => (resized += 1));
    t.resize(40, 10);
    expect(resized).toBe(1);
    expect([t.stream.columns, t.stream.rows]).toEqual([40, 10]);
    const [bytes] = await expectDrawn(t, [BOOK]);
    expect(bytes).toContain('\x1b[2J');
    // Smaller: lines are cut at the new width by Ink; the writer draws what it gets within the rows.
    t.resize(12, 3);
    await expectDrawn(t, [BOOK.split('\n').map((l) => l.slice(0, 12)).slice(0, 3).join('\n')]);
    t.stream.detach();
    t.out.emit('resize');
    expect(resized).toBe(2);
  });

  it('a frame still laid out for the size before a shrink is cut to the new width: nothing wraps or scrolls', async () => {
    const t = rig(30, 8);
    await expectDrawn(t, [BOOK]);
    t.resize(12, 3);
    // Ink may render once more at the old size before it sees the new one.
    await t.frame(BOOK);
    // Each line cut after 12 visible cells (escape sequences kept).
    const cutLine = (line: string): string => {
      let seen = 0;
      let out = '';
      for (let i = 0; i < line.length; i += 1) {
        const esc = /^\x1b\[[0-9;]*m/.exec(line.slice(i));
        if (esc) {
          out += esc[0];
          i += esc[0].length - 1;
        } else if (seen < 12) {
          out += line[i];
          seen += 1;
        }
      }
      return out;
    };
    const cut = BOOK.split('\n').slice(0, 3).map(cutLine).join('\n');
    expect(t.term.dump()).toEqual(intended(cut, 12, 3));
    // The frame at the new size then lands on a clean screen.
    await expectDrawn(t, [cut]);
  });

  it('clears lines and cells a shorter frame no longer has', async () => {
    const t = rig(20, 6);
    await expectDrawn(t, ['one\ntwo two two\nthree\nfour', 'one\ntwo', 'one\ntwo\n\n\nfive']);
    expect(t.term.textRows()).toEqual(['one', 'two', '', '', 'five', '']);
  });

  it('places wide characters (CJK, emoji) and the cells after them correctly', async () => {
    const t = rig(24, 5);
    await expectDrawn(t, [
      'BTC 比特币 97000.5\nok 🚀 up 1.2%\nplain 12345',
      'BTC 比特币 97000.6\nok 🚀 up 1.3%\nplain 12345',
      'BTC 以太坊 97000.6\nok 🌙 up 1.3%\nplain 1234 ✅',
      'BTC 以太坊 97000.6\nok 🌙 up 1.3%\nplain 1235 ✅',
      'BTC 97000.6\nok up 1.3%\nplain 1235',
    ]);
  });

  it('places wide symbols below the CJK block (✅ ❌ ⚡ ⭐) correctly', async () => {
    const t = rig(20, 3);
    await expectDrawn(t, ['⚡ fast 12\n✅ ok 1', '⚡ fast 13\n❌ ok 2', '⭐ fast 13\n❌ no 2']);
  });

  it('keeps combining characters with their base character', async () => {
    const t = rig(20, 3);
    await expectDrawn(t, ['cafe\u0301 1\nv\u20d7 = 2', 'cafe\u0301 2\nv\u20d7 = 3', 'cafe 2\nv = 3']);
    expect(t.term.dump()[0]?.[3]).toBe('e');
  });

  it('draws a line of wide characters that fills the last column', async () => {
    const t = rig(10, 3);
    await expectDrawn(t, ['比特币比特\nab', '比特币比特\nac', '以太坊以太\nac', 'x\nac']);
  });

  it('draws a full-width line of plain cells up to the last column', async () => {
    const t = rig(10, 3);
    await expectDrawn(t, ['0123456789\nab', '0123456788\nab', '│ boxed  │\nab']);
  });

  it('passes writes outside a synchronized update through unchanged', async () => {
    const t = rig(20, 4);
    expect(await t.raw('\x1b[?1049h', '\x1b[?25l')).toBe('\x1b[?1049h\x1b[?25l');
    expect(t.term.modes.get('1049')).toBe(true);
    await expectDrawn(t, ['hello']);
    // Text before an update passes through; the update is diffed; text after it passes through.
    const bytes = await t.raw(`\x1b]0;utadash\x07${BSU}\x1b[2K\x1b[Ghallo${ESU}\x1b[?25h`);
    expect(bytes.startsWith('\x1b]0;utadash\x07')).toBe(true);
    expect(bytes.endsWith('\x1b[?25h')).toBe(true);
    expect(t.term.textRows()[0]).toBe('hallo');
    expect(await t.raw('\x1b[?1049l')).toBe('\x1b[?1049l');
  });

  it('keeps cursor-visibility switches Ink puts inside an update, even when nothing else changed', async () => {
    const t = rig(20, 4);
    await expectDrawn(t, ['hello']);
    const bytes = await t.raw(BSU, '\x1b[2K\x1b[G\x1b[?25hhello', ESU);
    expect(bytes).toBe(`${BSU}\x1b[?25h${ESU}`);
    expect(t.term.modes.get('25')).toBe(true);
  });

  it('assembles an update split over several writes, the end marker included', async () => {
    const t = rig(20, 4);
    await expectDrawn(t, ['hello\nworld']);
    const frame = `${BSU}\x1b[2K\x1b[1A\x1b[2K\x1b[Ghello\nwarld${ESU}`;
    const cut = frame.length - 4;
    const bytes = await t.raw(frame.slice(0, 9), frame.slice(9, cut), frame.slice(cut));
    expect(t.term.textRows().slice(0, 2)).toEqual(['hello', 'warld']);
    expect(bytes.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).toBe('a');
  });

  it('recognises an update whose start marker is split over two writes, and holds nothing else back', async () => {
    const t = rig(20, 4);
    await expectDrawn(t, ['hello']);
    // "\x1b[?20" could start an update: it waits for the next write, which shows it does.
    expect(await t.raw('\x1b[?25l\x1b[?20')).toBe('\x1b[?25l');
    const bytes = await t.raw(`26h\x1b[2K\x1b[Ghullo${ESU}`);
    expect(bytes.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).toBe('u');
    expect(t.term.textRows()[0]).toBe('hullo');
    // A held tail that turns out not to be a marker is written with what follows, in order.
    expect(await t.raw('\x1b[')).toBe('');
    expect(await t.raw('?1049l')).toBe('\x1b[?1049l');
    // And anything still held is written when the stream ends.
    await t.raw('\x1b[?2');
    await new Promise<void>((resolve) => t.stream.end(resolve));
    expect(t.out.take()).toBe('\x1b[?2');
  });

  it('keeps the screen equal to every frame over random sequences of styled, wide and combining text', async () => {
    const cols = 16;
    const rows = 5;
    const words = ['BTC', '97000.5', '0.001', '│', '─┼─', '▲', '↑', '·', '…', '比特', '🚀', '✅', 'e\u0301', 'v\u20d7', '  ', 'x'];
    const styles = [(s: string) => s, red, green, bold, onBlue, (s: string) => `\x1b[38;5;208m${s}\x1b[39m`, (s: string) => `\x1b[7m${s}\x1b[27m`];
    const textWidth = (s: string) => [...s].reduce((w, ch) => w + widthOf(ch.codePointAt(0) ?? 0), 0);
    const segment = fc.tuple(fc.constantFrom(...words), fc.nat({ max: styles.length - 1 })).map(([w, k]) => ({ w, styled: (styles[k] ?? ((s: string) => s))(w) }));
    const line = fc.array(segment, { maxLength: 8 }).map((segs) => {
      let width = 0;
      let out = '';
      for (const s of segs) {
        const sw = textWidth(s.w);
        if (width + sw > cols) break;
        width += sw;
        out += s.styled;
      }
      return out;
    });
    const frame = fc.array(line, { minLength: 1, maxLength: rows }).map((ls) => ls.join('\n'));
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), fc.option(fc.nat({ max: 4 }), { nil: undefined }), async (frames, resizeAt) => {
        const t = rig(cols, rows);
        for (const [i, f] of frames.entries()) {
          if (i === resizeAt) t.resize(cols, rows);
          await expectDrawn(t, [f]);
        }
        // Drawing the last frame again costs nothing (once anything was drawn: a first frame with
        // no text at all leaves the terminal untouched, so the next one still paints).
        const last = frames.at(-1) ?? '';
        const again = await t.frame(last);
        if (frames.some((f) => f !== '')) expect(again).toBe('');
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it('blanks the screen for an empty frame, but keeps it for a cursor-only update', async () => {
    const t = rig(20, 4);
    await expectDrawn(t, ['hello\nworld']);
    // A cursor-only update (no erase, no text): nothing but its mode switch reaches the terminal.
    expect(await t.raw(BSU, '\x1b[1A\x1b[3G\x1b[?25h', ESU)).toBe(`${BSU}\x1b[?25h${ESU}`);
    expect(t.term.textRows().slice(0, 2)).toEqual(['hello', 'world']);
    // The app rendered nothing: Ink erased its lines and wrote no text.
    await expectDrawn(t, ['']);
    expect(t.term.textRows()).toEqual(['', '', '', '']);
  });
});
