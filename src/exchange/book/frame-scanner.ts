/**
 * The JSON cursor under `parseBookFrame`: a small hand-written scanner for the fixed shapes of a
 * `books*` push, with a generic value skipper for everything else. Internal to exchange/book.
 */
import { ExchangeError } from '../wire/errors.js';

/** A frame the reader could not accept: an `ExchangeError` with code `EXCH_BAD_REPLY`. */
export class BookFrameError extends ExchangeError {
  /** @param message what was wrong and where */
  constructor(message: string) {
    super('EXCH_BAD_REPLY', message);
    this.name = 'BookFrameError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const MINUS = 0x2d;

/**
 * Deepest nesting of arrays/objects `Scanner.skipValue` follows inside a value it skips (a book push
 * nests 2 deep in unknown fields at most); `update-reader.ts` uses the same bound.
 */
export const MAX_SKIP_DEPTH = 64;

/**
 * Index of the closing quote of a plain decimal starting at `start` (digits with at most one inner
 * '.'), or -1 when the text there is not one.
 */
function plainDecimalEnd(t: string, start: number): number {
  let i = start;
  let dot = -1;
  let c = t.charCodeAt(i);
  while (c !== QUOTE) {
    if (c === DOT) {
      if (dot >= 0) return -1;
      dot = i;
    } else if (!(c >= ZERO && c <= NINE)) return -1;
    c = t.charCodeAt(++i);
  }
  if (i === start || dot === start || dot === i - 1) return -1;
  return i;
}

/** True when `t` holds `word` at `start` (a char loop: faster than `startsWith` with a position). */
export function matchAt(t: string, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (t.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  return true;
}

/** Cursor over one frame's text; every reader method throws `BookFrameError` on malformed input. */
export class Scanner {
  /** Offset of the next unread char. */
  pos = 0;
  /** The frame contains a backslash somewhere, so strings may hold escapes (book frames never do). */
  readonly escapes: boolean;
  /** @param text the whole frame */
  constructor(readonly text: string) {
    this.escapes = text.indexOf('\\') >= 0;
  }

  /** Throws `BookFrameError` saying what was expected at the cursor, with nearby text. */
  fail(what: string): never {
    const near = this.text.slice(Math.max(0, this.pos - 20), this.pos + 20);
    throw new BookFrameError(`book frame: expected ${what} at offset ${this.pos} (near ${JSON.stringify(near)})`);
  }

  /** Skips JSON whitespace and returns the next char code (NaN at the end). */
  peek(): number {
    const t = this.text;
    let c = t.charCodeAt(this.pos);
    while (c <= 0x20) c = t.charCodeAt(++this.pos);
    return c;
  }

  /** Skips whitespace, then consumes the char `code` or fails with `what`. */
  expect(code: number, what: string): void {
    if (this.peek() !== code) this.fail(what);
    this.pos++;
  }

  /** Reads a JSON string (cursor on or before the opening quote) and returns its value. */
  string(): string {
    this.expect(QUOTE, 'a string');
    const t = this.text;
    const start = this.pos;
    const end = t.indexOf('"', start);
    if (end < 0) this.fail('a closing quote');
    const bs = this.escapes ? t.indexOf('\\', start) : -1;
    if (bs < 0 || bs > end) {
      this.pos = end + 1;
      return t.slice(start, end);
    }
    let i = start;
    for (;;) {
      const c = t.charCodeAt(i);
      if (Number.isNaN(c)) this.fail('a closing quote');
      if (c === BACKSLASH) i += 2;
      else if (c === QUOTE) break;
      else i++;
    }
    let decoded: unknown;
    try {
      decoded = JSON.parse(t.slice(start - 1, i + 1));
    } catch {
      // A bad escape (`\x`) or a raw control char: report it at the string, never as a SyntaxError.
      this.pos = start - 1;
      this.fail('a JSON string with valid escapes and no raw control characters');
    }
    this.pos = i + 1;
    return typeof decoded === 'string' ? decoded : this.fail('a string');
  }

  /**
   * Reads a level string: a quoted plain non-negative decimal (`"97000.5"`), validated char by
   * char while looking for the closing quote.
   */
  decimal(): string {
    this.expect(QUOTE, 'a quoted decimal');
    const t = this.text;
    const start = this.pos;
    let i = start;
    let dots = 0;
    let c = t.charCodeAt(i);
    while (c !== QUOTE) {
      if (c === DOT) dots++;
      else if (c < ZERO || c > NINE || Number.isNaN(c)) {
        this.pos = i;
        this.fail('a plain decimal digit');
      }
      c = t.charCodeAt(++i);
    }
    if (i === start || dots > 1 || t.charCodeAt(start) === DOT || t.charCodeAt(i - 1) === DOT) this.fail('a plain decimal');
    this.pos = i + 1;
    return t.slice(start, i);
  }

  /** Reads the raw text of a JSON number token (cursor on its first char). */
  numberText(): string {
    const t = this.text;
    const start = this.pos;
    let c = t.charCodeAt(this.pos);
    while ((c >= ZERO && c <= NINE) || c === MINUS || c === DOT || c === 0x2b || c === 0x65 || c === 0x45) c = t.charCodeAt(++this.pos);
    if (this.pos === start) this.fail('a number');
    return t.slice(start, this.pos);
  }

  /** Reads a bare or quoted integer and returns its digits without leading zeros. */
  integer(what: string): string {
    const t = this.text;
    const quoted = this.peek() === QUOTE;
    let i = quoted ? this.pos + 1 : this.pos;
    // Leading zeros are dropped (keeping one digit), so "007" and "7" chain alike.
    while (t.charCodeAt(i) === ZERO && t.charCodeAt(i + 1) >= ZERO && t.charCodeAt(i + 1) <= NINE) i++;
    const start = i;
    let c = t.charCodeAt(i);
    while (c >= ZERO && c <= NINE) c = t.charCodeAt(++i);
    if (i === start) this.fail(`${what} as a non-negative integer`);
    if (quoted) {
      if (c !== QUOTE) this.fail(`${what} as a non-negative integer`);
      this.pos = i + 1;
    } else {
      if (c === DOT || c === 0x65 || c === 0x45) this.fail(`${what} as a non-negative integer`);
      this.pos = i;
    }
    return t.slice(start, i);
  }

  /** Reads a bare or quoted signed integer as a JS number (used for the 32-bit checksum). */
  smallInteger(what: string): number {
    const text = this.peek() === QUOTE ? this.string() : this.numberText();
    if (!/^-?\d{1,11}$/.test(text)) this.fail(`${what} as an integer`);
    return Number(text);
  }

  /**
   * Skips any JSON value, nested at most `MAX_SKIP_DEPTH` arrays/objects deep (deeper input fails
   * with `BookFrameError` instead of overflowing the stack).
   */
  skipValue(depth = 0): void {
    const c = this.peek();
    if (c === QUOTE) {
      this.string();
    } else if (c === LBRACE || c === LBRACKET) {
      if (depth >= MAX_SKIP_DEPTH) this.fail(`a value nested at most ${MAX_SKIP_DEPTH} deep`);
      const close = c === LBRACE ? RBRACE : RBRACKET;
      this.pos++;
      if (this.peek() === close) {
        this.pos++;
        return;
      }
      for (;;) {
        if (close === RBRACE) {
          this.string();
          this.expect(COLON, "':'");
        }
        this.skipValue(depth + 1);
        const n = this.peek();
        this.pos++;
        if (n === close) return;
        if (n !== COMMA) this.fail("',' or a closing bracket");
      }
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
      if (!this.text.startsWith(word, this.pos)) this.fail('a JSON literal');
      this.pos += word.length;
    } else {
      this.numberText();
    }
  }

  /** Reads `[[p,s],…]` into `out` as a flat list; extra entries in a level (RPI) are skipped. */
  levels(out: string[]): void {
    this.expect(LBRACKET, "'[' starting the levels");
    if (this.peek() === RBRACKET) {
      this.pos++;
      return;
    }
    for (;;) {
      if (!this.compactLevel(out)) this.level(out);
      const c = this.peek();
      this.pos++;
      if (c === RBRACKET) return;
      if (c !== COMMA) this.fail("',' or ']' between levels");
    }
  }

  /**
   * Fast path for one level written without whitespace, `["97000.5","1.2"]`: scans and validates
   * both decimals in one pass. Returns false, consuming nothing, for anything else.
   */
  compactLevel(out: string[]): boolean {
    const t = this.text;
    let i = this.pos;
    if (t.charCodeAt(i) !== LBRACKET || t.charCodeAt(i + 1) !== QUOTE) return false;
    const p0 = i + 2;
    const p1 = plainDecimalEnd(t, p0);
    if (p1 < 0 || t.charCodeAt(p1 + 1) !== COMMA || t.charCodeAt(p1 + 2) !== QUOTE) return false;
    const s0 = p1 + 3;
    const s1 = plainDecimalEnd(t, s0);
    if (s1 < 0 || t.charCodeAt(s1 + 1) !== RBRACKET) return false;
    i = s1 + 2;
    out.push(t.slice(p0, p1), t.slice(s0, s1));
    this.pos = i;
    return true;
  }

  /** One level in any JSON layout: `[price, size, …extra]`. */
  level(out: string[]): void {
    this.expect(LBRACKET, "'[' starting a level");
    out.push(this.decimal());
    this.expect(COMMA, "',' inside a level");
    out.push(this.decimal());
    let c = this.peek();
    while (c === COMMA) {
      this.pos++;
      this.skipValue();
      c = this.peek();
    }
    this.expect(RBRACKET, "']' ending a level");
  }

  /**
   * Iterates the members of an object without building key strings: `member(start, end)` gets the
   * key's text range (escaped keys arrive as [0, 0), i.e. never match) with the cursor on the value.
   */
  members(member: (start: number, end: number) => void): void {
    const t = this.text;
    this.expect(LBRACE, "'{'");
    if (this.peek() === RBRACE) {
      this.pos++;
      return;
    }
    for (;;) {
      if (this.peek() !== QUOTE) this.fail('a key');
      const start = this.pos + 1;
      const end = t.indexOf('"', start);
      if (end < 0) this.fail('a closing quote');
      if (this.escapes && t.lastIndexOf('\\', end) >= start) {
        this.string();
        this.expect(COLON, "':'");
        member(0, 0);
      } else {
        this.pos = end + 1;
        this.expect(COLON, "':'");
        member(start, end);
      }
      const c = this.peek();
      this.pos++;
      if (c === RBRACE) return;
      if (c !== COMMA) this.fail("',' or '}'");
    }
  }

  /** True when the text range [start, end) is exactly `word`. */
  is(start: number, end: number, word: string): boolean {
    return end - start === word.length && matchAt(this.text, start, word);
  }
}
