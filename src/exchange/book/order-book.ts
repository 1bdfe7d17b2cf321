import { Decimal } from 'decimal.js';
import { bookChecksum } from './checksum.js';
import type { BookFrame } from './book-frame.js';
import { READER, readBook, type BookRead } from './book-read.js';
import { ExchangeError } from '../wire/errors.js';
import { BookSide } from './book-side.js';
import type { UpdateReader } from './update-reader.js';
import { compareDecimalText } from './price-text.js';

export { compareDecimalText, priceKey } from './price-text.js';

/**
 * Local copy of one `books` channel: a snapshot, then absolute-size updates. Sequence rule, from
 * Bitget's official Order-Book-Channel page (it wins over protocol-notes §6.1, which asks for
 * `pseq == snapshot seq` on the first update too):
 * - the snapshot's `seq` must fall within `[pseq, seq]` of the first update after it, so that update
 *   may start before the snapshot and overlap it;
 * - every later update has `pseq == previous seq`;
 * - `pseq` 0 (a sequence restart) or an update that fits neither rule is a gap.
 * Levels are identified by their price; the wire strings are kept for display and for the checksum.
 *
 * Ordering and storage: see `book-side.ts` (float64 sort key with an exact tie-break on the
 * strings; typed-array order with strings that never move).
 */

/** Why the book had to be dropped. */
export type SequenceGapReason = 'no_snapshot' | 'pseq_zero' | 'pseq_mismatch' | 'checksum';

/**
 * The book lost continuity: drop it and resubscribe (STYLE.md, protocol-notes §6.1). The book that
 * raised it is already cleared and waits for a snapshot. An `ExchangeError` with code
 * `EXCH_SEQUENCE_GAP`.
 */
export class SequenceGapError extends ExchangeError {
  /**
   * @param reason which rule failed
   * @param expected the `pseq` (or checksum) the book expected; empty when there was no snapshot
   * @param received the `pseq` (or checksum) the frame carried
   * @param symbol the book's symbol (may be empty)
   */
  constructor(
    readonly reason: SequenceGapReason,
    readonly expected: string,
    readonly received: string,
    readonly symbol: string,
  ) {
    super('EXCH_SEQUENCE_GAP', gapMessage(reason, expected, received, symbol));
    this.name = 'SequenceGapError';
  }
}

function gapMessage(reason: SequenceGapReason, expected: string, received: string, symbol: string): string {
  const what = symbol === '' ? 'order book' : `order book ${symbol}`;
  switch (reason) {
    case 'no_snapshot':
      return `${what}: update (seq ${received}) arrived before a snapshot; resubscribe to get one`;
    case 'pseq_zero':
      return `${what}: update with pseq 0 (sequence reset); resubscribe for a fresh snapshot`;
    case 'pseq_mismatch':
      return `${what}: update pseq ${received} does not follow seq ${expected}; resubscribe for a fresh snapshot`;
    case 'checksum':
      return `${what}: checksum ${received} does not match local ${expected}; resubscribe for a fresh snapshot`;
  }
}

/** One level for display: the wire strings plus parsed values. */
export interface BookLevel {
  /** Wire price string. */
  readonly priceText: string;
  /** Wire size string (base coin; quote coin for coin-margined futures). */
  readonly sizeText: string;
  /** `priceText` as a Decimal. */
  readonly price: Decimal;
  /** `sizeText` as a Decimal. */
  readonly size: Decimal;
}

/** One level of `topN`: wire strings plus the running total of size from the best level. */
export interface DepthLevel {
  /** Wire price string. */
  readonly priceText: string;
  /** Wire size string. */
  readonly sizeText: string;
  /** Sum of sizes from the best level down to and including this one. */
  readonly cumSize: Decimal;
}

/** Resting size and value on each side within a band around the mid price. */
export interface DepthWithin {
  /** Total bid size priced ≥ mid × (1 − band). */
  readonly bidSize: Decimal;
  /** Total ask size priced ≤ mid × (1 + band). */
  readonly askSize: Decimal;
  /** Σ price × size of those bids (quote coin). */
  readonly bidValue: Decimal;
  /** Σ price × size of those asks (quote coin). */
  readonly askValue: Decimal;
}

/** A sequence-checked local order book for one symbol. Not thread-shared; one per subscription. */
export class OrderBook {
  private readonly bids = new BookSide(1);
  private readonly asks = new BookSide(-1);
  private lastSeq = '';
  /**
   * The snapshot's `seq` until the first update after it is applied, else empty: only that update
   * may straddle the snapshot instead of chaining onto it.
   */
  private snapshotSeq = '';
  private updates = 0;

  /** @param symbol used in error messages only; may be empty. */
  constructor(readonly symbol: string = '') {}

  /** True after a snapshot and until a gap or `reset()`. */
  get ready(): boolean {
    return this.lastSeq !== '';
  }

  /** `seq` of the last applied frame (decimal integer string); empty before a snapshot. */
  get seq(): string {
    return this.lastSeq;
  }

  /** Frames applied since creation (snapshots and updates); a cheap change counter for the UI. */
  get version(): number {
    return this.updates;
  }

  /** Number of bid levels. */
  get bidCount(): number {
    return this.bids.length;
  }

  /** Number of ask levels. */
  get askCount(): number {
    return this.asks.length;
  }

  /** Empties the book; the next frame must be a snapshot. */
  reset(): void {
    this.bids.clear();
    this.asks.clear();
    this.lastSeq = '';
    this.snapshotSeq = '';
  }

  /**
   * Parses and applies one raw websocket text frame: `applyRead(readBook(text))`, the path a socket
   * push takes (the stream reads the frame, the market service applies the read), so the tests and
   * the book bench exercise what the app runs. Same result and errors as `apply(parseBookFrame(text))`.
   */
  applyText(text: string): void {
    this.applyRead(readBook(text));
  }

  /**
   * Applies a push the socket has already read (see `BookRead`); same result and errors as
   * `apply(parseBookFrame(read.text))`. The common frame, a compact update, is applied from the fast
   * reader's spans without allocating; a refused read throws its `BookFrameError`.
   */
  applyRead(read: BookRead): void {
    if (read.via === 'frame') return this.apply(read.frame);
    if (read.via === 'refused') throw read.error;
    const r = READER;
    // Read again when another frame was read since (a handler that kept the push past its call): the
    // reader's verdict depends on the text alone, so a text it accepted once it accepts again.
    if (!r.holds(read.text)) r.read(read.text);
    this.applyUpdate(r, read.text);
  }

  /** `apply` of the update `r` holds for `text`, from its spans. */
  private applyUpdate(r: UpdateReader, text: string): void {
    if (this.lastSeq === '') this.gap('no_snapshot', '', text.slice(r.seqStart, r.seqEnd));
    // The fast reader never accepts pseq 0. Not chained (the first update after a snapshot, or a
    // gap): the rule of `apply`, on the exact strings.
    if (!r.pseqIs(this.lastSeq) && !this.coversSnapshot(text.slice(r.pseqStart, r.pseqEnd), text.slice(r.seqStart, r.seqEnd))) return;
    this.bids.applySpans(text, r.bids);
    this.asks.applySpans(text, r.asks);
    this.lastSeq = text.slice(r.seqStart, r.seqEnd);
    this.snapshotSeq = '';
    this.updates++;
    this.verify(r.checksum);
  }

  /**
   * Applies a snapshot or an update. Throws `SequenceGapError` (after clearing the book) when an
   * update comes before a snapshot, has `pseq` 0, does not fit the sequence rule (see the class
   * comment), or carries a non-zero checksum that differs from the local book's. The first update
   * after a snapshot that lies wholly before it (`seq` below the snapshot's) is ignored.
   */
  apply(frame: BookFrame): void {
    if (frame.action === 'snapshot') {
      this.bids.load(frame.bids);
      this.asks.load(frame.asks);
      this.lastSeq = frame.seq;
      this.snapshotSeq = frame.seq;
      this.updates++;
      return;
    }
    if (this.lastSeq === '') this.gap('no_snapshot', '', frame.seq);
    if (frame.pseq === '0') this.gap('pseq_zero', this.lastSeq, frame.pseq);
    if (frame.pseq !== this.lastSeq && !this.coversSnapshot(frame.pseq, frame.seq)) return;
    const b = frame.bids;
    for (let i = 0; i < b.length; i += 2) this.bids.set(b[i] ?? '', b[i + 1] ?? '');
    const a = frame.asks;
    for (let i = 0; i < a.length; i += 2) this.asks.set(a[i] ?? '', a[i + 1] ?? '');
    this.lastSeq = frame.seq;
    this.snapshotSeq = '';
    this.updates++;
    this.verify(frame.checksum);
  }

  /**
   * For an update whose `pseq` is not the last `seq`: true when it is the first update after the
   * snapshot and `pseq < snapshot seq <= seq` (it overlaps the snapshot; its sizes are absolute, so
   * applying the overlapping part again is harmless); false when it is that first update but lies
   * wholly before the snapshot (`seq < snapshot seq`): stale, and dropped without a gap, because the
   * snapshot already holds its changes and the update that covers the snapshot may still come.
   * Anything else throws the gap: a later update that does not chain, or a first update that starts
   * after the snapshot (`pseq > snapshot seq`: the updates in between are lost). Sequence numbers are
   * canonical decimal strings and may exceed 2^53, so they are compared as text, exactly.
   */
  private coversSnapshot(pseq: string, seq: string): boolean {
    const snap = this.snapshotSeq;
    if (snap === '' || compareDecimalText(pseq, snap) > 0) this.gap('pseq_mismatch', this.lastSeq, pseq);
    return compareDecimalText(seq, snap) >= 0;
  }

  /** Compares a frame's checksum (when present and non-zero) with the local book's. */
  private verify(checksum: number | null): void {
    if (checksum === null || checksum === 0) return;
    const local = this.checksum();
    if (local !== checksum) this.gap('checksum', String(local), String(checksum));
  }

  private gap(reason: SequenceGapReason, expected: string, received: string): never {
    this.reset();
    throw new SequenceGapError(reason, expected, received, this.symbol);
  }

  /** Signed CRC-32 of the top 25 levels per side (protocol-notes §6.2). */
  checksum(): number {
    return bookChecksum(this.bids, this.asks);
  }

  /** Highest bid, or null when there are no bids. */
  bestBid(): BookLevel | null {
    return level(this.bids, 0);
  }

  /** Lowest ask, or null when there are no asks. */
  bestAsk(): BookLevel | null {
    return level(this.asks, 0);
  }

  /** Best ask − best bid; null when a side is empty. */
  spread(): Decimal | null {
    const bid = this.bids.price(0);
    const ask = this.asks.price(0);
    if (bid === '' || ask === '') return null;
    return new Decimal(ask).minus(bid);
  }

  /** (best bid + best ask) / 2; null when a side is empty. */
  mid(): Decimal | null {
    const bid = this.bids.price(0);
    const ask = this.asks.price(0);
    if (bid === '' || ask === '') return null;
    return new Decimal(ask).plus(bid).div(2);
  }

  /** Wire `[price, size]` pairs of the best `n` levels per side, best first (no Decimal work). */
  wireTop(n: number): { readonly bids: [string, string][]; readonly asks: [string, string][] } {
    const pick = (side: BookSide): [string, string][] => {
      const out: [string, string][] = [];
      for (let i = 0; i < Math.min(n, side.length); i++) out.push([side.price(i), side.size(i)]);
      return out;
    };
    return { bids: pick(this.bids), asks: pick(this.asks) };
  }

  /** The best `n` levels per side with cumulative size, best first. */
  topN(n: number): { readonly bids: DepthLevel[]; readonly asks: DepthLevel[] } {
    const pick = (side: BookSide): DepthLevel[] => {
      const out: DepthLevel[] = [];
      let cum = new Decimal(0);
      for (let i = 0; i < Math.min(n, side.length); i++) {
        const sizeText = side.size(i);
        cum = cum.plus(sizeText);
        out.push({ priceText: side.price(i), sizeText, cumSize: cum });
      }
      return out;
    };
    return { bids: pick(this.bids), asks: pick(this.asks) };
  }

  /**
   * Size and value resting within `band` (a fraction: 0.01 = 1%) of the mid price on each side.
   * Null when a side is empty.
   */
  depthWithin(band: Decimal): DepthWithin | null {
    const mid = this.mid();
    if (mid === null) return null;
    const floor = mid.times(new Decimal(1).minus(band));
    const ceiling = mid.times(new Decimal(1).plus(band));
    const sum = (side: BookSide, inside: (p: Decimal) => boolean): [Decimal, Decimal] => {
      let size = new Decimal(0);
      let value = new Decimal(0);
      for (let i = 0; i < side.length; i++) {
        const p = new Decimal(side.price(i));
        if (!inside(p)) break;
        const s = new Decimal(side.size(i));
        size = size.plus(s);
        value = value.plus(s.times(p));
      }
      return [size, value];
    };
    const [bidSize, bidValue] = sum(this.bids, (p) => p.gte(floor));
    const [askSize, askValue] = sum(this.asks, (p) => p.lte(ceiling));
    return { bidSize, askSize, bidValue, askValue };
  }
}

function level(side: BookSide, i: number): BookLevel | null {
  if (i >= side.length) return null;
  const priceText = side.price(i);
  const sizeText = side.size(i);
  return { priceText, sizeText, price: new Decimal(priceText), size: new Decimal(sizeText) };
}
