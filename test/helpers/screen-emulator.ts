import xterm from '@xterm/headless';
import type { PtyEvent } from './pty.js';

/**
 * A terminal screen for pseudo-terminal tests: everything a command writes is played into a
 * headless xterm.js (`@xterm/headless`, the emulator of VS Code's terminal), so a test reads the
 * screen a user would see, cell by cell, instead of searching the byte stream. Also: screens
 * compared with their values masked (`screenDiff`).
 */

const { Terminal } = xterm;

/** End of a DEC 2026 synchronized update: the app has finished writing a frame. */
const FRAME_END = Buffer.from('\x1b[?2026l');
/** Erase the whole display. */
const CLEAR = Buffer.from('\x1b[2J');

/** What one screen cell shows. */
export interface ScreenCell {
  /** The character: " " when blank, "" for the right half of a wide character. */
  readonly ch: string;
  /** Its look, "fgMode:fg/bgMode:bg/attribute bits" as xterm.js reports them ("" outside the screen). */
  readonly style: string;
}

/** The screen at one moment. */
export interface ScreenSnapshot {
  readonly cols: number;
  readonly rows: number;
  /** Which buffer was shown: the alternate screen of full-screen apps, or the normal one. */
  readonly buffer: 'normal' | 'alternate';
  /** Frames ended so far (see `ScreenEmulator`); 0 before the first. */
  readonly frame: number;
  /** The bytes of this frame (since the previous frame end) erased the whole display (`\x1b[2J`). */
  readonly cleared: boolean;
  /** `rows` rows of `cols` cells each. */
  readonly cells: readonly (readonly ScreenCell[])[];
}

/** A rectangle of cells: rows `top` to `bottom` and columns `left` to `right`, ends excluded. */
export interface ScreenRegion {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** The snapshot's rows as text. */
export function screenText(screen: ScreenSnapshot): string[] {
  return screen.cells.map((row) => row.map((cell) => cell.ch).join(''));
}

/**
 * Plays a pseudo-terminal session (`openPty` events) into an emulated terminal, output and resizes
 * in the order they happened. After each frame end (`\x1b[?2026l`) has been applied, the frame
 * listeners get a snapshot of exactly that moment: a whole frame, never half of one.
 */
export class ScreenEmulator {
  private readonly term: InstanceType<typeof Terminal>;
  private chain: Promise<void> = Promise.resolve();
  /** The last bytes fed, which may hold the start of a frame end split across two chunks. */
  private tail = Buffer.alloc(0);
  /** Bytes fed since the last frame end. */
  private frameBytes: Buffer[] = [];
  private readonly listeners = new Set<(screen: ScreenSnapshot) => void>();
  /** Frame ends applied so far. */
  frames = 0;

  constructor(cols: number, rows: number) {
    this.term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
  }

  /** Applies a session event after every earlier one. */
  feed(event: PtyEvent): void {
    if (event.kind === 'resized') {
      this.chain = this.chain.then(() => this.term.resize(event.cols, event.rows));
      return;
    }
    const bytes = Buffer.from(event.bytes);
    const joined = Buffer.concat([this.tail, bytes]);
    let start = 0;
    for (let at = joined.indexOf(FRAME_END); at >= 0; at = joined.indexOf(FRAME_END, at + 1)) {
      // The tail was written already; a whole frame end never fits in it.
      const end = at + FRAME_END.length - this.tail.length;
      this.frameBytes.push(bytes.subarray(start, end));
      const cleared = Buffer.concat(this.frameBytes).includes(CLEAR);
      this.frameBytes = [];
      this.write(bytes.subarray(start, end), { cleared });
      start = end;
    }
    if (start < bytes.length) {
      this.frameBytes.push(bytes.subarray(start));
      this.write(bytes.subarray(start), null);
    }
    this.tail = joined.subarray(Math.max(0, joined.length - (FRAME_END.length - 1)));
  }

  /** Calls `listener` with the screen after each frame end; returns the function that stops it. */
  onFrame(listener: (screen: ScreenSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once everything fed so far has been applied. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** The screen now (after `settled()`: with everything fed so far). */
  snapshot(cleared = false): ScreenSnapshot {
    const buffer = this.term.buffer.active;
    const { cols, rows } = this.term;
    const cells: ScreenCell[][] = [];
    const scratch = buffer.getNullCell();
    for (let y = 0; y < rows; y += 1) {
      const line = buffer.getLine(buffer.viewportY + y);
      const row: ScreenCell[] = [];
      for (let x = 0; x < cols; x += 1) {
        const c = line?.getCell(x, scratch);
        if (c === undefined) {
          row.push({ ch: ' ', style: '' });
          continue;
        }
        const bits = [c.isBold(), c.isDim(), c.isItalic(), c.isUnderline(), c.isInverse(), c.isStrikethrough()].map((on) => (on ? '1' : '0')).join('');
        row.push({ ch: c.getWidth() === 0 ? '' : c.getChars() || ' ', style: `${c.getFgColorMode()}:${c.getFgColor()}/${c.getBgColorMode()}:${c.getBgColor()}/${bits}` });
      }
      cells.push(row);
    }
    return { cols, rows, buffer: buffer.type, frame: this.frames, cleared, cells };
  }

  /** Frees the emulator. */
  dispose(): void {
    this.listeners.clear();
    this.term.dispose();
  }

  private write(bytes: Buffer, frameEnd: { cleared: boolean } | null): void {
    this.chain = this.chain.then(
      () =>
        new Promise<void>((resolve) => {
          this.term.write(bytes, () => {
            if (frameEnd !== null) {
              this.frames += 1;
              const screen = this.snapshot(frameEnd.cleared);
              for (const listener of this.listeners) listener(screen);
            }
            resolve();
          });
        }),
    );
  }
}

/** Box drawing: panel borders, whose columns are the layout. */
const BORDER = /[\u2500-\u257f]/;
/**
 * A value: a run of non-blank, non-border characters with a digit in it (price, size, age, count),
 * a run of block elements (a sparkline `▁▃▇█`, drawn from prices), the word `live` (a data age under
 * a second, where the badge shows `12s` otherwise), or `--` alone (a number not known yet, such as a
 * socket's round trip before its first ping).
 */
const VALUE = /[^\s\u2500-\u257f]*\d[^\s\u2500-\u257f]*|[\u2580-\u259f]+|\blive\b|(?<!\S)--(?!\S)/g;
const HAS_VALUE = new RegExp(VALUE.source);
/** What a masked region shows. */
const MASKED: ScreenCell = { ch: '▒', style: '' };

/**
 * One row in comparable form, values masked. Border cells (box drawing) count with their column and
 * look. Between two borders (or the row's ends), a stretch without a value (`VALUE`) counts cell by
 * cell, blanks and looks included. A stretch with one counts as its words, each value one `#`: values change
 * width as they move (an age `9s` → `10s`, a price 99999.9 → 100000.1, `rate 75%` → `100%`), and
 * text after a value in the same stretch moves with it, while stale debris still shows as an extra
 * word or value.
 */
export function maskedRow(cells: readonly ScreenCell[]): string {
  const parts: string[] = [];
  let stretch: ScreenCell[] = [];
  const close = (): void => {
    const text = stretch.map((c) => c.ch).join('');
    if (HAS_VALUE.test(text)) parts.push(`~${text.replace(VALUE, '#').trim().split(/\s+/).join(' ')}`);
    else parts.push(`=${stretch.map((c) => (c.ch === '' ? '\u200b' : c.ch)).join('')}\u0000${stretch.map((c) => c.style).join(',')}`);
    stretch = [];
  };
  cells.forEach((cell, x) => {
    if (!BORDER.test(cell.ch)) {
      stretch.push(cell);
      return;
    }
    close();
    parts.push(`|${x}${cell.ch}${cell.style}`);
  });
  close();
  return parts.join('\u0001');
}

/** The snapshot's rows in `maskedRow` form, cells inside `regions` replaced by `▒` first. */
export function maskedScreen(screen: ScreenSnapshot, regions: readonly ScreenRegion[] = []): string[] {
  return screen.cells.map((row, y) => maskedRow(row.map((cell, x) => (regions.some((r) => y >= r.top && y < r.bottom && x >= r.left && x < r.right) ? MASKED : cell))));
}

/**
 * How `got` differs from `want` with values masked (`maskedRow`) and `regions` masked in both: one
 * line per differing row (at most `limit`), with both rows as text (digits shown as 9); [] when equal.
 */
export function screenDiff(want: ScreenSnapshot, got: ScreenSnapshot, regions: readonly ScreenRegion[] = [], limit = 12): string[] {
  if (want.cols !== got.cols || want.rows !== got.rows) return [`size ${got.cols}x${got.rows}, want ${want.cols}x${want.rows}`];
  if (want.buffer !== got.buffer) return [`${got.buffer} buffer shown, want ${want.buffer}`];
  const a = maskedScreen(want, regions);
  const b = maskedScreen(got, regions);
  const wantText = screenText(want);
  const gotText = screenText(got);
  const out: string[] = [];
  for (let y = 0; y < want.rows && out.length < limit; y += 1) {
    if (a[y] === b[y]) continue;
    const sameText = wantText[y] === gotText[y];
    out.push(`row ${y}${sameText ? ' (same text, other looks)' : ''}:\n  want ${JSON.stringify(wantText[y]?.replace(/\d/g, '9'))}\n  got  ${JSON.stringify(gotText[y]?.replace(/\d/g, '9'))}`);
  }
  return out;
}
