import { describe, expect, it } from 'vitest';
import { ExchangeError, isAuthCode, isExchangeError, isUnknownResultCode, redactRequest } from './errors.js';

describe('ExchangeError', () => {
  it('is an Error with a stable code, a name and a cause', () => {
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const e = new ExchangeError('EXCH_NETWORK', 'lost', { cause, opId: 'market.getTickers', httpStatus: 502 });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ExchangeError');
    expect(e.code).toBe('EXCH_NETWORK');
    expect(e.cause).toBe(cause);
    expect(String(e)).toBe('ExchangeError [EXCH_NETWORK]: lost');
    expect(JSON.parse(JSON.stringify(e))).toMatchObject({ code: 'EXCH_NETWORK', opId: 'market.getTickers', httpStatus: 502, cause: { code: 'ECONNRESET', message: 'socket hang up' } });
    expect(isExchangeError(e)).toBe(true);
    expect(isExchangeError(e, 'EXCH_AUTH')).toBe(false);
    expect(isExchangeError(new Error('x'))).toBe(false);
  });
});

describe('error code tables', () => {
  it('knows the result-unknown codes', () => {
    expect(['40010', '40725', '45001'].map(isUnknownResultCode)).toEqual([true, true, true]);
    expect(isUnknownResultCode('40762')).toBe(false);
  });
  it('knows the auth codes, and 40010 is not one of them', () => {
    for (const c of ['40001', '40002', '40003', '40005', '40006', '40008', '40009', '40011', '40012', '40014', '40018', '40037']) expect(isAuthCode(c)).toBe(true);
    expect(isAuthCode('40010')).toBe(false);
    expect(isAuthCode('25204')).toBe(false);
  });
});

describe('redactRequest', () => {
  it('drops secret-looking fields in bodies and queries, and registered secrets anywhere', () => {
    const ctx = redactRequest(
      'POST',
      '/api/v2/user/batch-create-subaccount-and-apikey',
      'apiKey=abc&symbol=BTCUSDT',
      [{ subAccountName: 'x', passphrase: 'sub-pass-123', label: 'my key MYKEY-1234' }],
      ['MYKEY-1234'],
    );
    const text = JSON.stringify(ctx);
    expect(text).not.toContain('sub-pass-123');
    expect(text).not.toContain('MYKEY-1234');
    expect(ctx.query).toBe('apiKey=[redacted]&symbol=BTCUSDT');
    expect(ctx.body).toEqual([{ subAccountName: 'x', passphrase: '[redacted]', label: 'my key [redacted]' }]);
  });
  it('omits the body for GET', () => {
    expect(redactRequest('GET', '/api/v3/market/time', '', undefined)).toEqual({ method: 'GET', path: '/api/v3/market/time', query: '' });
  });
});
