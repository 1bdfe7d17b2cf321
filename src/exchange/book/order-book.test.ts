import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { ExchangeError } from '../wire/errors.js';
import { compareDecimalText, OrderBook, priceKey, SequenceGapError, type SequenceGapReason } from './order-book.js';
import { bookChecksum, crc32Signed, type ChecksumSide } from './checksum.js';

type L = [string, string][];
const lv = (pairs: L): string => JSON.stringify(pairs);
function frame(action: 'snapshot' | 'update', seq: string, pseq: string, b: L, a: L, extra = ''): string {
  return `{"action":"${action}","arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"},"data":[{"a":${lv(a)},"b":${lv(b)},"seq":${seq},"pseq":${pseq}${extra},"ts":"1"}],"ts":1}`;
}
const snap = (seq: string, b: L, a: L): string => frame('snapshot', seq, '0', b, a);
const upd = (seq: string, pseq: string, b: L, a: L, extra = ''): string => frame('update', seq, pseq, b, a, extra);

function booted(): OrderBook {
  const ob = new OrderBook('BTCUSDT');
  ob.applyText(
    snap(
      '100',
      [
        ['97000', '1'],
        ['96999.5', '2'],
        ['96998', '3'],
      ],
      [
        ['97000.5', '4'],
        ['97001', '5'],
      ],
    ),
  );
  return ob;
}

describe('OrderBook apply', () => {
  it('loads a snapshot best first and answers queries', () => {
    const ob = booted();
    expect(ob.ready).toBe(true);
    expect(ob.seq).toBe('100');
    expect(ob.bestBid()?.priceText).toBe('97000');
    expect(ob.bestAsk()?.price.toFixed()).toBe('97000.5');
    expect(ob.spread()?.toFixed()).toBe('0.5');
    expect(ob.mid()?.toFixed()).toBe('97000.25');
    const top = ob.topN(2);
    expect(top.bids.map((l) => [l.priceText, l.sizeText, l.cumSize.toFixed()])).toEqual([
      ['97000', '1', '1'],
      ['96999.5', '2', '3'],
    ]);
    expect(top.asks.map((l) => l.cumSize.toFixed())).toEqual(['4', '9']);
    expect(ob.wireTop(5).asks).toEqual([
      ['97000.5', '4'],
      ['97001', '5'],
    ]);
  });

  it.each<[string, L, L, L, L]>([
    ['modifies an existing level', [['96999.5', '7']], [], [['97000', '1'], ['96999.5', '7'], ['96998', '3']], [['97000.5', '4'], ['97001', '5']]],
    ['"0" deletes a level', [['97000', '0']], [['97001', '0.000']], [['96999.5', '2'], ['96998', '3']], [['97000.5', '4']]],
    ['deleting an unknown level is a no-op', [['1', '0']], [['99999', '0']], [['97000', '1'], ['96999.5', '2'], ['96998', '3']], [['97000.5', '4'], ['97001', '5']]],
    ['inserts in price order on both sides', [['96999.7', '9'], ['97000.2', '8']], [['97000.7', '6'], ['99000', '1']], [['97000.2', '8'], ['97000', '1'], ['96999.7', '9'], ['96999.5', '2'], ['96998', '3']], [['97000.5', '4'], ['97000.7', '6'], ['97001', '5'], ['99000', '1']]],
    ['re-adds a deleted level', [['97000', '0'], ['97000', '2.5']], [], [['97000', '2.5'], ['96999.5', '2'], ['96998', '3']], [['97000.5', '4'], ['97001', '5']]],
    ['treats 97000.50 and 97000.5 as one level', [], [['97000.50', '9']], [['97000', '1'], ['96999.5', '2'], ['96998', '3']], [['97000.50', '9'], ['97001', '5']]],
  ])('%s', (_name, bids, asks, wantBids, wantAsks) => {
    const ob = booted();
    ob.applyText(upd('101', '100', bids, asks));
    expect(ob.wireTop(10)).toEqual({ bids: wantBids, asks: wantAsks });
    expect(ob.seq).toBe('101');
  });

  it('orders prices that a double cannot tell apart', () => {
    const ob = new OrderBook();
    const p1 = '0.10000000000000000001';
    const p2 = '0.10000000000000000002';
    expect(priceKey(p1)).toBe(priceKey(p2));
    ob.applyText(snap('1', [[p1, '1'], ['0.1', '5']], [['0.2', '1']]));
    ob.applyText(upd('2', '1', [[p2, '2']], []));
    expect(ob.wireTop(5).bids).toEqual([[p2, '2'], [p1, '1'], ['0.1', '5']]);
    ob.applyText(upd('3', '2', [[p1, '0']], []));
    expect(ob.wireTop(5).bids).toEqual([[p2, '2'], ['0.1', '5']]);
  });

  it('sorts an unordered snapshot and drops zero levels in it', () => {
    const ob = new OrderBook();
    ob.applyText(snap('1', [['1', '1'], ['3', '1'], ['2', '0'], ['2.5', '1']], [['5', '1'], ['4', '1']]));
    expect(ob.wireTop(5)).toEqual({ bids: [['3', '1'], ['2.5', '1'], ['1', '1']], asks: [['4', '1'], ['5', '1']] });
  });

  it('chains seq above 2^53 exactly', () => {
    const ob = new OrderBook();
    ob.applyText(snap('9007199254740993', [['1', '1']], [['2', '1']]));
    ob.applyText(upd('9007199254740995', '9007199254740993', [['1', '2']], []));
    expect(ob.seq).toBe('9007199254740995');
    // 9007199254740992 is what JSON.parse would make of ...993: it must not chain
    expect(() => ob.applyText(upd('9007199254740996', '9007199254740994', [], []))).toThrow(SequenceGapError);
  });

  it('accepts an update whose seq did not advance (maintenance) when pseq chains', () => {
    const ob = booted();
    ob.applyText(upd('100', '100', [], []));
    expect(ob.seq).toBe('100');
  });
});

describe('OrderBook gaps', () => {
  /** Chains one update onto `booted()` (seq 100 → 101), so the next update is not the first after the snapshot. */
  const chained = (ob: OrderBook): void => ob.applyText(upd('101', '100', [], []));
  const cases: [string, (ob: OrderBook) => void, string, SequenceGapReason][] = [
    ['update before snapshot', (ob) => ob.reset(), upd('101', '100', [], []), 'no_snapshot'],
    ['pseq 0 on the first update', () => undefined, upd('101', '0', [], []), 'pseq_zero'],
    ['pseq 0 on a later update', chained, upd('102', '0', [], []), 'pseq_zero'],
    ['first update starting after the snapshot (pseq > snapshot seq)', () => undefined, upd('120', '110', [], []), 'pseq_mismatch'],
    ['later update behind (pseq < last seq)', chained, upd('120', '100', [], []), 'pseq_mismatch'],
    ['later update ahead (pseq > last seq)', chained, upd('120', '110', [], []), 'pseq_mismatch'],
    ['later update that would straddle the snapshot', chained, upd('102', '99', [], []), 'pseq_mismatch'],
  ];
  it.each(cases)('%s → EXCH_SEQUENCE_GAP and the book is dropped', (_name, prepare, text, reason) => {
    const ob = booted();
    prepare(ob);
    let caught: unknown;
    try {
      ob.applyText(text);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SequenceGapError);
    expect(caught).toBeInstanceOf(ExchangeError);
    const gap = caught as SequenceGapError;
    expect(gap.code).toBe('EXCH_SEQUENCE_GAP');
    expect(gap.reason).toBe(reason);
    expect(gap.message).toContain('resubscribe');
    expect(ob.ready).toBe(false);
    expect(ob.bidCount + ob.askCount).toBe(0);
    // a fresh snapshot recovers
    ob.applyText(snap('500', [['1', '1']], [['2', '1']]));
    expect(ob.ready).toBe(true);
  });

  it('verifies a non-zero checksum and ignores a zero one', () => {
    const ob = booted();
    const after = '97000:1:97000.5:4:96999.5:2:97001:5:96998:3';
    ob.applyText(upd('101', '100', [], [], ',"checksum":0'));
    ob.applyText(upd('102', '101', [], [], `,"checksum":${crc32Signed(after)}`));
    expect(ob.checksum()).toBe(crc32Signed(after));
    expect(() => ob.applyText(upd('103', '102', [['97000', '2']], [], `,"checksum":${crc32Signed(after)}`))).toThrow(/checksum/);
    expect(ob.ready).toBe(false);
  });
});

/**
 * The official Order-Book-Channel rule for the first update after a snapshot: the snapshot's seq
 * must fall within [pseq, seq] of that update. `booted()` is a snapshot at seq 100 with bids
 * 97000:1 96999.5:2 96998:3 and asks 97000.5:4 97001:5.
 */
describe('OrderBook first update after a snapshot', () => {
  type Outcome = 'applied' | 'stale' | SequenceGapReason;
  const cases: [string, string, string, Outcome][] = [
    ['chains exactly (pseq = snapshot seq)', '101', '100', 'applied'],
    ['overlaps (pseq < snapshot seq < seq)', '105', '97', 'applied'],
    ['ends at the snapshot (pseq < snapshot seq = seq)', '100', '98', 'applied'],
    ['lies wholly before the snapshot (seq < snapshot seq): stale, ignored', '99', '97', 'stale'],
    ['starts after the snapshot (pseq > snapshot seq): updates were lost', '106', '101', 'pseq_mismatch'],
    ['carries pseq 0 (sequence restart)', '106', '0', 'pseq_zero'],
  ];
  it.each(cases)('%s', (_name, seq, pseq, want) => {
    const ob = booted();
    const before = ob.wireTop(10);
    // 97000 changes, 96999.5 is deleted, 97000.5 is sent again at the size it already has (overlap).
    const text = upd(seq, pseq, [['97000', '6'], ['96999.5', '0']], [['97000.5', '4']]);
    let reason: SequenceGapReason | null = null;
    try {
      ob.applyText(text);
    } catch (err) {
      if (!(err instanceof SequenceGapError)) throw err;
      reason = err.reason;
    }
    const outcome: Outcome = reason ?? (ob.seq === '100' && ob.version === 1 ? 'stale' : 'applied');
    expect(outcome).toBe(want);
    if (want === 'applied') {
      expect(ob.seq).toBe(seq);
      expect(ob.version).toBe(2);
      expect(ob.wireTop(10)).toEqual({ bids: [['97000', '6'], ['96998', '3']], asks: [['97000.5', '4'], ['97001', '5']] });
    }
    if (want === 'stale') expect(ob.wireTop(10)).toEqual(before);
    if (reason !== null) expect(ob.ready).toBe(false);
  });

  it('still accepts the covering update after a stale one, then requires exact chaining', () => {
    const ob = booted();
    ob.applyText(upd('98', '96', [['97000', '9']], []));
    expect([ob.seq, ob.bestBid()?.sizeText]).toEqual(['100', '1']);
    ob.applyText(upd('103', '98', [['97000', '2']], []));
    expect([ob.seq, ob.bestBid()?.sizeText]).toEqual(['103', '2']);
    // Past the first update the range rule no longer applies: pseq must equal the last seq.
    expect(() => ob.applyText(upd('104', '102', [], []))).toThrow(SequenceGapError);
  });

  it('compares seq above 2^53 exactly', () => {
    const ob = new OrderBook();
    ob.applyText(snap('9007199254740993', [['1', '1']], [['2', '1']]));
    ob.applyText(upd('9007199254740995', '9007199254740992', [], []));
    expect(ob.seq).toBe('9007199254740995');
    const later = new OrderBook();
    later.applyText(snap('9007199254740993', [['1', '1']], [['2', '1']]));
    expect(() => later.applyText(upd('9007199254740999', '9007199254740994', [], []))).toThrow(SequenceGapError);
    // As doubles, ...992 and the snapshot's ...993 are equal: the update would wrongly cover the snapshot.
    const stale = new OrderBook();
    stale.applyText(snap('9007199254740993', [['1', '1']], [['2', '1']]));
    stale.applyText(upd('9007199254740992', '9007199254740990', [['1', '5']], []));
    expect([stale.seq, stale.bestBid()?.sizeText]).toEqual(['9007199254740993', '1']);
  });

  it('starts over after each snapshot', () => {
    const ob = booted();
    ob.applyText(upd('101', '100', [], []));
    ob.applyText(snap('200', [['1', '1']], [['2', '1']]));
    ob.applyText(upd('205', '190', [['1', '3']], []));
    expect([ob.seq, ob.bestBid()?.sizeText]).toEqual(['205', '3']);
  });
});

describe('depth queries', () => {
  it('sums size and value within a band of the mid', () => {
    const ob = new OrderBook();
    ob.applyText(snap('1', [['99', '1'], ['98', '2'], ['90', '5']], [['101', '3'], ['103', '1'], ['110', '9']]));
    const w = ob.depthWithin(new Decimal('0.03'));
    expect([w?.bidSize.toFixed(), w?.bidValue.toFixed(), w?.askSize.toFixed(), w?.askValue.toFixed()]).toEqual(['3', '295', '4', '406']);
  });
  it('returns nulls on an empty side', () => {
    const ob = new OrderBook();
    ob.applyText(snap('1', [['99', '1']], []));
    expect([ob.bestAsk(), ob.spread(), ob.mid(), ob.depthWithin(new Decimal('0.1'))]).toEqual([null, null, null, null]);
  });
});

describe('compareDecimalText and priceKey', () => {
  it.each([
    ['1', '2', -1],
    ['10', '9', 1],
    ['1.5', '1.50', 0],
    ['007.1', '7.10', 0],
    ['0.0104', '0.01040001', -1],
    ['123.456', '123.45', 1],
    ['0', '0.000', 0],
  ])('%s vs %s → %d', (a, b, want) => {
    expect(compareDecimalText(a, b)).toBe(want);
    expect(compareDecimalText(b, a)).toBe(want === 0 ? 0 : -want);
  });
  it('equals the engine parse on short and long strings', () => {
    for (const t of ['97000.5', '0.1', '0.3', '123456789012345', '1234567890123456', '0.000000000000001', '99999999999999.9', '12345678901234567890.5'])
      expect(priceKey(t)).toBe(Number.parseFloat(t));
  });
});

describe('checksum byte cache', () => {
  /** The checksum computed from the wire strings alone (no cached level bytes). */
  function fromStrings(ob: OrderBook): number {
    const top = ob.wireTop(25);
    const view = (levels: [string, string][]): ChecksumSide => ({
      length: levels.length,
      price: (i) => levels[i]?.[0] ?? '',
      size: (i) => levels[i]?.[1] ?? '',
    });
    return bookChecksum(view(top.bids), view(top.asks));
  }

  it('follows every change and falls back for levels too long to cache', () => {
    const ob = booted();
    const steps: [L, L][] = [
      [[['97000', '1.5']], []], // size change at the top
      [[['96999.50', '2']], []], // same level, new spelling
      [[['97000.25', '3']], [['97000.5', '0']]], // insert at the top, delete the best ask
      [[['96999.5', '12345678901234567890.123456789']], []], // over the 32-byte cache slot
      [[['96999.5', '2']], [['97002', '7']]],
    ];
    let seq = 100;
    expect(ob.checksum()).toBe(fromStrings(ob));
    for (const [b, a] of steps) {
      ob.applyText(upd(String(seq + 1), String(seq), b, a));
      seq++;
      expect(ob.checksum()).toBe(fromStrings(ob));
    }
    expect(ob.wireTop(2).bids).toEqual([
      ['97000.25', '3'],
      ['97000', '1.5'],
    ]);
  });
});
