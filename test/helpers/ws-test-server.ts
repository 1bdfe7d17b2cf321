import { performance } from 'node:perf_hooks';
import { WebSocketServer, WebSocket } from 'ws';
import type { StreamArg } from '../../src/exchange/ws/topics.js';
import { waitFor } from './wait-for.js';

/**
 * Test helper: a scriptable websocket server on 127.0.0.1, port 0, speaking the v3 text protocol
 * (ping/pong, login, subscribe acks, trade). Tests change its script fields while it runs.
 */

/** One frame the server received. */
export interface ReceivedFrame {
  /** 1-based connection number. */
  readonly conn: number;
  /** `Date.now()` when it arrived (fake under fake timers). */
  readonly at: number;
  /** `performance.now()` when it arrived (always real time). */
  readonly realAt: number;
  /** The text. */
  readonly text: string;
}

/** A reply object, or null for no reply. */
export type Reply = Record<string, unknown> | null;

/** One accepted client socket. */
export interface TestClient {
  /** 1-based connection number. */
  readonly conn: number;
  /** The server-side socket. */
  readonly socket: WebSocket;
  /** Sends text or JSON. */
  send(payload: string | Record<string, unknown>): void;
}

/** A scriptable server; see the mutable script fields. */
export class TestWsServer {
  /** Every frame received, in order. */
  readonly received: ReceivedFrame[] = [];
  /** Open client sockets. */
  readonly clients = new Set<TestClient>();
  /** Connections accepted so far. */
  connections = 0;
  /** Answer `ping` with `pong`. Default true. */
  answerPings = true;
  /** Reply to the n-th login frame (1-based over the server's life). Default: ack with numeric code 0. */
  onLogin: (n: number, client: TestClient) => Reply = () => ({ event: 'login', code: 0, connId: 'test' });
  /** Reply to one subscribe arg. Default: ack echoing the arg. */
  onSubscribeArg: (arg: StreamArg, client: TestClient) => Reply = (arg) => ({ event: 'subscribe', arg, connId: 'test' });
  /** Handles a trade request (default: no reply). */
  onTrade: (request: Record<string, unknown>, client: TestClient) => void = () => undefined;
  private loginCount = 0;

  private constructor(private readonly wss: WebSocketServer, readonly url: string) {
    wss.on('connection', (socket) => this.accept(socket));
  }

  /** Starts a server on 127.0.0.1 with an ephemeral port. */
  static async start(): Promise<TestWsServer> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', () => resolve());
      wss.once('error', reject);
    });
    const address = wss.address();
    if (typeof address === 'string' || address === null) throw new Error('test server has no TCP address');
    return new TestWsServer(wss, `ws://127.0.0.1:${address.port}/v3/ws/public`);
  }

  /** Frames of a kind: parsed JSON frames whose `op` matches. */
  framesWithOp(op: string, conn?: number): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const f of this.received) {
      if (conn !== undefined && f.conn !== conn) continue;
      if (!f.text.startsWith('{')) continue;
      const v = JSON.parse(f.text) as Record<string, unknown>;
      if (v.op === op) out.push(v);
    }
    return out;
  }

  /** Args of every subscribe frame (optionally of one connection), flattened. */
  subscribedArgs(conn?: number): StreamArg[] {
    return this.framesWithOp('subscribe', conn).flatMap((f) => f.args as StreamArg[]);
  }

  /** Sends to every open client. */
  broadcast(payload: string | Record<string, unknown>): void {
    for (const c of this.clients) c.send(payload);
  }

  /** Kills every client socket without a close frame (like a network drop). */
  dropAll(): void {
    for (const c of this.clients) c.socket.terminate();
  }

  /** Stops listening and kills every client. */
  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    this.connections += 1;
    const client: TestClient = {
      conn: this.connections,
      socket,
      send: (payload) => {
        if (socket.readyState === WebSocket.OPEN) socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
      },
    };
    this.clients.add(client);
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => undefined);
    socket.on('message', (data: Buffer) => this.onText(client, data.toString('utf8')));
  }

  private onText(client: TestClient, text: string): void {
    this.received.push({ conn: client.conn, at: Date.now(), realAt: performance.now(), text });
    if (text === 'ping') {
      if (this.answerPings) client.send('pong');
      return;
    }
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    if (frame.op === 'login') {
      this.loginCount += 1;
      const reply = this.onLogin(this.loginCount, client);
      if (reply) client.send(reply);
    } else if (frame.op === 'subscribe' && Array.isArray(frame.args)) {
      for (const arg of frame.args as StreamArg[]) {
        const reply = this.onSubscribeArg(arg, client);
        if (reply) client.send(reply);
      }
    } else if (frame.op === 'unsubscribe' && Array.isArray(frame.args)) {
      for (const arg of frame.args as StreamArg[]) client.send({ event: 'unsubscribe', arg });
    } else if (frame.op === 'trade') {
      this.onTrade(frame, client);
    }
  }
}

/** A port nothing listens on (bound then released). */
export async function unusedPort(): Promise<number> {
  const server = await TestWsServer.start();
  const port = Number(new URL(server.url).port);
  await server.close();
  return port;
}

/** `waitFor` of a boolean check (test/helpers/wait-for.ts): no deadline but the test's, which names `what`. */
export async function waitUntil(predicate: () => boolean, what = 'condition'): Promise<void> {
  await waitFor(predicate, () => what);
}
