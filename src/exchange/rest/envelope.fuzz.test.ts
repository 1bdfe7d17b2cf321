import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzParams, mutated, nested, randomText, thrownBy, truncations } from '../../../test/helpers/fuzz-inputs.js';
import { ExchangeError, redactRequest, type ExchangeErrorCode } from '../wire/errors.js';
import { decodeReply, parseEnvelope, type ReplyContext } from './envelope.js';

/**
 * Fuzz of the REST envelope decoder (issue 8, bad input): `parseEnvelope` never throws;
 * `decodeReply` returns `data` only for a real success envelope and otherwise throws an
 * `ExchangeError` with a stable code and a bounded message that names the operation and says what
 * went wrong. Valid envelopes decode to their `data` however the JSON is laid out.
 */

const CTX: readonly ReplyContext[] = [
  { opId: 'trade.placeOrder', write: true, request: redactRequest('POST', '/api/v3/trade/place-order', '', { symbol: 'BTCUSDT', clientOid: 'c-1' }), clientOid: 'c-1' },
  { opId: 'market.getTickers', write: false, request: redactRequest('GET', '/api/v3/market/tickers', 'category=SPOT', undefined) },
];

/** Real replies: success with object/array/string/null data, business errors, auth, 429, unknown result. */
const VALID: readonly string[] = [
  '{"code":"00000","msg":"success","requestTime":1764000000000,"data":{"orderId":"1234567890123456789","clientOid":"c-1"}}',
  '{"code":"00000","msg":"success","requestTime":1764000000000,"data":[{"symbol":"BTCUSDT","lastPrice":"97000.5","bid1Price":"97000.4"}]}',
  '{"code":"00000","msg":"success","requestTime":1764000000000,"data":"success"}',
  '{"code":"00000","msg":"success","requestTime":1764000000000,"data":null}',
  '{"code":"25204","msg":"Insufficient balance","requestTime":1764000000000,"data":null}',
  '{"code":"40009","msg":"sign signature error","requestTime":1764000000000,"data":null}',
  '{"code":"429","msg":"Too Many Requests","requestTime":1764000000000,"data":null}',
  '{"code":"40010","msg":"Request timed out","requestTime":1764000000000,"data":null}',
];

const CODES: ReadonlySet<ExchangeErrorCode> = new Set(['EXCH_RATE_LIMITED', 'EXCH_AUTH', 'EXCH_REJECTED', 'EXCH_NETWORK', 'EXCH_TIMEOUT', 'EXCH_UNKNOWN_RESULT', 'EXCH_BAD_REPLY']);
const STATUS = fc.oneof(fc.constantFrom(200, 400, 401, 403, 404, 429, 500, 502, 503), fc.integer({ min: 100, max: 599 }));

/** Decodes and checks the contract; returns the error or undefined when `data` came back. */
function checkDecode(status: number, text: string, ctx: ReplyContext): ExchangeError | undefined {
  let data: unknown;
  const err = thrownBy(() => {
    data = decodeReply(status, text, ctx);
  });
  if (err === undefined) {
    // Success only for a 2xx with the success envelope; `data` is what the envelope carried.
    const env = parseEnvelope(text);
    expect(status >= 200 && status < 300 && env?.code === '00000').toBe(true);
    expect(data).toEqual(env?.data);
    return undefined;
  }
  expect(err, `decodeReply threw a foreign error on ${JSON.stringify(text.slice(0, 200))}: ${String(err)}`).toBeInstanceOf(ExchangeError);
  const e = err as ExchangeError;
  expect(CODES.has(e.code)).toBe(true);
  expect(e.name).toBe('ExchangeError');
  expect(e.opId).toBe(ctx.opId);
  // Names the operation and the request, then what went wrong; bounded whatever the reply held.
  expect(e.message.startsWith(`${ctx.opId} (${ctx.request.method} ${ctx.request.path}): `)).toBe(true);
  expect(e.message.length).toBeLessThan(700);
  if (e.code === 'EXCH_BAD_REPLY') expect(e.message).toMatch(/not the exchange envelope|success envelope with HTTP/);
  if (e.code === 'EXCH_REJECTED') expect(e.message).toContain('rejected by the exchange');
  return e;
}

describe('REST envelope under bad input', () => {
  it('decodes every valid sample as expected (guards the corpus itself)', () => {
    const ctx = CTX[1] ?? CTX[0];
    if (ctx === undefined) throw new Error('no context');
    expect(checkDecode(200, String(VALID[0]), ctx)).toBeUndefined();
    expect(checkDecode(400, String(VALID[4]), ctx)?.code).toBe('EXCH_REJECTED');
    expect(checkDecode(400, String(VALID[5]), ctx)?.code).toBe('EXCH_AUTH');
    expect(checkDecode(429, String(VALID[6]), ctx)?.code).toBe('EXCH_RATE_LIMITED');
  });

  it('refuses every truncation of a valid reply with EXCH_BAD_REPLY (or the HTTP status meaning)', () => {
    for (const text of VALID) {
      for (const cut of truncations(text)) {
        expect(parseEnvelope(cut)).toBeUndefined();
        for (const ctx of CTX) {
          const e = checkDecode(200, cut, ctx);
          expect(e?.code).toBe('EXCH_BAD_REPLY');
          expect(e?.message).toContain(JSON.stringify(cut.slice(0, 120)).slice(1, -1));
        }
      }
    }
  });

  it('throws only typed ExchangeErrors with specific messages on mutated replies and any status', () => {
    fc.assert(
      fc.property(mutated(VALID), STATUS, fc.constantFrom(...CTX), (text, status, ctx) => {
        expect(thrownBy(() => parseEnvelope(text))).toBeUndefined();
        checkDecode(status, text, ctx);
      }),
      fuzzParams(3000),
    );
  });

  it('throws only typed ExchangeErrors on random text, JSON of any shape and deep nesting', () => {
    fc.assert(
      fc.property(randomText(), STATUS, fc.constantFrom(...CTX), (text, status, ctx) => {
        checkDecode(status, text, ctx);
      }),
      fuzzParams(1500),
    );
    // Deeply nested data decodes (JSON.parse does not recurse on the stack); walk it without recursion.
    for (const ctx of CTX) {
      let data: unknown = decodeReply(200, `{"code":"00000","msg":"success","data":${nested(100_000)}}`, ctx);
      let depth = 0;
      while (Array.isArray(data)) {
        data = data[0];
        depth++;
      }
      expect([depth, data]).toEqual([100_000, 0]);
    }
  });

  it('regression: a huge exchange msg or code is clipped in the message but kept whole in the details', () => {
    const ctx = CTX[0];
    if (ctx === undefined) throw new Error('no context');
    const msg = 'x'.repeat(100_000);
    const e = checkDecode(400, JSON.stringify({ code: '9'.repeat(5000), msg, data: null }), ctx);
    expect(e?.code).toBe('EXCH_REJECTED');
    expect(e?.message).toContain(`${'x'.repeat(200)}…`);
    expect(e?.exchangeMsg).toBe(msg);
  });

  it('regression: a code or requestTime that overflows to Infinity is not taken as a number', () => {
    expect(parseEnvelope('{"code":1e400,"msg":"x","data":null}')).toBeUndefined();
    expect(parseEnvelope('{"code":"00000","msg":"success","requestTime":1e400,"data":1}')).toEqual({ code: '00000', msg: 'success', requestTime: undefined, data: 1 });
    expect(parseEnvelope('{"code":40009,"msg":"x","requestTime":-0}')).toEqual({ code: '40009', msg: 'x', requestTime: -0, data: null });
  });

  it('returns the data of valid success envelopes exactly, in any JSON layout', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.option(fc.nat(), { nil: undefined }), fc.constantFrom(0, 2, '\t'), fc.integer({ min: 200, max: 299 }), (data, requestTime, indent, status) => {
        const text = JSON.stringify({ code: '00000', msg: 'success', requestTime, data }, null, indent);
        const ctx = CTX[1] ?? CTX[0];
        if (ctx === undefined) throw new Error('no context');
        expect(checkDecode(status, text, ctx)).toBeUndefined();
        // JSON drops undefined and turns -0 into 0: compare with what went over the wire.
        const wire = JSON.parse(JSON.stringify({ data: data ?? null })) as { data: unknown };
        expect(decodeReply(status, text, ctx)).toEqual(wire.data);
        expect(parseEnvelope(text)?.requestTime).toBe(requestTime);
      }),
      fuzzParams(400),
    );
  });
});
