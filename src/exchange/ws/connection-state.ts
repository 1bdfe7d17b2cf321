import type WebSocket from 'ws';
import type { Clock } from '../../domain/model.js';
import type { BackoffOptions } from './backoff.js';

/**
 * The state record of one websocket connection: its lifecycle states, the health snapshot the
 * store mirrors, the injected timer seam, the typed stream error, and a small typed emitter.
 */

/**
 * Lifecycle of one connection.
 * - `idle`: created, `connect()` not called yet.
 * - `connecting`: socket opening.
 * - `open`: socket open (public: ready for subscriptions).
 * - `authenticating`: private only, login sent, waiting for the ack.
 * - `authenticated`: private only, login acked (ready for subscriptions and trade).
 * - `subscribed`: ready, and every wanted subscription is acked or failed (none pending).
 * - `reconnecting`: the socket dropped; waiting out the backoff delay before the next attempt.
 * - `closed`: `close()` was called; nothing more happens.
 * - `fatal`: the exchange refused the login (bad key, passphrase, sign, timestamp); no retries.
 */
export type ConnectionState =
  | 'idle'
  | 'connecting'
  | 'open'
  | 'authenticating'
  | 'authenticated'
  | 'subscribed'
  | 'reconnecting'
  | 'closed'
  | 'fatal';

/** Which socket: public market data, or the private (login) socket. */
export type ConnectionKind = 'public' | 'private';

/** True for the states in which subscribe/unsubscribe/trade frames may be sent. */
export function isReadyState(state: ConnectionState): boolean {
  return state === 'open' || state === 'authenticated' || state === 'subscribed';
}

/** The health snapshot published on every change (the store's `connection` slice mirrors it). */
export interface ConnectionHealth {
  /** Which socket this describes. */
  readonly kind: ConnectionKind;
  /** Current lifecycle state. */
  readonly state: ConnectionState;
  /** Unix ms of the last inbound frame of any kind (pongs included); null before the first. */
  readonly lastMessageAt: number | null;
  /** Round trip of the last `ping` → `pong`, ms; null before the first pong. */
  readonly pingRttMs: number | null;
  /** How many times the socket dropped (or was restarted) and a reconnect was scheduled. */
  readonly reconnects: number;
  /** Human-readable reason of the last problem (no secrets); null when none yet. */
  readonly lastError: string | null;
  /** Exchange or stream error code of the last problem (e.g. "30015", "WS_PONG_TIMEOUT"); null when none. */
  readonly lastErrorCode: string | null;
  /** Subscriptions acked by the exchange on the current socket. */
  readonly subscribed: number;
  /** Subscriptions sent (or waiting to be sent) and not yet acked. */
  readonly pending: number;
  /** Subscriptions the exchange refused (e.g. 30001); not replayed until subscribed again. */
  readonly failed: number;
  /** Unix ms of the next connection attempt while `reconnecting`; otherwise null. */
  readonly nextRetryAt: number | null;
}

/** The health of a connection that has not started. */
export function initialHealth(kind: ConnectionKind): ConnectionHealth {
  return {
    kind,
    state: 'idle',
    lastMessageAt: null,
    pingRttMs: null,
    reconnects: 0,
    lastError: null,
    lastErrorCode: null,
    subscribed: 0,
    pending: 0,
    failed: 0,
    nextRetryAt: null,
  };
}

/** Opaque handle returned by `Timers.setTimeout`. */
export type TimerHandle = unknown;

/**
 * Timer seam. The default wraps the globals at call time, so vitest fake timers
 * (toFake: setTimeout/clearTimeout/setInterval/clearInterval/Date) drive it.
 */
export interface Timers {
  /** Calls `fn` once after `ms` milliseconds. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
  /** Cancels a handle from `setTimeout`; ignores null/undefined. */
  clearTimeout(handle: TimerHandle): void;
}

/** The global timers, looked up on every call. */
export const systemTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => {
    if (handle !== null && handle !== undefined) clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** Stable codes of `StreamError`. */
export type StreamErrorCode =
  /** An inbound frame that is neither `pong`/`ping` nor JSON of a known shape. */
  | 'WS_BAD_FRAME'
  /** The exchange sent an `event:"error"` frame not covered by a more specific code. */
  | 'WS_EXCHANGE_ERROR'
  /** The login was refused (30005, 30011–30015); the connection is `fatal`. */
  | 'WS_LOGIN_FAILED'
  /** No login ack (or no socket open) within the handshake timeout; the socket is restarted. */
  | 'WS_HANDSHAKE_TIMEOUT'
  /** No `pong` within the pong timeout; the socket is restarted. */
  | 'WS_PONG_TIMEOUT'
  /** The socket failed or closed without `close()` being called. */
  | 'WS_SOCKET_CLOSED'
  /** The exchange refused a subscription arg (30001). */
  | 'WS_SUBSCRIBE_FAILED'
  /** A listener threw while handling an event (the connection keeps running). */
  | 'WS_LISTENER_FAILED';

/** An error raised by the stream layer, delivered through the `error` event (never thrown out of socket handlers). */
export class StreamError extends Error {
  override readonly name = 'StreamError';
  /** Stable code. */
  readonly code: StreamErrorCode;
  /** The exchange's code (as a string) when the exchange sent one, e.g. "30015". */
  readonly exchangeCode: string | undefined;
  constructor(code: StreamErrorCode, message: string, options: { exchangeCode?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.exchangeCode = options.exchangeCode;
  }
}

/** Maps event names to listener argument tuples. */
export type EventMap = Record<string, unknown[]>;

/**
 * A minimal typed event emitter. A listener that throws is reported to `onListenerError`
 * (if given) and never breaks the emit loop or the socket handler that emitted.
 */
export class Emitter<E extends EventMap> {
  private readonly listeners = new Map<keyof E, Set<(...args: unknown[]) => void>>();
  /** @param onListenerError receives whatever a listener threw. */
  constructor(private readonly onListenerError?: (error: unknown, event: keyof E) => void) {}

  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof E>(event: K, listener: (...args: E[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const fn = listener as unknown as (...args: unknown[]) => void;
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  }

  /** Calls every listener of `event` in registration order. */
  emit<K extends keyof E>(event: K, ...args: E[K]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(...args);
      } catch (error) {
        if (this.onListenerError) this.onListenerError(error, event);
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}

/** API credentials for the private socket. Never logged or put in errors. */
export interface WsCredentials {
  /** API key. */
  readonly apiKey: string;
  /** API secret (signs the login). */
  readonly secret: string;
  /** API passphrase. */
  readonly passphrase: string;
}

/** Options of one connection. */
export interface StreamConnectionOptions {
  /** Socket address, e.g. `wss://ws.bitget.com/v3/ws/public`. */
  readonly url: string;
  /** `public` (market data) or `private` (login, `UTA` topics, trade). */
  readonly kind: ConnectionKind;
  /** Required for `private`. */
  readonly credentials?: WsCredentials;
  /** Unix ms clock; default the machine clock (`Date.now`, looked up per call). */
  readonly clock?: Clock;
  /**
   * Server-time clock for the private login's timestamp (e.g. the REST client's `clockSync`, which
   * adds the measured server offset); default `clock`. Health ages keep using `clock`.
   */
  readonly loginClock?: Clock;
  /**
   * Measures the server time again. With it, a login refused as "timestamp expired" (30014) is not
   * fatal: the connection resyncs through it and logs in again (fatal after 3 such refusals in a
   * row). Without it, 30014 is fatal like the other login refusals. Default none.
   */
  readonly resyncClock?: () => Promise<unknown>;
  /** Timer seam; default the globals (vitest fake timers apply). */
  readonly timers?: Timers;
  /** Uniform random in [0, 1) for backoff jitter; default `Math.random`. */
  readonly random?: () => number;
  /** Ping interval, ms. Default 20 000. */
  readonly pingIntervalMs?: number;
  /** Pong wait before the socket is restarted, ms. Default 10 000. */
  readonly pongTimeoutMs?: number;
  /** Reconnect backoff ceiling of the first attempt and cap, ms. Defaults 500 and 30 000. */
  readonly backoff?: Omit<BackoffOptions, 'random'>;
  /** Outbound budget: messages per window (default 8) and window ms (default 1000). */
  readonly rate?: { readonly maxMessages?: number; readonly windowMs?: number };
  /** Args per subscribe frame. Default 10. */
  readonly maxArgsPerFrame?: number;
  /** Wait for the socket to open and (private) the login ack before restarting, ms. Default 10 000. */
  readonly handshakeTimeoutMs?: number;
  /** Delay before the proactive reconnect after a 30033 service-upgrade notice, ms. Default 1000. */
  readonly upgradeReconnectDelayMs?: number;
  /** A socket must stay ready this long before a drop resets the backoff to its first step, ms. Default 10 000. */
  readonly stableAfterMs?: number;
  /** `health` events caused only by `lastMessageAt` moving are emitted at most this often, ms. Default 1000. */
  readonly healthThrottleMs?: number;
  /** Socket factory; default `new WebSocket(url)` from `ws`. */
  readonly createSocket?: (url: string) => WebSocket;
}

/** Info passed with `reconnected`. */
export interface ReconnectedInfo {
  /** True for the first ready socket after `connect()`, false after a drop. */
  readonly initial: boolean;
  /** `health.reconnects` at that moment. */
  readonly reconnects: number;
}
