import { Writable } from 'node:stream';
import { ESCAPE, lineCells, Style, type Cell } from './screen-cells.js';

/**
 * The terminal writer: Ink's frames re-encoded as cell-level differences. Kept apart from the
 * composition root (main.ts wires it in).
 */

const BSU = '\x1b[?2026h';
const ESU = '\x1b[?2026l';

/** Length of the longest proper prefix of `marker` that `text` ends with (0 when none). */
function partialTail(text: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, text.length); n > 0; n -= 1) if (text.endsWith(marker.slice(0, n))) return n;
  return 0;
}

const sgrChanges = new Map<string, string>();

/**
 * The shortest SGR that turns the look `from` into `to` (canonical keys): only what differs when
 * `to` keeps every attribute of `from` (`\x1b[32m` for grey to green), else a reset and `to`.
 */
export function sgrChange(from: string, to: string): string {
  if (to === '') return '\x1b[0m';
  const key = `${from}|${to}`;
  let change = sgrChanges.get(key);
  if (change === undefined) {
    const a = Style.of(from);
    const b = Style.of(to);
    const was = a.attributes();
    const now = b.attributes();
    if (was.every((x) => now.includes(x))) {
      const parts = now.filter((x) => !was.includes(x));
      if (a.fg !== b.fg) parts.push(b.fg === '' ? '39' : b.fg);
      if (a.bg !== b.bg) parts.push(b.bg === '' ? '49' : b.bg);
      change = `\x1b[${parts.join(';')}m`;
    } else change = `\x1b[0;${to}m`;
    if (sgrChanges.size > 512) sgrChanges.clear();
    sgrChanges.set(key, change);
  }
  return change;
}

/**
 * The terminal stream Ink writes to: Ink renders with its standard writer (whole frame, erase
 * first) inside DEC 2026 synchronized updates; this stream keeps the screen it last drew and writes
 * only the cells that changed (cursor position + style + characters), so a frame costs bytes in
 * proportion to what changed on screen, not to the lines it touched. Writes outside a synchronized
 * update (alternate screen, cursor visibility) pass through unchanged. Resizes repaint everything.
 */
/** Cells as terminal text: their characters with the SGR changes between them, trailing blanks left out. */
function cellsText(cells: readonly Cell[]): string {
  let last = cells.length;
  while (last > 0 && cells[last - 1]?.ch === ' ' && cells[last - 1]?.sgr === '') last -= 1;
  let out = '';
  let current = '';
  for (let k = 0; k < last; k += 1) {
    const cell = cells[k] ?? { ch: ' ', sgr: '' };
    if (cell.sgr !== current) {
      out += sgrChange(current, cell.sgr);
      current = cell.sgr;
    }
    out += cell.ch;
  }
  return out;
}

export class CellDiffStream extends Writable {
  /** Ink checks this to render interactively. */
  readonly isTTY = true;
  private screen: string[] = [];
  private cells: (Cell[] | null)[] = [];
  private group: string | null = null;
  /** The end of a pass-through write that may be the start of a split `BSU`; held for the next write. */
  private held = '';
  private readonly onResize = () => {
    this.screen = [];
    this.cells = [];
    this.emit('resize');
  };

  /** @param out the real terminal (needs columns/rows; 'resize' events are forwarded) */
  constructor(private readonly out: NodeJS.WritableStream & { columns?: number; rows?: number; on?: (e: 'resize', f: () => void) => unknown; off?: (e: 'resize', f: () => void) => unknown }) {
    super({ decodeStrings: false });
    out.on?.('resize', this.onResize);
  }

  /** Terminal width (columns). */
  get columns(): number {
    return this.out.columns ?? 80;
  }

  /** Terminal height (rows). */
  get rows(): number {
    return this.out.rows ?? 24;
  }

  /** Forgets what is on the screen: the next frame is drawn whole, after clearing it (Ctrl-L). */
  repaint(): void {
    this.screen = [];
    this.cells = [];
  }

  /** Stops following the terminal's resizes. */
  detach(): void {
    this.out.off?.('resize', this.onResize);
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    let text = this.held + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    this.held = '';
    while (text !== '') {
      if (this.group === null) {
        const start = text.indexOf(BSU);
        if (start < 0) {
          // A write may end in the first bytes of a BSU whose rest comes next: keep them back.
          const keep = partialTail(text, BSU);
          if (keep < text.length) this.out.write(text.slice(0, text.length - keep));
          this.held = text.slice(text.length - keep);
          break;
        }
        if (start > 0) this.out.write(text.slice(0, start));
        this.group = '';
        text = text.slice(start + BSU.length);
      } else {
        // Search the joined text: the ESU itself may be split over two writes.
        const joined = this.group + text;
        const end = joined.indexOf(ESU);
        if (end < 0) {
          this.group = joined;
          break;
        }
        text = joined.slice(end + ESU.length);
        this.group = null;
        this.out.write(this.frame(joined.slice(0, end)));
      }
    }
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    if (this.held !== '') this.out.write(this.held);
    this.held = '';
    done();
  }

  /** The bytes that turn the last drawn screen into the frame inside one synchronized update. */
  private frame(group: string): string {
    // Keep private-mode switches (cursor visibility) Ink put in the update; drop erase/moves.
    let modes = '';
    for (const m of group.matchAll(/\x1b\[\?[0-9;]*[hl]/g)) modes += m[0];
    // Ink's erase and moves lead the update; an SGR there is the first line's style and stays.
    const body = group.replace(/^(?:\x1b\[[0-?]*[ -/]*[@-ln-~])+/, '');
    // No text: a cursor-only update keeps the screen; one that erased lines is an empty frame (the
    // app rendered nothing) and blanks it.
    const blank = body === '' || !/[^\x1b]/.test(body.replace(ESCAPE, ''));
    if (blank && !/\x1b\[[0-2]?[JK]/.test(group)) return modes === '' ? '' : `${BSU}${modes}${ESU}`;
    const lines = body.replace(/\x1b\[[0-?]*[ -/]*[A-HJKSTf]/g, '').split('\n');
    const { columns, rows } = this;
    let out = this.screen.length === 0 ? '\x1b[0m\x1b[2J' : '';
    let current = '';
    for (let r = 0; r < rows; r += 1) {
      const line = lines[r] ?? '';
      if (this.screen[r] === line && this.screen.length !== 0) continue;
      const next = lineCells(line, columns);
      const prev = this.screen.length === 0 ? null : (this.cells[r] ?? null);
      this.screen[r] = line;
      this.cells[r] = next;
      if (next === null || prev === null) {
        // Erase first, then write: erasing after a line that reaches the last column would also
        // erase that column (the cursor stays on it, waiting to wrap). A plain line is written from
        // its cells, cut to the terminal's width: a frame laid out before a shrink must not wrap
        // (a wrapped bottom row scrolls the whole screen and leaves the old layout behind).
        out += `\x1b[${r + 1};1H\x1b[0m\x1b[2K${next === null ? line : cellsText(next)}\x1b[0m`;
        current = '';
        continue;
      }
      let c = 0;
      // Where this row's last run left the cursor (-1: not on this row, or waiting to wrap).
      let at = -1;
      while (c < columns) {
        if (next[c]?.ch === prev[c]?.ch && next[c]?.sgr === prev[c]?.sgr) {
          c += 1;
          continue;
        }
        // A run of changes; gaps of up to 3 unchanged cells are cheaper to rewrite than to skip.
        let end = c + 1;
        let gap = 0;
        for (let k = c + 1; k < columns && gap <= 3; k += 1) {
          if (next[k]?.ch === prev[k]?.ch && next[k]?.sgr === prev[k]?.sgr) gap += 1;
          else {
            gap = 0;
            end = k + 1;
          }
        }
        // Later runs of a row move right from the last (CUF, 4-5 bytes) instead of addressing (6-8).
        out += at >= 0 ? `\x1b[${c - at}C` : `\x1b[${r + 1};${c + 1}H`;
        for (let k = c; k < end; k += 1) {
          const cell = next[k] ?? { ch: ' ', sgr: '' };
          if (cell.sgr !== current) {
            out += sgrChange(current, cell.sgr);
            current = cell.sgr;
          }
          out += cell.ch;
        }
        c = end;
        // A run that reached the last column leaves the cursor there, waiting to wrap: address the next.
        at = end < columns ? end : -1;
      }
    }
    this.screen.length = rows;
    this.cells.length = rows;
    if (current !== '') out += '\x1b[0m';
    return out === '' && modes === '' ? '' : `${BSU}${modes}${out}${ESU}`;
  }
}
