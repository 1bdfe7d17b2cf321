import { describe, expect, it } from 'vitest';
import { ExchangeError, redactRequest } from '../wire/errors.js';
import { decodeReply, parseEnvelope, transportError, type ReplyContext } from './envelope.js';

const write: ReplyContext = {
  opId: 'trade.placeOrder',
  write: true,
  request: redactRequest('POST', '/api/v3/trade/place-order', '', { symbol: 'BTCUSDT', clientOid: 'c-1' }),
  clientOid: 'c-1',
};
const read: ReplyContext = { opId: 'trade.getFills', write: false, request: redactRequest('GET', '/api/v3/trade/fills', 'category=SPOT', undefined) };

function env(code: string, msg: string, data: unknown = null): string {
  return JSON.stringify({ code, msg, requestTime: 1700000000000, data });
}

function caught(fn: () => unknown): ExchangeError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ExchangeError) return e;
    throw e;
  }
  throw new Error('expected an ExchangeError');
}

describe('parseEnvelope', () => {
  it('reads code, msg, requestTime and data, accepting a numeric code', () => {
    expect(parseEnvelope(env('00000', 'success', { a: '1' }))).toEqual({ code: '00000', msg: 'success', requestTime: 1700000000000, data: { a: '1' } });
    expect(parseEnvelope('{"code":429,"msg":"x"}')).toEqual({ code: '429', msg: 'x', requestTime: undefined, data: null });
  });
  it('returns undefined for text that is not an envelope', () => {
    for (const t of ['<html>', '', '[]', 'null', '{"msg":"no code"}']) expect(parseEnvelope(t)).toBeUndefined();
  });
});

describe('decodeReply', () => {
  it('returns data on 200 + 00000, including string and null data', () => {
    expect(decodeReply(200, env('00000', 'success', [{ orderId: '1' }]), read)).toEqual([{ orderId: '1' }]);
    expect(decodeReply(200, env('00000', 'success', 'success'), read)).toBe('success');
    expect(decodeReply(200, env('00000', 'success', null), read)).toBeNull();
  });

  const cases: { name: string; status: number; body: string; ctx: ReplyContext; code: string; exchangeCode?: string }[] = [
    { name: 'HTTP 429', status: 429, body: env('429', 'Too Many Requests'), ctx: read, code: 'EXCH_RATE_LIMITED', exchangeCode: '429' },
    { name: 'code 429 on 200', status: 200, body: env('429', 'Too Many Requests'), ctx: read, code: 'EXCH_RATE_LIMITED' },
    { name: '429 with no body', status: 429, body: '', ctx: write, code: 'EXCH_RATE_LIMITED' },
    { name: 'business 400', status: 400, body: env('25204', 'Order does not exist'), ctx: write, code: 'EXCH_REJECTED', exchangeCode: '25204' },
    { name: 'non-00000 on 200', status: 200, body: env('40762', 'The order size is greater than the max open size'), ctx: write, code: 'EXCH_REJECTED' },
    { name: 'bad signature', status: 400, body: env('40009', 'sign signature error'), ctx: read, code: 'EXCH_AUTH', exchangeCode: '40009' },
    { name: 'timestamp expired', status: 400, body: env('40008', 'Request timestamp expired'), ctx: write, code: 'EXCH_AUTH' },
    { name: 'permission', status: 400, body: env('40014', 'no permission'), ctx: read, code: 'EXCH_AUTH' },
    { name: 'key missing', status: 400, body: env('40037', 'Apikey does not exist'), ctx: read, code: 'EXCH_AUTH' },
    { name: 'wrong passphrase (error table 40036)', status: 400, body: env('40036', 'passphrase is error'), ctx: write, code: 'EXCH_AUTH' },
    { name: 'IP not allowed (error table 40038)', status: 400, body: env('40038', 'The current ip is not in the apikey ip whitelist'), ctx: write, code: 'EXCH_AUTH' },
    { name: 'bad signature on a write is an auth error, never "result unknown"', status: 400, body: env('40009', 'sign signature error'), ctx: write, code: 'EXCH_AUTH' },
    { name: '40010 on a write', status: 400, body: env('40010', 'Request timed out'), ctx: write, code: 'EXCH_UNKNOWN_RESULT' },
    { name: '40725 on a write', status: 400, body: env('40725', 'service return an error'), ctx: write, code: 'EXCH_UNKNOWN_RESULT' },
    { name: '45001 on a write', status: 200, body: env('45001', 'Unknown error'), ctx: write, code: 'EXCH_UNKNOWN_RESULT' },
    { name: '40010 on a read', status: 400, body: env('40010', 'Request timed out'), ctx: read, code: 'EXCH_TIMEOUT' },
    { name: '502 html on a read', status: 502, body: '<html>bad gateway</html>', ctx: read, code: 'EXCH_NETWORK' },
    { name: '503 on a write', status: 503, body: '', ctx: write, code: 'EXCH_UNKNOWN_RESULT' },
    { name: 'not JSON on 200', status: 200, body: '{"code":"00000",', ctx: read, code: 'EXCH_BAD_REPLY' },
    { name: 'JSON without code', status: 400, body: '{"error":"x"}', ctx: read, code: 'EXCH_BAD_REPLY' },
    { name: 'success code with 400', status: 400, body: env('00000', 'success'), ctx: read, code: 'EXCH_BAD_REPLY' },
  ];
  for (const c of cases) {
    it(`maps ${c.name} to ${c.code}`, () => {
      const e = caught(() => decodeReply(c.status, c.body, c.ctx));
      expect(e.code).toBe(c.code);
      expect(e.httpStatus).toBe(c.status);
      expect(e.opId).toBe(c.ctx.opId);
      if (c.exchangeCode) expect(e.exchangeCode).toBe(c.exchangeCode);
    });
  }

  it('a rejection carries the exchange code and message, and says where', () => {
    const e = caught(() => decodeReply(400, env('45110', 'less than the minimum order value'), write));
    expect(e).toMatchObject({ code: 'EXCH_REJECTED', exchangeCode: '45110', exchangeMsg: 'less than the minimum order value' });
    expect(e.message).toContain('trade.placeOrder (POST /api/v3/trade/place-order)');
    expect(e.message).toContain('45110');
    expect(e.request).toEqual({ method: 'POST', path: '/api/v3/trade/place-order', query: '', body: { symbol: 'BTCUSDT', clientOid: 'c-1' } });
  });

  it('an unknown result names the clientOid to reconcile with', () => {
    const e = caught(() => decodeReply(400, env('40010', 'Request timed out'), write));
    expect(e.clientOid).toBe('c-1');
    expect(e.message).toContain('query the order by clientOid "c-1"');
  });
});

describe('transportError', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
  it('a write that never left is a plain network error; one that may have arrived is unknown', () => {
    expect(transportError(refused, write, false, 1000).code).toBe('EXCH_NETWORK');
    expect(transportError(reset, write, false, 1000)).toMatchObject({ code: 'EXCH_UNKNOWN_RESULT', clientOid: 'c-1' });
    expect(transportError(new Error('aborted'), write, true, 1000).code).toBe('EXCH_UNKNOWN_RESULT');
  });
  it('a read times out or fails at the network level', () => {
    expect(transportError(new Error('aborted'), read, true, 1500).message).toContain('no reply within 1500 ms');
    expect(transportError(new Error('aborted'), read, true, 1500).code).toBe('EXCH_TIMEOUT');
    expect(transportError(reset, read, false, 1000).code).toBe('EXCH_NETWORK');
    expect(transportError(reset, read, false, 1000).cause).toBe(reset);
  });
});
