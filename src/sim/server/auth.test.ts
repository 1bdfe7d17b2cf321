import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SimRejection } from '../contract.js';
import { verifyRestAuth, verifyWsLogin, WsLoginError, type SimCredentials } from './auth.js';

const KEYS: SimCredentials[] = [{ apiKey: 'k1', secret: 's1', passphrase: 'p1', uid: '42' }];
const NOW = 1_700_000_000_000;
const PATH = '/api/v3/trade/unfilled-orders';
const QUERY = 'category=USDT-FUTURES&symbol=BTCUSDT';

/** HMAC as the signature page states it, computed here so the test shares no code with either side. */
function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64');
}
const signRest = (secret: string, ts: string, method: string, path: string, query: string, body: string): string =>
  hmac(secret, `${ts}${method}${path}${query ? `?${query}` : ''}${body}`);
const signWsLogin = (secret: string, ts: string): string => hmac(secret, `${ts}GET/user/verify`);

function headers(over: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const ts = over['access-timestamp'] ?? String(NOW);
  return {
    'access-key': 'k1',
    'access-passphrase': 'p1',
    'access-timestamp': ts,
    'access-sign': signRest('s1', ts, 'GET', PATH, QUERY, ''),
    ...over,
  };
}

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimRejection) return e.code;
    if (e instanceof WsLoginError) return String(e.code);
    throw e;
  }
  return 'ok';
}

describe('verifyRestAuth', () => {
  const check = (h: Record<string, string | undefined>, query = QUERY, now = NOW): string =>
    code(() => verifyRestAuth({ headers: h, method: 'GET', path: PATH, rawQuery: query, body: '' }, KEYS, now));

  it('accepts a correct signature and returns the uid', () => {
    expect(verifyRestAuth({ headers: headers(), method: 'GET', path: PATH, rawQuery: QUERY, body: '' }, KEYS, NOW)).toBe('42');
  });
  it.each([
    ['access-key', '40001'],
    ['access-sign', '40002'],
    ['access-timestamp', '40003'],
    ['access-passphrase', '40011'],
  ])('missing %s → %s', (name, expected) => {
    expect(check(headers({ [name]: undefined }))).toBe(expected);
  });
  it('unknown key → 40006, wrong passphrase → 40012', () => {
    expect(check(headers({ 'access-key': 'nope' }))).toBe('40006');
    expect(check(headers({ 'access-passphrase': 'wrong' }))).toBe('40012');
  });
  it('non-digit timestamp → 40005; more than 30 s away → 40008', () => {
    expect(check(headers({ 'access-timestamp': '17e11' }))).toBe('40005');
    expect(check(headers(), QUERY, NOW + 30_001)).toBe('40008');
    expect(check(headers(), QUERY, NOW - 30_001)).toBe('40008');
    expect(check(headers(), QUERY, NOW + 29_000)).toBe('ok');
  });
  it('verifies the raw query as received: a re-ordered query → 40009', () => {
    expect(check(headers(), 'symbol=BTCUSDT&category=USDT-FUTURES')).toBe('40009');
    expect(check(headers({ 'access-sign': 'AAAA' }))).toBe('40009');
  });
  it('verifies over the decoded query: reserved and non-ASCII characters sent encoded, signed decoded', () => {
    const decoded = 'category=SPOT&clientOid=a:b#c/d e+f&symbol=$WIF€USDT';
    const encoded = 'category=SPOT&clientOid=a%3Ab%23c%2Fd%20e%2Bf&symbol=%24WIF%E2%82%ACUSDT';
    const ts = String(NOW);
    const withSign = (sign: string): Record<string, string | undefined> => headers({ 'access-sign': sign });
    expect(check(withSign(signRest('s1', ts, 'GET', PATH, decoded, '')), encoded)).toBe('ok');
    // The same request signed over the text as sent (still encoded) is what Bitget refuses.
    expect(check(withSign(signRest('s1', ts, 'GET', PATH, encoded, '')), encoded)).toBe('40009');
    // "+" is a plus, not a space: a signature over "e f" does not verify "e%2Bf".
    expect(check(withSign(signRest('s1', ts, 'GET', PATH, decoded.replace('+', ' '), '')), encoded)).toBe('40009');
    // A malformed escape can match no signature.
    expect(check(withSign(signRest('s1', ts, 'GET', PATH, 'symbol=%E2', '')), 'symbol=%E2')).toBe('40009');
  });
  it('never puts the secret or passphrase in the message', () => {
    try {
      verifyRestAuth({ headers: headers({ 'access-passphrase': 'wrong' }), method: 'GET', path: PATH, rawQuery: QUERY, body: '' }, KEYS, NOW);
    } catch (e) {
      expect(String(e)).not.toMatch(/s1|p1|wrong/);
    }
  });
});

describe('verifyWsLogin', () => {
  const sec = String(NOW / 1000);
  const login = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    apiKey: 'k1',
    passphrase: 'p1',
    timestamp: sec,
    sign: signWsLogin('s1', typeof over['timestamp'] === 'string' ? over['timestamp'] : sec),
    ...over,
  });
  it('accepts seconds, milliseconds and a numeric timestamp', () => {
    expect(verifyWsLogin(login(), KEYS, NOW)).toBe('42');
    expect(verifyWsLogin(login({ timestamp: String(NOW) }), KEYS, NOW)).toBe('42');
    expect(verifyWsLogin({ ...login(), timestamp: NOW / 1000 }, KEYS, NOW)).toBe('42');
  });
  it('maps each failure to its code', () => {
    expect(code(() => verifyWsLogin(login({ apiKey: 'x' }), KEYS, NOW))).toBe('30011');
    expect(code(() => verifyWsLogin(login({ passphrase: 'x' }), KEYS, NOW))).toBe('30012');
    expect(code(() => verifyWsLogin(login({ timestamp: 'abc' }), KEYS, NOW))).toBe('30013');
    expect(code(() => verifyWsLogin(login(), KEYS, NOW + 31_000))).toBe('30014');
    expect(code(() => verifyWsLogin(login({ sign: 'bad' }), KEYS, NOW))).toBe('30015');
    expect(code(() => verifyWsLogin('nope', KEYS, NOW))).toBe('30002');
  });
});
