import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RecordedFrame, RecordedReply, Recording } from '../../exchange/wire/recording.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { startReplay, type ReplayHandle } from './replay-server.js';

const BOOKS = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };
const TICKER = { instType: 'usdt-futures', topic: 'ticker', symbol: 'ETHUSDT' };

function reply(n: number, path: string, params: unknown, data: unknown, write = false): RecordedReply {
  return { type: 'rest', n, t: n, op: 'x', method: write ? 'POST' : 'GET', path, write, params, status: 200, body: JSON.stringify({ code: '00000', msg: 'success', requestTime: 1, data }) };
}

function push(n: number, arg: object, action: string, data: unknown, conn: 'public' | 'private' = 'public'): RecordedFrame {
  return { type: 'ws', n, t: n, conn, text: JSON.stringify({ action, arg, data, ts: n }) };
}

const RECORDING: Recording = {
  meta: { type: 'meta', v: 1, startedAt: 0, mode: 'DEMO' },
  events: [
    reply(1, '/api/v3/market/tickers', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, 'first'),
    reply(2, '/api/v3/market/tickers', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }, 'second'),
    reply(3, '/api/v3/market/candles', { symbol: 'BTCUSDT', endTime: '1000' }, 'candles'),
    { type: 'ws', n: 4, t: 4, conn: 'public', text: JSON.stringify({ event: 'subscribe', arg: BOOKS }) },
    push(5, BOOKS, 'snapshot', 'book-1'),
    push(6, TICKER, 'snapshot', 'ticker-1'),
    reply(7, '/api/v3/trade/unfilled-orders', {}, { list: [] }),
    push(8, BOOKS, 'update', 'book-2'),
    push(9, { instType: 'UTA', topic: 'order' }, 'snapshot', 'orders', 'private'),
    reply(10, '/api/v3/trade/place-order', { symbol: 'BTCUSDT' }, { orderId: '1' }, true),
  ],
};

let replay: ReplayHandle | null = null;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await replay?.close();
  replay = null;
});

async function get(path: string): Promise<{ status: number; body: { code: string; msg: string; data: unknown } }> {
  const res = await fetch(`${replay?.rest ?? ''}${path}`);
  return { status: res.status, body: (await res.json()) as { code: string; msg: string; data: unknown } };
}

/** Opens a socket and collects the text frames it receives. */
async function connect(url: string): Promise<{ socket: WebSocket; frames: string[] }> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const frames: string[] = [];
  socket.on('message', (d: WebSocket.RawData) => frames.push(d.toString()));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames };
}

describe('replay server', () => {
  it('answers reads from the recording in order, then repeats the last; times ignored when params differ only in times', async () => {
    replay = await startReplay({ source: RECORDING, speed: Number.POSITIVE_INFINITY });
    const q = '/api/v3/market/tickers?category=USDT-FUTURES&symbol=BTCUSDT';
    expect((await get(q)).body.data).toBe('first');
    expect((await get(q)).body.data).toBe('second');
    expect((await get(q)).body.data).toBe('second');
    expect((await get('/api/v3/market/candles?symbol=BTCUSDT&endTime=99999')).body.data).toBe('candles');
    // Other params for a recorded path: the path's last reply.
    expect((await get('/api/v3/market/tickers?category=SPOT')).body.data).toBe('second');
  });

  it('refuses writes, says so for unrecorded paths, and tells the current server time', async () => {
    replay = await startReplay({ source: RECORDING, speed: Number.POSITIVE_INFINITY });
    const res = await fetch(`${replay.rest}/api/v3/trade/place-order`, { method: 'POST', body: '{"symbol":"BTCUSDT"}' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'REPLAY_READ_ONLY', msg: expect.stringContaining('replay is read-only') });
    expect((await get('/api/v3/market/fills?symbol=BTCUSDT')).body).toMatchObject({ code: 'REPLAY_NO_RECORD' });
    const before = Date.now();
    const time = (await get('/api/v3/public/time')).body.data as { serverTime: string };
    expect(Number(time.serverTime)).toBeGreaterThanOrEqual(before);
  });

  it('pushes recorded data only once subscribed, after the reads recorded before it, in recorded order', async () => {
    replay = await startReplay({ source: RECORDING, speed: Number.POSITIVE_INFINITY, restWaitMs: 60_000 });
    const pub = await connect(replay.wsPublic);
    pub.socket.send(JSON.stringify({ op: 'subscribe', args: [BOOKS] }));
    await waitFor(() => pub.frames.some((f) => f.includes('"event":"subscribe"')));
    // Held back: the three reads recorded before the first push were not asked for yet.
    expect(pub.frames.filter((f) => f.includes('"action"'))).toEqual([]);
    const q = '/api/v3/market/tickers?category=USDT-FUTURES&symbol=BTCUSDT';
    await get(q);
    await get(q);
    await get('/api/v3/market/candles?symbol=BTCUSDT&endTime=5');
    await waitFor(() => pub.frames.some((f) => f.includes('book-1')));
    // book-2 waits for the unfilled-orders read recorded before it.
    expect(pub.frames.some((f) => f.includes('book-2'))).toBe(false);
    await get('/api/v3/trade/unfilled-orders');
    await waitFor(() => pub.frames.some((f) => f.includes('book-2')));
    // The ticker push was parked for its subscription, which flushes it now.
    expect(pub.frames.some((f) => f.includes('ticker-1'))).toBe(false);
    pub.socket.send(JSON.stringify({ op: 'subscribe', args: [TICKER] }));
    await waitFor(() => pub.frames.some((f) => f.includes('ticker-1')));
    const pushes = pub.frames.filter((f) => f.includes('"action"')).map((f) => (JSON.parse(f) as { data: string }).data);
    expect(pushes).toEqual(['book-1', 'book-2', 'ticker-1']);
  });

  it('accepts any login on the private socket, pushes private data, and refuses order requests', async () => {
    replay = await startReplay({ source: RECORDING, speed: Number.POSITIVE_INFINITY, restWaitMs: 10 });
    const priv = await connect(replay.wsPrivate);
    priv.socket.send(JSON.stringify({ op: 'login', args: [{ apiKey: 'k', passphrase: 'p', timestamp: '1', sign: 's' }] }));
    await waitFor(() => priv.frames.some((f) => f.includes('"event":"login"') && f.includes('"code":0')));
    priv.socket.send(JSON.stringify({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] }));
    await waitFor(() => priv.frames.some((f) => f.includes('"orders"')));
    priv.socket.send(JSON.stringify({ op: 'trade', id: 'abc', category: 'usdt-futures', topic: 'place-order', args: [{ symbol: 'BTCUSDT' }] }));
    const refusal = await waitFor(() => priv.frames.find((f) => f.includes('"id":"abc"')));
    expect(JSON.parse(refusal)).toMatchObject({ event: 'error', code: 'REPLAY_READ_ONLY' });
    await replay.finished;
  });
});
