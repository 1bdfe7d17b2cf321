import { describe, expect, it } from 'vitest';
import { generateFrames } from '../../../bench/gen-frames.js';
import { parseBookFrame } from './book-frame.js';
import { OrderBook } from './order-book.js';
import { UpdateReader } from './update-reader.js';

/**
 * The fast path (`applyText` through `UpdateReader`) must give exactly what the full path
 * (`apply(parseBookFrame(text))`) gives: same levels and spellings, same seq, same errors.
 */

const ARG = '"arg":{"instType":"coin-futures","topic":"books","symbol":"BTCUSD_CM"}';
const levels = (pairs: readonly (readonly string[])[]): string => JSON.stringify(pairs);
const upd = (seq: string, pseq: string, b: string[][], a: string[][], extra = ''): string =>
  `{"action":"update",${ARG},"data":[{"a":${levels(a)},"b":${levels(b)},"seq":${seq},"pseq":${pseq}${extra},"ts":"1"}],"ts":1}`;

/** A snapshot with 20 levels a side (enough for the interpolated search), seq 100. */
function snapshot(): string {
  const b: string[][] = [];
  const a: string[][] = [];
  for (let i = 1; i <= 20; i++) {
    b.push([`${97000 - i}`, `${i}.5`]);
    a.push([`${97000 + i}`, `${i}.25`]);
  }
  return `{"action":"snapshot",${ARG},"data":[{"a":${levels(a)},"b":${levels(b)},"seq":100,"pseq":0,"ts":"0"}],"ts":0}`;
}

interface Outcome {
  readonly book: ReturnType<OrderBook['wireTop']>;
  readonly seq: string;
  readonly version: number;
  readonly error: string | null;
}

function run(book: OrderBook, text: string, fast: boolean): Outcome {
  let error: string | null = null;
  try {
    if (fast) book.applyText(text);
    else book.apply(parseBookFrame(text));
  } catch (err) {
    const e = err as Error & { code?: string; reason?: string };
    error = `${e.name}/${e.code ?? ''}/${e.reason ?? ''}/${e.message}`;
  }
  return { book: book.wireTop(1000), seq: book.seq, version: book.version, error };
}

/** Feeds `frames` to a fast and a full book side by side and checks they agree after each one. */
function expectSameAsFullPath(frames: readonly string[]): Outcome[] {
  const fast = new OrderBook('BTCUSD_CM');
  const full = new OrderBook('BTCUSD_CM');
  return frames.map((text, i) => {
    const got = run(fast, text, true);
    expect(got, `after frame ${i}: ${text}`).toEqual(run(full, text, false));
    return got;
  });
}

describe('UpdateReader', () => {
  it('reads a compact update: offsets, sort keys, deletes, seq digits and checksum', () => {
    const r = new UpdateReader();
    const text = upd('"007"', '5', [['97000.5', '1.20'], ['96999', '0.000']], [['123456789012.345678', '2']], ',"checksum":-12');
    expect(r.read(text)).toBe(true);
    expect(text.slice(r.seqStart, r.seqEnd)).toBe('7');
    expect(r.pseqIs('5')).toBe(true);
    expect(r.pseqIs('50')).toBe(false);
    expect(r.checksum).toBe(-12);
    expect(r.bids.count).toBe(2);
    const o = r.bids.offsets;
    expect([text.slice(o[0], o[1]), text.slice(o[2], o[3]), text.slice(o[4], o[5]), text.slice(o[6], o[7])]).toEqual(['97000.5', '1.20', '96999', '0.000']);
    expect([...r.bids.keys.subarray(0, 2)]).toEqual([97000.5, 96999]);
    expect([...r.bids.deletes.subarray(0, 2)]).toEqual([0, 1]);
    expect(r.asks.count).toBe(1);
    expect(r.asks.keys[0]).toBeNaN(); // longer than 15 chars: left to the exact path
  });

  it.each([
    ['a snapshot', snapshot()],
    ['whitespace', upd('101', '100', [], []).replace('"data":', '"data": ')],
    ['an escape in a string', upd('101', '100', [], []).replace('BTCUSD_CM', 'BTC\\u0055SD_CM')],
    ['a non-ASCII char', upd('101', '100', [], []).replace('BTCUSD_CM', 'BTCUSD_ÇM')],
    ['extra fields in a level (RPI)', upd('101', '100', [['1', '2', '3']], [])],
    ['pseq 0', upd('101', '0', [], [])],
    ['no seq', upd('101', '100', [], []).replace('"seq":101,', '')],
    ['two data items', upd('101', '100', [], []).replace('}],"ts":1}', '},{}],"ts":1}')],
    ['a quoted checksum', upd('101', '100', [], [], ',"checksum":"5"')],
    ['a bad price', upd('101', '100', [['1.2.3', '1']], [])],
    ['a trailing newline', `${upd('101', '100', [], [])}\n`],
  ])('leaves %s to the full reader', (_what, text) => {
    expect(new UpdateReader().read(text)).toBe(false);
  });

  it('skips a repeated arg by its bytes, and still refuses an escape or reads a changed arg after it', () => {
    const r = new UpdateReader();
    const text = upd('101', '100', [['1', '2']], []);
    expect(r.read(text)).toBe(true);
    expect(r.read(text)).toBe(true);
    expect(r.bids.count).toBe(1);
    expect(r.read(text.replace('BTCUSD_CM', 'BTC\\u0055SD_CM'))).toBe(false);
    const longer = text.replace('"symbol":"BTCUSD_CM"}', '"symbol":"BTCUSD_CM","x":[1,{"y":null}]}');
    expect(r.read(longer)).toBe(true);
    expect(r.read(longer.replace('"x":[1,', '"x":[1 ,'))).toBe(true);
    expect(r.read(text.replace('"symbol":"BTCUSD_CM"}', '"symbol":"BTCUSD_CM"'))).toBe(false);
    expect(r.read(text)).toBe(true);
  });

  it('agrees with the full path on updates, spellings, deletes and long prices', () => {
    const outcomes = expectSameAsFullPath([
      snapshot(),
      upd('101', '100', [['96999', '7'], ['96990.5', '1'], ['96000', '0'], ['96998.0', '0.000']], [['97001', '0'], ['97030', '3']]),
      // Same price, new spelling: the latest wire spelling is kept.
      upd('102', '101', [['96999.00', '8'], ['096997', '2']], [['97002.0', '1']]),
      upd('0103', '102', [['96996', '0'], ['96995', '0'], ['96994', '0']], []),
      // Equal value and length, different leading zeros: still a new spelling, both ways.
      upd('1031', '103', [['096998.5', '1']], []),
      upd('1032', '1031', [['96998.50', '2']], []),
      upd('103', '1032', [['096998.5', '3']], []),
      // Prices beyond double precision switch the side to the exact path.
      upd('104', '103', [['96999.0000000000001', '1'], ['96999.0000000000002', '2']], []),
      upd('105', '104', [['96999.0000000000001', '0'], ['96999', '9']], []),
      upd('"106"', '"105"', [], [['97010', '4']], ',"maxDepth":"400"'),
    ]);
    expect(outcomes.every((o) => o.error === null)).toBe(true);
    expect(outcomes.at(-1)?.seq).toBe('106');
  });

  it('agrees with the full path on gaps, bad frames and checksums', () => {
    const outcomes = expectSameAsFullPath([
      upd('1', '0', [], []),
      snapshot(),
      upd('102', '101', [], []),
      snapshot(),
      upd('101', '100', [['1', 'x']], []),
      upd('101', '100', [['96999', '3']], [], ',"checksum":12345'),
      snapshot(),
      upd('101', '100', [], [], ',"checksum":0'),
      upd('101', '100', [], []),
    ]);
    expect(outcomes.map((o) => o.error?.split('/').slice(0, 3).join('/') ?? null)).toEqual([
      'SequenceGapError/EXCH_SEQUENCE_GAP/no_snapshot',
      null,
      'SequenceGapError/EXCH_SEQUENCE_GAP/pseq_mismatch',
      null,
      'BookFrameError/EXCH_BAD_REPLY/',
      'SequenceGapError/EXCH_SEQUENCE_GAP/checksum',
      null,
      null,
      'SequenceGapError/EXCH_SEQUENCE_GAP/pseq_mismatch',
    ]);
  });

  it('agrees with the full path over generated frames with checksums and quoted seq', () => {
    const frames = generateFrames({ count: 3000, depth: 60, checksum: true, quotedSeqRate: 0.3, seed: 7 });
    const outcomes = expectSameAsFullPath(frames);
    expect(outcomes.every((o) => o.error === null)).toBe(true);
  });
});
