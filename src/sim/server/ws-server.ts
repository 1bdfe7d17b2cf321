import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { Faults, SocketFaultTarget, SocketKind } from './faults.js';
import { MessageWindow } from './rate-limits.js';

/**
 * The connection layer shared by the public and private sockets (protocol-notes §4.2–4.3): text
 * `ping` → text `pong`, idle close after no ping, a per-connection message limit, JSON parsing,
 * and fault hooks. What a message means is left to a `WsChannelHandler`.
 */

/** One open client connection. */
export interface WsConn {
  /** Server-assigned id echoed in acks and errors as `connId`. */
  readonly connId: string;
  readonly kind: 'public' | 'private';
  /** True while the socket is open (frames sent now reach the client). */
  readonly open: boolean;
  /** Ends the socket at once with no close frame (the client sees 1006). */
  terminate(): void;
  /** Sends a text frame if the socket is open. */
  send(text: string): void;
  /** Sends `JSON.stringify(value)` if the socket is open. */
  sendJson(value: unknown): void;
  /** Sends an `{"event":"error","code":<number>,"msg":…,"connId":…}` frame. */
  sendError(code: number, msg: string): void;
}

/** What a socket server does with parsed client messages. */
export interface WsChannelHandler {
  /** A JSON object message (anything but `ping`). */
  onMessage(conn: WsConn, message: Record<string, unknown>): void;
  /** The connection closed (either side). */
  onClose(conn: WsConn): void;
}

/** Options of one socket server. */
export interface WsServerOptions {
  readonly kind: 'public' | 'private';
  /**
   * Clock of the per-connection message window, Unix ms: the real one, never the fault-skewed server
   * clock (a skew jumping back would keep every message inside the window and cut a paced client off).
   */
  readonly now: () => number;
  readonly faults: Faults;
  readonly handler: WsChannelHandler;
  /** Close a connection that sent no `ping` for this long, ms. Default 120 000 (2 min). */
  readonly idleTimeoutMs?: number;
  /** Client messages allowed per second per connection (ping included). Default 10. */
  readonly maxMessagesPerSecond?: number;
}

/** The ops the servers know; anything else gets 30003. */
const KNOWN_OPS = new Set(['subscribe', 'unsubscribe', 'login', 'trade']);

class Connection implements WsConn {
  readonly connId = randomBytes(8).toString('hex');
  idle: NodeJS.Timeout | null = null;
  constructor(
    readonly kind: 'public' | 'private',
    readonly socket: WebSocket,
    readonly window: MessageWindow,
  ) {}
  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }
  terminate(): void {
    this.socket.terminate();
  }
  send(text: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
  }
  sendJson(value: unknown): void {
    this.send(JSON.stringify(value));
  }
  sendError(code: number, msg: string): void {
    this.sendJson({ event: 'error', code, msg, connId: this.connId });
  }
}

/** A websocket endpoint (public or private) attached to the shared HTTP server by path. */
export class SimWsServer implements SocketFaultTarget {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly conns = new Set<Connection>();
  private readonly idleMs: number;
  private readonly maxPerSecond: number;
  private readonly detach: () => void;

  constructor(private readonly opts: WsServerOptions) {
    this.idleMs = opts.idleTimeoutMs ?? 120_000;
    this.maxPerSecond = opts.maxMessagesPerSecond ?? 10;
    this.detach = opts.faults.attach(this);
  }

  /** Number of open connections. */
  get size(): number {
    return this.conns.size;
  }

  /** Completes an HTTP upgrade for this endpoint. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  private accept(ws: WebSocket): void {
    const conn = new Connection(this.opts.kind, ws, new MessageWindow(this.opts.now, this.maxPerSecond, 1000));
    this.conns.add(conn);
    this.armIdle(conn);
    ws.on('message', (data: RawData) => this.onFrame(conn, rawText(data)));
    ws.on('close', () => this.forget(conn));
    ws.on('error', () => this.forget(conn));
  }

  private forget(conn: Connection): void {
    if (!this.conns.delete(conn)) return;
    if (conn.idle) clearTimeout(conn.idle);
    this.opts.handler.onClose(conn);
  }

  private armIdle(conn: Connection): void {
    if (conn.idle) clearTimeout(conn.idle);
    conn.idle = setTimeout(() => conn.socket.terminate(), this.idleMs);
    conn.idle.unref();
  }

  private onFrame(conn: Connection, text: string): void {
    if (!conn.window.hit()) {
      conn.sendError(30006, 'Request too many: more than 10 messages per second on this connection; connection closed');
      const s = conn.socket;
      if (s.readyState === WebSocket.OPEN) s.close(4006, 'too many requests');
      return;
    }
    if (text === 'ping') {
      this.armIdle(conn);
      if (!this.opts.faults.pongStalled) conn.send('pong');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      conn.sendError(30002, 'illegal request: frame is neither "ping" nor JSON');
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      conn.sendError(30002, 'illegal request: send a JSON object with "op"');
      return;
    }
    const op = (message as Record<string, unknown>)['op'];
    if (typeof op !== 'string' || !KNOWN_OPS.has(op)) {
      conn.sendError(30003, `invalid op ${JSON.stringify(op ?? null)}: use subscribe, unsubscribe, login or trade`);
      return;
    }
    this.opts.handler.onMessage(conn, message as Record<string, unknown>);
  }

  private matches(kind: SocketKind): boolean {
    return kind === 'all' || kind === this.opts.kind;
  }

  /** Fault: terminate every socket (no close frame). */
  drop(kind: SocketKind): void {
    if (!this.matches(kind)) return;
    for (const c of [...this.conns]) c.socket.terminate();
  }

  /** Fault: a non-JSON frame and a truncated JSON frame on every socket. */
  garbage(kind: SocketKind): void {
    if (!this.matches(kind)) return;
    for (const c of this.conns) {
      c.send('#garbage-not-json#');
      c.send('{"action":"update","arg":{"instType":"usdt-futures","topic":"books","symbol":"BTC');
    }
  }

  /** Terminates every socket and stops accepting. */
  close(): Promise<void> {
    this.detach();
    for (const c of [...this.conns]) {
      c.socket.terminate();
      this.forget(c);
    }
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
