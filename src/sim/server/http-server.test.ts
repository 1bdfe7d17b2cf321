import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from './sim-server.js';
import { FakeExchange, fakeRoutes } from '../../../test/helpers/sim-testing/fake-exchange.js';
import { signedFetch } from '../../../test/helpers/sim-testing/signed-fetch.js';

const CREDS = { apiKey: 'bg_demo_utadash', secret: 'utadash-demo-secret', passphrase: 'utadashdemo' };

describe('REST transport', () => {
  let ex: FakeExchange;
  let srv: SimServer;
  beforeEach(async () => {
    ex = new FakeExchange();
    srv = await startSimServer({ exchange: ex, routes: fakeRoutes(), credentials: { ...CREDS, uid: ex.demoUid } });
  });
  afterEach(() => srv.close());

  it('answers a public operation without auth in the success envelope', async () => {
    const r = await signedFetch(srv.rest, 'GET', '/api/v3/public/time', null);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: '00000', msg: 'success', data: { serverTime: expect.any(String) } });
    expect(typeof r.body.requestTime).toBe('number');
  });

  it('answers a signed private operation for the demo uid', async () => {
    const r = await signedFetch(srv.rest, 'GET', '/api/v3/account/assets', CREDS, { query: { coin: 'USDT' } });
    expect(r.body.code).toBe('00000');
    expect(ex.calls.at(-1)).toEqual(['account.getAssets', '6000000001', { coin: 'USDT' }]);
  });

  it('404 for an unknown path, 405 for a wrong method', async () => {
    const a = await signedFetch(srv.rest, 'GET', '/api/v3/nope', null);
    expect(a.status).toBe(404);
    expect(a.body).toMatchObject({ code: '40404', data: null });
    const b = await signedFetch(srv.rest, 'POST', '/api/v3/public/time', null);
    expect(b.status).toBe(405);
  });

  it('rejects auth failures with 400 and the exchange code', async () => {
    const cases: [Parameters<typeof signedFetch>[4], string][] = [
      [{ headers: { 'access-key': undefined } }, '40001'],
      [{ headers: { 'access-sign': undefined } }, '40002'],
      [{ headers: { 'access-timestamp': undefined } }, '40003'],
      [{ headers: { 'access-passphrase': undefined } }, '40011'],
      [{ headers: { 'access-key': 'other' } }, '40006'],
      [{ headers: { 'access-passphrase': 'other' } }, '40012'],
      [{ headers: { 'access-timestamp': 'soon' } }, '40005'],
      [{ ts: Date.now() - 60_000 }, '40008'],
      [{ headers: { 'access-sign': 'Zm9v' } }, '40009'],
    ];
    for (const [opts, code] of cases) {
      const r = await signedFetch(srv.rest, 'GET', '/api/v3/account/assets', CREDS, opts);
      expect([r.status, r.body.code]).toEqual([400, code]);
      expect(r.body.data).toBeNull();
    }
    expect(ex.calls).toHaveLength(0);
  });

  it('POST: signature over the raw body; content type, bad JSON and validation errors', async () => {
    const ok = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { rawBody: '{ "symbol" : "BTCUSDT",  "category":"SPOT" }' });
    expect(ok.body).toMatchObject({ code: '00000', data: { orderId: expect.any(String) } });
    const ct = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: { symbol: 'X' }, headers: { 'content-type': 'text/plain' } });
    expect(ct.body.code).toBe('40007');
    const bad = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { rawBody: '{"symbol":' });
    expect(bad.body.code).toBe('40017');
    expect(bad.body.msg).toContain('not valid JSON');
    const invalid = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: { category: 'SPOT' } });
    expect([invalid.status, invalid.body.code, invalid.body.msg]).toEqual([400, '40017', 'Parameter verification failed: symbol is required']);
  });

  it('takes category in lower case as the official examples send it, handing it on in upper case', async () => {
    const r = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: { symbol: 'BTCUSDT', category: 'usdt-futures' } });
    expect(r.body.code).toBe('00000');
    const batch = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-batch', CREDS, { body: [{ symbol: 'BTCUSDT', category: 'spot' }] });
    expect(batch.body.code).toBe('00000');
    expect(ex.calls.filter((c) => c[0] !== 'market.getTime').map((c) => JSON.stringify(c[2]))).toEqual([
      '{"symbol":"BTCUSDT","category":"USDT-FUTURES"}',
      '[{"symbol":"BTCUSDT","category":"SPOT"}]',
    ]);
  });

  it('passes exchange rejections through with their code', async () => {
    const r = await signedFetch(srv.rest, 'POST', '/api/v3/trade/cancel-order', CREDS, { body: { orderId: '1' } });
    expect([r.status, r.body.code]).toEqual([400, '25204']);
  });

  it('429 past the per-UID bucket (10/s shared by place and cancel)', async () => {
    const replies = await Promise.all(
      Array.from({ length: 14 }, () => signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: { symbol: 'BTCUSDT', category: 'SPOT' } })),
    );
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    expect(limited[0]?.body).toMatchObject({ code: '429', msg: 'Too Many Requests', data: null });
  });

  it('faults: httpErrors, delayReplies, unknownResult, clockSkew', async () => {
    srv.faults.httpErrors(2);
    expect((await signedFetch(srv.rest, 'GET', '/api/v3/public/time', null)).status).toBe(503);
    expect((await signedFetch(srv.rest, 'GET', '/api/v3/public/time', null)).status).toBe(503);
    expect((await signedFetch(srv.rest, 'GET', '/api/v3/public/time', null)).status).toBe(200);

    srv.faults.delayReplies(150);
    const t0 = Date.now();
    await signedFetch(srv.rest, 'GET', '/api/v3/public/time', null);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    srv.faults.delayReplies(0);

    srv.faults.unknownResult({ code: '40010', placed: true });
    const before = ex.orders.size;
    const u = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: { symbol: 'BTCUSDT', category: 'SPOT' } });
    expect([u.body.code, u.body.msg]).toEqual(['40010', 'Request timed out']);
    expect(ex.orders.size).toBe(before + 1);
    srv.faults.unknownResult({ code: '45001', placed: false });
    const v = await signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: { symbol: 'BTCUSDT', category: 'SPOT' } });
    expect(v.body.code).toBe('45001');
    expect(ex.orders.size).toBe(before + 1);

    srv.faults.clockSkew(60_000);
    const s = await signedFetch(srv.rest, 'GET', '/api/v3/account/assets', CREDS);
    expect(s.body.code).toBe('40008');
    const time = await signedFetch(srv.rest, 'GET', '/api/v3/public/time', null);
    const serverTime = Number((time.body.data as { serverTime: string }).serverTime);
    expect(serverTime - Date.now()).toBeGreaterThan(50_000);
    srv.faults.reset();
    expect((await signedFetch(srv.rest, 'GET', '/api/v3/account/assets', CREDS)).body.code).toBe('00000');
  });
});
