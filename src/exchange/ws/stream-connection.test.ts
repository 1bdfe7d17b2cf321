import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { BookRead } from '../book/book-read.js';
import { signWsLogin } from '../wire/sign.js';
import type { ConnectionHealth, StreamConnectionOptions, StreamError } from './connection-state.js';
import { StreamConnection } from './stream-connection.js';
import { TestWsServer, unusedPort, waitUntil } from '../../../test/helpers/ws-test-server.js';
import type { StreamArg } from './topics.js';

const creds = { apiKey: 'bg_demo_utadash', secret: 'utadash-demo-secret', passphrase: 'utadashdemo' };
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = { toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] };
const books = (i: number): StreamArg => ({ instType: 'usdt-futures', topic: 'books', symbol: `S${i}USDT` });
const key = (a: StreamArg) => `${a.instType}|${a.topic}|${a.symbol ?? ''}`;

let server: TestWsServer;
const open: StreamConnection[] = [];

function connection(options: Partial<StreamConnectionOptions> = {}): {
  conn: StreamConnection;
  errors: StreamError[];
  healths: ConnectionHealth[];
  reconnected: boolean[];
} {
  const conn = new StreamConnection({ url: server.url, kind: 'public', backoff: { baseMs: 10, capMs: 50 }, ...options });
  const errors: StreamError[] = [];
  const healths: ConnectionHealth[] = [];
  const reconnected: boolean[] = [];
  conn.events.on('error', (e) => errors.push(e));
  conn.events.on('health', (h) => healths.push(h));
  conn.events.on('reconnected', (info) => reconnected.push(info.initial));
  open.push(conn);
  return { conn, errors, healths, reconnected };
}

beforeEach(async () => {
  server = await TestWsServer.start();
});

afterEach(async () => {
  vi.useRealTimers();
  for (const c of open.splice(0)) c.close();
  await server.close();
});

describe('StreamConnection (public)', () => {
  it('replays every subscription after a forced drop, at most 10 args per frame', async () => {
    const { conn, reconnected, healths } = connection();
    const args = Array.from({ length: 35 }, (_, i) => books(i));
    conn.subscribe(args);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'first subscribe');
    expect(conn.getHealth()).toMatchObject({ subscribed: 35, pending: 0, reconnects: 0 });

    server.dropAll();
    await waitUntil(() => server.connections === 2 && conn.getHealth().state === 'subscribed', 'replay after drop');
    const frames = server.framesWithOp('subscribe', 2);
    expect(frames.length).toBe(4);
    for (const f of frames) expect((f.args as unknown[]).length).toBeLessThanOrEqual(10);
    expect(new Set(server.subscribedArgs(2).map(key))).toEqual(new Set(args.map(key)));
    expect(conn.getHealth().reconnects).toBe(1);
    expect(reconnected).toEqual([true, false]);
    const states = healths.map((h) => h.state).filter((s, i, all) => s !== all[i - 1]);
    expect(states).toEqual(['idle', 'connecting', 'open', 'subscribed', 'reconnecting', 'connecting', 'open', 'subscribed']);
    expect(healths.at(-1)).toMatchObject({ subscribed: 35, pending: 0, lastErrorCode: 'WS_SOCKET_CLOSED' });
    expect(healths.at(-1)?.lastMessageAt).not.toBeNull();
  });

  it('subscribes and unsubscribes while connected', async () => {
    const { conn } = connection();
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'open', 'open');
    conn.subscribe([books(1), books(2)]);
    await waitUntil(() => conn.getHealth().state === 'subscribed' && conn.getHealth().subscribed === 2, 'live subscribe');
    conn.subscribe([books(1)]);
    conn.unsubscribe([books(1)]);
    await waitUntil(() => server.framesWithOp('unsubscribe').length === 1, 'unsubscribe frame');
    expect(server.framesWithOp('subscribe')).toHaveLength(1);
    expect(server.framesWithOp('unsubscribe')[0]).toEqual({ op: 'unsubscribe', args: [books(1)] });
    expect(conn.getHealth()).toMatchObject({ state: 'subscribed', subscribed: 1 });
  });

  it('keeps each connection within the message budget when 35 args are replayed', async () => {
    const sentAt: number[] = [];
    const createSocket = (url: string): WebSocket => {
      const ws = new WebSocket(url);
      const send = ws.send.bind(ws) as (data: string) => void;
      (ws as unknown as { send: (data: string) => void }).send = (data: string) => {
        sentAt.push(performance.now());
        send(data);
      };
      return ws;
    };
    const { conn } = connection({ rate: { maxMessages: 2, windowMs: 300 }, createSocket });
    conn.subscribe(Array.from({ length: 35 }, (_, i) => books(i)));
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'paced subscribe');
    expect(server.framesWithOp('subscribe').map((f) => (f.args as unknown[]).length)).toEqual([10, 10, 10, 5]);
    expect(sentAt).toHaveLength(4);
    // any 3 consecutive messages span at least one window (slack for libuv timer rounding)
    for (let i = 0; i + 2 < sentAt.length; i += 1) expect((sentAt[i + 2] ?? 0) - (sentAt[i] ?? 0)).toBeGreaterThanOrEqual(290);
  });

  it('hands books pushes on read once (seq exact), other pushes parsed, and survives garbage and a cut-short book frame', async () => {
    const { conn, errors } = connection();
    const reads: { arg: StreamArg; action: string; book: BookRead }[] = [];
    const pushes: { arg: StreamArg; action: string; data: unknown }[] = [];
    const kinds: string[] = [];
    conn.events.on('book', (arg, action, book) => reads.push({ arg, action, book }));
    conn.events.on('push', (arg, action, data) => pushes.push({ arg, action, data }));
    conn.events.on('frame', (f) => kinds.push(f.kind));
    conn.subscribe([books(1)]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'subscribed');
    server.broadcast('this is not json');
    server.broadcast('{"action":"update","data":[]}');
    // The head names a books arg, the body is cut short: garbage, as when every frame was JSON.parsed.
    server.broadcast('{"action":"update","arg":{"instType":"usdt-futures","topic":"books","symbol":"S1USDT"},"data":[{"a":[["1","2"]');
    const raw = '{"action":"snapshot","arg":{"instType":"usdt-futures","topic":"books","symbol":"S1USDT"},"data":[{"a":[],"b":[["96999.5","3"]],"seq":1483653649791156272,"pseq":0}],"ts":1}';
    server.broadcast(raw);
    server.broadcast({ action: 'snapshot', arg: { instType: 'usdt-futures', topic: 'ticker', symbol: 'S1USDT' }, data: [{ lastPrice: '1' }], ts: 1 });
    await waitUntil(() => reads.length === 1 && pushes.length === 1, 'pushes after garbage');
    expect(reads[0]).toMatchObject({ arg: books(1), action: 'snapshot', book: { via: 'frame', text: raw, frame: { seq: '1483653649791156272', bids: ['96999.5', '3'] } } });
    expect(pushes[0]).toEqual({ arg: { instType: 'usdt-futures', topic: 'ticker', symbol: 'S1USDT' }, action: 'snapshot', data: [{ lastPrice: '1' }] });
    expect(kinds.slice(-5)).toEqual(['garbage', 'garbage', 'garbage', 'book', 'push']);
    expect(errors.map((e) => e.code)).toEqual(['WS_BAD_FRAME', 'WS_BAD_FRAME', 'WS_BAD_FRAME']);
    expect(errors[2]?.message).toMatch(/^unreadable frame ignored: not JSON and not "pong": \{"action":"update","arg"/);
    expect(conn.getHealth()).toMatchObject({ state: 'subscribed', reconnects: 0, lastErrorCode: 'WS_BAD_FRAME' });
    expect(server.connections).toBe(1);
  });

  it('marks a 30001-refused arg failed with the message and does not replay it', async () => {
    server.onSubscribeArg = (arg) =>
      arg.symbol === 'NOPEUSDT'
        ? { event: 'error', code: 30001, msg: `${JSON.stringify(arg)} doesn't exist`, connId: 'x' }
        : { event: 'subscribe', arg };
    const { conn, errors } = connection();
    const bad = { instType: 'usdt-futures', topic: 'books', symbol: 'NOPEUSDT' };
    conn.subscribe([books(1), bad, books(2)]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'subscribed');
    expect(conn.getHealth()).toMatchObject({ subscribed: 2, failed: 1, pending: 0 });
    expect(conn.getSubscriptions().find((s) => s.arg.symbol === 'NOPEUSDT')).toMatchObject({ status: 'failed', failure: expect.stringContaining("doesn't exist") });
    expect(errors.map((e) => [e.code, e.exchangeCode])).toEqual([['WS_SUBSCRIBE_FAILED', '30001']]);

    server.dropAll();
    await waitUntil(() => server.connections === 2 && conn.getHealth().state === 'subscribed', 'replay');
    expect(server.subscribedArgs(2).map((a) => a.symbol)).toEqual(['S1USDT', 'S2USDT']);
  });

  it('close() stops for good: no reconnect after it', async () => {
    vi.useFakeTimers(FAKE);
    const { conn } = connection();
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'open', 'open');
    conn.close();
    expect(conn.getHealth().state).toBe('closed');
    await waitUntil(() => server.clients.size === 0, 'server saw the close');
    vi.advanceTimersByTime(120_000);
    await new Promise((r) => setImmediate(r));
    expect(conn.getHealth().state).toBe('closed');
    expect(server.connections).toBe(1);
  });

  it('answers a server ping with pong', async () => {
    const { conn } = connection();
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'open', 'open');
    server.broadcast('ping');
    await waitUntil(() => server.received.some((f) => f.text === 'pong'), 'pong from client');
  });
});

describe('StreamConnection timers (fake)', () => {
  it('pings every 20 s, measures the round trip, and reconnects when the pong stalls', async () => {
    vi.useFakeTimers(FAKE);
    const { conn, errors } = connection({ backoff: { baseMs: 500, capMs: 30_000 }, random: () => 0.5 });
    conn.subscribe([books(1)]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'subscribed');
    vi.advanceTimersByTime(20_000);
    await waitUntil(() => conn.getHealth().pingRttMs !== null, 'first pong');
    expect(server.received.filter((f) => f.text === 'ping')).toHaveLength(1);

    server.answerPings = false;
    vi.advanceTimersByTime(20_000);
    await waitUntil(() => server.received.filter((f) => f.text === 'ping').length === 2, 'second ping');
    vi.advanceTimersByTime(9_999);
    expect(conn.getHealth().state).toBe('subscribed');
    vi.advanceTimersByTime(1);
    expect(conn.getHealth()).toMatchObject({ state: 'reconnecting', reconnects: 1, lastErrorCode: 'WS_PONG_TIMEOUT' });
    expect(errors.map((e) => e.code)).toContain('WS_PONG_TIMEOUT');
    vi.advanceTimersByTime(250);
    await waitUntil(() => server.connections === 2 && conn.getHealth().state === 'subscribed', 'resubscribed after pong stall');
    expect(server.subscribedArgs(2)).toEqual([books(1)]);
  });

  it('backoff grows per failed attempt and is capped at 30 s', async () => {
    vi.useFakeTimers(FAKE);
    const port = await unusedPort();
    const { conn } = connection({ url: `ws://127.0.0.1:${port}/`, backoff: undefined, random: () => 1 });
    const delays: number[] = [];
    conn.connect();
    for (let i = 0; i < 9; i += 1) {
      await waitUntil(() => conn.getHealth().state === 'reconnecting', `failure ${i + 1}`);
      const h = conn.getHealth();
      delays.push((h.nextRetryAt ?? 0) - Date.now());
      vi.advanceTimersByTime(delays[i] ?? 0);
      expect(conn.getHealth().state).toBe('connecting');
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('a socket that drops right after subscribing keeps growing the backoff; a stable one resets it', async () => {
    vi.useFakeTimers(FAKE);
    server.onSubscribeArg = (_arg, client) => {
      client.socket.terminate();
      return null;
    };
    const { conn } = connection({ backoff: undefined, random: () => 1 });
    conn.subscribe([books(1)]);
    conn.connect();
    const delays: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await waitUntil(() => conn.getHealth().state === 'reconnecting', `drop ${i + 1}`);
      delays.push((conn.getHealth().nextRetryAt ?? 0) - Date.now());
      vi.advanceTimersByTime(delays[i] ?? 0);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000]);

    server.onSubscribeArg = (arg) => ({ event: 'subscribe', arg });
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'stable socket');
    vi.advanceTimersByTime(10_000);
    server.dropAll();
    await waitUntil(() => conn.getHealth().state === 'reconnecting', 'drop after a stable period');
    expect((conn.getHealth().nextRetryAt ?? 0) - Date.now()).toBe(500);
  });

  it('restarts when the socket opens but no login ack comes within the handshake timeout', async () => {
    vi.useFakeTimers(FAKE);
    server.onLogin = () => null;
    const { conn } = connection({ kind: 'private', credentials: creds });
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'authenticating', 'authenticating');
    vi.advanceTimersByTime(10_000);
    expect(conn.getHealth()).toMatchObject({ state: 'reconnecting', lastErrorCode: 'WS_HANDSHAKE_TIMEOUT' });
  });
});

describe('StreamConnection (private)', () => {
  it('logs in (ts in seconds as a string, signed) before subscribing', async () => {
    const { conn, reconnected } = connection({ kind: 'private', credentials: creds, clock: { now: () => 1_700_000_000_123 } });
    conn.subscribe([{ instType: 'UTA', topic: 'order' }, { instType: 'UTA', topic: 'position' }]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'subscribed');
    const first = server.received[0]?.text ?? '';
    expect(JSON.parse(first)).toEqual({
      op: 'login',
      args: [{ apiKey: creds.apiKey, passphrase: creds.passphrase, timestamp: '1700000000', sign: signWsLogin(creds.secret, '1700000000') }],
    });
    expect(server.subscribedArgs()).toEqual([{ instType: 'UTA', topic: 'order' }, { instType: 'UTA', topic: 'position' }]);
    expect(reconnected).toEqual([true]);
  });

  it('a refused login is fatal: no further connection attempts', async () => {
    vi.useFakeTimers(FAKE);
    server.onLogin = () => ({ event: 'error', code: 30015, msg: 'Invalid sign' });
    const { conn, errors } = connection({ kind: 'private', credentials: creds });
    const downs: string[] = [];
    conn.events.on('down', (e) => downs.push(e.code));
    conn.subscribe([{ instType: 'UTA', topic: 'order' }]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'fatal', 'fatal');
    expect(conn.getHealth()).toMatchObject({ lastErrorCode: '30015', lastError: expect.stringContaining('Invalid sign') });
    expect(errors.map((e) => e.code)).toEqual(['WS_LOGIN_FAILED']);
    expect(downs).toEqual(['WS_LOGIN_FAILED']);
    await waitUntil(() => server.clients.size === 0, 'socket closed by client');
    vi.advanceTimersByTime(300_000);
    await new Promise((r) => setImmediate(r));
    expect(server.connections).toBe(1);
    expect(server.framesWithOp('subscribe')).toHaveLength(0);
    conn.connect();
    expect(conn.getHealth().state).toBe('fatal');
  });

  it('30014 (timestamp expired) → measures the server time again and logs in with it', async () => {
    const SERVER_NOW = 1_700_000_060_000;
    let offset = 0;
    let resyncs = 0;
    // The server accepts only timestamps within 30 s of its clock, 60 s ahead of ours.
    const loginTimestamps = () => server.framesWithOp('login').map((f) => (f.args as { timestamp: string }[])[0]?.timestamp);
    server.onLogin = () => {
      const ts = Number(loginTimestamps().at(-1) ?? '0') * 1000;
      return Math.abs(ts - SERVER_NOW) > 30_000 ? { event: 'error', code: 30014, msg: 'Request timestamp expired' } : { event: 'login', code: 0 };
    };
    const { conn, errors } = connection({
      kind: 'private',
      credentials: creds,
      loginClock: { now: () => 1_700_000_000_000 + offset },
      resyncClock: async () => {
        resyncs += 1;
        offset = 60_000;
      },
    });
    conn.subscribe([{ instType: 'UTA', topic: 'order' }]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'subscribed after the clock resync');
    expect(resyncs).toBe(1);
    expect(server.connections).toBe(2);
    expect(loginTimestamps()).toEqual(['1700000000', '1700000060']);
    expect(errors.map((e) => e.exchangeCode)).toEqual(['30014']);
    expect(errors[0]?.message).toMatch(/login timestamp expired .*measuring the server time again/);
  });

  it('30014 again and again → fatal after 3 resyncs; without a resync hook at once', async () => {
    server.onLogin = () => ({ event: 'error', code: 30014, msg: 'Request timestamp expired' });
    let resyncs = 0;
    const { conn } = connection({ kind: 'private', credentials: creds, resyncClock: async () => void (resyncs += 1) });
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'fatal', 'fatal after repeated expiry');
    expect(resyncs).toBe(3);
    expect(server.connections).toBe(4);
    expect(conn.getHealth()).toMatchObject({ lastErrorCode: '30014' });
    const plain = connection({ kind: 'private', credentials: creds });
    plain.conn.connect();
    await waitUntil(() => plain.conn.getHealth().state === 'fatal', 'fatal without a resync hook');
    expect(server.connections).toBe(5);
  });

  it('30004 (not logged in) → logs in again, then resubscribes', async () => {
    let refused = 0;
    server.onSubscribeArg = (arg) => {
      if (refused < 2) {
        refused += 1;
        return { event: 'error', code: 30004, msg: 'User not logged in' };
      }
      return { event: 'subscribe', arg };
    };
    const { conn, errors } = connection({ kind: 'private', credentials: creds });
    conn.subscribe([{ instType: 'UTA', topic: 'account' }, { instType: 'UTA', topic: 'position' }]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed' && conn.getHealth().subscribed === 2, 'subscribed after re-login');
    // two refused args, one re-login
    expect(server.framesWithOp('login')).toHaveLength(2);
    expect(server.framesWithOp('subscribe')).toHaveLength(2);
    expect(server.subscribedArgs()).toHaveLength(4);
    expect(server.connections).toBe(1);
    expect(errors.map((e) => e.exchangeCode)).toEqual(['30004']);
  });

  it('30033 (service upgrade) → reconnects proactively and replays', async () => {
    const { conn } = connection({ kind: 'private', credentials: creds, upgradeReconnectDelayMs: 20 });
    conn.subscribe([{ instType: 'UTA', topic: 'order' }]);
    conn.connect();
    await waitUntil(() => conn.getHealth().state === 'subscribed', 'subscribed');
    server.broadcast({ event: 'error', code: 30033, msg: 'service upgrade' });
    await waitUntil(() => server.connections === 2 && conn.getHealth().state === 'subscribed', 'reconnected after 30033');
    expect(server.framesWithOp('login', 2)).toHaveLength(1);
    expect(server.subscribedArgs(2)).toEqual([{ instType: 'UTA', topic: 'order' }]);
    expect(conn.getHealth().reconnects).toBe(1);
  });

  it('refuses to build a private connection without credentials', () => {
    expect(() => new StreamConnection({ url: server.url, kind: 'private' })).toThrow(/credentials/);
  });
});
