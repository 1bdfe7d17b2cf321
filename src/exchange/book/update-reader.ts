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
 * - no whitespace handling, no escapes, no callbacks in what it reads: the layout is fixed (values
 *   it only skips, such as `arg`, go through `skipValue`);
 * - the frame is first copied as bytes into a reusable buffer by one native `encodeInto` call and
 *   scanned there with the primitives of `json-bytes.ts` (the full reader's too): reading a typed
 *   array is several times cheaper per char than `charCodeAt` on a string that is itself a
 *   substring of a bigger one (as socket and file reads often produce). Frames are ASCII, so byte
 *   offsets are char offsets; a frame with any other char is left to the full reader.
 *
 * Strict by design: anything unusual (a snapshot, whitespace, a backslash anywhere, extra fields in
 * a level, quoted checksum, missing seq/pseq, several data items, …) makes `read` return false
 * having kept nothing, and the caller reads the same loaded bytes with the full `readBookFrame`,
 * which owns every error message. `read` accepts only frames that the full reader also accepts,
 * with the same meaning, so the two paths cannot disagree on the book.
 */
import { bytesAt, escapes, sameBytes, findQuote, integerEnd, skipNumber, skipValue, stringEnd, smallIntegerEnd, TextBytes, type DigitSpan } from './json-bytes.js';
import { priceKeyFromDigits } from './price-text.js';
import { K_ACTION, K_ARG, K_ASKS, K_BIDS, K_CHECKSUM, K_DATA, K_MAXDEPTH, K_MAXDEPTH_LOWER, K_PSEQ, K_SEQ, K_TS, V_UPDATE } from './push-keys.js';

// Local copies, not imports: some loaders compile imported bindings to getter calls in hot loops.
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
  /**
   * The bytes of the last text given to `read`, loaded even when it was refused (then
   * `readBookFrame` reads the same bytes without loading them again).
   */
  readonly src = new TextBytes();
  private dataItems = 0;
  /** The last `arg` skipped without escapes (its first `argLength` bytes). */
  private readonly argBytes = new Uint8Array(128);
  private argLength = 0;
  /** The text whose levels the buffers hold (the last one `read` accepted); null after a refusal. */
  private held: string | null = null;
  private readonly digits: DigitSpan = { start: -1, end: -1 };
  private readonly small = { value: 0 };

  /** True when the last `read` accepted `text`, so the spans, seq, pseq and checksum are its. */
  holds(text: string): boolean {
    return this.held === text;
  }

  /**
   * Reads `t` when it is a compact ASCII update frame with one data item, `seq` and a non-zero `pseq`,
   * and no backslash anywhere. Returns false (the caller then uses the full reader) for anything else.
   */
  read(t: string): boolean {
    this.bids.count = 0;
    this.asks.count = 0;
    this.seqStart = this.seqEnd = this.pseqStart = this.pseqEnd = -1;
    this.checksum = null;
    this.dataItems = 0;
    this.held = null;
    const b = this.src.load(t);
    if (!this.src.ascii || b[0] !== LBRACE) return false;
    // No escapes: the values it skips (arg, unknown fields) could hold them, and the full reader decodes
    // those. Keys and levels refuse a backslash themselves.
    const seen = escapes.seen;
    let update = false;
    let i = 1;
    for (;;) {
      if (b[i] !== QUOTE) return false;
      const ks = i + 1;
      const ke = findQuote(b, ks);
      if (ke < 0 || b[ke + 1] !== COLON) return false;
      i = ke + 2;
      const len = ke - ks;
      if (len === 6 && bytesAt(b, ks, K_ACTION)) {
        if (!bytesAt(b, i, V_UPDATE)) return false;
        update = true;
        i += 8;
      } else if (len === 4 && bytesAt(b, ks, K_DATA)) {
        i = this.dataList(b, i);
      } else if (len === 3 && bytesAt(b, ks, K_ARG)) {
        i = this.skipArg(b, i);
      } else {
        i = skipValue(b, i);
      }
      if (i < 0) return false;
      const c = b[i++];
      if (c === RBRACE) break;
      if (c !== COMMA) return false;
    }
    if (i !== t.length || !update || this.dataItems !== 1 || this.seqStart < 0 || this.pseqStart < 0 || escapes.seen !== seen) return false;
    // pseq 0 is a sequence reset: the full path reports it.
    if (this.pseqEnd - this.pseqStart === 1 && b[this.pseqStart] === ZERO) return false;
    this.held = t;
    return true;
  }

  /** True when the frame's `pseq` digits equal `seq` (a canonical decimal integer string). */
  pseqIs(seq: string): boolean {
    if (this.pseqEnd - this.pseqStart !== seq.length) return false;
    const b = this.src.bytes;
    for (let k = 0; k < seq.length; k++) if (b[this.pseqStart + k] !== seq.charCodeAt(k)) return false;
    return true;
  }

  /**
   * `arg` (the full reader insists on an object): when its bytes are the last arg's, as on every push
   * of one subscription, one comparison skips it. Returns the offset after it, or -1.
   */
  private skipArg(b: Uint8Array, at: number): number {
    if (b[at] !== LBRACE) return -1;
    const n = this.argLength;
    // The bytes of a complete object: matching them again means the same object, ending at the same place.
    if (n > 0 && sameBytes(b, at, this.argBytes, n)) return at + n;
    const seen = escapes.seen;
    const end = skipValue(b, at);
    if (end > at && end - at <= this.argBytes.length && escapes.seen === seen) {
      this.argBytes.set(b.subarray(at, end));
      this.argLength = end - at;
    }
    return end;
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
      if ((len === 1 && c0 === 0x61) || (len === 4 && bytesAt(b, ks, K_ASKS))) i = readLevels(b, i, this.asks);
      else if ((len === 1 && c0 === 0x62) || (len === 4 && bytesAt(b, ks, K_BIDS))) i = readLevels(b, i, this.bids);
      else if (len === 3 && bytesAt(b, ks, K_SEQ)) {
        i = integerEnd(b, i, this.digits);
        this.seqStart = this.digits.start;
        this.seqEnd = this.digits.end;
      } else if (len === 4 && bytesAt(b, ks, K_PSEQ)) {
        i = integerEnd(b, i, this.digits);
        this.pseqStart = this.digits.start;
        this.pseqEnd = this.digits.end;
      } else if (len === 8 && bytesAt(b, ks, K_CHECKSUM)) {
        // Bare only: a quoted checksum is the full reader's.
        i = smallIntegerEnd(b, i, this.small);
        this.checksum = this.small.value;
      } else if ((len === 2 && bytesAt(b, ks, K_TS)) || (len === 8 && (bytesAt(b, ks, K_MAXDEPTH) || bytesAt(b, ks, K_MAXDEPTH_LOWER))))
        // The full reader takes a string or a number token here, nothing else.
        i = b[i] === QUOTE ? stringEnd(b, i) : skipNumber(b, i);
      else i = skipValue(b, i);
      if (i < 0) return -1;
      const c = b[i++];
      if (c === RBRACE) return i;
      if (c !== COMMA) return -1;
    }
  }
}

/**
 * `[["p","s"],…]` into `out`. Returns the offset after `]`, or -1. Each price and size is checked
 * against the grammar of `decimalEnd` in the same pass that makes the price's sort key or finds
 * whether the size is zero (the one loop per string that makes this path fast).
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
