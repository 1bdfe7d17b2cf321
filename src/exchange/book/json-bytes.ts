/**
 * Byte-level helpers for `update-reader.ts`: compact JSON (no whitespace) held as ASCII bytes in a
 * buffer that ends with a 0 sentinel, so every scan stops at the end without a bounds check. Each
 * function returns the offset after what it read, or -1 when the text there is not what it takes.
 */

import { MAX_SKIP_DEPTH } from './frame-scanner.js';

// Local copies, not imports: some loaders compile imported bindings to getter calls in hot loops.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const DOT = 0x2e;
const ZERO = 0x30;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** The ASCII bytes of `word` (keys and literals are compared as bytes: no string access per char). */
export function ascii(word: string): Uint8Array {
  return Uint8Array.from(word, (ch) => ch.charCodeAt(0));
}

const W_TRUE = ascii('true');
const W_FALSE = ascii('false');
const W_NULL = ascii('null');

/** True for an ASCII digit (false for undefined). */
export function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= ZERO && c <= 0x39;
}

/** True when `b` holds the bytes of `word` at `start`. */
export function bytesAt(b: Uint8Array, start: number, word: Uint8Array): boolean {
  for (let k = 0; k < word.length; k++) if (b[start + k] !== word[k]) return false;
  return true;
}

/**
 * Offset of the next `"` at or after `from`; -1 at the 0 sentinel or at a backslash. Every string
 * the fast path reads is either found with this or is a level (digits and '.'), so a string with an
 * escape always sends the frame to the full reader.
 */
export function findQuote(b: Uint8Array, from: number): number {
  for (let i = from; ; i++) {
    const c = b[i] as number;
    if (c === QUOTE) return i;
    if (c === 0 || c === BACKSLASH) return -1;
  }
}

/** A string without escapes (cursor on its opening quote). Returns the offset after it, or -1. */
export function skipString(b: Uint8Array, at: number): number {
  if (b[at] !== QUOTE) return -1;
  const end = findQuote(b, at + 1);
  return end < 0 ? -1 : end + 1;
}

/** A number token as the full reader takes it: one or more of `0-9 - + . e E`. Returns the offset after it, or -1. */
export function skipNumber(b: Uint8Array, at: number): number {
  let i = at;
  for (let c = b[i]; isDigit(c) || c === 0x2d || c === 0x2b || c === DOT || c === 0x65 || c === 0x45; c = b[++i]);
  return i === at ? -1 : i;
}

/**
 * Any compact JSON value (strings without escapes), nested at most `MAX_SKIP_DEPTH` deep (the full
 * reader's bound, so deeper input goes to it and gets its error). Returns the offset after it, or -1.
 */
export function skipValue(b: Uint8Array, at: number, depth = 0): number {
  const c = b[at];
  if (c === QUOTE) return skipString(b, at);
  if (c === LBRACE || c === LBRACKET) {
    if (depth >= MAX_SKIP_DEPTH) return -1;
    const close = c === LBRACE ? RBRACE : RBRACKET;
    let i = at + 1;
    if (b[i] === close) return i + 1;
    for (;;) {
      if (close === RBRACE) {
        i = skipString(b, i);
        if (i < 0 || b[i] !== COLON) return -1;
        i++;
      }
      i = skipValue(b, i, depth + 1);
      if (i < 0) return -1;
      const n = b[i++];
      if (n === close) return i;
      if (n !== COMMA) return -1;
    }
  }
  if (bytesAt(b, at, W_TRUE)) return at + 4;
  if (bytesAt(b, at, W_NULL)) return at + 4;
  if (bytesAt(b, at, W_FALSE)) return at + 5;
  return skipNumber(b, at);
}
