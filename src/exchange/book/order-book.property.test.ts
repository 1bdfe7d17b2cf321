import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { generateFrames } from '../../../bench/gen-frames.js';
import { createRng } from '../../domain/rng.js';
import { OrderBook, SequenceGapError } from './order-book.js';

/**
 * Property test: the book equals a straightforward reference rebuilt from the raw frames.
 * The reference shares no code with the book: it quotes seq/pseq with a regex, uses JSON.parse,
 * keeps a Map per side keyed by the exact price string, and sorts with decimal.js.
 */

interface RefFrame {
  action: string;
  data: { a: [string, string][]; b: [string, string][]; seq: string; pseq: string }[];
}

class Reference {
  bids = new Map<string, string>();
  asks = new Map<string, string>();
  seq = 0n;

  apply(text: string): void {
    const quoted = text.replace(/"(seq|pseq)":(\d+)/g, '"$1":"$2"');
    const f = JSON.parse(quoted) as RefFrame;
    const d = f.data[0];
    if (d === undefined) throw new Error('reference: no data');
    if (f.action === 'snapshot') {
      this.bids.clear();
      this.asks.clear();
    } else if (BigInt(d.pseq) !== this.seq) {
      throw new Error(`reference: gap ${d.pseq} after ${this.seq}`);
    }
    for (const [side, levels] of [
      [this.bids, d.b],
      [this.asks, d.a],
    ] as const) {
      for (const [p, s] of levels) {
        if (new Decimal(s).isZero()) side.delete(p);
        else side.set(p, s);
      }
    }
    this.seq = BigInt(d.seq);
  }

  sorted(): { bids: [string, string][]; asks: [string, string][] } {
    const order = (m: Map<string, string>, desc: boolean): [string, string][] =>
      [...m.entries()].sort(([a], [b]) => (desc ? new Decimal(b).cmp(a) : new Decimal(a).cmp(b)));
    return { bids: order(this.bids, true), asks: order(this.asks, false) };
  }

  snapshotText(): string {
    const { bids, asks } = this.sorted();
    return `{"action":"snapshot","arg":{"instType":"coin-futures","topic":"books","symbol":"BTCUSD_CM"},"data":[{"a":${JSON.stringify(asks)},"b":${JSON.stringify(bids)},"seq":${this.seq},"pseq":0,"ts":"0"}],"ts":0}`;
  }
}

function expectSame(book: OrderBook, ref: Reference, at: number): void {
  const want = ref.sorted();
  const got = book.wireTop(100_000);
  expect(got.bids, `bids after frame ${at}`).toEqual(want.bids);
  expect(got.asks, `asks after frame ${at}`).toEqual(want.asks);
  expect(book.seq, `seq after frame ${at}`).toBe(String(ref.seq));
}

describe('OrderBook property', () => {
  it('matches the reference over 100 000 random updates (seq > 2^53, deletes, re-adds, unknown deletes)', () => {
    const frames = generateFrames({ count: 100_001, seed: 7, depth: 300, maxChanges: 16 });
    expect(frames[1]).toMatch(/"seq":1483653649791\d{6},"pseq":1483653649791\d{6}/);
    const book = new OrderBook('BTCUSD_CM');
    const ref = new Reference();
    let deletes = 0;
    for (let i = 0; i < frames.length; i++) {
      const text = frames[i] ?? '';
      deletes += (text.match(/,"0"\]/g) ?? []).length;
      ref.apply(text);
      book.applyText(text);
      if (i % 2500 === 0 || i === frames.length - 1) expectSame(book, ref, i);
      else {
        const bb = book.bestBid();
        expect(bb === null || ref.bids.get(bb.priceText) === bb.sizeText).toBe(true);
      }
    }
    expect(deletes).toBeGreaterThan(100_000);
  });

  it('matches the reference with checksums and quoted seq on every update', () => {
    const frames = generateFrames({ count: 20_000, seed: 11, depth: 60, checksum: true, quotedSeqRate: 0.3 });
    expect(frames.some((f) => /"seq":"\d+"/.test(f))).toBe(true);
    const book = new OrderBook();
    const ref = new Reference();
    for (const text of frames) {
      ref.apply(text);
      book.applyText(text);
    }
    expectSame(book, ref, frames.length);
  });

  it('raises EXCH_SEQUENCE_GAP exactly at dropped, replayed and reordered frames and recovers from a snapshot', () => {
    const frames = generateFrames({ count: 20_000, seed: 3, depth: 100 });
    const rng = createRng(99).next;
    const book = new OrderBook();
    const ref = new Reference();
    let gaps = 0;
    let i = 0;
    while (i < frames.length) {
      const text = frames[i] ?? '';
      const r = rng();
      let fault: string | null = null;
      if (i > 1 && r < 0.005) fault = frames[i + 1] ?? null; // frame i dropped
      else if (i > 1 && r < 0.01) fault = frames[i - 1] ?? null; // stale replay of the previous frame
      else if (i > 1 && r < 0.012) fault = text.replace(/"pseq":\d+/, '"pseq":0'); // sequence reset
      if (fault !== null) {
        expect(() => book.applyText(fault)).toThrow(SequenceGapError);
        expect(book.ready).toBe(false);
        expect(() => book.applyText(text)).toThrow(SequenceGapError); // still no snapshot
        gaps++;
        book.applyText(ref.snapshotText()); // resubscribe: fresh snapshot at the current seq
      }
      ref.apply(text);
      book.applyText(text);
      i++;
    }
    expectSame(book, ref, frames.length);
    expect(gaps).toBeGreaterThan(100);
  });
});
