import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUZZ_SEED, fuzzParams, mutated, nested, randomText, thrownBy, truncations } from '../../../test/helpers/fuzz-inputs.js';
import { parseBookFrame, type BookFrame } from '../book/book-frame.js';
import type { BookRead } from '../book/book-read.js';
import { argFromErrorMessage, parseFrame, preview, rawToText, type InboundFrame } from './frame.js';
import { isBookTopic } from './push-head.js';
import { toStreamArg } from './topics.js';

/**
 * Fuzz of the websocket frame parser (issue 8, bad input): `parseFrame` promises never to throw,
 * so every random or mutated text must come back as a frame, an unreadable one as `garbage` with a
 * reason that says what was wrong and quotes the start of the frame. Valid frames parse the same
 * however their JSON is laid out. Book pushes, routed by a scan of their head and never
 * `JSON.parse`d (issue 18), get the arg and action `JSON.parse` would have given them, and only
 * JSON is ever handed on as a book push: what the book reader refuses and `JSON.parse` refuses too
 * is garbage, as before.
 */

/** Real frames of every kind (protocol-notes §4.2–§4.7). */
const VALID: readonly string[] = [
  'pong',
  '{"event":"login","code":0,"msg":"","connId":"c1"}',
  '{"event":"subscribe","arg":{"instType":"spot","topic":"ticker","symbol":"BTCUSDT"},"connId":"c1"}',
  '{"event":"unsubscribe","arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}}',
  '{"event":"error","code":30001,"msg":"{\\"instType\\":\\"usdt-futures\\",\\"symbol\\":\\"NOPEUSDT\\",\\"topic\\":\\"books\\"} doesn\'t exist","arg":{"instType":"usdt-futures","topic":"books","symbol":"NOPEUSDT"}}',
  '{"event":"error","id":"t1","code":"43012","msg":"Insufficient balance"}',
  '{"event":"trade","id":"t2","topic":"place-order","args":[{"orderId":"1","clientOid":"c"}],"code":"0","msg":"success"}',
  '{"action":"snapshot","arg":{"instType":"UTA","topic":"order"},"data":[{"orderId":"9","price":"97000.5","qty":"0.01"}],"ts":1700000000000}',
  '{"action":"update","arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"},"data":[{"a":[["97000.5","1.2"]],"b":[["96999","0"]],"seq":1483653649791156272,"pseq":1483653649791156271,"ts":"1700000000000","checksum":-12345}],"ts":1700000000001}',
  '{"action":"snapshot","arg":{"instType":"spot","topic":"candle1m","symbol":"BTCUSDT"},"data":[["1700000000000","1","2","0.5","1.5","10","15","15"]],"ts":1}',
];

const KINDS: ReadonlySet<InboundFrame['kind']> = new Set(['pong', 'ping', 'login', 'subscribe', 'unsubscribe', 'error', 'trade', 'push', 'book', 'other', 'garbage']);
/** How each garbage reason starts: it names what was wrong. */
const REASON = /^(not JSON and not "pong"|JSON that is not an object|(subscribe|unsubscribe) ack without a valid arg|trade reply without an id|push without a valid arg): /;

/** Parses `text` and checks the never-throw contract and the garbage reason. */
function checkParse(text: string): InboundFrame {
  let frame: InboundFrame | undefined;
  const err = thrownBy(() => {
    frame = parseFrame(text);
  });
  expect(err, `parseFrame threw on ${JSON.stringify(text.slice(0, 200))}`).toBeUndefined();
  if (frame === undefined) throw new Error('unreachable: parseFrame returned nothing');
  expect(KINDS.has(frame.kind)).toBe(true);
  if (frame.kind === 'garbage') {
    expect(frame.reason).toMatch(REASON);
    // The reason quotes the frame's start (bounded), so the log shows what arrived.
    expect(frame.reason.endsWith(preview(text))).toBe(true);
    expect(frame.reason.length).toBeLessThan(400);
  }
  if (frame.kind === 'book') checkBook(text, frame);
  return frame;
}

/** The JSON of `text`, or undefined when `JSON.parse` refuses it. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A book push routed without `JSON.parse` is one `JSON.parse` routes the same way: valid JSON, no
 * string `event`, a books topic, the same arg and action; and its read is what the book reader says.
 */
function checkBook(text: string, frame: Extract<InboundFrame, { kind: 'book' }>): void {
  // The one liberty the book reader takes, as it always has: bare integers with leading zeros (`"seq":0103`).
  const v = jsonOf(text.trim().replace(/([:,[]\s*-?)0+(?=\d)/g, '$1')) as Record<string, unknown> | undefined;
  expect(v, `a book push that is not JSON: ${text.slice(0, 200)}`).toBeTypeOf('object');
  expect(typeof v?.event).not.toBe('string');
  expect(frame.arg).toEqual(toStreamArg(v?.arg));
  expect(frame.action).toBe(typeof v?.action === 'string' ? v.action : '');
  expect(isBookTopic(frame.arg.topic)).toBe(true);
  expect(frame.book.text).toBe(text);
  expect(bookContent(frame.book)).toEqual(bookContent({ via: 'update', text }));
}

/** What a read says about the book: the frame, or the reader's error message. */
function bookContent(read: BookRead): BookFrame | string {
  if (read.via === 'frame') return read.frame;
  if (read.via === 'refused') return read.error.message;
  try {
    return parseBookFrame(read.text);
  } catch (error) {
    return (error as Error).message;
  }
}

/** A frame with any book read replaced by what it says, so reads of equal books compare equal. */
function content(frame: InboundFrame): unknown {
  return frame.kind === 'book' ? { ...frame, book: bookContent(frame.book) } : frame;
}

describe('parseFrame under bad input', () => {
  it('parses every valid sample as something other than garbage (guards the corpus itself)', () => {
    for (const text of VALID) expect(checkParse(text).kind, text).not.toBe('garbage');
  });

  it('never throws on any truncation of a valid frame', () => {
    for (const text of VALID) for (const cut of truncations(text)) checkParse(cut);
  });

  it('never throws on mutated valid frames', () => {
    fc.assert(
      fc.property(mutated(VALID), (text) => {
        checkParse(text);
      }),
      fuzzParams(3000),
    );
  });

  it('never throws on random text, JSON of any shape and deep nesting', () => {
    fc.assert(
      fc.property(randomText(), (text) => {
        checkParse(text);
      }),
      fuzzParams(1500),
    );
    for (const text of [nested(100_000), nested(50_000, '1', 'object'), `{"data":${nested(100_000)},"arg":{"instType":"x","topic":"y"}}`, '', ' ', '\u0000', '"pong"']) checkParse(text);
  });

  it('reads valid frames identically however the JSON is laid out', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID.filter((t) => t.startsWith('{'))), fc.constantFrom(0, 1, 2, '\t'), fc.constantFrom('', ' ', '\n', '\r\n\t '), (text, indent, pad) => {
        const value: unknown = JSON.parse(text);
        const relaid = pad + JSON.stringify(value, null, indent) + pad;
        // Relaying through JSON rounds a book's seq alike in both; a book read is compared by what it says.
        expect(content(checkParse(relaid))).toEqual(content(parseFrame(JSON.stringify(value))));
      }),
      fuzzParams(200),
    );
  });

  it('routes generated pushes with their arg, action, data and ts unchanged', () => {
    const arg = fc.record({ instType: fc.string({ maxLength: 12 }), topic: fc.string({ maxLength: 12 }), symbol: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }) }, { requiredKeys: ['instType', 'topic'] });
    fc.assert(
      fc.property(arg, fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), fc.option(fc.nat(), { nil: undefined }), (a, action, data, ts) => {
        const frame = checkParse(JSON.stringify({ action, arg: a, data, ts }));
        const wantArg = a.symbol === undefined ? { instType: a.instType, topic: a.topic } : a;
        // JSON turns -0 into 0; compare with what went over the wire.
        expect(frame).toEqual({ kind: 'push', arg: wantArg, action, data: JSON.parse(JSON.stringify(data)) as unknown, ts });
      }),
      fuzzParams(300),
    );
  });

  it('argFromErrorMessage never throws and finds only well-formed args', () => {
    fc.assert(
      fc.property(fc.oneof(randomText(), mutated([String(VALID[4])])), (msg) => {
        let arg: ReturnType<typeof argFromErrorMessage>;
        expect(thrownBy(() => (arg = argFromErrorMessage(msg)))).toBeUndefined();
        if (arg !== undefined) {
          expect(typeof arg.instType).toBe('string');
          expect(typeof arg.topic).toBe('string');
        }
      }),
      fuzzParams(1000),
    );
  });

  it('rawToText decodes any bytes (invalid UTF-8 included) without throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat({ max: 2 }), (bytes, shape) => {
        const buf = Buffer.from(bytes);
        const raw = shape === 0 ? buf : shape === 1 ? [buf.subarray(0, 3), buf.subarray(3)] : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
        const text = rawToText(raw);
        expect(text).toBe(buf.toString('utf8'));
        checkParse(text);
      }),
      { seed: FUZZ_SEED, numRuns: 300 },
    );
  });
});
