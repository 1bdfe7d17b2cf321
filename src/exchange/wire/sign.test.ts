import { describe, expect, it } from 'vitest';
import { buildQueryString, restPrehash, signingQueryString, signRest, signWsLogin } from './sign.js';

const secret = 'ExampleSecretKey123';
const ts = '1700000000000';

describe('signing (protocol-notes §1.3 and §4.4 worked examples)', () => {
  it('GET with a sorted, encoded query', () => {
    const query = buildQueryString({ symbol: 'BTCUSDT', category: 'USDT-FUTURES' });
    expect(query).toBe('category=USDT-FUTURES&symbol=BTCUSDT');
    expect(restPrehash(ts, 'GET', '/api/v3/trade/unfilled-orders', query, '')).toBe(
      '1700000000000GET/api/v3/trade/unfilled-orders?category=USDT-FUTURES&symbol=BTCUSDT',
    );
    expect(signRest(secret, ts, 'GET', '/api/v3/trade/unfilled-orders', query, '')).toBe('q3xrbQ3y74I/fQzXDLS0uCoDiV2d9K5JCSt7tb5FBH0=');
  });

  it('GET without parameters adds no "?"', () => {
    expect(signRest(secret, ts, 'GET', '/api/v3/account/assets', '', '')).toBe('iSa4rRW6gQtpNRfRgnjMrgGBNiZPSqnmx7VCBoqnmL8=');
  });

  it('POST with an object body', () => {
    const body = JSON.stringify({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'limit', price: '50000', timeInForce: 'gtc', clientOid: 'demo-1' });
    expect(signRest(secret, ts, 'POST', '/api/v3/trade/place-order', '', body)).toBe('Cqwo9q2LZZXtCBtdaxPDSmNSnSPwYm2s2tSISAsic0I=');
  });

  it('POST with an array body', () => {
    const body = JSON.stringify([
      { orderId: '112233', category: 'SPOT', symbol: 'BTCUSDT' },
      { clientOid: '123456', category: 'SPOT', symbol: 'BTCUSDT' },
    ]);
    expect(signRest(secret, ts, 'POST', '/api/v3/trade/cancel-batch', '', body)).toBe('m3n6So99Y5WWPI32dWRQAE5CoXUWqvkiDHeVpCTsGUc=');
  });

  it('websocket login', () => {
    expect(signWsLogin(secret, '1700000000')).toBe('JyMR1JWY1mXyBkE0VDPw0Haw5EAEUy5CDGH1n1JJBqk=');
  });

  it('encodes reserved characters in values and skips undefined', () => {
    expect(buildQueryString({ b: 'a b&c', a: undefined, c: '1' })).toBe('b=a%20b%26c&c=1');
  });

  it('signs the decoded query it sends encoded, pair for pair in the same order', () => {
    const params = { symbol: '$WIF€USDT', clientOid: 'a:b#c/d e+f', category: 'SPOT', limit: undefined };
    expect(buildQueryString(params)).toBe('category=SPOT&clientOid=a%3Ab%23c%2Fd%20e%2Bf&symbol=%24WIF%E2%82%ACUSDT');
    expect(signingQueryString(params)).toBe('category=SPOT&clientOid=a:b#c/d e+f&symbol=$WIF€USDT');
    expect(decodeURIComponent(buildQueryString(params))).toBe(signingQueryString(params));
    expect(signingQueryString({ symbol: 'BTCUSDT', category: 'USDT-FUTURES' })).toBe(buildQueryString({ symbol: 'BTCUSDT', category: 'USDT-FUTURES' }));
  });
});
