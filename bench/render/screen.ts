/**
 * The text a terminal shows after the bytes written to it: enough of a terminal for what Ink's
 * writers and the cell writer emit (cursor position and moves, erase in line/display, newline and
 * carriage return, SGR and private modes ignored). Frames of the cell writer carry only the cells
 * that changed, so "is X on screen" must be asked of the screen, not of a frame's bytes.
 * Characters take one cell each (the bench looks for ASCII text).
 */
export class TextScreen {
  private readonly grid: string[][];
  private row = 0;
  private col = 0;
  private pending = '';

  constructor(
    readonly cols: number,
    readonly rows: number,
  ) {
    this.grid = Array.from({ length: rows }, () => Array.from({ length: cols }, () => ' '));
  }

  /** Applies terminal output (escape sequences may be split across calls). */
  write(text: string): void {
    const s = this.pending + text;
    this.pending = '';
    let i = 0;
    while (i < s.length) {
      const ch = s[i] ?? '';
      if (ch === '\x1b') {
        const rest = s.slice(i);
        const csi = /^\x1b\[([0-?]*)[ -/]*([@-~])/.exec(rest);
        if (csi) {
          this.csi(csi[1] ?? '', csi[2] ?? '');
          i += csi[0].length;
          continue;
        }
        const other = /^\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|^\x1b[@-Z\\-_=>78]/.exec(rest);
        if (other) {
          i += other[0].length;
          continue;
        }
        // An escape cut off at the end of this chunk: keep it for the next.
        this.pending = rest;
        return;
      }
      if (ch === '\n') {
        this.row = Math.min(this.rows - 1, this.row + 1);
        this.col = 0;
      } else if (ch === '\r') this.col = 0;
      else if (ch >= ' ') {
        const cp = s.codePointAt(i) ?? 32;
        const char = String.fromCodePoint(cp);
        if (this.col >= this.cols) {
          this.col = 0;
          this.row = Math.min(this.rows - 1, this.row + 1);
        }
        const line = this.grid[this.row];
        if (line) line[this.col] = char;
        this.col += 1;
        i += char.length;
        continue;
      }
      i += 1;
    }
  }

  private csi(params: string, final: string): void {
    if (params.startsWith('?')) return;
    const n = params.split(';').map((p) => (p === '' ? Number.NaN : Number.parseInt(p, 10)));
    const a = Number.isNaN(n[0] ?? Number.NaN) ? 1 : (n[0] ?? 1);
    const clampRow = (r: number) => Math.max(0, Math.min(this.rows - 1, r));
    const clampCol = (c: number) => Math.max(0, Math.min(this.cols - 1, c));
    switch (final) {
      case 'H':
      case 'f':
        this.row = clampRow(a - 1);
        this.col = clampCol((Number.isNaN(n[1] ?? Number.NaN) ? 1 : (n[1] ?? 1)) - 1);
        return;
      case 'A':
        this.row = clampRow(this.row - a);
        return;
      case 'B':
        this.row = clampRow(this.row + a);
        return;
      case 'C':
        this.col = clampCol(this.col + a);
        return;
      case 'D':
        this.col = clampCol(this.col - a);
        return;
      case 'G':
        this.col = clampCol(a - 1);
        return;
      case 'J': {
        const mode = Number.isNaN(n[0] ?? Number.NaN) ? 0 : n[0];
        for (let r = 0; r < this.rows; r += 1) {
          if (mode === 2 || mode === 3 || (mode === 0 && r > this.row) || (mode === 1 && r < this.row)) this.grid[r]?.fill(' ');
        }
        if (mode === 0) this.grid[this.row]?.fill(' ', this.col);
        if (mode === 1) this.grid[this.row]?.fill(' ', 0, this.col + 1);
        return;
      }
      case 'K': {
        const mode = Number.isNaN(n[0] ?? Number.NaN) ? 0 : n[0];
        const line = this.grid[this.row];
        if (!line) return;
        if (mode === 2) line.fill(' ');
        else if (mode === 1) line.fill(' ', 0, this.col + 1);
        else line.fill(' ', this.col);
        return;
      }
      default:
        return; // SGR and the rest change no text
    }
  }

  /** The screen's text, rows joined by newlines (trailing blanks kept). */
  text(): string {
    return this.grid.map((r) => r.join('')).join('\n');
  }
}
