import type { ChecksumSide } from './checksum.js';

/**
 * One side of the local order book, kept sorted for fast updates.
 *
 * Ordering, and why it is both fast and exact: levels are ordered by a float64 sort key, the price
 * parsed to the nearest double (negated for asks, so both sides sort ascending with the BEST level
 * LAST, where most changes happen). Rounding to the nearest double is monotonic
 * (a < b ⇒ fl(a) ≤ fl(b)), so a strictly smaller key always means a strictly smaller price; only
 * when two keys are EQUAL is the order decided by an exact decimal comparison of the strings
 * (`compareDecimalText`). Two levels are the same level exactly when that comparison says equal,
 * so "97000.1" and "97000.10" are one level and prices that differ beyond double precision stay
 * apart. The float is a sort key only: prices and sizes stay the exact wire strings.
 *
 * Layout: the sorted order lives in two typed arrays (keys, and slot numbers into `prices`/`sizes`),
 * so inserting or deleting a level moves only numbers, with one native memmove (`copyWithin`) each
 * and no garbage; the strings never move and freed slots are reused. The levels sit in the middle
 * of the arrays with room on both ends, so a change moves whichever part is shorter: changes at the
 * top and removals of the worst levels (as the window slides) both cost O(1) moves.
 */

/** 10^k for k = 0…22: exactly representable doubles. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * The sort key of a plain decimal string: the nearest double to its value (what `+text` returns).
 * Fast path: a string of at most 15 chars holds at most 15 digits, so its digits form an exact
 * integer M < 2^53 and M / 10^f (f ≤ 14 fractional digits, 10^f exact) is one correctly rounded
 * IEEE division, i.e. the nearest double to the decimal value. Longer strings use the engine's
 * own correctly rounded parse.
 */
export function priceKey(text: string): number {
  const n = text.length;
  if (n > 15) return +text;
  let m = 0;
  let frac = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) frac = n - 1 - i;
    else m = m * 10 + (c - 0x30);
  }
  return frac <= 0 ? m : m / (POW10[frac] ?? 1);
}

/**
 * Exact comparison of two plain non-negative decimal strings (`"97000.5"`, `"0.0104"`; no sign,
 * exponent or spaces). Returns -1, 0 or 1. Leading integer zeros and trailing fractional zeros do
 * not matter.
 */
export function compareDecimalText(a: string, b: string): number {
  if (a === b) return 0;
  const ad = a.indexOf('.');
  const bd = b.indexOf('.');
  const aInt = ad < 0 ? a.length : ad;
  const bInt = bd < 0 ? b.length : bd;
  let as = 0;
  while (as < aInt - 1 && a.charCodeAt(as) === 0x30) as++;
  let bs = 0;
  while (bs < bInt - 1 && b.charCodeAt(bs) === 0x30) bs++;
  const aLen = aInt - as;
  const bLen = bInt - bs;
  if (aLen !== bLen) return aLen < bLen ? -1 : 1;
  for (let k = 0; k < aLen; k++) {
    const d = a.charCodeAt(as + k) - b.charCodeAt(bs + k);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  let ai = aInt + 1;
  let bi = bInt + 1;
  while (ai < a.length || bi < b.length) {
    const ca = ai < a.length ? a.charCodeAt(ai) : 0x30;
    const cb = bi < b.length ? b.charCodeAt(bi) : 0x30;
    if (ca !== cb) return ca < cb ? -1 : 1;
    ai++;
    bi++;
  }
  return 0;
}

/** True when a plain decimal string is zero ("0", "0.000"). */
export function isZeroText(text: string): boolean {
  if (text.charCodeAt(0) !== 0x30) return false;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x30 && c !== 0x2e) return false;
  }
  return true;
}

const INITIAL_CAPACITY = 256;

/** Below this many elements a plain loop beats the native `copyWithin` call. */
const LOOP_MOVE_LIMIT = 12;

/** `copyWithin(to, from, end)` on both arrays (overlapping moves by one slot). */
function move(keys: Float64Array, slots: Int32Array, to: number, from: number, end: number): void {
  const count = end - from;
  if (count <= 0) return;
  if (count > LOOP_MOVE_LIMIT) {
    keys.copyWithin(to, from, end);
    slots.copyWithin(to, from, end);
  } else if (to > from) {
    for (let k = count - 1; k >= 0; k--) {
      keys[to + k] = keys[from + k] ?? 0;
      slots[to + k] = slots[from + k] ?? 0;
    }
  } else {
    for (let k = 0; k < count; k++) {
      keys[to + k] = keys[from + k] ?? 0;
      slots[to + k] = slots[from + k] ?? 0;
    }
  }
}

/** One side of the book: ascending by key, best level last. Index `i` of the accessors counts from the best. */
export class BookSide implements ChecksumSide {
  private keys = new Float64Array(INITIAL_CAPACITY);
  private slots = new Int32Array(INITIAL_CAPACITY);
  /** Levels occupy [head, head + n) of `keys`/`slots`; free room on both ends lets a change move the shorter part. */
  private head = INITIAL_CAPACITY >> 1;
  private n = 0;
  private prices: string[] = [];
  private sizes: string[] = [];
  private free: number[] = [];
  /** How many stored prices are longer than 15 chars (then equal keys need the exact comparison). */
  private longPrices = 0;

  /** @param sign 1 for bids (higher is better), -1 for asks (lower is better). */
  constructor(private readonly sign: 1 | -1) {}

  /** Number of levels. */
  get length(): number {
    return this.n;
  }

  /** Wire price of the i-th best level (0 = best); '' when out of range. */
  price(i: number): string {
    if (i < 0 || i >= this.n) return '';
    return this.prices[this.slots[this.head + this.n - 1 - i] ?? 0] ?? '';
  }

  /** Wire size of the i-th best level (0 = best); '' when out of range. */
  size(i: number): string {
    if (i < 0 || i >= this.n) return '';
    return this.sizes[this.slots[this.head + this.n - 1 - i] ?? 0] ?? '';
  }

  /** Removes every level. */
  clear(): void {
    this.n = 0;
    this.head = this.keys.length >> 1;
    this.prices = [];
    this.sizes = [];
    this.free = [];
    this.longPrices = 0;
  }

  /** Sets the level at `p` to the absolute size `s`; zero deletes; deleting an unknown level is a no-op. */
  set(p: string, s: string): void {
    const key = this.sign * priceKey(p);
    const keys = this.keys;
    const end = this.head + this.n;
    let lo = this.head;
    let hi = end;
    // Most changes are near the top, which is the end of the range: probe there first.
    if (this.n > 16 && (keys[end - 16] ?? 0) < key) lo = end - 16;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? 0) < key) lo = mid + 1;
      else hi = mid;
    }
    // lo: first index with keys[lo] >= key. Equal keys: decide exactly on the strings, unless both
    // prices have at most 15 chars: distinct decimals of ≤ 15 significant digits never share a
    // double (DBL_DIG = 15), so an equal key already proves the same price.
    const short = p.length <= 15 && this.longPrices === 0;
    while (lo < end && keys[lo] === key) {
      const slot = this.slots[lo] ?? 0;
      const cmp = short ? 0 : this.sign * compareDecimalText(this.prices[slot] ?? '', p);
      if (cmp === 0) {
        if (isZeroText(s)) this.removeAt(lo, slot);
        else {
          if (!short) this.longPrices += (p.length > 15 ? 1 : 0) - ((this.prices[slot] ?? '').length > 15 ? 1 : 0);
          this.prices[slot] = p;
          this.sizes[slot] = s;
        }
        return;
      }
      if (cmp > 0) break;
      lo++;
    }
    if (!isZeroText(s)) this.insertAt(lo - this.head, key, p, s);
  }

  /** Inserts before relative position `i` (0 = worst level), moving the shorter part. */
  private insertAt(i: number, key: number, p: string, s: string): void {
    if (i < this.n >> 1 ? this.head === 0 : this.head + this.n === this.keys.length) this.recentre();
    const { keys, slots, head, n } = this;
    let at: number;
    if (i < n >> 1) {
      move(keys, slots, head - 1, head, head + i);
      this.head = head - 1;
      at = head - 1 + i;
    } else {
      move(keys, slots, head + i + 1, head + i, head + n);
      at = head + i;
    }
    const slot = this.free.pop() ?? this.prices.length;
    if (p.length > 15) this.longPrices++;
    this.prices[slot] = p;
    this.sizes[slot] = s;
    keys[at] = key;
    slots[at] = slot;
    this.n = n + 1;
  }

  /** Removes absolute index `at` holding `slot`, moving the shorter part. */
  private removeAt(at: number, slot: number): void {
    const { keys, slots, head, n } = this;
    const i = at - head;
    if (i < n >> 1) {
      move(keys, slots, head + 1, head, at);
      this.head = head + 1;
    } else {
      move(keys, slots, at, at + 1, head + n);
    }
    this.n = n - 1;
    if ((this.prices[slot] ?? '').length > 15) this.longPrices--;
    this.prices[slot] = '';
    this.sizes[slot] = '';
    this.free.push(slot);
  }

  /** Moves the levels to the middle of arrays with room on both ends (growing them when over half full). */
  private recentre(): void {
    const cap = Math.max(this.keys.length, 4 * this.n, INITIAL_CAPACITY);
    const keys = new Float64Array(cap);
    const slots = new Int32Array(cap);
    const start = (cap - this.n) >> 1;
    keys.set(this.keys.subarray(this.head, this.head + this.n), start);
    slots.set(this.slots.subarray(this.head, this.head + this.n), start);
    this.keys = keys;
    this.slots = slots;
    this.head = start;
  }

  /** Replaces the side with `flat` (`[p, s, …]`, best first); zero sizes are skipped, any order accepted. */
  load(flat: readonly string[]): void {
    this.clear();
    const count = flat.length >> 1;
    let ordered = true;
    for (let j = count - 1; j >= 0; j--) {
      const p = flat[2 * j] ?? '';
      const s = flat[2 * j + 1] ?? '';
      if (isZeroText(s)) continue;
      const key = this.sign * priceKey(p);
      const last = this.head + this.n - 1;
      if (this.n > 0 && !((this.keys[last] ?? 0) < key)) {
        ordered = false;
        break;
      }
      this.insertAt(this.n, key, p, s);
    }
    if (ordered) return;
    this.clear();
    for (let j = 0; j < count; j++) this.set(flat[2 * j] ?? '', flat[2 * j + 1] ?? '');
  }
}
