import { describe, expect, it } from 'vitest';
import { BookFeed, DepthFeed, diffBook, initialSeq } from './book-feed.js';

const ARG = '{"instType":"coin-futures","topic":"books","symbol":"BTCUSD_CM"}';
/** Pulls seq/pseq out of frame text without JSON.parse (which would round them). */
function seqs(text: string): { seq: bigint; pseq: bigint } {
  const m = /"seq":(\d+),"pseq":(\d+)/.exec(text);
  if (!m?.[1] || !m[2]) throw new Error(`no seq in ${text}`);
  return { seq: BigInt(m[1]), pseq: BigInt(m[2]) };
}

describe('diffBook', () => {
  it('lists changed and new levels with absolute sizes, removed ones as "0", sorted per side', () => {
    const d = diffBook(
      { bids: [['100', '1'], ['99', '2']], asks: [['101', '1'], ['102', '2']] },
      { bids: [['100.5', '3'], ['100', '1']], asks: [['101', '4'], ['102', '2']] },
    );
    expect(d.bids).toEqual([['100.5', '3'], ['99', '0']]);
    expect(d.asks).toEqual([['101', '4']]);
  });
});

describe('BookFeed', () => {
  const start = { bids: [['100', '1']] as const, asks: [['101', '1']] as const };
  const first = initialSeq('COIN-FUTURES', 7);

  it('starts coin-M numbering above 2^53 and writes it as a bare exact integer', () => {
    expect(first > 2n ** 53n).toBe(true);
    const feed = new BookFeed(ARG, start, first);
    const text = feed.snapshotText(5);
    expect(text).toContain(`"seq":${first.toString()},"pseq":0`);
    expect(text).not.toContain('checksum');
    expect(text.startsWith('{"action":"snapshot","arg":{"instType":"coin-futures"')).toBe(true);
  });

  it('chains updates: pseq = previous seq; nothing is sent when unchanged', () => {
    const feed = new BookFeed(ARG, start, first);
    const snap = seqs(feed.snapshotText(1));
    expect(feed.publish(start, 2)).toBeNull();
    const u1 = feed.publish({ bids: [['100', '2']], asks: [['101', '1']] }, 3);
    const u2 = feed.publish({ bids: [['100', '2']], asks: [] }, 4);
    expect(u1 && u2).toBeTruthy();
    const s1 = seqs(u1 ?? '');
    const s2 = seqs(u2 ?? '');
    expect(s1.pseq).toBe(snap.seq);
    expect(s2.pseq).toBe(s1.seq);
    expect(s2.seq > s1.seq).toBe(true);
    expect(u2).toContain('"a":[["101","0"]]');
    expect(JSON.parse(u1 ?? '')).toMatchObject({ action: 'update', data: [{ b: [['100', '2']], a: [] }] });
  });

  it('skip fault breaks the chain once; restart fault sends pseq 0', () => {
    const feed = new BookFeed(ARG, start, first);
    const skipped = seqs(feed.publish({ bids: [['100', '3']], asks: [] }, 1, () => 'skip') ?? '');
    expect(skipped.pseq).toBe(first + 1n);
    const next = seqs(feed.publish({ bids: [['100', '4']], asks: [] }, 2) ?? '');
    expect(next.pseq).toBe(skipped.seq);
    const restarted = seqs(feed.publish({ bids: [['100', '5']], asks: [] }, 3, () => 'restart') ?? '');
    expect(restarted.pseq).toBe(0n);
    expect(restarted.seq).toBeGreaterThan(0n);
  });

  it('re-cuts the last update as an overlapping first update: pseq below the snapshot seq, same seq, best levels again', () => {
    const feed = new BookFeed(ARG, { bids: [['100', '1'], ['99', '2']], asks: [['101', '1']] }, first);
    expect(feed.overlapText(1)).toBeNull(); // nothing published yet
    const snap = seqs(feed.snapshotText(1));
    const text = feed.publish({ bids: [['100', '1'], ['99', '3']], asks: [['101', '1']] }, 2) ?? '';
    const overlap = feed.overlapText(2) ?? '';
    const o = seqs(overlap);
    expect(o.pseq < snap.seq && snap.seq <= o.seq).toBe(true);
    expect(o.seq).toBe(seqs(text).seq);
    // The changed level plus the best level of each side at its current size, sorted per side.
    expect(overlap).toContain('"a":[["101","1"]],"b":[["100","1"],["99","3"]]');
    // An update that carried a seq fault is sent as it is.
    feed.publish({ bids: [['100', '4']], asks: [['101', '1']] }, 3, () => 'skip');
    expect(feed.overlapText(3)).toBeNull();
  });

  it('asks for a fault only when an update goes out', () => {
    const feed = new BookFeed(ARG, start, first);
    let asked = 0;
    feed.publish(start, 1, () => {
      asked += 1;
      return 'skip';
    });
    expect(asked).toBe(0);
  });
});

describe('DepthFeed', () => {
  it('sends a full snapshot only when the top levels change', () => {
    const feed = new DepthFeed('{"instType":"spot","topic":"books5","symbol":"BTCUSDT"}', 5, 10n);
    const sides = { bids: [['1', '1']] as const, asks: [['2', '1']] as const };
    expect(feed.publish(sides, 1)).toContain('"action":"snapshot"');
    expect(feed.publish(sides, 2)).toBeNull();
    const t = feed.publish({ bids: [['1', '2']], asks: [['2', '1']] }, 3) ?? '';
    expect(JSON.parse(t)).toMatchObject({ data: [{ b: [['1', '2']], a: [['2', '1']] }] });
  });
});
