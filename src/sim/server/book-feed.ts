import { Decimal } from 'decimal.js';
import type { SimCategory, SimLevel } from '../contract.js';

/**
 * One order book's `books` channel state: the last published levels, and `seq`/`pseq` numbering
 * (protocol-notes §5.4, §6.1). A snapshot carries pseq 0; every update carries only the changed
 * levels (absolute sizes, "0" deletes) with pseq = the previous seq. Coin-M numbering starts above
 * 2^53, so seq values are BigInt and frames are written as text (never via JSON numbers).
 */

/** Levels of one book side pair: bids descending, asks ascending. */
export interface BookSides {
  readonly bids: readonly SimLevel[];
  readonly asks: readonly SimLevel[];
}

/** A private copy of the levels (the exchange may reuse its arrays). */
function copySides(sides: BookSides): BookSides {
  return { bids: sides.bids.map(([p, q]) => [p, q] as const), asks: sides.asks.map(([p, q]) => [p, q] as const) };
}

/** A first seq like the live exchange's: coin-M above 2^53, linear books about 10^12. */
export function initialSeq(category: SimCategory, salt: number): bigint {
  const offset = BigInt(Math.abs(Math.floor(salt)) % 1_000_000);
  return category === 'COIN-FUTURES' ? 1483653649791156272n + offset : 1_000_000_000_000n + offset;
}

/** Text of one price-level list: `[["p","s"],…]`. */
function levelsText(levels: readonly SimLevel[]): string {
  return JSON.stringify(levels.map(([p, s]) => [p, s]));
}

/**
 * The text of a book frame. `seq`/`pseq` are written as bare JSON integers from BigInt, so values
 * above 2^53 stay exact. `argJson` is the arg object's JSON text; `ts` is Unix ms.
 */
export function bookFrameText(
  action: 'snapshot' | 'update',
  argJson: string,
  sides: BookSides,
  seq: bigint,
  pseq: bigint,
  ts: number,
): string {
  return (
    `{"action":"${action}","arg":${argJson},"data":[{"a":${levelsText(sides.asks)},"b":${levelsText(sides.bids)},` +
    `"seq":${seq.toString()},"pseq":${pseq.toString()},"ts":"${ts}"}],"ts":${ts}}`
  );
}

function diffSide(prev: readonly SimLevel[], next: readonly SimLevel[], descending: boolean): SimLevel[] {
  const before = new Map(prev.map(([p, s]) => [p, s] as const));
  const after = new Map(next.map(([p, s]) => [p, s] as const));
  const out: SimLevel[] = [];
  for (const [p, s] of after) if (before.get(p) !== s) out.push([p, s]);
  for (const p of before.keys()) if (!after.has(p)) out.push([p, '0']);
  return sortSide(out, descending);
}

/** Sorts levels in place by price (bids descending, asks ascending) and returns them. */
function sortSide(levels: SimLevel[], descending: boolean): SimLevel[] {
  return levels.sort((x, y) => {
    const c = new Decimal(x[0]).comparedTo(new Decimal(y[0]));
    return descending ? -c : c;
  });
}

/** Changed levels between two states of a book (absolute sizes; removed levels as "0"). */
export function diffBook(prev: BookSides, next: BookSides): BookSides {
  return { bids: diffSide(prev.bids, next.bids, true), asks: diffSide(prev.asks, next.asks, false) };
}

/** What a publish step may do to the numbering (fault injection). */
export type SeqFault = 'skip' | 'restart' | null;

/** The shared `books` state for one book; all subscribers of the book see the same numbering. */
export class BookFeed {
  private published: BookSides;
  private seqNow: bigint;
  /** The last update's levels and pseq, when it carried no seq fault (for `overlapText`). */
  private last: { readonly delta: BookSides; readonly pseq: bigint } | null = null;

  /**
   * @param argJson JSON text of the push arg, e.g. `{"instType":"coin-futures","topic":"books","symbol":"BTCUSD_CM"}`.
   * @param start levels at subscription time; published as the first snapshot with seq `firstSeq`.
   */
  constructor(
    readonly argJson: string,
    start: BookSides,
    private readonly firstSeq: bigint,
  ) {
    this.published = copySides(start);
    this.seqNow = firstSeq;
  }

  /** Current seq (the last published frame's). */
  get seq(): bigint {
    return this.seqNow;
  }

  /** Snapshot frame of the last published state (pseq 0) for a new subscriber. */
  snapshotText(ts: number): string {
    return bookFrameText('snapshot', this.argJson, this.published, this.seqNow, 0n, ts);
  }

  /**
   * Publishes a new state: returns the update frame text, or null if nothing changed.
   * `takeFault` is asked only when an update goes out: 'skip' leaves out one seq number;
   * 'restart' renumbers from the start with pseq 0.
   */
  publish(next: BookSides, ts: number, takeFault: () => SeqFault = () => null): string | null {
    const delta = diffBook(this.published, next);
    if (delta.bids.length === 0 && delta.asks.length === 0) return null;
    this.published = copySides(next);
    const fault = takeFault();
    this.last = null;
    let pseq: bigint;
    if (fault === 'restart') {
      pseq = 0n;
      this.seqNow = this.firstSeq + 1n;
    } else {
      // A skipped number stands for an update the client never received.
      pseq = fault === 'skip' ? this.seqNow + 1n : this.seqNow;
      this.seqNow = pseq + 1n;
      if (fault === null) this.last = { delta, pseq };
    }
    return bookFrameText('update', this.argJson, delta, this.seqNow, pseq, ts);
  }

  /**
   * The last update (from `publish`) as the live exchange may send it first after a snapshot taken
   * just before it: the same seq, a pseq one below the snapshot's seq, and the levels that changed
   * in between again: here the best level of each side, at its current absolute size, on top of the
   * update's own levels. Only for a subscriber whose snapshot seq is the last update's pseq. Null
   * when the last update carried a seq fault (send that one as it is).
   */
  overlapText(ts: number): string | null {
    const last = this.last;
    if (last === null || last.pseq <= 1n) return null;
    const again = (changed: readonly SimLevel[], current: readonly SimLevel[], descending: boolean): SimLevel[] => {
      const best = current[0];
      return best === undefined || changed.some(([p]) => p === best[0]) ? [...changed] : sortSide([best, ...changed], descending);
    };
    const sides = { bids: again(last.delta.bids, this.published.bids, true), asks: again(last.delta.asks, this.published.asks, false) };
    return bookFrameText('update', this.argJson, sides, this.seqNow, last.pseq - 1n, ts);
  }
}

/** The shared state of a `books1`/`books5`/`books50` channel: full N-level snapshots when changed. */
export class DepthFeed {
  private lastText = '';
  private seqNow: bigint;

  constructor(
    readonly argJson: string,
    readonly depth: number,
    firstSeq: bigint,
  ) {
    this.seqNow = firstSeq;
  }

  /** The current snapshot frame for a new subscriber. */
  snapshotText(sides: BookSides, ts: number): string {
    return bookFrameText('snapshot', this.argJson, sides, this.seqNow, 0n, ts);
  }

  /** A new snapshot frame if the top N changed since the last one, else null. */
  publish(sides: BookSides, ts: number): string | null {
    const text = levelsText(sides.bids) + levelsText(sides.asks);
    if (text === this.lastText) return null;
    this.lastText = text;
    const pseq = this.seqNow;
    this.seqNow += 1n;
    return bookFrameText('snapshot', this.argJson, sides, this.seqNow, pseq, ts);
  }
}
