import { LEVEL_BYTES_MAX } from './checksum.js';

/**
 * Checksum cache of one book side: per level slot, the ASCII bytes of `price:size` (protocol-notes
 * §6.2 payload pieces), encoded on first use and kept until the level changes, so a checksum
 * re-encodes only the top levels that changed since the previous one and otherwise copies bytes
 * between typed arrays (much cheaper than reading every string char by char).
 */

/** Bytes reserved per slot; a longer `price:size` is not cached (the caller uses the strings). */
const STRIDE = Math.min(32, LEVEL_BYTES_MAX);

/** Writes the chars of `text` as bytes at `at`; false (stopping) at a non-ASCII char. */
function putAscii(out: Uint8Array, at: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 0x80) return false;
    out[at + k] = c;
  }
  return true;
}

/** Slot-indexed `price:size` byte cache; grows with the highest slot number. */
export class LevelBytes {
  /** Slot `s` owns `bytes[s * STRIDE, s * STRIDE + len[s])`. */
  private bytes: Uint8Array;
  /** Cached length per slot; 0 = not cached. */
  private len: Int32Array;

  /** @param slots initial number of slots (grows on demand) */
  constructor(slots: number) {
    this.bytes = new Uint8Array(slots * STRIDE);
    this.len = new Int32Array(slots);
  }

  /** Drops every cached level. */
  clear(): void {
    this.len.fill(0);
  }

  /** Drops the cached bytes of `slot` (its price or size changed, or it is new). */
  forget(slot: number): void {
    if (slot >= this.len.length) this.grow(slot + 1);
    this.len[slot] = 0;
  }

  /**
   * Writes `price:size` of `slot` into `out` at `at` (from the cache, encoding it first when
   * needed); returns the offset after it, or -1 when it is over `STRIDE` bytes or not ASCII.
   * Both book readers admit only digits and '.', but a non-ASCII char must never be cut to a byte.
   */
  write(slot: number, price: string, size: string, out: Uint8Array, at: number): number {
    if (slot >= this.len.length) this.grow(slot + 1);
    const bytes = this.bytes;
    const base = slot * STRIDE;
    let len = this.len[slot] as number;
    if (len === 0) {
      len = price.length + 1 + size.length;
      if (len > STRIDE || !putAscii(bytes, base, price) || !putAscii(bytes, base + price.length + 1, size)) return -1;
      bytes[base + price.length] = 0x3a;
      this.len[slot] = len;
    }
    for (let k = 0; k < len; k++) out[at + k] = bytes[base + k] as number;
    return at + len;
  }

  private grow(slots: number): void {
    const cap = Math.max(slots, this.len.length * 2);
    const bytes = new Uint8Array(cap * STRIDE);
    bytes.set(this.bytes);
    const len = new Int32Array(cap);
    len.set(this.len);
    this.bytes = bytes;
    this.len = len;
  }
}
