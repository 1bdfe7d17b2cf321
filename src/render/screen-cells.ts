/**
 * Screen cells from the lines Ink draws: which lines can be laid out cell by cell, and the cells
 * (character + canonical SGR) of one. Shared by the terminal writer (cell-diff-stream.ts) and the
 * row builder (ink-output-rows.ts, frame-rows.ts).
 */

// CSI sequences (SGR and the rest), OSC strings, and two-byte escapes.
export const ESCAPE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_=>78]/g;
/**
 * Anything but characters known to take exactly one cell (printable ASCII, Latin, Greek, Cyrillic
 * letters, general punctuation, currency, letterlike symbols, arrows, maths, box drawing, blocks,
 * geometric shapes, braille) and escapes. A line holding one (CJK, emoji, wide symbols such as ✅ or
 * ⚡, combining marks, zero-width or control characters) is rewritten whole and the terminal lays it
 * out, so a cell is never placed by a width guess. An allow-list: an unknown character costs bytes,
 * never correctness.
 */
export const COMPLEX = /[^\x1b\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0482\u048a-\u052f\u2010-\u2027\u2030-\u205e\u20a0-\u20c0\u2100-\u214f\u2190-\u21ff\u2200-\u22ff\u2500-\u25fc\u25ff\u2800-\u28ff]/;

/** One screen cell: a character and the SGR parameters in force (canonical, "" = default). */
export interface Cell {
  readonly ch: string;
  readonly sgr: string;
}

/** SGR state while parsing a line: attribute groups, so equal looks compare equal. */
export class Style {
  fg = '';
  bg = '';
  bold = false;
  dim = false;
  flags = new Set<number>();
  apply(params: string): void {
    const p = params === '' ? ['0'] : params.split(';');
    for (let i = 0; i < p.length; i += 1) {
      const n = Number(p[i]);
      if (n === 0) {
        this.fg = '';
        this.bg = '';
        this.bold = false;
        this.dim = false;
        this.flags.clear();
      } else if (n === 1) this.bold = true;
      else if (n === 2) this.dim = true;
      else if (n === 22) this.bold = this.dim = false;
      else if (n === 38 || n === 48) {
        const take = p[i + 1] === '5' ? 2 : p[i + 1] === '2' ? 4 : 0;
        const value = p.slice(i, i + 1 + take).join(';');
        if (n === 38) this.fg = value;
        else this.bg = value;
        i += take;
      } else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) this.fg = String(n);
      else if (n === 39) this.fg = '';
      else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) this.bg = String(n);
      else if (n === 49) this.bg = '';
      else if (n >= 3 && n <= 9) this.flags.add(n);
      else if (n >= 23 && n <= 29) this.flags.delete(n === 24 ? 4 : n - 20);
    }
  }
  /** The look a canonical key (`key()`) stands for. */
  static of(key: string): Style {
    const style = new Style();
    if (key !== '') style.apply(key);
    return style;
  }
  /** Attribute codes in force (bold 1, dim 2, then italic, underline, … in order). */
  attributes(): string[] {
    const codes: string[] = [];
    if (this.bold) codes.push('1');
    if (this.dim) codes.push('2');
    for (const f of [...this.flags].sort()) codes.push(String(f));
    return codes;
  }
  /** Canonical parameters ("" = default look). */
  key(): string {
    const parts = this.attributes();
    if (this.fg !== '') parts.push(this.fg);
    if (this.bg !== '') parts.push(this.bg);
    return parts.join(';');
  }
}

/** Parses one frame line into `columns` cells (blank-padded); null when it holds complex characters. */
export function lineCells(line: string, columns: number): Cell[] | null {
  if (COMPLEX.test(line)) return null;
  const cells: Cell[] = [];
  const style = new Style();
  let sgr = '';
  let i = 0;
  while (i < line.length && cells.length < columns) {
    if (line.charCodeAt(i) === 0x1b) {
      ESCAPE.lastIndex = i;
      const m = ESCAPE.exec(line);
      if (m && m.index === i) {
        if (m[0].endsWith('m') && m[0].startsWith('\x1b[')) {
          style.apply(m[0].slice(2, -1));
          sgr = style.key();
        }
        i += m[0].length;
        continue;
      }
      i += 1;
      continue;
    }
    cells.push({ ch: line[i] ?? ' ', sgr });
    i += 1;
  }
  while (cells.length < columns) cells.push({ ch: ' ', sgr: '' });
  return cells;
}


const SGR_AT = /\x1b\[[0-9;]*m/y;

/**
 * The columns `line` takes when it can be placed on a row as it is: every character one cell wide
 * (the COMPLEX allow-list), every escape an SGR, and every style it turns on turned off again by its
 * end. −1 otherwise (it needs Ink's character-by-character placement).
 */
export function simpleWidth(line: string): number {
  if (COMPLEX.test(line)) return -1;
  if (!line.includes('\x1b')) return line.length;
  const style = new Style();
  let width = 0;
  let i = 0;
  while (i < line.length) {
    if (line.charCodeAt(i) !== 0x1b) {
      width += 1;
      i += 1;
      continue;
    }
    SGR_AT.lastIndex = i;
    const m = SGR_AT.exec(line);
    if (m === null) return -1;
    style.apply(m[0].slice(2, -1));
    i += m[0].length;
  }
  return style.key() === '' ? width : -1;
}

/** True when two drawn lines show the same cells (same characters in the same looks), bytes aside. */
export function sameCells(a: string, b: string): boolean {
  if (a === b) return true;
  const columns = Math.max(a.length, b.length);
  const ca = lineCells(a, columns);
  const cb = lineCells(b, columns);
  if (ca === null || cb === null) return false;
  return ca.every((cell, i) => cell.ch === cb[i]?.ch && cell.sgr === cb[i]?.sgr);
}
