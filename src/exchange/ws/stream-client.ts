import type { BookDepth } from '../../domain/model.js';
import type { BookRead } from '../book/book-read.js';
import {
  Emitter,
  StreamError,
  type ConnectionHealth,
  type ConnectionKind,
  type ReconnectedInfo,
  type StreamConnectionOptions,
  type WsCredentials,
} from './connection-state.js';
import { StreamConnection } from './stream-connection.js';
import { argKey, isPrivateArg, type StreamArg, type SubscriptionEntry } from './topics.js';

/** The public and private connections behind one facade, with pushes routed by topic. */

/** Live v3 addresses (protocol-notes §4.1). */
export const LIVE_WS_URLS = { public: 'wss://ws.bitget.com/v3/ws/public', private: 'wss://ws.bitget.com/v3/ws/private' } as const;
/** Demo-trading v3 addresses (protocol-notes §4.1). */
export const DEMO_WS_URLS = { public: 'wss://wspap.bitget.com/v3/ws/public', private: 'wss://wspap.bitget.com/v3/ws/private' } as const;

/** Shared connection tuning (everything but url, kind and credentials). */
export type StreamTuning = Omit<StreamConnectionOptions, 'url' | 'kind' | 'credentials'>;

/** Options of `StreamClient`. */
export interface StreamClientOptions {
  /** Public socket address. */
  readonly publicUrl: string;
  /** Private socket address; with `credentials` it enables the private connection. */
  readonly privateUrl?: string;
  /** API credentials; without them there is no private connection and `UTA` args are refused. */
  readonly credentials?: WsCredentials;
  /** Tuning applied to both connections (clock, timers, random, ping/pong, backoff, rate). */
  readonly tuning?: StreamTuning;
}

/** One data push of any topic but `books*`. */
export interface StreamPush {
  /** Which socket it came in on. */
  readonly kind: ConnectionKind;
  /** The push's arg (private pushes carry no symbol). */
  readonly arg: StreamArg;
  /** `snapshot` or `update`. */
  readonly action: string;
  /** The parsed `data` (`JSON.parse`: numbers past 2^53 are rounded). */
  readonly data: unknown;
}

/**
 * One `books*` push: read once by the book reader when it arrived, never `JSON.parse`d. Apply `book`
 * with `OrderBook.applyRead` inside the handler (later it costs a second read of the text).
 */
export interface BookPush {
  /** Which socket it came in on. */
  readonly kind: ConnectionKind;
  /** The push's arg. */
  readonly arg: StreamArg;
  /** `snapshot` or `update`. */
  readonly action: string;
  /** The book reader's result (levels, exact seq/pseq, checksum), or why it refused the frame. */
  readonly book: BookRead;
}

/** Any push: `'book' in push` tells a book push. */
export type AnyPush = StreamPush | BookPush;

/** The pushes a topic brings: `BookPush` for `books*`, `StreamPush` for the others, either for a topic not known statically. */
export type PushOf<T extends string> = string extends T ? AnyPush : T extends BookDepth ? BookPush : StreamPush;

/** Events of the client. */
export interface StreamClientEvents extends Record<string, unknown[]> {
  /** Every push, books included. */
  push: [AnyPush];
  /** Health of one connection changed. */
  health: [ConnectionHealth];
  /** A connection became ready (first time or after a drop): REST-resync what it carries. */
  reconnected: [ConnectionKind, ReconnectedInfo];
  /** A problem on one connection. */
  error: [ConnectionKind, StreamError];
}

/** Public + private connections. Subscriptions route by `instType` (`UTA` → private). */
export class StreamClient {
  /** The public (market data) connection. */
  readonly publicConnection: StreamConnection;
  /** The private connection, or null without credentials. */
  readonly privateConnection: StreamConnection | null;
  /** Client-level events. A listener that throws is reported as an `error` event of the socket whose event it was handling. */
  readonly events: Emitter<StreamClientEvents> = new Emitter<StreamClientEvents>((error, event) => {
    if (event !== 'error') this.events.emit('error', this.emitting, new StreamError('WS_LISTENER_FAILED', `a "${String(event)}" listener threw`, { cause: error }));
  });
  private emitting: ConnectionKind = 'public';
  private readonly byKey = new Map<string, Set<(push: AnyPush) => void>>();
  private readonly byTopic = new Map<string, Set<(push: AnyPush) => void>>();

  /** @param options see `StreamClientOptions`. */
  constructor(options: StreamClientOptions) {
    this.publicConnection = new StreamConnection({ ...options.tuning, url: options.publicUrl, kind: 'public' });
    this.privateConnection =
      options.credentials && options.privateUrl
        ? new StreamConnection({ ...options.tuning, url: options.privateUrl, kind: 'private', credentials: options.credentials })
        : null;
    for (const conn of this.connections()) this.wire(conn);
  }

  /** Opens both sockets. */
  connect(): void {
    for (const conn of this.connections()) conn.connect();
  }

  /** Closes both sockets for good. */
  close(): void {
    for (const conn of this.connections()) conn.close();
  }

  /** Health of each connection (private null when there is none). */
  getHealth(): { readonly public: ConnectionHealth; readonly private: ConnectionHealth | null } {
    return { public: this.publicConnection.getHealth(), private: this.privateConnection?.getHealth() ?? null };
  }

  /** Wanted subscriptions of both connections with their status. */
  getSubscriptions(): readonly SubscriptionEntry[] {
    return this.connections().flatMap((c) => [...c.getSubscriptions()]);
  }

  /** Wants these args; `UTA` args go to the private connection (throws when there is none). Kept across reconnects. */
  subscribe(args: readonly StreamArg[]): void {
    const { pub, priv } = this.split(args);
    if (pub.length > 0) this.publicConnection.subscribe(pub);
    if (priv.length > 0) this.requirePrivate().subscribe(priv);
  }

  /** No longer wants these args. */
  unsubscribe(args: readonly StreamArg[]): void {
    const { pub, priv } = this.split(args);
    if (pub.length > 0) this.publicConnection.unsubscribe(pub);
    if (priv.length > 0) this.privateConnection?.unsubscribe(priv);
  }

  /** Every push, both sockets, books included: (push). Returns an unsubscribe function. */
  onPush(handler: (push: AnyPush) => void): () => void {
    return this.events.on('push', handler);
  }

  /** Health changes of either socket (`health.kind` says which). Returns an unsubscribe function. */
  onHealth(handler: (health: ConnectionHealth) => void): () => void {
    return this.events.on('health', handler);
  }

  /** A socket became ready, first time or after a drop: REST-resync what it carries. Returns an unsubscribe function. */
  onReconnected(handler: (kind: ConnectionKind, info: ReconnectedInfo) => void): () => void {
    return this.events.on('reconnected', handler);
  }

  /** Problems on either socket. Returns an unsubscribe function. */
  onError(handler: (kind: ConnectionKind, error: StreamError) => void): () => void {
    return this.events.on('error', handler);
  }

  /** Calls `handler` for pushes of exactly this arg (private: by topic). Returns an unsubscribe function. */
  onArg(arg: StreamArg, handler: (push: AnyPush) => void): () => void {
    return addTo(this.byKey, argKey(arg), handler);
  }

  /**
   * Calls `handler` for every push of a topic name (e.g. all `books`), typed by the topic: a
   * `books*` topic brings `BookPush`es, any other `StreamPush`es. Returns an unsubscribe function.
   */
  onTopic<T extends string>(topic: T, handler: (push: PushOf<T>) => void): () => void {
    // Sound by the routing: a push reaches the handlers of its own topic only, and frame.ts makes every books* push a BookPush.
    return addTo(this.byTopic, topic, handler as (push: AnyPush) => void);
  }

  private connections(): StreamConnection[] {
    return this.privateConnection ? [this.publicConnection, this.privateConnection] : [this.publicConnection];
  }

  private requirePrivate(): StreamConnection {
    if (!this.privateConnection) {
      throw new Error('private topics (instType "UTA") need API credentials and a private URL; start with credentials or drop the UTA subscription');
    }
    return this.privateConnection;
  }

  private split(args: readonly StreamArg[]): { pub: StreamArg[]; priv: StreamArg[] } {
    const pub: StreamArg[] = [];
    const priv: StreamArg[] = [];
    for (const arg of args) (isPrivateArg(arg) ? priv : pub).push(arg);
    return { pub, priv };
  }

  private wire(conn: StreamConnection): void {
    const kind = conn.kind;
    conn.events.on('health', (h) => this.emitFrom(kind, () => this.events.emit('health', h)));
    conn.events.on('reconnected', (info) => this.emitFrom(kind, () => this.events.emit('reconnected', kind, info)));
    conn.events.on('error', (e) => this.events.emit('error', kind, e));
    conn.events.on('push', (arg, action, data) => this.emitFrom(kind, () => this.route({ kind, arg, action, data })));
    conn.events.on('book', (arg, action, book) => this.emitFrom(kind, () => this.route({ kind, arg, action, book })));
  }

  private emitFrom(kind: ConnectionKind, fn: () => void): void {
    this.emitting = kind;
    fn();
  }

  private route(push: AnyPush): void {
    this.events.emit('push', push);
    // No arg key is built while nobody listens by arg (the app listens by topic).
    if (this.byKey.size > 0) for (const fn of [...(this.byKey.get(argKey(push.arg)) ?? [])]) safeCall(() => fn(push), (e) => this.events.emit('error', push.kind, e));
    for (const fn of [...(this.byTopic.get(push.arg.topic) ?? [])]) safeCall(() => fn(push), (e) => this.events.emit('error', push.kind, e));
  }
}

function addTo<T>(map: Map<string, Set<T>>, key: string, value: T): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
  return () => {
    set.delete(value);
  };
}

function safeCall(fn: () => void, onError: (e: StreamError) => void): void {
  try {
    fn();
  } catch (error) {
    onError(new StreamError('WS_LISTENER_FAILED', 'a push handler threw', { cause: error }));
  }
}
