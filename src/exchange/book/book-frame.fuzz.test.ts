import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams, mutated, nested, randomText, thrownBy, truncations } from '../../../test/helpers/fuzz-inputs.js';
import { BookFrameError, parseBookFrame, type BookFrame } from './book-frame.js';
import { MAX_SKIP_DEPTH } from './json-bytes.js';
import { UpdateReader } from './update-reader.js';

/**
 * Fuzz of the raw `books*` frame readers (issue 8, bad input): `parseBookFrame` throws nothing but
 * `BookFrameError` (code `EXCH_BAD_REPLY`) with a message that says what it expected and where;
 * `UpdateReader.read` never throws and accepts only frames the full reader reads the same way;
 * valid frames in any JSON layout parse exactly as a JSON.parse-based reference says.
 */

const ARG = '"arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}';
const LEVELS = '[["97000.5","1.2"],["97001","0"],["97002.25","0.0104"],["97003","3"],["97004","4"],["97005","5"],["97006","6"],["97007","7"],["97008","8"],["97009","9"]]';

/** Real frames: a snapshot, compact updates (the fast path's shape), a quoted-seq update with extras. */
const VALID: readonly string[] = [
  `{"action":"snapshot",${ARG},"data":[{"a":${LEVELS},"b":[["96999.5","3"],["96999","1"]],"checksum":0,"seq":1483653649791156272,"pseq":0,"ts":"1764000000000","maxdepth":"1000"}],"ts":1764000000001}`,
  `{"action":"update",${ARG},"data":[{"a":[["97000.5","0"]],"b":[["96999.5","2.5"],["96000","0.000"]],"seq":1483653649791156273,"pseq":1483653649791156272,"checksum":-1504501796,"ts":"1764000000002"}],"ts":1764000000003}`,
  `{"action":"update",${ARG},"data":[{"asks":[],"bids":[["1","2","7"]],"seq":"102","pseq":"0101","maxDepth":"50","extra":{"x":[1,true,null,"a\\"b"]}}],"ts":1}`,
];

/** A parse outcome: the frame, or the error (anything thrown is checked to be a `BookFrameError`). */
function checkParse(text: string): BookFrame | BookFrameError {
  let frame: BookFrame | undefined;
  const err = thrownBy(() => {
    frame = parseBookFrame(text);
  });
  if (err === undefined && frame !== undefined) return frame;
  expect(err, `parseBookFrame threw a foreign error on ${JSON.stringify(text.slice(0, 200))}: ${String(err)}`).toBeInstanceOf(BookFrameError);
  const e = err as BookFrameError;
  expect(e.code).toBe('EXCH_BAD_REPLY');
  expect(e.name).toBe('BookFrameError');
  // Specific: what was expected at which offset, or which frame-level rule failed.
  expect(e.message).toMatch(/^book frame: (expected .+ at offset \d+ \(near ".*"\)|action must be "snapshot" or "update", got .*|expected exactly one data item, got \d+)$/s);
  expect(e.message.length).toBeLessThan(300);
  return e;
}

/** The fast reader never throws; when it accepts, the full reader accepts the same levels and sequence. */
function checkFastReader(reader: UpdateReader, text: string): void {
  let ok = false;
  expect(thrownBy(() => (ok = reader.read(text))), `UpdateReader threw on ${JSON.stringify(text.slice(0, 200))}`).toBeUndefined();
  if (!ok) return;
  const full = checkParse(text);
  expect(full, `fast path accepted what the full reader refuses: ${text}`).not.toBeInstanceOf(BookFrameError);
  const f = full as BookFrame;
  const spans = (side: UpdateReader['bids']): string[] => {
    const out: string[] = [];
    for (let k = 0; k < side.count; k++) {
      const o = side.offsets;
      out.push(text.slice(o[4 * k], o[4 * k + 1]), text.slice(o[4 * k + 2], o[4 * k + 3]));
    }
    return out;
  };
  expect(f.action).toBe('update');
  expect(spans(reader.bids)).toEqual(f.bids);
  expect(spans(reader.asks)).toEqual(f.asks);
  expect(text.slice(reader.seqStart, reader.seqEnd)).toBe(f.seq);
  expect(reader.pseqIs(f.pseq)).toBe(true);
  expect(reader.checksum).toBe(f.checksum);
}

describe('parseBookFrame and UpdateReader under bad input', () => {
  it('reads every valid sample (guards the corpus itself)', () => {
    for (const text of VALID) expect(checkParse(text)).not.toBeInstanceOf(BookFrameError);
    expect(new UpdateReader().read(String(VALID[1]))).toBe(true);
  });

  it('refuses every truncation of a valid frame with a BookFrameError, and the fast path never accepts one', () => {
    const reader = new UpdateReader();
    for (const text of VALID) {
      for (const cut of truncations(text)) {
        // No prefix of a frame is a complete frame: the closing brace is always missing.
        expect(checkParse(cut)).toBeInstanceOf(BookFrameError);
        expect(reader.read(cut)).toBe(false);
      }
    }
  });

  it('throws only BookFrameError, and the fast path agrees, on mutated valid frames', () => {
    const reader = new UpdateReader();
    fc.assert(
      fc.property(mutated(VALID), (text) => {
        checkParse(text);
        checkFastReader(reader, text);
      }),
      fuzzParams(4000),
    );
  });

  it('throws only BookFrameError on random text, JSON of any shape and deep nesting', () => {
    const reader = new UpdateReader();
    fc.assert(
      fc.property(randomText(), (text) => {
        checkParse(text);
        checkFastReader(reader, text);
      }),
      fuzzParams(1500),
    );
  });

  it('regression: a bad escape or a raw control char in a string is a BookFrameError, not a SyntaxError', () => {
    for (const text of ['{"arg":{"a\\x":1},"action":"snapshot","data":[{}]}', '{"arg":{"a\\n\n":1},"action":"snapshot","data":[{}]}', '{"action":"snap\\u12"}']) {
      const e = checkParse(text);
      expect(e).toBeInstanceOf(BookFrameError);
      expect((e as BookFrameError).message).toContain('expected a JSON string with valid escapes');
    }
  });

  it('regression: deep nesting in a skipped value is a BookFrameError, not a stack overflow, on both paths', () => {
    const reader = new UpdateReader();
    for (const kind of ['array', 'object'] as const) {
      const text = `{"x":${nested(200_000, '1', kind)},"action":"update",${ARG},"data":[{"seq":2,"pseq":1}]}`;
      const e = checkParse(text);
      expect((e as BookFrameError).message).toContain(`expected a value nested at most ${MAX_SKIP_DEPTH} deep`);
      expect(reader.read(text)).toBe(false);
    }
    // Within the bound both paths still read it.
    const ok = `{"x":${nested(MAX_SKIP_DEPTH - 1)},"action":"update",${ARG},"data":[{"seq":2,"pseq":1}]}`;
    expect(checkParse(ok)).toMatchObject({ seq: '2', pseq: '1' });
    expect(reader.read(ok)).toBe(true);
  });
});

/** Plain decimal level strings: what the exchange sends (and sizes of zero, which delete). */
const decimalText = fc.stringMatching(/^(0|[1-9]\d{0,7})(\.\d{1,8})?$/);
const level = fc.tuple(decimalText, fc.oneof(decimalText, fc.constantFrom('0', '0.000')));

describe('parseBookFrame on valid frames', () => {
  it('reads generated frames in any layout exactly as a JSON.parse reference does (seq losslessly)', () => {
    fc.assert(
      fc.property(
        fc.record({
          action: fc.constantFrom('snapshot', 'update'),
          bids: fc.array(level, { maxLength: 12 }),
          asks: fc.array(level, { maxLength: 12 }),
          seq: fc.bigInt({ min: 0n, max: 2n ** 64n }),
          pseq: fc.bigInt({ min: 0n, max: 2n ** 64n }),
          quoteSeq: fc.boolean(),
          checksum: fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: undefined }),
          ts: fc.option(fc.nat().map(String), { nil: undefined }),
          longKeys: fc.boolean(),
          indent: fc.constantFrom(0, 1, 2, '\t'),
        }),
        (g) => {
          const item: Record<string, unknown> = {
            [g.longKeys ? 'asks' : 'a']: g.asks,
            [g.longKeys ? 'bids' : 'b']: g.bids,
            seq: '@SEQ@',
            pseq: '@PSEQ@',
            ...(g.ts === undefined ? {} : { ts: g.ts }),
            ...(g.checksum === undefined ? {} : { checksum: g.checksum }),
          };
          const doc = { action: g.action, arg: { instType: 'spot', topic: 'books15', symbol: 'ETHUSDT' }, data: [item], ts: 1 };
          const q = g.quoteSeq ? '"' : '';
          const text = JSON.stringify(doc, null, g.indent)
            .replace('"@SEQ@"', `${q}${g.seq}${q}`)
            .replace('"@PSEQ@"', `${q}${g.pseq}${q}`);
          expect(checkParse(text)).toEqual({
            action: g.action,
            topic: 'books15',
            instType: 'spot',
            symbol: 'ETHUSDT',
            seq: g.seq.toString(),
            pseq: g.pseq.toString(),
            ts: g.ts ?? '',
            checksum: g.checksum ?? null,
            maxDepth: null,
            bids: g.bids.flat(),
            asks: g.asks.flat(),
          });
        },
      ),
      fuzzParams(400),
    );
  });
});
