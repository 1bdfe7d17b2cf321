import { createRng } from '../src/domain/rng.js';
import { bookChecksum, type ChecksumSide } from '../src/exchange/book/checksum.js';

/**
 * Seeded generator of realistic Bitget `books` websocket frames (protocol-notes §5.4): one snapshot,
 * then updates chained by seq/pseq with absolute sizes, deletes ("0"), re-adds of deleted levels,
 * deletes of unknown levels and a drifting mid price. Sequence numbers start above 2^53 and are
 * written as bare JSON integers (sometimes quoted when asked), like coin-margined books on the wire.
 * Used by the bench and by the order-book property test.
 */

/** Options for `generateFrames`. */
export interface GenOptions {
  /** Number of frames including the first snapshot. Default 100 000. */
  readonly count?: number;
  /** PRNG seed. Default 42. */
  readonly seed?: number;
  /** Levels per side in the snapshot and the cap kept afterwards. Default 400. */
  readonly depth?: number;
  /** First seq (above 2^53 by default: 1483653649791156272). */
  readonly seqStart?: bigint;
  /** Add a signed CRC-32 `checksum` to every update. Default false. */
  readonly checksum?: boolean;
  /** Probability that seq/pseq are written as quoted strings instead of bare integers. Default 0. */
  readonly quotedSeqRate?: number;
  /** Largest number of level changes per update. Default 12. */
  readonly maxChanges?: number;
}

/** Price of tick index `idx` with tick 0.1, trailing zeros trimmed ("97000.5", "97001"). */
export function tickPrice(idx: number): string {
  const whole = Math.floor(idx / 10);
  const tenth = idx % 10;
  return tenth === 0 ? String(whole) : `${whole}.${tenth}`;
}

function sizeText(rng: () => number): string {
  const units = 1 + Math.floor(rng() * 250_000);
  const s = (units / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  return s;
}

/** Sorted tick indices of one side, best last (bids ascending, asks descending in price). */
class GenSide {
  idx: number[] = [];
  size = new Map<number, string>();
  constructor(private readonly sign: 1 | -1) {}
  get length(): number {
    return this.idx.length;
  }
  price(i: number): string {
    return tickPrice(this.idx[this.idx.length - 1 - i] ?? 0);
  }
  sizeAt(i: number): string {
    return this.size.get(this.idx[this.idx.length - 1 - i] ?? 0) ?? '';
  }
  pos(tick: number): number {
    const k = this.sign * tick;
    let lo = 0;
    let hi = this.idx.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sign * (this.idx[mid] ?? 0) < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  put(tick: number, size: string): void {
    if (!this.size.has(tick)) this.idx.splice(this.pos(tick), 0, tick);
    this.size.set(tick, size);
  }
  del(tick: number): void {
    if (!this.size.has(tick)) return;
    this.idx.splice(this.pos(tick), 1);
    this.size.delete(tick);
  }
}

/** `ChecksumSide` view over a `GenSide`. */
function view(side: GenSide): ChecksumSide {
  return { length: side.length, price: (i) => side.price(i), size: (i) => side.sizeAt(i) };
}

/** Generates `count` frame texts (snapshot first). Deterministic for a given seed and options. */
export function generateFrames(options: GenOptions = {}): string[] {
  const count = options.count ?? 100_000;
  const rng = createRng(options.seed ?? 42).next;
  const depth = options.depth ?? 400;
  const maxChanges = options.maxChanges ?? 12;
  const quotedRate = options.quotedSeqRate ?? 0;
  let seq = options.seqStart ?? 1483653649791156272n;
  let ts = 1_764_000_000_000;
  const bids = new GenSide(1);
  const asks = new GenSide(-1);
  let mid = 970_000; // tick index of the mid (97000.0)
  for (let i = 1; i <= depth; i++) {
    bids.put(mid - i, sizeText(rng));
    asks.put(mid + i, sizeText(rng));
  }
  const deleted: number[] = [];
  const arg = '"arg":{"instType":"coin-futures","topic":"books","symbol":"BTCUSD_CM"}';
  const levelsText = (pairs: [string, string][]): string => pairs.map(([p, s]) => `["${p}","${s}"]`).join(',');
  const seqText = (n: bigint): string => (rng() < quotedRate ? `"${n}"` : String(n));
  const frames: string[] = [];
  const snapB: [string, string][] = [];
  const snapA: [string, string][] = [];
  for (let i = 0; i < bids.length; i++) snapB.push([bids.price(i), bids.sizeAt(i)]);
  for (let i = 0; i < asks.length; i++) snapA.push([asks.price(i), asks.sizeAt(i)]);
  frames.push(
    `{"action":"snapshot",${arg},"data":[{"a":[${levelsText(snapA)}],"b":[${levelsText(snapB)}],"checksum":0,"seq":${seqText(seq)},"pseq":0,"ts":"${ts}","maxDepth":"${depth}"}],"ts":${ts}}`,
  );
  while (frames.length < count) {
    ts += 1 + Math.floor(rng() * 60);
    const changes = new Map<string, [GenSide, number, string]>();
    const change = (side: GenSide, tick: number, size: string): void => {
      changes.set(`${side === bids ? 'b' : 'a'}${tick}`, [side, tick, size]);
    };
    // Mid drift: crossing levels are deleted in the same update.
    const r0 = rng();
    if (r0 < 0.1) {
      const step = rng() < 0.5 ? -1 : 1;
      mid += step;
      if (step > 0) for (const t of asks.idx.filter((t) => t <= mid)) change(asks, t, '0');
      else for (const t of bids.idx.filter((t) => t >= mid)) change(bids, t, '0');
    }
    const n = 1 + Math.floor(rng() * maxChanges);
    for (let k = 0; k < n; k++) {
      const side = rng() < 0.5 ? bids : asks;
      const dir = side === bids ? -1 : 1;
      const r = rng();
      const dist = 1 + Math.floor(Math.pow(rng(), 3) * depth);
      const tick = mid + dir * dist;
      if (r < 0.55) {
        change(side, tick, sizeText(rng)); // modify or add near the top
      } else if (r < 0.8) {
        if (side.length > 0) {
          const t = side.idx[side.length - 1 - Math.floor(Math.pow(rng(), 2) * side.length)] ?? tick;
          change(side, t, '0');
          deleted.push(t);
        }
      } else if (r < 0.9) {
        const t = deleted.pop();
        if (t !== undefined && (side === bids ? t < mid : t > mid)) change(side, t, sizeText(rng));
      } else {
        // delete of a level the book does not have
        const far = mid + dir * (depth + 50 + Math.floor(rng() * 100));
        if (!side.size.has(far)) change(side, far, '0');
      }
    }
    const outB: [string, string][] = [];
    const outA: [string, string][] = [];
    for (const [side, tick, size] of changes.values()) {
      if (size === '0') side.del(tick);
      else side.put(tick, size);
      (side === bids ? outB : outA).push([tickPrice(tick), size]);
    }
    // Keep each side within `depth` levels, as the exchange does, by deleting the worst ones.
    for (const side of [bids, asks]) {
      while (side.length > depth) {
        const worst = side.idx[0] ?? 0;
        side.del(worst);
        (side === bids ? outB : outA).push([tickPrice(worst), '0']);
      }
    }
    const pseq = seq;
    seq += BigInt(1 + Math.floor(rng() * 3));
    const sum = options.checksum === true ? `,"checksum":${bookChecksum(view(bids), view(asks))}` : '';
    frames.push(
      `{"action":"update",${arg},"data":[{"a":[${levelsText(outA)}],"b":[${levelsText(outB)}]${sum},"seq":${seqText(seq)},"pseq":${seqText(pseq)},"ts":"${ts}"}],"ts":${ts}}`,
    );
  }
  return frames;
}
