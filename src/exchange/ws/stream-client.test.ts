import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSim } from '../../sim/start-sim.js';
import { OrderBook } from '../book/order-book.js';
import { StreamClient, type AnyPush } from './stream-client.js';
import { TestWsServer, waitUntil } from '../../../test/helpers/ws-test-server.js';
import { WsTrade } from './ws-trade.js';

const creds = { apiKey: 'bg_demo_utadash', secret: 'utadash-demo-secret', passphrase: 'utadashdemo' };
let server: TestWsServer;
let client: StreamClient | null = null;

beforeEach(async () => {
  server = await TestWsServer.start();
});
afterEach(async () => {
  client?.close();
  client = null;
  await server.close();
});

describe('StreamClient', () => {
  it('routes UTA args to the logged-in private socket and market args to the public one', async () => {
    client = new StreamClient({ publicUrl: server.url, privateUrl: server.url, credentials: creds, tuning: { backoff: { baseMs: 10, capMs: 50 } } });
    const c = client;
    c.subscribe([
      { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' },
      { instType: 'UTA', topic: 'order' },
    ]);
    c.connect();
    await waitUntil(() => c.getHealth().public.state === 'subscribed' && c.getHealth().private?.state === 'subscribed', 'both subscribed');
    const loginConn = server.received.find((f) => f.text.includes('"op":"login"'))?.conn;
    expect(loginConn).toBeDefined();
    expect(server.subscribedArgs(loginConn)).toEqual([{ instType: 'UTA', topic: 'order' }]);
    const publicConn = loginConn === 1 ? 2 : 1;
    expect(server.subscribedArgs(publicConn)).toEqual([{ instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' }]);
    expect(c.getSubscriptions()).toHaveLength(2);
  });

  it('reports health and reconnects per socket', async () => {
    client = new StreamClient({ publicUrl: server.url, privateUrl: server.url, credentials: creds, tuning: { backoff: { baseMs: 10, capMs: 50 } } });
    const c = client;
    const states: string[] = [];
    const reconnected: string[] = [];
    c.onHealth((h) => states.push(`${h.kind}:${h.state}`));
    c.onReconnected((kind, info) => reconnected.push(`${kind}:${info.initial ? 'initial' : 'again'}`));
    c.connect();
    await waitUntil(() => c.getHealth().public.state === 'open' && c.getHealth().private?.state === 'authenticated', 'ready');
    server.dropAll();
    await waitUntil(() => reconnected.length === 4, 'both reconnected');
    expect(reconnected.sort()).toEqual(['private:again', 'private:initial', 'public:again', 'public:initial']);
    expect(states.filter((s) => s.startsWith('private:'))).toEqual(
      expect.arrayContaining(['private:connecting', 'private:authenticating', 'private:authenticated', 'private:reconnecting']),
    );
    expect(c.getHealth().public.reconnects).toBe(1);
  });

  it('delivers pushes to arg and topic handlers, private ones by topic without symbol', async () => {
    client = new StreamClient({ publicUrl: server.url, privateUrl: server.url, credentials: creds });
    const c = client;
    const byArg: AnyPush[] = [];
    const byTopic: AnyPush[] = [];
    const all: AnyPush[] = [];
    c.onArg({ instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }, (p) => byArg.push(p));
    c.onArg({ instType: 'UTA', topic: 'fast-fill', symbol: 'default' }, (p) => byArg.push(p));
    const off = c.onTopic('ticker', (p) => byTopic.push(p));
    c.onPush((p) => all.push(p));
    c.onTopic('order', () => {
      throw new Error('handler bug');
    });
    c.onPush((p) => {
      if (p.arg.topic === 'fast-fill' && p.kind === 'private') throw new Error('listener bug');
    });
    const errors: string[] = [];
    c.onError((kind, e) => errors.push(`${kind}:${e.code}`));
    c.connect();
    await waitUntil(() => c.getHealth().public.state === 'open' && c.getHealth().private?.state === 'authenticated', 'ready');
    server.broadcast({ action: 'snapshot', arg: { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }, data: [{ lastPrice: '1' }], ts: 1 });
    server.broadcast({ action: 'snapshot', arg: { instType: 'usdt-futures', topic: 'ticker', symbol: 'ETHUSDT' }, data: [{ lastPrice: '2' }], ts: 1 });
    server.broadcast({ action: 'update', arg: { instType: 'UTA', topic: 'fast-fill' }, data: { execId: '1' }, ts: 1 });
    server.broadcast({ action: 'snapshot', arg: { instType: 'UTA', topic: 'order' }, data: [], ts: 1 });
    // every frame went to both sockets: 4 frames × 2 connections
    await waitUntil(() => all.length === 8, 'all pushes');
    expect(byArg.map((p) => `${p.arg.topic}:${p.arg.symbol ?? ''}`).sort()).toEqual(['fast-fill:', 'fast-fill:', 'ticker:BTCUSDT', 'ticker:BTCUSDT']);
    expect(byTopic).toHaveLength(4);
    expect(errors.sort()).toEqual(['private:WS_LISTENER_FAILED', 'private:WS_LISTENER_FAILED', 'public:WS_LISTENER_FAILED']);
    off();
    server.broadcast({ action: 'snapshot', arg: { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }, data: [], ts: 2 });
    await waitUntil(() => all.length === 10, 'more pushes');
    expect(byTopic).toHaveLength(4);
  });

  it('hands books pushes to their topic handlers read once, applied as read; other topics get parsed data', async () => {
    client = new StreamClient({ publicUrl: server.url });
    const c = client;
    const book = new OrderBook('BTCUSDT');
    const tickers: unknown[] = [];
    const errors: string[] = [];
    // onTopic is typed by topic: `books` brings BookPush (`book`), `ticker` StreamPush (`data`).
    c.onTopic('books', (p) => book.applyRead(p.book));
    c.onTopic('ticker', (p) => tickers.push(p.data));
    c.onError((_kind, e) => errors.push(`${e.code}: ${e.message}`));
    c.connect();
    await waitUntil(() => c.getHealth().public.state === 'open', 'open');
    const arg = '"arg":{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}';
    server.broadcast(`{"action":"snapshot",${arg},"data":[{"a":[["97001","1"]],"b":[["97000","2"]],"seq":1483653649791156272,"pseq":0}],"ts":1}`);
    server.broadcast(`{"action":"update",${arg},"data":[{"a":[["97001","0"],["97002","3"]],"b":[],"seq":1483653649791156273,"pseq":1483653649791156272}],"ts":2}`);
    server.broadcast({ action: 'snapshot', arg: { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }, data: [{ lastPrice: '1' }], ts: 3 });
    await waitUntil(() => tickers.length === 1, 'ticker after the book frames');
    expect(book.seq).toBe('1483653649791156273');
    expect(book.wireTop(5)).toEqual({ bids: [['97000', '2']], asks: [['97002', '3']] });
    expect(tickers).toEqual([[{ lastPrice: '1' }]]);
    expect(errors).toEqual([]);
  });

  it('refuses UTA args without credentials, with a message saying what to do', () => {
    client = new StreamClient({ publicUrl: server.url });
    expect(client.privateConnection).toBeNull();
    expect(() => client?.subscribe([{ instType: 'UTA', topic: 'order' }])).toThrow(/credentials/);
  });
});

describe('StreamClient against the embedded exchange', () => {
  it('logs in, subscribes, survives a drop and garbage, and trades over the private socket', async () => {
    const sim = await startSim({ seed: 1 });
    const c = new StreamClient({
      publicUrl: sim.wsPublic,
      privateUrl: sim.wsPrivate,
      credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase },
      tuning: { backoff: { baseMs: 20, capMs: 100 } },
    });
    client = c;
    const trade = c.privateConnection ? new WsTrade({ connection: c.privateConnection }) : null;
    try {
      const pushes: AnyPush[] = [];
      const errors: string[] = [];
      const again: string[] = [];
      c.onPush((p) => pushes.push(p));
      c.onError((_k, e) => errors.push(e.code));
      c.onReconnected((kind, info) => {
        if (!info.initial) again.push(kind);
      });
      c.subscribe([
        { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' },
        { instType: 'UTA', topic: 'order' },
        { instType: 'UTA', topic: 'account' },
      ]);
      c.connect();
      const bothSubscribed = () => c.getHealth().public.state === 'subscribed' && c.getHealth().private?.state === 'subscribed';
      await waitUntil(bothSubscribed, 'both subscribed');
      await waitUntil(() => pushes.some((p) => p.arg.topic === 'books') && pushes.some((p) => p.arg.topic === 'account'), 'book and account pushes');

      sim.faults.dropSockets('all');
      await waitUntil(() => again.length === 2 && bothSubscribed(), 'both back and resubscribed');
      sim.faults.garbageFrame('public');
      await waitUntil(() => errors.includes('WS_BAD_FRAME'), 'garbage reported');
      const before = pushes.filter((p) => p.arg.topic === 'books').length;
      await waitUntil(() => pushes.filter((p) => p.arg.topic === 'books').length > before, 'books keep flowing after garbage');

      const reply = await trade?.submitOrder('USDT-FUTURES', { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '1000', timeInForce: 'gtc', marginMode: 'crossed', marginCoin: 'USDT', clientOid: 'ws-int-1' });
      expect(reply?.args[0]).toMatchObject({ clientOid: 'ws-int-1' });
      await waitUntil(() => pushes.some((p) => p.arg.topic === 'order' && 'data' in p && JSON.stringify(p.data).includes('ws-int-1')), 'order push');
    } finally {
      trade?.dispose();
      c.close();
      await sim.close();
    }
  });
});
