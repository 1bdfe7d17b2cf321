import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationByPath } from '../../exchange/wire/operations.js';
import { parseRecording, type Recording } from '../../exchange/wire/recording.js';
import { Faults } from '../server/faults.js';
import { SimWsServer } from '../server/ws-server.js';
import { ReplayFeed, REPLAY_READ_ONLY } from './replay-feed.js';
import { indexRecording, type ReplayRestIndex } from './replay-index.js';

/**
 * `utadash --replay FILE`: a loopback server that plays a recording (`--record FILE`) back to the
 * dashboard offline, over the same REST and websocket paths as the embedded exchange. REST reads
 * are answered from the recording (same path and params in recorded order; then the same params
 * ignoring times; then the last reply for the path); writes are refused with a "replay is
 * read-only" envelope; the server time is the current time. Both sockets accept any login and
 * every subscription, and push the recorded data in recorded order (see `ReplayFeed`).
 */

/** Options of `startReplay`. */
export interface StartReplayOptions {
  /** Recording file (NDJSON) or an already parsed recording. */
  readonly source: string | Recording;
  /** Playback speed: 1 = as recorded (default), Infinity = as fast as possible. */
  readonly speed?: number;
  /** Listen address; default 127.0.0.1. */
  readonly host?: string;
  /** Listen port; default 0 (any free port). */
  readonly port?: number;
  /** Unix ms clock; default Date.now. */
  readonly now?: () => number;
  /** How long a push waits for the REST reads recorded before it, ms; default 1500 (see `ReplayFeed`). */
  readonly restWaitMs?: number;
}

/** A running replay. */
export interface ReplayHandle {
  /** REST base URL, e.g. `http://127.0.0.1:40123`. */
  readonly rest: string;
  readonly wsPublic: string;
  readonly wsPrivate: string;
  /** The recording being played. */
  readonly recording: Recording;
  /** Resolves once every recorded push of both sockets went out (or was parked for a subscription that never came). */
  readonly finished: Promise<void>;
  /** Closes sockets and the port. Idempotent. */
  close(): Promise<void>;
}

const TIME_PATHS: ReadonlySet<string> = new Set(['/api/v3/market/time', '/api/v3/public/time']);

function envelope(res: ServerResponse, status: number, code: string, msg: string, data: unknown, now: number): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code, msg, requestTime: now, data }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function serveRest(rest: ReplayRestIndex, now: () => number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://replay.invalid');
  const method = req.method ?? 'GET';
  const path = url.pathname;
  if (TIME_PATHS.has(path)) {
    // Answered with the current time (signing and the clock-offset figure need it), but the
    // recorded reply counts as used so pushes recorded after it are not held back.
    rest.take(method, path, Object.fromEntries(url.searchParams.entries()));
    envelope(res, 200, '00000', 'success', { serverTime: String(now()) }, now());
    return;
  }
  if (operationByPath(method, path)?.write === true) {
    envelope(res, 400, REPLAY_READ_ONLY, `replay is read-only: ${method} ${path} was not sent anywhere`, null, now());
    return;
  }
  let params: unknown;
  if (method === 'GET') params = Object.fromEntries(url.searchParams.entries());
  else {
    const text = await readBody(req);
    try {
      params = text === '' ? {} : JSON.parse(text);
    } catch {
      params = {};
    }
  }
  const match = rest.take(method, path, params);
  if (match.kind !== 'none') {
    res.writeHead(match.reply.status, { 'Content-Type': 'application/json' });
    res.end(match.reply.body);
    return;
  }
  envelope(res, 400, 'REPLAY_NO_RECORD', `replay: the recording has no reply for ${method} ${path}; record a session that uses it`, null, now());
}

/** Loads the recording, starts the server and playback; resolves once the port listens. Throws `RecordingError` for a bad file. */
export async function startReplay(options: StartReplayOptions): Promise<ReplayHandle> {
  const recording = typeof options.source === 'string' ? parseRecording(readFileSync(options.source, 'utf8')) : options.source;
  const now = options.now ?? Date.now;
  const index = indexRecording(recording);
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`replay speed must be above 0 (got ${speed})`);
  let left = 2;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const startedAt = now();
  const feed = (kind: 'public' | 'private') =>
    new ReplayFeed({
      kind,
      frames: index.frames[kind],
      rest: index.rest,
      speed,
      now,
      startedAt,
      ...(options.restWaitMs === undefined ? {} : { restWaitMs: options.restWaitMs }),
      onDone: () => {
        left -= 1;
        if (left === 0) finish();
      },
    });
  const feeds = { public: feed('public'), private: feed('private') };
  const faults = new Faults();
  const wsPublic = new SimWsServer({ kind: 'public', now, faults, handler: feeds.public });
  const wsPrivate = new SimWsServer({ kind: 'private', now, faults, handler: feeds.private });
  const server: Server = createServer((req, res) => {
    serveRest(index.rest, now, req, res).catch(() => envelope(res, 500, '45001', 'replay: internal error', null, now()));
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/v3/ws/public') wsPublic.handleUpgrade(req, socket, head);
    else if (path === '/v3/ws/private') wsPrivate.handleUpgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  feeds.public.start();
  feeds.private.start();
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  let closing: Promise<void> | null = null;
  return {
    rest: `http://${host}:${port}`,
    wsPublic: `ws://${host}:${port}/v3/ws/public`,
    wsPrivate: `ws://${host}:${port}/v3/ws/private`,
    recording,
    finished,
    close: () => {
      closing ??= (async () => {
        feeds.public.stop();
        feeds.private.stop();
        await Promise.all([wsPublic.close(), wsPrivate.close()]);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}
