import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signWsLogin } from '../../exchange/wire/sign.js';
import { startSimServer, type SimServer } from './sim-server.js';
import { FakeExchange, fakeRoutes } from '../../../test/helpers/sim-testing/fake-exchange.js';
import { LogLines } from '../../../test/helpers/sim-testing/log-lines.js';
import { createManualClock, type ManualClock } from '../../../test/helpers/sim-testing/manual-clock.js';
import { signedFetch } from '../../../test/helpers/sim-testing/signed-fetch.js';
import { TestSocket } from '../../../test/helpers/sim-testing/ws-client.js';

/**
 * Issue 16 item 3: the placement faults of the embedded exchange, over real loopback sockets.
 * Each test checks what the exchange did (the order exists or not) and what the client saw. The
 * server runs on a manual clock, so a late delivery is released by `advance`, never by waiting.
 */

const CREDS = { apiKey: 'k', secret: 's', passphrase: 'p' };

let clock: ManualClock;
let logs: LogLines;
let ex: FakeExchange;
let srv: SimServer;
beforeEach(async () => {
  clock = createManualClock();
  logs = new LogLines();
  ex = new FakeExchange(clock.now);
  srv = await startSimServer({ exchange: ex, routes: fakeRoutes(), credentials: { ...CREDS, uid: ex.demoUid }, now: clock.now, sleep: clock.sleep, log: logs.log });
});
afterEach(() => srv.close());

const placements = (): number => ex.calls.filter((c) => c[0] === 'trade.placeOrder' || c[0] === 'trade.placeBatch').length;

describe('placement faults over REST', () => {
  const order = { symbol: 'BTCUSDT', category: 'SPOT' };
  // Signed on the manual clock, as a client synced to the server would.
  const place = (opts: { signal?: AbortSignal; body?: unknown } = {}): ReturnType<typeof signedFetch> =>
    signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', CREDS, { body: order, ts: clock.now(), ...opts });
  const placeBatch = (n: number): ReturnType<typeof signedFetch> =>
    signedFetch(srv.rest, 'POST', '/api/v3/trade/place-batch', CREDS, { body: Array.from({ length: n }, (_, i) => ({ ...order, clientOid: `b${i}` })), ts: clock.now() });

  it('executeThenFail: the placement runs, the client gets the status in an error envelope; a refused request does not use it', async () => {
    srv.faults.executeThenFail({ count: 2, status: 502 });
    expect((await place({ body: { category: 'SPOT' } })).body.code).toBe('40017');
    const single = await place();
    expect([single.status, single.body.code, single.body.data]).toEqual([502, '502', null]);
    expect(ex.orders.size).toBe(1);
    const batch = await placeBatch(2);
    expect([batch.status, batch.body.code]).toEqual([502, '502']);
    expect(ex.orders.size).toBe(3);
    expect((await place()).status).toBe(200);
    expect(ex.orders.size).toBe(4);
    expect(logs.lines.filter((l) => /^POST \/api\/v3\/trade\/place-(order|batch) 502 502 \(executeThenFail: executed, the reply 200 00000 replaced\)$/.test(l))).toHaveLength(2);
  });

  it('executeThenDrop: the placement runs, the connection is destroyed with no reply; a socket-only fault leaves REST alone', async () => {
    srv.faults.executeThenDrop({ transport: 'socket' });
    expect((await place()).status).toBe(200);
    srv.faults.reset();
    srv.faults.executeThenDrop({ count: 2, transport: 'rest' });
    await expect(place()).rejects.toThrow(TypeError);
    expect(ex.orders.size).toBe(2);
    await expect(placeBatch(2)).rejects.toThrow(TypeError);
    expect(ex.orders.size).toBe(4);
    expect(logs.lines.filter((l) => l.endsWith('connection destroyed, no reply (executeThenDrop)'))).toHaveLength(2);
    expect((await place()).status).toBe(200);
  });

  it('deliverLate within the 30 s window: held, nothing runs until the server clock passes, then it executes', async () => {
    srv.faults.deliverLate({ ms: 20_000, count: 2, transport: 'rest' });
    const single = place();
    const batch = placeBatch(2);
    await logs.next(/^POST \/api\/v3\/trade\/place-order held 20000 ms \(deliverLate\)$/);
    await logs.next(/^POST \/api\/v3\/trade\/place-batch held 20000 ms \(deliverLate\)$/);
    expect(placements()).toBe(0);
    clock.advance(20_000);
    expect([(await single).body.code, (await batch).body.code]).toEqual(['00000', '00000']);
    expect(ex.orders.size).toBe(3);
  });

  it('deliverLate past the window: refused 40008 at release and never executed', async () => {
    srv.faults.deliverLate({ ms: 31_000 });
    const reply = place();
    await logs.next(/held 31000 ms/);
    clock.advance(31_000);
    const r = await reply;
    expect([r.status, r.body.code]).toEqual([400, '40008']);
    expect(placements()).toBe(0);
    expect(ex.orders.size).toBe(0);
  });

  it('deliverLate to a client that left: the request still executes, the reply is not sent', async () => {
    srv.faults.deliverLate({ ms: 5_000 });
    const abort = new AbortController();
    const reply = place({ signal: abort.signal });
    await logs.next(/held 5000 ms/);
    abort.abort();
    await expect(reply).rejects.toThrow();
    await logs.next(/client closed its connection while held/);
    clock.advance(5_000);
    await logs.next(/^POST \/api\/v3\/trade\/place-order 200 00000: not sent, the client's connection is closed$/);
    expect(ex.orders.size).toBe(1);
  });

  it('unknownResult on the batch: placed runs the whole batch, notplaced runs nothing; scope batch leaves singles alone', async () => {
    srv.faults.unknownResult({ code: '40010', placed: true, scope: 'batch' });
    expect((await place()).body.code).toBe('00000');
    const placed = await placeBatch(2);
    expect([placed.body.code, placed.body.msg]).toEqual(['40010', 'Request timed out']);
    expect(ex.orders.size).toBe(3);
    srv.faults.unknownResult({ code: '45001', placed: false, scope: 'all', count: 2 });
    expect((await placeBatch(2)).body.code).toBe('45001');
    expect((await place()).body.code).toBe('45001');
    expect(ex.orders.size).toBe(3);
    expect((await placeBatch(1)).body.code).toBe('00000');
  });

  it('partialBatch: every item but the refused ones executes; refused items come back in place with code and msg', async () => {
    srv.faults.partialBatch({ failIndexes: [1, 3, 9] });
    const r = await placeBatch(4);
    expect(r.body.code).toBe('00000');
    const data = r.body.data as { orderId: string | null; clientOid: string; code: string }[];
    expect(data.map((d) => [d.clientOid, d.code])).toEqual([['b0', '00000'], ['b1', '25202'], ['b2', '00000'], ['b3', '25202']]);
    expect([data[1]?.orderId, typeof data[0]?.orderId]).toEqual([null, 'string']);
    expect(ex.orders.size).toBe(2);
    expect(ex.calls.at(-1)?.[2]).toEqual([{ ...order, clientOid: 'b0' }, { ...order, clientOid: 'b2' }]);
    // Every item refused: the exchange is not called at all.
    srv.faults.partialBatch({ failIndexes: [0, 1], code: '40762', msg: 'The order size is greater than the max open size' });
    const all = await placeBatch(2);
    expect((all.body.data as { code: string }[]).map((d) => d.code)).toEqual(['40762', '40762']);
    expect(ex.orders.size).toBe(2);
    expect(logs.lines.filter((l) => l.startsWith('trade.placeBatch: partialBatch refuses items'))).toHaveLength(2);
  });
});

describe('placement faults over the private socket', () => {
  let s: TestSocket;
  beforeEach(async () => {
    s = await TestSocket.open(srv.wsPrivate);
    const ts = String(Math.floor(clock.now() / 1000));
    s.send({ op: 'login', args: [{ ...CREDS, timestamp: ts, sign: signWsLogin(CREDS.secret, ts) }] });
    await s.next((m) => m['event'] === 'login');
  });
  afterEach(() => s.close());

  const place = (id: string): void => s.send({ op: 'trade', id, category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT' }] });
  const placeBatch = (id: string, n: number): void =>
    s.send({ op: 'trade', id, category: 'spot', topic: 'batch-place', args: Array.from({ length: n }, (_, i) => ({ symbol: 'BTCUSDT', clientOid: `${id}-${i}` })) });

  it('executeThenDrop: the order is placed, the socket is terminated with no reply; a REST-only fault leaves it alone', async () => {
    srv.faults.executeThenDrop({ transport: 'rest' });
    place('kept');
    expect(await s.next((m) => m['id'] === 'kept')).toMatchObject({ event: 'trade', code: '0' });
    srv.faults.reset();
    srv.faults.executeThenDrop({ transport: 'socket' });
    placeBatch('gone', 2);
    expect(await s.closed()).toBe(1006);
    expect(ex.orders.size).toBe(3);
    expect(s.json().some((m) => m['id'] === 'gone')).toBe(false);
    await logs.next(/^ws trade batch-place id=gone executed; socket terminated, no reply \(executeThenDrop\)$/);
  });

  it('deliverLate: the frame is held on the server clock, then executed and answered', async () => {
    srv.faults.deliverLate({ ms: 10_000, transport: 'socket' });
    place('late');
    await logs.next(/^ws trade place-order id=late held 10000 ms \(deliverLate\)$/);
    expect(placements()).toBe(0);
    clock.advance(10_000);
    expect(await s.next((m) => m['id'] === 'late')).toMatchObject({ event: 'trade', code: '0' });
    expect(ex.orders.size).toBe(1);
    await logs.next(/^ws trade place-order id=late released and run$/);
  });

  it('deliverLate: a frame held while its socket dropped still executes at release, with no reply', async () => {
    srv.faults.deliverLate({ ms: 10_000 });
    placeBatch('orphan', 2);
    await logs.next(/id=orphan held 10000 ms/);
    srv.faults.dropSockets('private');
    expect(await s.closed()).toBe(1006);
    clock.advance(10_000);
    await logs.next(/^ws trade batch-place id=orphan released and run; the socket is closed, no reply$/);
    expect(ex.orders.size).toBe(2);
  });

  it('unknownResult on batch-place: placed runs the whole batch, notplaced runs nothing', async () => {
    srv.faults.unknownResult({ code: '40725', placed: true, scope: 'batch' });
    place('single');
    expect(await s.next((m) => m['id'] === 'single')).toMatchObject({ event: 'trade', code: '0' });
    placeBatch('u1', 2);
    expect(await s.next((m) => m['id'] === 'u1')).toMatchObject({ event: 'error', code: '40725', msg: 'service return an error' });
    expect(ex.orders.size).toBe(3);
    srv.faults.unknownResult({ code: '40010', placed: false, scope: 'batch' });
    placeBatch('u2', 2);
    expect(await s.next((m) => m['id'] === 'u2')).toMatchObject({ event: 'error', code: '40010' });
    expect(ex.orders.size).toBe(3);
  });

  it('partialBatch: the refused items carry their code and msg in the reply args', async () => {
    srv.faults.partialBatch({ failIndexes: [0, 2] });
    placeBatch('p', 3);
    const reply = await s.next((m) => m['id'] === 'p');
    const args = reply['args'] as { clientOid: string; code: string; msg: string }[];
    expect(args.map((a) => [a.clientOid, a.code])).toEqual([['p-0', '25202'], ['p-1', '00000'], ['p-2', '25202']]);
    expect(args[0]?.msg).toMatch(/^Insufficient balance/);
    expect(ex.orders.size).toBe(1);
  });
});
