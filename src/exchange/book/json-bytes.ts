/**
 * The one JSON scanner under the `books*` readers (`book-frame.ts`, `update-reader.ts`) and the
 * socket's push-head check (`ws/frame.ts`): byte-level primitives over a text's UTF-8 bytes held in
 * a reusable buffer that ends with a 0 sentinel (`TextBytes`), so every scan stops at the end
 * without a bounds check. Each primitive takes the buffer and an offset and returns the offset after
 * what it read, or -1 when the text there is not what it takes; on a -1 that is an error, `miss`
 * says where and what was expected (the full reader's message; set only on failure, so the fast
 * path pays nothing for it).
 *
 * Strict JSON where JSON has a rule: whitespace is space, tab, LF and CR; strings hold no raw control
 * characters and only valid escapes; numbers follow JSON's grammar; a value skipped is nested at most
 * `MAX_SKIP_DEPTH` deep (deeper input is refused instead of overflowing the stack).
 */

/** JSON's structural bytes. Hot loops elsewhere keep local copies (some loaders compile imported bindings to getter calls). */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const DOT = 0x2e;
export const ZERO = 0x30;
export const MINUS = 0x2d;
export const PLUS = 0x2b;
export const LBRACKET = 0x5b;
export const RBRACKET = 0x5d;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;

/**
 * Deepest nesting of arrays/objects `skipValue` follows inside a value it skips (a book push nests 2
 * deep in unknown fields at most).
 */
export const MAX_SKIP_DEPTH = 64;

/** What `-1` from a primitive meant: the byte offset and what was expected there. */
export const miss = { at: 0, what: '' };

function missAt(at: number, what: string): number {
  miss.at = at;
  miss.what = what;
  return -1;
}

/**
 * How many strings with an escape `stringEnd` has read (counted on its slow path only): a reader
 * that takes no escapes notes it before and compares after, instead of searching the text.
 */
export const escapes = { seen: 0 };

/** `miss.what` for a string with a bad escape or a raw control character. */
export const BAD_STRING = 'a JSON string with valid escapes and no raw control characters';

/** The ASCII bytes of `word` (keys and literals are compared as bytes: no string access per char). */
export function ascii(word: string): Uint8Array {
  return Uint8Array.from(word, (ch) => ch.charCodeAt(0));
}

const W_TRUE = ascii('true');
const W_FALSE = ascii('false');
const W_NULL = ascii('null');

/**
 * One text's UTF-8 bytes in a buffer reused from text to text, followed by a 0 sentinel (no JSON
 * text holds a raw 0 byte, so a scan that meets it has met the end or an error).
 */
export class TextBytes {
  /** The bytes; valid up to `length`, then the sentinel. */
  bytes: Uint8Array = new Uint8Array(4096);
  /** Bytes loaded (the offset of the sentinel). */
  length = 0;
  /** Every char loaded was ASCII, so byte offsets are char offsets. */
  ascii = true;
  private readonly encoder = new TextEncoder();
  private head: Uint8Array = this.bytes.subarray(0, 0);

  /** Loads all of `text` (one native copy for ASCII text); returns the bytes. */
  load(text: string): Uint8Array {
    let b = this.bytes;
    if (text.length >= b.length) b = this.grow(2 * text.length + 16);
    let r = this.encoder.encodeInto(text, b);
    if (r.read !== text.length || r.written === b.length) {
      // Non-ASCII text did not fit: UTF-8 takes at most 3 bytes per UTF-16 unit.
      b = this.grow(3 * text.length + 16);
      r = this.encoder.encodeInto(text, b);
    }
    b[r.written] = 0;
    this.length = r.written;
    this.ascii = r.written === text.length;
    return b;
  }

  /** Loads at most the first `max - 1` bytes of `text` (a frame's head); `ascii` tells whether those were all ASCII. */
  loadHead(text: string, max: number): Uint8Array {
    if (this.head.length !== max - 1 || this.head.buffer !== this.bytes.buffer) {
      if (max > this.bytes.length) this.grow(max);
      this.head = this.bytes.subarray(0, max - 1);
    }
    const r = this.encoder.encodeInto(text, this.head);
    const b = this.bytes;
    b[r.written] = 0;
    this.length = r.written;
    this.ascii = r.read === r.written;
    return b;
  }

  private grow(size: number): Uint8Array {
    this.bytes = new Uint8Array(size);
    return this.bytes;
  }
}

/** True for an ASCII digit (false for undefined). */
export function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= 0x39;
}

/** True when `b` holds the bytes of `word` at `start`. */
export function bytesAt(b: Uint8Array, start: number, word: Uint8Array): boolean {
  for (let k = 0; k < word.length; k++) if (b[start + k] !== word[k]) return false;
  return true;
}

/** True when `b` holds the first `length` bytes of `kept` at `start` (a value kept from an earlier text). */
export function sameBytes(b: Uint8Array, start: number, kept: Uint8Array, length: number): boolean {
  for (let k = 0; k < length; k++) if (b[start + k] !== kept[k]) return false;
  return true;
}

/** True when the bytes `[start, end)` are exactly `word`. */
export function bytesAre(b: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  return end - start === word.length && bytesAt(b, start, word);
}

/** The offset of the first byte at or after `at` that is not JSON whitespace. */
export function skipWs(b: Uint8Array, at: number): number {
  let i = at;
  for (let c = b[i]; c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = b[++i]);
  return i;
}

/**
 * Offset of the closing `"` of a string whose chars start at `from`, when the string has no escape;
 * -1 at a backslash, at a raw control character or at the sentinel (then `stringEnd` decides).
 */
export function findQuote(b: Uint8Array, from: number): number {
  for (let i = from; ; i++) {
    const c = b[i] as number;
    if (c === QUOTE) return i;
    if (c === BACKSLASH || c < 0x20) return -1;
  }
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= ZERO && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

/** A string, escapes included (cursor on its opening quote). Returns the offset after its closing quote, or -1. */
export function stringEnd(b: Uint8Array, at: number): number {
  if (b[at] !== QUOTE) return missAt(at, 'a string');
  const plain = findQuote(b, at + 1);
  if (plain >= 0) return plain + 1;
  escapes.seen++;
  for (let i = at + 1; ; ) {
    const c = b[i] as number;
    if (c === QUOTE) return i + 1;
    // A 0 byte is the sentinel (no JSON text holds one raw).
    if (c < 0x20) return c === 0 ? missAt(i, 'a closing quote') : missAt(at, BAD_STRING);
    if (c !== BACKSLASH) {
      i++;
      continue;
    }
    const e = b[i + 1];
    if (e === 0x75) {
      if (!(isHex(b[i + 2]) && isHex(b[i + 3]) && isHex(b[i + 4]) && isHex(b[i + 5]))) return missAt(at, BAD_STRING);
      i += 6;
    } else if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
      i += 2;
    } else return missAt(at, BAD_STRING);
  }
}

/** A number by JSON's grammar, `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`. Returns the offset after it, or -1. */
export function skipNumber(b: Uint8Array, at: number): number {
  let i = b[at] === MINUS ? at + 1 : at;
  if (b[i] === ZERO) i++;
  else if (isDigit(b[i])) while (isDigit(b[++i]));
  else return missAt(at, 'a number');
  if (b[i] === DOT) {
    if (!isDigit(b[++i])) return missAt(i, 'a digit after the decimal point');
    while (isDigit(b[++i]));
  }
  const e = b[i];
  if (e === 0x65 || e === 0x45) {
    i++;
    if (b[i] === PLUS || b[i] === MINUS) i++;
    if (!isDigit(b[i])) return missAt(i, 'a digit in the exponent');
    while (isDigit(b[++i]));
  }
  return i;
}

/**
 * Any JSON value (whitespace allowed around its parts), nested at most `MAX_SKIP_DEPTH` deep.
 * Cursor on the value's first byte; returns the offset after it, or -1.
 */
export function skipValue(b: Uint8Array, at: number, depth = 0): number {
  const c = b[at];
  if (c === QUOTE) return stringEnd(b, at);
  if (c === LBRACE || c === LBRACKET) {
    if (depth >= MAX_SKIP_DEPTH) return missAt(at, `a value nested at most ${MAX_SKIP_DEPTH} deep`);
    const close = c === LBRACE ? RBRACE : RBRACKET;
    let i = skipWs(b, at + 1);
    if (b[i] === close) return i + 1;
    for (;;) {
      if (close === RBRACE) {
        if (b[i] !== QUOTE) return missAt(i, 'a key');
        i = stringEnd(b, i);
        if (i < 0) return -1;
        i = skipWs(b, i);
        if (b[i] !== COLON) return missAt(i, "':'");
        i = skipWs(b, i + 1);
      }
      i = skipValue(b, i, depth + 1);
      if (i < 0) return -1;
      i = skipWs(b, i);
      const n = b[i++];
      if (n === close) return i;
      if (n !== COMMA) return missAt(i - 1, "',' or a closing bracket");
      i = skipWs(b, i);
    }
  }
  if (c === 0x74) return bytesAt(b, at, W_TRUE) ? at + 4 : missAt(at, 'a JSON literal');
  if (c === 0x66) return bytesAt(b, at, W_FALSE) ? at + 5 : missAt(at, 'a JSON literal');
  if (c === 0x6e) return bytesAt(b, at, W_NULL) ? at + 4 : missAt(at, 'a JSON literal');
  return c === MINUS || isDigit(c) ? skipNumber(b, at) : missAt(at, 'a JSON value');
}

/**
 * A plain non-negative decimal (`97000.5`, `0.0104`: digits with at most one inner '.') starting at
 * `at`, right after its opening quote. Returns the offset of the closing quote, or -1.
 */
export function decimalEnd(b: Uint8Array, at: number): number {
  let i = at;
  let dot = -1;
  for (let c = b[i] as number; c !== QUOTE; c = b[++i] as number) {
    if (c === DOT && dot < 0) dot = i;
    else if (c < ZERO || c > 0x39) return missAt(i, dot >= 0 && c === DOT ? 'a plain decimal' : 'a plain decimal digit');
  }
  if (i === at || dot === at || dot === i - 1) return missAt(i, 'a plain decimal');
  return i;
}

/** Where `integerEnd` found the digits: `[start, end)`. */
export interface DigitSpan {
  start: number;
  end: number;
}

/**
 * A bare or quoted non-negative integer: its digits without leading zeros (one kept) go to `out`.
 * Returns the offset after it, or -1 (a bare one followed by a fraction or an exponent is refused).
 */
export function integerEnd(b: Uint8Array, at: number, out: DigitSpan): number {
  const quoted = b[at] === QUOTE;
  let i = quoted ? at + 1 : at;
  while (b[i] === ZERO && isDigit(b[i + 1])) i++;
  const start = i;
  while (isDigit(b[i])) i++;
  if (i === start) return -1;
  out.start = start;
  out.end = i;
  if (quoted) return b[i] === QUOTE ? i + 1 : -1;
  const c = b[i];
  return c === DOT || c === 0x65 || c === 0x45 ? -1 : i;
}

/**
 * A bare signed integer of 1–11 digits (the signed CRC-32 of a book), its value in `out.value`.
 * Returns the offset after it, or -1 (also when more of a number follows).
 */
export function smallIntegerEnd(b: Uint8Array, at: number, out: { value: number }): number {
  const negative = b[at] === MINUS;
  let i = negative ? at + 1 : at;
  const start = i;
  let v = 0;
  for (let c = b[i]; isDigit(c); c = b[++i]) v = v * 10 + ((c as number) - ZERO);
  const c = b[i];
  if (i === start || i - start > 11 || c === DOT || c === 0x65 || c === 0x45 || c === PLUS || c === MINUS) return -1;
  out.value = negative ? -v : v;
  return i;
}
