import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams, mutated } from '../../../test/helpers/fuzz-inputs.js';
import { BookFrameError, parseBookFrame } from './book-frame.js';
import { OrderBook, SequenceGapError } from './order-book.js';

/**
 * Fuzz of `OrderBook.applyText` with raw frames (issue 8, bad input): after a valid snapshot, a run
 * of valid and mutated updates. Every frame either applies or throws `BookFrameError`
 * (`EXCH_BAD_REPLY`) or `SequenceGapError` (`EXCH_SEQUENCE_GAP`); the fast path and the full path
 * (`apply(parseBookFrame)`) end in the same book with the same error; and the book stays a book:
 * bids strictly falling, asks strictly rising, no zero sizes, only plain decimals.
 */

const ARG = '"arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}';
const side = (base: number, dir: 1 | -1): string[][] => Array.from({ length: 12 }, (_, i) => [String(base + dir * i), `${i + 1}.5`]);
const SNAPSHOT = `{"action":"snapshot",${ARG},"data":[{"a":${JSON.stringify(side(97001, 1))},"b":${JSON.stringify(side(97000, -1))},"seq":100,"pseq":0,"ts":"1"}],"ts":1}`;
const upd = (b: string, a: string, extra = ''): string => `{"action":"update",${ARG},"data":[{"a":${a},"b":${b},"seq":101,"pseq":100${extra},"ts":"2"}],"ts":2}`;

/** Updates that chain onto SNAPSHOT (seq 100): changes, deletes, new levels, long prices. */
const UPDATES: readonly string[] = [
  upd('[["97000","7"],["96995","0"],["96990.5","1"]]', '[["97001","0"],["97030","3"]]'),
  upd('[["96999.00","8"],["096997","2"]]', '[["97002.0","1"],["97003","0.000"]]'),
  upd('[["96999.0000000000001","1"],["96999.0000000000002","2"]]', '[]'),
  upd('[]', '[["97004","4"],["97005","0"],["97006","6"],["97007","0"],["97008","8"]]', ',"checksum":0'),
];

interface Outcome {
  readonly top: ReturnType<OrderBook['wireTop']>;
  readonly seq: string;
  readonly error: string | null;
}

function apply(book: OrderBook, text: string, fast: boolean): Outcome {
  let error: string | null = null;
  try {
    if (fast) book.applyText(text);
    else book.apply(parseBookFrame(text));
  } catch (err) {
    // Only the module's own typed errors, each with its stable code and a message saying what was wrong.
    if (err instanceof SequenceGapError) {
      expect(err.code).toBe('EXCH_SEQUENCE_GAP');
      expect(err.message).toMatch(/^order book BTCUSDT: .*resubscribe/);
    } else if (err instanceof BookFrameError) {
      expect(err.code).toBe('EXCH_BAD_REPLY');
      expect(err.message).toMatch(/^book frame: /);
    } else {
      throw new Error(`applyText threw a foreign error on ${JSON.stringify(text.slice(0, 300))}: ${String(err)}`, { cause: err });
    }
    error = `${err.name}/${err.code}/${err.message}`;
  }
  return { top: book.wireTop(10_000), seq: book.seq, error };
}

const PLAIN = /^\d+(\.\d+)?$/;

/** Bids strictly falling, asks strictly rising, sizes non-zero, every string a plain decimal. */
function expectSaneBook(book: OrderBook): void {
  const { bids, asks } = book.wireTop(10_000);
  for (const [levels, dir] of [
    [bids, -1],
    [asks, 1],
  ] as const) {
    levels.forEach(([p, s], i) => {
      expect(p).toMatch(PLAIN);
      expect(s).toMatch(PLAIN);
      expect(new Decimal(s).isZero()).toBe(false);
      const prev = levels[i - 1];
      if (prev !== undefined) expect(new Decimal(p).cmp(prev[0]), `side out of order at ${i}: ${prev[0]} then ${p}`).toBe(dir);
    });
  }
  expect(book.bidCount).toBe(bids.length);
  expect(book.askCount).toBe(asks.length);
}

describe('OrderBook.applyText under bad input', () => {
  it('applies the valid updates (guards the corpus itself)', () => {
    for (const u of UPDATES) {
      const book = new OrderBook('BTCUSDT');
      book.applyText(SNAPSHOT);
      book.applyText(u);
      expect(book.seq).toBe('101');
      expectSaneBook(book);
    }
  });

  it('throws only typed errors, stays sorted, and matches the full path over mutated frames', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.oneof(fc.constantFrom(...UPDATES), mutated(UPDATES)), { minLength: 1, maxLength: 4 }), mutated([SNAPSHOT]), (mutateSnapshot, updates, badSnapshot) => {
        const fast = new OrderBook('BTCUSDT');
        const full = new OrderBook('BTCUSDT');
        for (const text of [mutateSnapshot ? badSnapshot : SNAPSHOT, ...updates]) {
          const got = apply(fast, text, true);
          expect(got, `fast and full paths differ after ${text}`).toEqual(apply(full, text, false));
          expectSaneBook(fast);
        }
      }),
      fuzzParams(1000),
    );
  });

  it('regression: prices beyond the double range (infinite sort keys) keep both sides ordered', () => {
    const huge = `1${'0'.repeat(400)}`;
    const huger = `2${'0'.repeat(400)}`;
    for (const fast of [true, false]) {
      const book = new OrderBook('BTCUSDT');
      apply(book, SNAPSHOT, fast);
      const frames = [
        upd(`[["${huge}","2"]]`, `[["${huge}","1"]]`),
        upd(`[["97050","2"],["5","1"],["${huger}","3"]]`, `[["96000","1"],["97050","3"],["${huger}","4"]]`).replace('"seq":101,"pseq":100', '"seq":102,"pseq":101'),
        upd(`[["${huge}","0"]]`, `[["97050","0"]]`).replace('"seq":101,"pseq":100', '"seq":103,"pseq":102'),
      ];
      for (const f of frames) expect(apply(book, f, fast).error).toBeNull();
      expectSaneBook(book);
      const { bids, asks } = book.wireTop(100);
      expect(bids.slice(0, 2)).toEqual([
        [huger, '3'],
        ['97050', '2'],
      ]);
      expect(bids.at(-1)).toEqual(['5', '1']);
      expect(asks.slice(0, 2)).toEqual([
        ['96000', '1'],
        ['97001', '1.5'],
      ]);
      expect(asks.slice(-2)).toEqual([
        [huge, '1'],
        [huger, '4'],
      ]);
      expect(asks).toHaveLength(12 + 3);
    }
  });
});
