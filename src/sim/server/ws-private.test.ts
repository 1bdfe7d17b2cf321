import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signWsLogin } from '../../exchange/wire/sign.js';
import { startSimServer, type SimServer } from './sim-server.js';
import { FakeExchange, fakeRoutes } from '../../../test/helpers/sim-testing/fake-exchange.js';
import { signedFetch } from '../../../test/helpers/sim-testing/signed-fetch.js';
import { TestSocket } from '../../../test/helpers/sim-testing/ws-client.js';

const CREDS = { apiKey: 'k', secret: 's', passphrase: 'p', uid: '6000000001' };

function loginMsg(over: Record<string, unknown> = {}): unknown {
  const ts = String(Math.floor(Date.now() / 1000));
  return { op: 'login', args: [{ apiKey: 'k', passphrase: 'p', timestamp: ts, sign: signWsLogin('s', ts), ...over }] };
}

describe('private socket', () => {
  let ex: FakeExchange;
  let srv: SimServer;
  let s: TestSocket;
  /** When set, the server's clock stands still there (its rate buckets then do not refill). */
  let frozenAt: number | null = null;
  beforeEach(async () => {
    frozenAt = null;
    ex = new FakeExchange();
    srv = await startSimServer({ exchange: ex, routes: fakeRoutes(), credentials: CREDS, now: () => frozenAt ?? Date.now() });
    s = await TestSocket.open(srv.wsPrivate);
  });
  afterEach(async () => {
    s.close();
    await srv.close();
  });

  const login = async (): Promise<void> => {
    s.send(loginMsg());
    const ack = await s.next((m) => m['event'] === 'login');
    expect(ack).toMatchObject({ event: 'login', code: 0, connId: expect.any(String) });
  };

  it('refuses a subscribe before login with 30004', async () => {
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] });
    await s.next((m) => m['event'] === 'error' && m['code'] === 30004);
  });

  it('login failures are error events with numeric codes and keep the socket open', async () => {
    s.send(loginMsg({ sign: 'bad' }));
    expect(await s.next((m) => m['event'] === 'error')).toMatchObject({ code: 30015, msg: 'Invalid sign' });
    s.send(loginMsg({ apiKey: 'nope' }));
    await s.next((m) => m['code'] === 30011);
    s.send(loginMsg({ timestamp: String(Math.floor(Date.now() / 1000) - 100) }));
    await s.next((m) => m['code'] === 30014);
    expect(s.closeCode).toBeNull();
    await login();
  });

  it('snapshots account and position on subscribe; pushes order and account events for the uid', async () => {
    await login();
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'account' }, { instType: 'UTA', topic: 'position' }, { instType: 'UTA', topic: 'order' }, { instType: 'uta', topic: 'order' }] });
    await s.next((m) => m['event'] === 'error' && m['code'] === 30001);
    const acct = await s.next((m) => m['action'] === 'snapshot' && (m['arg'] as { topic: string }).topic === 'account');
    expect(acct['data']).toEqual([{ totalEquity: '1000', uid: '6000000001', coin: [] }]);
    await s.next((m) => m['action'] === 'snapshot' && (m['arg'] as { topic: string }).topic === 'position');
    const acks = s.json().filter((m) => m['event'] === 'subscribe');
    expect(acks).toHaveLength(3);
    const from = s.frames.length;
    ex.emit({ type: 'order', uid: 'someone-else', order: { orderId: 'x' } });
    ex.emit({ type: 'order', uid: '6000000001', order: { orderId: 'mine' } });
    ex.emit({ type: 'account', uid: '6000000001' });
    const order = await s.next((m) => (m['arg'] as { topic?: string } | undefined)?.topic === 'order', from);
    expect(order).toMatchObject({ action: 'snapshot', arg: { instType: 'UTA', topic: 'order' }, data: [{ orderId: 'mine' }], ts: expect.any(Number) });
    await s.next((m) => m['action'] === 'update' && (m['arg'] as { topic: string }).topic === 'account', from);
    expect(s.frames.slice(from).some((f) => f.includes('someone-else'))).toBe(false);
  });

  it('partialAccountPushes: an account update carries only the coins changed since the last push to that socket', async () => {
    let coins: Record<string, string>[] = [{ coin: 'BTC', balance: '2' }, { coin: 'USDT', balance: '10' }];
    ex.accountPush = (uid) => ({ totalEquity: '1000', uid, coin: coins });
    const isAccount = (action: string) => (m: Record<string, unknown>) => m['action'] === action && (m['arg'] as { topic?: string } | undefined)?.topic === 'account';
    const nextUpdate = async (): Promise<unknown> => {
      const from = s.frames.length;
      ex.emit({ type: 'account', uid: '6000000001' });
      return ((await s.next(isAccount('update'), from))['data'] as { coin: unknown }[])[0]?.coin;
    };
    await login();
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'account' }] });
    expect(((await s.next(isAccount('snapshot')))['data'] as { coin: unknown }[])[0]?.coin).toEqual(coins);
    srv.faults.partialAccountPushes(true);
    coins = [{ coin: 'BTC', balance: '2' }, { coin: 'USDT', balance: '9' }];
    expect(await nextUpdate()).toEqual([{ coin: 'USDT', balance: '9' }]);
    expect(await nextUpdate()).toEqual([]);
    // A coin that left the account is pushed once with zero amounts.
    coins = [{ coin: 'USDT', balance: '9' }];
    expect(await nextUpdate()).toEqual([{ coin: 'BTC', balance: '0', available: '0', locked: '0', equity: '0', usdValue: '0', borrow: '0', debts: '0' }]);
    srv.faults.partialAccountPushes(false);
    expect(await nextUpdate()).toEqual(coins);
  });

  it('trade ops: replies matched by id, REST names, errors with string codes', async () => {
    s.send({ op: 'trade', id: 'early', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT' }] });
    expect(await s.next((m) => m['id'] === 'early')).toMatchObject({ event: 'error', code: '30004' });
    await login();
    s.send({ op: 'trade', id: 'a1', category: 'usdt-futures', topic: 'place-order', args: [{ symbol: 'BTCUSDT', clientOid: 'c-1', takeprofit: '110' }] });
    s.send({ op: 'trade', id: 'a2', category: 'spot', topic: 'cancel-order', args: [{ symbol: 'BTCUSDT', orderId: 'nope' }] });
    s.send({ op: 'trade', id: 'a3', category: 'spot', topic: 'batch-place', args: [{ symbol: 'BTCUSDT' }, { symbol: 'ETHUSDT' }] });
    s.send({ op: 'trade', id: 'a4', category: 'spot', topic: 'place-order', args: [{ side: 'buy' }] });
    const a1 = await s.next((m) => m['id'] === 'a1');
    expect(a1).toMatchObject({ event: 'trade', category: 'usdt-futures', topic: 'place-order', code: '0', msg: 'success', connId: expect.any(String) });
    expect(a1['args']).toEqual([{ symbol: 'BTCUSDT', orderId: expect.any(String), clientOid: 'c-1', cTime: expect.any(String) }]);
    const placed = ex.calls.find((c) => c[0] === 'trade.placeOrder');
    expect(placed?.[2]).toEqual({ symbol: 'BTCUSDT', clientOid: 'c-1', takeProfit: '110', category: 'USDT-FUTURES' });
    expect(await s.next((m) => m['id'] === 'a2')).toMatchObject({ event: 'error', code: '25204' });
    const a3 = await s.next((m) => m['id'] === 'a3');
    expect((a3['args'] as { symbol: string }[]).map((a) => a.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(await s.next((m) => m['id'] === 'a4')).toMatchObject({ event: 'error', code: '40017', msg: 'Parameter verification failed: symbol is required' });
  });

  it('trade ops share the per-UID limit and honour the unknown-result and delay faults', async () => {
    await login();
    srv.faults.unknownResult({ code: '40725', placed: true });
    s.send({ op: 'trade', id: 'u', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT' }] });
    expect(await s.next((m) => m['id'] === 'u')).toMatchObject({ event: 'error', code: '40725', msg: 'service return an error' });
    expect(ex.orders.size).toBe(1);
    srv.faults.delayReplies(120);
    const t0 = Date.now();
    s.send({ op: 'trade', id: 'd', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT' }] });
    await s.next((m) => m['id'] === 'd');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(110);
    srv.faults.reset();
    // The bucket is per UID and shared with REST: use up the rest of it over REST, then ask here.
    // The clock stands still meanwhile, so a slow machine cannot refill a token in between.
    frozenAt = Date.now();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        signedFetch(srv.rest, 'POST', '/api/v3/trade/place-order', { apiKey: 'k', secret: 's', passphrase: 'p' }, { body: { symbol: 'BTCUSDT' } }),
      ),
    );
    s.send({ op: 'trade', id: 'r', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT' }] });
    expect(await s.next((m) => m['id'] === 'r')).toMatchObject({ event: 'error', code: '429', msg: 'Too Many Requests' });
  });
});
