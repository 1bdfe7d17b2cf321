/**
 * Fast path for the frame that dominates a `books` stream: a compact `update` push as Bitget sends
 * it (`{"action":"update","arg":{…},"data":[{"a":[["p","s"],…],"b":[…],"seq":N,"pseq":N,…}],"ts":N}`).
 *
 * Why it is fast:
 * - nothing is allocated per frame: level positions go into reusable typed buffers, and no
 *   substring is cut here at all (the book cuts only the strings it keeps; a deleting size is
 *   never cut);
 * - each price is validated and turned into its sort key in the same single pass over its chars
 *   (the book does not parse it again), and each size is validated and tested for zero in one pass;
 * - no whitespace handling, no escapes, no callbacks: the layout is fixed;
 * - the frame is first copied as bytes into a reusable buffer by one native `encodeInto` call and
 *   scanned there: reading a typed array is several times cheaper per char than `charCodeAt` on a
 *   string that is itself a substring of a bigger one (as socket and file reads often produce).
 *   Frames are ASCII, so byte offsets are char offsets; a frame with any other char is left to the
 *   full reader.
 *
 * Strict by design: anything unusual (a snapshot, whitespace, an escape in a string, extra fields in
 * a level, quoted checksum, missing seq/pseq, several data items, …) makes `read` return false
 * having kept nothing, and the caller re-reads the frame with the full `parseBookFrame`, which owns
 * every error message. `read` accepts only frames that `parseBookFrame` also accepts, with the same
 * meaning, so the two paths cannot disagree on the book.
 */
import { ascii, bytesAt, findQuote, isDigit, skipNumber, skipString, skipValue } from './json-bytes.js';
import { priceKeyFromDigits } from './price-text.js';

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const DOT = 0x2e;
const ZERO = 0x30;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** Longest price whose digits still form an exact integer below 2^53 (see `priceKey`). */
const SHORT_PRICE = 15;

/** Keys and literals the reader recognises, as bytes. */
const W_ACTION = ascii('action');
const W_UPDATE = ascii('"update"');
const W_DATA = ascii('data');
const W_ARG = ascii('arg');
const W_ASKS = ascii('asks');
const W_BIDS = ascii('bids');
const W_SEQ = ascii('seq');
const W_PSEQ = ascii('pseq');
const W_TS = ascii('ts');
const W_CHECKSUM = ascii('checksum');
const W_MAXDEPTH = ascii('maxDepth');
const W_MAXDEPTH_LOWER = ascii('maxdepth');

/**
 * The levels of one side of one frame, in wire order: level `k` has its price at
 * `text[offsets[4k], offsets[4k+1])` and its size at `text[offsets[4k+2], offsets[4k+3])`.
 */
export class LevelSpans {
  /** Number of levels read. */
  count = 0;
  /** Unsigned float64 sort key of each price (`priceKey` of the price text). */
  keys = new Float64Array(64);
  /** Four offsets per level: price start, price end, size start, size end. */
  offsets = new Int32Array(256);
  /** 1 when the level's size is zero (a delete), else 0. */
  deletes = new Uint8Array(64);

  /** Appends one level, growing the buffers when full. */
  push(key: number, p0: number, p1: number, s0: number, s1: number, isDelete: boolean): void {
    const k = this.count;
    if (k === this.keys.length) this.grow();
    this.keys[k] = key;
    this.offsets[4 * k] = p0;
    this.offsets[4 * k + 1] = p1;
    this.offsets[4 * k + 2] = s0;
    this.offsets[4 * k + 3] = s1;
    this.deletes[k] = isDelete ? 1 : 0;
    this.count = k + 1;
  }

  private grow(): void {
    const cap = this.keys.length * 2;
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    const offsets = new Int32Array(4 * cap);
    offsets.set(this.offsets);
    const deletes = new Uint8Array(cap);
    deletes.set(this.deletes);
    this.keys = keys;
    this.offsets = offsets;
    this.deletes = deletes;
  }
}

/** Reads compact `update` frames into reusable buffers; one instance serves any number of books. */
export class UpdateReader {
  /** Bid levels of the last frame read. */
  readonly bids = new LevelSpans();
  /** Ask levels of the last frame read. */
  readonly asks = new LevelSpans();
  /** `seq` digits (leading zeros dropped) are `text[seqStart, seqEnd)`; -1 when absent. */
  seqStart = -1;
  /** End of the `seq` digits. */
  seqEnd = -1;
  /** `pseq` digits (leading zeros dropped) are `text[pseqStart, pseqEnd)`; -1 when absent. */
  pseqStart = -1;
  /** End of the `pseq` digits. */
  pseqEnd = -1;
  /** The frame's `checksum`, or null when absent. */
  checksum: number | null = null;
  private dataItems = 0;
  private encoder = new TextEncoder();
  /** The frame's bytes followed by a 0 sentinel, which no scan below accepts, so every loop stops there. */
  private bytes = new Uint8Array(4096);

  /** Copies `t` into `bytes`; null when it is not pure ASCII. */
  private load(t: string): Uint8Array | null {
    if (t.length + 16 > this.bytes.length) this.bytes = new Uint8Array(2 * (t.length + 16));
    const b = this.bytes;
    const { read, written } = this.encoder.encodeInto(t, b);
    if (read !== t.length || written !== t.length) return null;
    b[written] = 0;
    return b;
  }

  /**
   * Reads `t` when it is a compact ASCII update frame with one data item, `seq` and a non-zero `pseq`.
   * Returns false (the caller then uses `parseBookFrame`) for anything else.
   */
  read(t: string): boolean {
    this.bids.count = 0;
    this.asks.count = 0;
    this.seqStart = this.seqEnd = this.pseqStart = this.pseqEnd = -1;
    this.checksum = null;
    this.dataItems = 0;
    const b = this.load(t);
    if (b === null || b[0] !== LBRACE) return false;
    let update = false;
    let i = 1;
    for (;;) {
      if (b[i] !== QUOTE) return false;
      const ks = i + 1;
      const ke = findQuote(b, ks);
      if (ke < 0 || b[ke + 1] !== COLON) return false;
      i = ke + 2;
      const len = ke - ks;
      if (len === 6 && bytesAt(b, ks, W_ACTION)) {
        if (!bytesAt(b, i, W_UPDATE)) return false;
        update = true;
        i += 8;
      } else if (len === 4 && bytesAt(b, ks, W_DATA)) {
        i = this.dataList(b, i);
      } else if (len === 3 && bytesAt(b, ks, W_ARG)) {
        // The full reader insists on an object here.
        i = b[i] === LBRACE ? skipValue(b, i) : -1;
      } else {
        i = skipValue(b, i);
      }
      if (i < 0) return false;
      const c = b[i++];
      if (c === RBRACE) break;
      if (c !== COMMA) return false;
    }
    if (i !== t.length || !update || this.dataItems !== 1 || this.seqStart < 0 || this.pseqStart < 0) return false;
    // pseq 0 is a sequence reset: the full path reports it.
    return !(this.pseqEnd - this.pseqStart === 1 && b[this.pseqStart] === ZERO);
  }

  /** True when the frame's `pseq` digits equal `seq` (a canonical decimal integer string). */
  pseqIs(seq: string): boolean {
    if (this.pseqEnd - this.pseqStart !== seq.length) return false;
    const b = this.bytes;
    for (let k = 0; k < seq.length; k++) if (b[this.pseqStart + k] !== seq.charCodeAt(k)) return false;
    return true;
  }

  /** `data`: exactly one item. Returns the offset after `]`, or -1. */
  private dataList(b: Uint8Array, at: number): number {
    this.dataItems++;
    if (b[at] !== LBRACKET) return -1;
    const i = this.dataItem(b, at + 1);
    return i >= 0 && b[i] === RBRACKET ? i + 1 : -1;
  }

  /** One data item (cursor on `{`). Returns the offset after `}`, or -1. */
  private dataItem(b: Uint8Array, at: number): number {
    if (b[at] !== LBRACE) return -1;
    let i = at + 1;
    if (b[i] === RBRACE) return i + 1;
    for (;;) {
      if (b[i] !== QUOTE) return -1;
      const ks = i + 1;
      const ke = findQuote(b, ks);
      if (ke < 0 || b[ke + 1] !== COLON) return -1;
      i = ke + 2;
      const len = ke - ks;
      const c0 = b[ks];
      if ((len === 1 && c0 === 0x61) || (len === 4 && bytesAt(b, ks, W_ASKS))) i = readLevels(b, i, this.asks);
      else if ((len === 1 && c0 === 0x62) || (len === 4 && bytesAt(b, ks, W_BIDS))) i = readLevels(b, i, this.bids);
      else if (len === 3 && bytesAt(b, ks, W_SEQ)) {
        i = this.integer(b, i);
        this.seqStart = this.intStart;
        this.seqEnd = this.intEnd;
      } else if (len === 4 && bytesAt(b, ks, W_PSEQ)) {
        i = this.integer(b, i);
        this.pseqStart = this.intStart;
        this.pseqEnd = this.intEnd;
      } else if (len === 8 && bytesAt(b, ks, W_CHECKSUM)) i = this.checksumValue(b, i);
      else if ((len === 2 && bytesAt(b, ks, W_TS)) || (len === 8 && (bytesAt(b, ks, W_MAXDEPTH) || bytesAt(b, ks, W_MAXDEPTH_LOWER))))
        // The full reader takes a string or a number token here, nothing else.
        i = b[i] === QUOTE ? skipString(b, i) : skipNumber(b, i);
      else i = skipValue(b, i);
      if (i < 0) return -1;
      const c = b[i++];
      if (c === RBRACE) return i;
      if (c !== COMMA) return -1;
    }
  }

  private intStart = -1;
  private intEnd = -1;

  /**
   * A bare or quoted non-negative integer: its digits without leading zeros go to
   * `intStart`/`intEnd`. Returns the offset after it, or -1.
   */
  private integer(b: Uint8Array, at: number): number {
    const quoted = b[at] === QUOTE;
    let i = quoted ? at + 1 : at;
    while (b[i] === ZERO && isDigit(b[i + 1])) i++;
    const start = i;
    while (isDigit(b[i])) i++;
    if (i === start) return -1;
    this.intStart = start;
    this.intEnd = i;
    if (quoted) return b[i] === QUOTE ? i + 1 : -1;
    // A bare integer must be followed by the member separator (no fraction or exponent).
    const c = b[i];
    return c === COMMA || c === RBRACE ? i : -1;
  }

  /** A bare signed integer of 1–11 digits (the signed CRC-32). Returns the offset after it, or -1. */
  private checksumValue(b: Uint8Array, at: number): number {
    const negative = b[at] === 0x2d;
    let i = negative ? at + 1 : at;
    const start = i;
    let v = 0;
    for (let c = b[i]; isDigit(c); c = b[++i]) v = v * 10 + ((c as number) - ZERO);
    if (i === start || i - start > 11) return -1;
    const c = b[i];
    if (c !== COMMA && c !== RBRACE) return -1;
    this.checksum = negative ? -v : v;
    return i;
  }
}

/**
 * `[["p","s"],…]` into `out`. Returns the offset after `]`, or -1. Each price is validated and
 * turned into its sort key in one pass; each size is validated and tested for zero in one pass.
 */
function readLevels(b: Uint8Array, at: number, out: LevelSpans): number {
  if (b[at] !== LBRACKET) return -1;
  let i = at + 1;
  if (b[i] === RBRACKET) return i + 1;
  for (;;) {
    if (b[i] !== LBRACKET || b[i + 1] !== QUOTE) return -1;
    // Price: digits with at most one inner '.'; m accumulates the digits (exact while ≤ 15 chars).
    const p0 = i + 2;
    let j = p0;
    let dot = -1;
    let m = 0;
    // The buffer always ends with the 0 sentinel, so these loads stay in range.
    for (let c = b[j] as number; c !== QUOTE; c = b[++j] as number) {
      const d = c - ZERO;
      if (d >= 0 && d <= 9) m = m * 10 + d;
      else if (c === DOT && dot < 0) dot = j;
      else return -1; // includes the sentinel
    }
    const p1 = j;
    if (p1 === p0 || dot === p0 || dot === p1 - 1) return -1;
    if (b[p1 + 1] !== COMMA || b[p1 + 2] !== QUOTE) return -1;
    // Size: same grammar; remember whether any digit is non-zero.
    const s0 = p1 + 3;
    j = s0;
    let sdot = -1;
    let nonZero = false;
    for (let c = b[j] as number; c !== QUOTE; c = b[++j] as number) {
      if (c > ZERO && c <= 0x39) nonZero = true;
      else if (c === DOT && sdot < 0) sdot = j;
      else if (c !== ZERO) return -1;
    }
    const s1 = j;
    if (s1 === s0 || sdot === s0 || sdot === s1 - 1 || b[s1 + 1] !== RBRACKET) return -1;
    // A longer price gets no key here: the book sends it through the exact `set` path.
    const key = p1 - p0 <= SHORT_PRICE ? priceKeyFromDigits(m, dot < 0 ? 0 : p1 - 1 - dot) : Number.NaN;
    out.push(key, p0, p1, s0, s1, !nonZero);
    i = s1 + 2;
    const c = b[i++];
    if (c === RBRACKET) return i;
    if (c !== COMMA) return -1;
  }
}
