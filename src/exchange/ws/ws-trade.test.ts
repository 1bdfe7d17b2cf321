import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExchangeError } from '../wire/errors.js';
import { StreamConnection } from './stream-connection.js';
import { TestWsServer, waitUntil, type TestClient } from '../../../test/helpers/ws-test-server.js';
import { WsTrade } from './ws-trade.js';

const creds = { apiKey: 'bg_demo_utadash', secret: 'utadash-demo-secret', passphrase: 'utadashdemo' };
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] };
const order = (oid: string) => ({ symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '50000', clientOid: oid });

let server: TestWsServer;
let conn: StreamConnection;
let trade: WsTrade;
const requests: { frame: Record<string, unknown>; client: TestClient }[] = [];

async function ready(): Promise<void> {
  conn = new StreamConnection({ url: server.url, kind: 'private', credentials: creds, backoff: { baseMs: 10, capMs: 20 } });
  trade = new WsTrade({ connection: conn });
  conn.connect();
  await waitUntil(() => conn.getHealth().state === 'authenticated', 'logged in');
}

async function rejection(p: Promise<unknown>): Promise<ExchangeError> {
  const e: unknown = await p.then(
    () => new Error('expected a rejection'),
    (err: unknown) => err,
  );
  if (!(e instanceof ExchangeError)) throw new Error(`expected an ExchangeError, got ${String(e)}`);
  return e;
}

beforeEach(async () => {
  requests.length = 0;
  server = await TestWsServer.start();
  server.onTrade = (frame, client) => requests.push({ frame, client });
});
afterEach(async () => {
  vi.useRealTimers();
  trade.dispose();
  conn.close();
  await server.close();
});

describe('WsTrade', () => {
  it('sends {op:"trade",id,category(lower),topic,args} and matches out-of-order replies by id only', async () => {
    await ready();
    const a = trade.submitOrder('USDT-FUTURES', order('a'));
    const b = trade.cancelOrder('usdt-futures', { symbol: 'BTCUSDT', clientOid: 'b' });
    await waitUntil(() => requests.length === 2, 'two requests');
    const [ra, rb] = requests;
    expect(ra?.frame).toMatchObject({ op: 'trade', category: 'usdt-futures', topic: 'place-order', args: [order('a')] });
    expect(rb?.frame).toMatchObject({ topic: 'cancel-order' });
    expect(ra?.frame.id).not.toBe(rb?.frame.id);
    // b's reply first, and a stray reply with an unknown id in between
    rb?.client.send({ event: 'trade', id: rb.frame.id as string, topic: 'cancel-order', args: [{ clientOid: 'b' }], code: '0', msg: 'success' });
    rb?.client.send({ event: 'trade', id: 'nobody', topic: 'place-order', args: [], code: '0', msg: 'success' });
    ra?.client.send({ event: 'trade', id: ra.frame.id as string, topic: 'place-order', args: [{ orderId: '77', clientOid: 'a' }], code: '0', msg: 'success' });
    await expect(b).resolves.toMatchObject({ topic: 'cancel-order', args: [{ clientOid: 'b' }] });
    await expect(a).resolves.toMatchObject({ topic: 'place-order', args: [{ orderId: '77', clientOid: 'a' }] });
    expect(trade.inFlight).toBe(0);
  });

  it("sends the configured broker code as apiCode on placements only (the pages' X-CHANNEL-API-CODE), none by default", async () => {
    await ready();
    void trade.submitOrder('SPOT', order('plain')).catch(() => undefined);
    await waitUntil(() => requests.length === 1, 'one request');
    expect(requests[0]?.frame).not.toHaveProperty('apiCode');
    trade.dispose();
    trade = new WsTrade({ connection: conn, apiCode: 'my_brk' });
    void trade.submitOrder('SPOT', order('coded')).catch(() => undefined);
    void trade.cancelOrder('SPOT', { symbol: 'BTCUSDT', clientOid: 'coded' }).catch(() => undefined);
    await waitUntil(() => requests.length === 3, 'two more requests');
    expect(requests[1]?.frame).toMatchObject({ topic: 'place-order', apiCode: 'my_brk' });
    expect(requests[2]?.frame.topic).toBe('cancel-order');
    expect(requests[2]?.frame).not.toHaveProperty('apiCode');
  });

  it('maps error replies: 40010/40725/45001 → EXCH_UNKNOWN_RESULT, others → EXCH_REJECTED', async () => {
    await ready();
    const codes = ['43012', '40010', '40725', 45001];
    const ps = codes.map((_, i) => rejection(trade.submitOrder('usdt-futures', order(`c${i}`))));
    await waitUntil(() => requests.length === 4, 'four requests');
    requests.forEach((r, i) => r.client.send({ event: 'error', id: r.frame.id as string, code: codes[i] ?? '', msg: `m${i}` }));
    const errs = await Promise.all(ps);
    expect(errs.map((e) => [e.code, e.exchangeCode, e.clientOid])).toEqual([
      ['EXCH_REJECTED', '43012', 'c0'],
      ['EXCH_UNKNOWN_RESULT', '40010', 'c1'],
      ['EXCH_UNKNOWN_RESULT', '40725', 'c2'],
      ['EXCH_UNKNOWN_RESULT', '45001', 'c3'],
    ]);
    expect(errs[0]?.exchangeMsg).toBe('m0');
  });

  it('no reply within 5 s → EXCH_UNKNOWN_RESULT', async () => {
    vi.useFakeTimers(FAKE);
    await ready();
    const p = rejection(trade.submitOrder('usdt-futures', order('slow')));
    await waitUntil(() => requests.length === 1, 'request');
    vi.advanceTimersByTime(4_999);
    expect(trade.inFlight).toBe(1);
    vi.advanceTimersByTime(1);
    const e = await p;
    expect(e.code).toBe('EXCH_UNKNOWN_RESULT');
    expect(e.clientOid).toBe('slow');
    expect(trade.inFlight).toBe(0);
  });

  it('a socket drop with requests pending → EXCH_UNKNOWN_RESULT for each', async () => {
    await ready();
    const p1 = rejection(trade.submitOrder('usdt-futures', order('d1')));
    const p2 = rejection(trade.submitBatch('usdt-futures', [order('d2'), order('d3')]));
    await waitUntil(() => requests.length === 2, 'requests');
    server.dropAll();
    const [e1, e2] = await Promise.all([p1, p2]);
    expect(e1.code).toBe('EXCH_UNKNOWN_RESULT');
    expect(e2.code).toBe('EXCH_UNKNOWN_RESULT');
    expect(e2.clientOids).toEqual(['d2', 'd3']);
  });

  it('refuses when the socket is not logged in (EXCH_NETWORK) and oversize batches (EXCH_VALIDATION); nothing is sent', async () => {
    conn = new StreamConnection({ url: server.url, kind: 'private', credentials: creds });
    trade = new WsTrade({ connection: conn });
    expect((await rejection(trade.submitOrder('usdt-futures', order('x')))).code).toBe('EXCH_NETWORK');
    const many = Array.from({ length: 21 }, (_, i) => order(`o${i}`));
    expect((await rejection(trade.submitBatch('usdt-futures', many))).code).toBe('EXCH_VALIDATION');
    expect((await rejection(trade.cancelBatch('usdt-futures', []))).code).toBe('EXCH_VALIDATION');
    expect(server.received).toHaveLength(0);
  });
});
