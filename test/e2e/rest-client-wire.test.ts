import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/domain/model.js';
import { createExchangeApi } from '../../src/exchange/rest/facade.js';
import { RateLimiter } from '../../src/exchange/rest/rate-limiter.js';
import { RestClient, type RestClientOptions } from '../../src/exchange/rest/rest-client.js';
import { ExchangeError } from '../../src/exchange/wire/errors.js';
import { OPERATION_BY_ID, type OperationId } from '../../src/exchange/wire/operations.js';
import type { OperationParams } from '../../src/exchange/wire/params.js';
import { signRest } from '../../src/exchange/wire/sign.js';
import { startRecordingServer, type Captured, type RecordingServer, type Reply } from '../helpers/recording-server.js';

/**
 * Description: the REST client against a loopback HTTP server that records every request.
 * Setup: node:http on 127.0.0.1 port 0; real undici, real sockets.
 * Run: one representative operation per family checked on the wire (method, path, raw query,
 * body text, signature), then error mapping, retries, validation and secret hygiene.
 */

const CREDS = { apiKey: 'bg_wire_test_key', secret: 'wire-test-secret-XYZ', passphrase: 'wirepass-987' };

function envelope(data: unknown, code = '00000', msg = 'success'): string {
  return JSON.stringify({ code, msg, requestTime: Date.now(), data });
}

let recorder: RecordingServer;
let baseUrl: string;
let seen: Captured[];
let reply: (req: Captured, index: number) => Reply;
let clients: RestClient[];

beforeEach(async () => {
  clients = [];
  reply = () => ({ status: 200, body: envelope({ ok: 'yes' }) });
  recorder = await startRecordingServer(() => reply);
  seen = recorder.seen;
  baseUrl = recorder.url;
});

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await recorder.close();
});

/** A client on the loopback server: no automatic clock sync, instant retry sleeps, 100 ms limiter window. */
function makeClient(opts: Partial<RestClientOptions> = {}): RestClient {
  const limiter = new RateLimiter({ rateOf: (id) => OPERATION_BY_ID.get(id as OperationId)?.rate, clock: systemClock, windowMs: 100 });
  const c = new RestClient({ baseUrl, credentials: CREDS, syncClock: false, sleep: () => Promise.resolve(), limiter, ...opts });
  clients.push(c);
  return c;
}

async function caught(p: Promise<unknown>): Promise<ExchangeError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ExchangeError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}

function expectSigned(r: Captured): void {
  const ts = String(r.headers['access-timestamp']);
  expect(ts).toMatch(/^\d{13}$/);
  expect(r.headers['access-key']).toBe(CREDS.apiKey);
  expect(r.headers['access-passphrase']).toBe(CREDS.passphrase);
  // Signed over the decoded query, sent encoded (Bitget's signature page).
  expect(r.headers['access-sign']).toBe(signRest(CREDS.secret, ts, r.method, r.path, decodeURIComponent(r.query), r.body));
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers.locale).toBe('en-US');
}

function expectAnonymous(r: Captured): void {
  for (const h of ['access-key', 'access-sign', 'access-timestamp', 'access-passphrase']) expect(r.headers[h]).toBeUndefined();
}

/** One representative operation per family, with the exact query or body expected on the wire. */
interface WireCase<Id extends OperationId = OperationId> {
  readonly id: Id;
  readonly params: OperationParams[Id];
  readonly query?: string;
  readonly body?: string;
}
const now = Date.now();
const CASES: readonly WireCase[] = [
  { id: 'loan.getCoins', params: { coin: 'USDT' }, query: 'coin=USDT' },
  {
    id: 'loan.borrow',
    params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '100.5' },
    body: '{"loanCoin":"USDT","pledgeCoin":"BTC","daily":"SEVEN","loanAmount":"100.5"}',
  },
  {
    id: 'trade.placeOrder',
    params: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'limit', price: '50000', timeInForce: 'gtc', clientOid: 'demo-1' },
    body: '{"category":"USDT-FUTURES","symbol":"BTCUSDT","qty":"0.01","side":"buy","orderType":"limit","price":"50000","timeInForce":"gtc","clientOid":"demo-1"}',
  },
  {
    id: 'trade.cancelBatch',
    params: [
      { orderId: '112233', category: 'SPOT', symbol: 'BTCUSDT' },
      { clientOid: '123456', category: 'SPOT', symbol: 'BTCUSDT' },
    ],
    body: '[{"orderId":"112233","category":"SPOT","symbol":"BTCUSDT"},{"clientOid":"123456","category":"SPOT","symbol":"BTCUSDT"}]',
  },
  { id: 'trade.getOrderInfo', params: { orderId: '99', clientOid: 'a:b/c.d' }, query: 'clientOid=a%3Ab%2Fc.d&orderId=99' },
  { id: 'position.getCurrent', params: { symbol: 'BTCUSDT', category: 'USDT-FUTURES' }, query: 'category=USDT-FUTURES&symbol=BTCUSDT' },
  { id: 'account.getAssets', params: {}, query: '' },
  { id: 'account.setLeverage', params: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '5' }, body: '{"category":"USDT-FUTURES","symbol":"BTCUSDT","leverage":"5"}' },
  { id: 'user.getSubList', params: { limit: '10' }, query: 'limit=10' },
  {
    id: 'tax.getMarginRecords',
    params: { startTime: String(now - 86_400_000), endTime: String(now), coin: 'USDT' },
    query: `coin=USDT&endTime=${now}&startTime=${now - 86_400_000}`,
  },
  { id: 'market.getTickers', params: { symbol: 'BTCUSDT', category: 'SPOT' }, query: 'category=SPOT&symbol=BTCUSDT' },
];

describe('RestClient on the wire', () => {
  for (const c of CASES) {
    it(`${c.id}: method, path, ${c.body === undefined ? 'sorted encoded query' : 'exact body'}, headers, data`, async () => {
      const op = OPERATION_BY_ID.get(c.id);
      if (!op) throw new Error(`no ${c.id}`);
      reply = () => ({ status: 200, body: envelope({ echo: c.id }) });
      const data = await makeClient().call(c.id, c.params);
      expect(data).toEqual({ echo: c.id });
      expect(seen).toHaveLength(1);
      const r = seen[0];
      if (!r) throw new Error('nothing seen');
      expect(r.method).toBe(op.method);
      expect(r.path).toBe(op.path);
      if (c.query !== undefined) {
        expect(r.query).toBe(c.query);
        expect(r.body).toBe('');
      }
      if (c.body !== undefined) {
        expect(r.body).toBe(c.body);
        expect(r.query).toBe('');
      }
      expect(r.headers.paptrading).toBeUndefined();
      expect(r.headers['x-channel-api-code']).toBeUndefined();
      if (op.auth === 'private') expectSigned(r);
      else expectAnonymous(r);
    });
  }

  it('paper mode adds paptrading: 1 to private and public requests', async () => {
    const client = makeClient({ paper: true });
    await client.call('account.getAssets', {});
    await client.call('market.getTime', {});
    expect(seen.map((r) => r.headers.paptrading)).toEqual(['1', '1']);
    expectAnonymous(seen[1] as Captured);
  });

  it('sends X-CHANNEL-API-CODE on order placement only, and the configured locale', async () => {
    const client = makeClient({ channelApiCode: 'brk1', locale: 'zh-CN' });
    await client.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', qty: '1', side: 'buy', orderType: 'market' });
    await client.call('trade.cancelOrder', { orderId: '1' });
    expect(seen.map((r) => r.headers['x-channel-api-code'])).toEqual(['brk1', undefined]);
    expect(seen.map((r) => r.headers.locale)).toEqual(['zh-CN', 'zh-CN']);
  });

  it('public operations work without credentials; private ones refuse before sending', async () => {
    const client = makeClient({ credentials: null });
    await expect(client.call('market.getCoins', { coin: 'BTC' })).resolves.toEqual({ ok: 'yes' });
    const e = await caught(client.call('account.getAssets', {}));
    expect(e.code).toBe('EXCH_AUTH');
    expect(seen).toHaveLength(1);
  });

  it('the facade goes through the same wire path', async () => {
    const api = createExchangeApi(makeClient());
    await api.loan.getOngoing({ loanCoin: 'USDT' });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/v3/loan/borrow-ongoing', query: 'loanCoin=USDT' });
    expectSigned(seen[0] as Captured);
  });
});

describe('RestClient errors and retries', () => {
  const ORDER = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'market', clientOid: 'oid-77' } as const;

  it('a 400 business error becomes EXCH_REJECTED with the exchange code and message', async () => {
    reply = () => ({ status: 400, body: envelope(null, '40762', 'The order size is greater than the max open size') });
    const e = await caught(makeClient().call('trade.placeOrder', ORDER));
    expect(e).toMatchObject({ code: 'EXCH_REJECTED', exchangeCode: '40762', exchangeMsg: 'The order size is greater than the max open size', httpStatus: 400, opId: 'trade.placeOrder' });
    expect(e.request).toMatchObject({ method: 'POST', path: '/api/v3/trade/place-order', body: ORDER });
  });

  it('a 429 on a read is retried and then succeeds; health and onRateLimit report it', async () => {
    reply = (_r, i) => (i === 0 ? { status: 429, body: envelope(null, '429', 'Too Many Requests') } : { status: 200, body: envelope([{ symbol: 'BTCUSDT' }]) });
    const client = makeClient();
    const events: unknown[] = [];
    client.onRateLimit((ev) => events.push(ev));
    await expect(client.call('trade.getUnfilledOrders', { category: 'SPOT' })).resolves.toEqual([{ symbol: 'BTCUSDT' }]);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers['access-sign']).toBe(signRest(CREDS.secret, String(seen[1]?.headers['access-timestamp']), 'GET', '/api/v3/trade/unfilled-orders', 'category=SPOT', ''));
    expect(events).toEqual([{ opId: 'trade.getUnfilledOrders', attempt: 1, willRetry: true }]);
    const h = client.health();
    expect(h).toMatchObject({ requests: 2, rateLimited: 1, failures: 1, lastErrorCode: undefined });
    // The retry succeeded, so the last error is cleared; the failure and the 429 stay counted.
    expect(h.lastLatencyMs).toBeGreaterThanOrEqual(0);
    expect(h.headroom.find((b) => b.bucket === OPERATION_BY_ID.get('trade.getUnfilledOrders')?.rate.bucket)).toBeDefined();
  });

  it('reads give up after 3 attempts of 5xx with EXCH_NETWORK', async () => {
    reply = () => ({ status: 503, body: 'upstream down' });
    const e = await caught(makeClient().call('market.getTickers', { category: 'SPOT' }));
    expect(e).toMatchObject({ code: 'EXCH_NETWORK', httpStatus: 503 });
    expect(seen).toHaveLength(3);
  });

  it('a 429 on a write is not retried', async () => {
    reply = () => ({ status: 429, body: envelope(null, '429', 'Too Many Requests') });
    const e = await caught(makeClient().call('trade.placeOrder', ORDER));
    expect(e.code).toBe('EXCH_RATE_LIMITED');
    expect(seen).toHaveLength(1);
  });

  it('40010 on a write is EXCH_UNKNOWN_RESULT carrying the clientOid, not retried', async () => {
    reply = () => ({ status: 400, body: envelope(null, '40010', 'Request timed out') });
    const e = await caught(makeClient().call('trade.placeOrder', ORDER));
    expect(e).toMatchObject({ code: 'EXCH_UNKNOWN_RESULT', clientOid: 'oid-77', exchangeCode: '40010' });
    expect(seen).toHaveLength(1);
  });

  it('a read that gets no reply in time is EXCH_TIMEOUT (after its retries)', async () => {
    reply = () => 'hang';
    const e = await caught(makeClient({ timeoutMs: 150 }).call('account.getAssets', {}));
    expect(e.code).toBe('EXCH_TIMEOUT');
    expect(e.message).toContain('no reply within 150 ms');
    expect(seen).toHaveLength(3);
  });

  it('a write that gets no reply in time is EXCH_UNKNOWN_RESULT, sent once', async () => {
    reply = () => 'hang';
    const e = await caught(makeClient({ timeoutMs: 150 }).call('trade.placeOrder', ORDER));
    expect(e).toMatchObject({ code: 'EXCH_UNKNOWN_RESULT', clientOid: 'oid-77' });
    expect(seen).toHaveLength(1);
  });

  it('a reply that is not JSON is EXCH_BAD_REPLY', async () => {
    reply = () => ({ status: 200, body: '{"code":"00000","data":' });
    const e = await caught(makeClient().call('account.getAssets', {}));
    expect(e.code).toBe('EXCH_BAD_REPLY');
  });

  it('an auth failure is EXCH_AUTH', async () => {
    reply = () => ({ status: 400, body: envelope(null, '40009', 'sign signature error') });
    const e = await caught(makeClient().call('account.getAssets', {}));
    expect(e).toMatchObject({ code: 'EXCH_AUTH', exchangeCode: '40009' });
    expect(seen).toHaveLength(1);
  });

  it('a connection refused is EXCH_NETWORK, even for a write (nothing was sent)', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const e = await caught(makeClient({ baseUrl: `http://127.0.0.1:${port}` }).call('trade.placeOrder', ORDER));
    expect(e.code).toBe('EXCH_NETWORK');
  });

  it('no error message, String(), JSON or log line holds the secret, passphrase or a signature', async () => {
    const replies: Reply[] = [
      { status: 400, body: envelope(null, '40762', 'The order size is greater than the max open size') },
      { status: 400, body: envelope(null, '40010', 'Request timed out') },
      { status: 400, body: envelope(null, '40009', 'sign signature error') },
      { status: 429, body: envelope(null, '429', 'Too Many Requests') },
      { status: 200, body: '<html>' },
      { status: 502, body: '' },
      'hang',
    ];
    const errors: ExchangeError[] = [];
    const logged: string[] = [];
    const log = (m: string, ctx?: Record<string, unknown>): void => {
      logged.push(JSON.stringify({ m, ctx }));
    };
    const client = makeClient({ timeoutMs: 150, logger: { debug: log, warn: log } });
    for (const r of replies) {
      reply = () => r;
      errors.push(await caught(client.call('trade.placeOrder', ORDER)));
    }
    errors.push(await caught(client.call('trade.countdownCancelAll', { countdown: '4' })));
    const signatures = seen.map((r) => String(r.headers['access-sign']));
    expect(signatures.length).toBeGreaterThanOrEqual(7);
    expect(logged.length).toBeGreaterThanOrEqual(errors.length);
    const texts = [...logged, ...errors.flatMap((e) => [e.message, String(e), JSON.stringify(e), e.stack ?? ''])];
    for (const text of texts) {
      expect(text).not.toContain(CREDS.secret);
      expect(text).not.toContain(CREDS.passphrase);
      expect(text).not.toContain(CREDS.apiKey);
      for (const s of signatures) expect(text).not.toContain(s);
    }
  });
});

describe('RestClient validation: invalid requests never reach the wire', () => {
  const invalid: { name: string; run: (c: RestClient) => Promise<unknown>; message: string }[] = [
    { name: 'countdown "4"', run: (c) => c.call('trade.countdownCancelAll', { countdown: '4' }), message: 'countdown must be 0 (off) or a whole number of seconds from 5 to 60, got "4"' },
    {
      name: 'a batch of 21 orders',
      run: (c) =>
        c.call(
          'trade.placeBatch',
          Array.from({ length: 21 }, (_, i) => ({ category: 'SPOT', symbol: 'BTCUSDT', qty: '1', side: 'buy', orderType: 'market', clientOid: `b-${i}` }) as const),
        ),
      message: 'at most 20 orders, got 21',
    },
    {
      name: 'both pledgeAmount and loanAmount',
      // The params type already forbids both; the runtime check guards untyped input (config, UI forms).
      run: (c) => c.call('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1', loanAmount: '100' } as unknown as OperationParams['loan.borrow']),
      message: 'exactly one of pledgeAmount or loanAmount',
    },
  ];
  for (const v of invalid) {
    it(`${v.name} throws EXCH_VALIDATION and the server sees nothing`, async () => {
      const e = await caught(v.run(makeClient()));
      expect(e.code).toBe('EXCH_VALIDATION');
      expect(e.message).toContain(v.message);
      expect(seen).toHaveLength(0);
    });
  }
});

describe('RestClient clock sync', () => {
  /** One clock measurement: 5 time requests, the fastest kept. */
  const TIME_SAMPLES = Array.from({ length: 5 }, () => '/api/v2/public/time');

  it('syncs server time before the first signed request and signs with the offset', async () => {
    const skew = 120_000;
    reply = (r) => (r.path === '/api/v2/public/time' ? { status: 200, body: envelope({ serverTime: String(Date.now() + skew) }) } : { status: 200, body: envelope([]) });
    let timeReplies = 0;
    let sampled: () => void = () => undefined;
    const allSampled = new Promise<void>((resolve) => {
      sampled = resolve;
    });
    const observer = { onReply: (a: { path: string }) => (a.path === '/api/v2/public/time' && ++timeReplies === 5 ? sampled() : undefined) };
    const client = makeClient({ syncClock: true, observer });
    await Promise.all([client.call('account.getAssets', {}), client.call('account.getSettings', {})]);
    // One measurement of 5 samples, shared by both calls; the signed requests wait for its first sample only.
    await allSampled;
    expect(seen.filter((r) => r.path === '/api/v2/public/time')).toHaveLength(5);
    expect(seen[0]?.path).toBe('/api/v2/public/time');
    for (const r of seen.filter((c) => c.path !== '/api/v2/public/time')) {
      expectSigned(r);
      expect(Number(r.headers['access-timestamp']) - Date.now()).toBeGreaterThan(skew - 5000);
    }
    expect(client.health().clockOffsetMs).toBeGreaterThan(skew - 5000);
  });

  it('on 40008 resyncs once and retries the request once, even a write', async () => {
    const skew = -90_000;
    let refusals = 0;
    reply = (r) => {
      if (r.path === '/api/v2/public/time') return { status: 200, body: envelope({ serverTime: String(Date.now() + skew) }) };
      const ts = Number(r.headers['access-timestamp']);
      if (Math.abs(ts - (Date.now() + skew)) > 30_000) {
        refusals++;
        return { status: 400, body: envelope(null, '40008', 'Request timestamp expired') };
      }
      return { status: 200, body: envelope({ orderId: '1', clientOid: 'x-1' }) };
    };
    const client = makeClient();
    await expect(client.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', qty: '1', side: 'buy', orderType: 'market', clientOid: 'x-1' })).resolves.toEqual({
      orderId: '1',
      clientOid: 'x-1',
    });
    expect(refusals).toBe(1);
    expect(seen.map((r) => r.path)).toEqual(['/api/v3/trade/place-order', ...TIME_SAMPLES, '/api/v3/trade/place-order']);
    expect(seen[6]?.body).toBe(seen[0]?.body);
    expectSigned(seen[6] as Captured);
  });

  it('a second 40008 after the resync is returned as EXCH_AUTH (no loop)', async () => {
    reply = (r) => (r.path === '/api/v2/public/time' ? { status: 200, body: envelope({ serverTime: String(Date.now()) }) } : { status: 400, body: envelope(null, '40008', 'Request timestamp expired') });
    const e = await caught(makeClient().call('account.getAssets', {}));
    expect(e).toMatchObject({ code: 'EXCH_AUTH', exchangeCode: '40008' });
    expect(seen.map((r) => r.path)).toEqual(['/api/v3/account/assets', ...TIME_SAMPLES, '/api/v3/account/assets']);
  });
});
