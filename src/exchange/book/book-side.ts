import type { ChecksumSide } from './checksum.js';
import { LevelBytes } from './level-bytes.js';
import type { LevelSpans } from './update-reader.js';
import { compareDecimalText, isZeroText, priceKey, sameChars } from './price-text.js';

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

const INITIAL_CAPACITY = 256;

/** Below this many elements a plain loop beats the native `copyWithin` call. */
const LOOP_MOVE_LIMIT = 12;

/** `copyWithin(to, from, end)` on both arrays (overlapping moves by one slot; all indices in range). */
function move(keys: Float64Array, slots: Int32Array, to: number, from: number, end: number): void {
  const count = end - from;
  if (count <= 0) return;
  if (count > LOOP_MOVE_LIMIT) {
    keys.copyWithin(to, from, end);
    slots.copyWithin(to, from, end);
  } else if (to > from) {
    for (let k = count - 1; k >= 0; k--) {
      keys[to + k] = keys[from + k] as number;
      slots[to + k] = slots[from + k] as number;
    }
  } else {
    for (let k = 0; k < count; k++) {
      keys[to + k] = keys[from + k] as number;
      slots[to + k] = slots[from + k] as number;
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
  /** Checksum bytes of each slot's `price:size` (see `LevelBytes`). */
  private readonly wire = new LevelBytes(INITIAL_CAPACITY);

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

  /**
   * Writes the ASCII bytes of `price:size` of the i-th best level (0 = best, below `length`) into
   * `out` at `at` (cached per level, see `LevelBytes`); returns the offset after them, or -1 when
   * the level does not fit the cache and the caller must use the strings. `out` has room.
   */
  writeLevel(i: number, out: Uint8Array, at: number): number {
    const slot = this.slots[this.head + this.n - 1 - i] as number;
    return this.wire.write(slot, this.prices[slot] ?? '', this.sizes[slot] ?? '', out, at);
  }

  /** Removes every level. */
  clear(): void {
    this.n = 0;
    this.head = this.keys.length >> 1;
    this.prices = [];
    this.sizes = [];
    this.wire.clear();
    this.free = [];
    this.longPrices = 0;
  }

  /** Sets the level at `p` to the absolute size `s`; zero deletes; deleting an unknown level is a no-op. */
  set(p: string, s: string): void {
    const key = this.sign * priceKey(p);
    const keys = this.keys;
    const end = this.head + this.n;
    let lo = this.lowerBound(key);
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
          this.wire.forget(slot);
        }
        return;
      }
      if (cmp > 0) break;
      lo++;
    }
    if (!isZeroText(s)) this.insertAt(lo - this.head, key, p, s);
  }

  /**
   * Applies the levels of one frame read by `UpdateReader`, in wire order; the same result as
   * `set(price, size)` for each, but a substring is cut only for a string the book keeps: a new
   * level's price and size, or a changed size. Deletes cut nothing.
   */
  applySpans(text: string, spans: LevelSpans): void {
    const { keys: frameKeys, offsets, deletes } = spans;
    for (let k = 0; k < spans.count; k++) {
      const p0 = offsets[4 * k] as number;
      const p1 = offsets[4 * k + 1] as number;
      const s0 = offsets[4 * k + 2] as number;
      const s1 = offsets[4 * k + 3] as number;
      const isDelete = deletes[k] === 1;
      // Long prices (beyond double precision) need the exact string comparison: take `set`.
      if (p1 - p0 > 15 || this.longPrices > 0) {
        this.set(text.slice(p0, p1), isDelete ? '0' : text.slice(s0, s1));
        continue;
      }
      const key = this.sign * (frameKeys[k] as number);
      const at = this.lowerBound(key);
      // Every stored price has ≤ 15 chars, so an equal key proves the same price (see `set`).
      if (at < this.head + this.n && this.keys[at] === key) {
        const slot = this.slots[at] as number;
        if (isDelete) this.removeAt(at, slot);
        else {
          // Keep the latest wire spelling ("97000.10" vs "97000.1"), cutting it only when it differs.
          // Equal values of equal length are spelled alike unless leading zeros differ ("05.1" vs
          // "5.10"), so the chars are compared only when the price starts with '0'.
          const old = this.prices[slot] ?? '';
          const first = text.charCodeAt(p0);
          const same = old.length === p1 - p0 && (first === 0x30 ? sameChars(text, p0, old) : old.charCodeAt(0) === first);
          if (!same) this.prices[slot] = text.slice(p0, p1);
          this.sizes[slot] = text.slice(s0, s1);
          this.wire.forget(slot);
        }
      } else if (!isDelete) {
        this.insertAt(at - this.head, key, text.slice(p0, p1), text.slice(s0, s1));
      }
    }
  }

  /**
   * First absolute index in [head, head + n) whose key is ≥ `key` (head + n when none).
   *
   * A plain binary search over a few hundred levels costs ~9 badly predicted branches. Book prices
   * sit on a tick grid, nearly evenly spaced, so the index is first guessed by interpolating between
   * the worst and best keys; galloping from the guess (1, 2, 4, … levels) brackets the answer, and a
   * binary search finishes inside that bracket. The guess only narrows the range, so a poor guess
   * (uneven spacing) costs speed, never correctness.
   */
  private lowerBound(key: number): number {
    const keys = this.keys;
    let lo = this.head;
    let hi = lo + this.n;
    // A price beyond the double range has an infinite key; interpolating over an infinite span gives
    // NaN, so such a side takes the plain binary search.
    if (this.n > 8 && (keys[hi - 1] as number) - (keys[lo] as number) < Infinity) {
      const first = keys[lo] as number;
      const last = keys[hi - 1] as number;
      if (key <= first) return lo;
      if (key > last) return hi;
      // first < key ≤ last, so the ratio is in (0, 1] and the guess in [lo, hi - 1].
      const g = Math.min(hi - 1, lo + Math.floor(((key - first) / (last - first)) * (hi - 1 - lo)));
      let step = 1;
      if ((keys[g] as number) < key) {
        // keys[a] < key throughout: the answer is in (a, a + step].
        let a = g;
        while (a + step < hi && (keys[a + step] as number) < key) {
          a += step;
          step *= 2;
        }
        lo = a + 1;
        hi = Math.min(a + step, hi);
      } else {
        // keys[b] ≥ key throughout: the answer is in (b - step, b].
        let b = g;
        while (b - step >= lo && (keys[b - step] as number) >= key) {
          b -= step;
          step *= 2;
        }
        hi = b;
        lo = Math.max(b - step + 1, lo);
      }
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
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
    this.wire.forget(slot);
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
