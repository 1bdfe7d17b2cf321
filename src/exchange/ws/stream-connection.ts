import WebSocket from 'ws';
import type { BookRead } from '../book/book-read.js';
import { signWsLogin } from '../wire/sign.js';
import { Backoff } from './backoff.js';
import {
  Emitter,
  StreamError,
  initialHealth,
  isReadyState,
  systemTimers,
  type ConnectionHealth,
  type ConnectionKind,
  type ConnectionState,
  type ReconnectedInfo,
  type StreamConnectionOptions,
  type TimerHandle,
  type Timers,
} from './connection-state.js';
import { argFromErrorMessage, errorAction, parseFrame, preview, rawToText, type InboundFrame } from './frame.js';
import { Heartbeat } from './heartbeat.js';
import { FramePacer, SubscriptionSet, chunkArgs, subscriptionFrame, type StreamArg, type SubscriptionEntry } from './topics.js';

/** One websocket connection (protocol-notes §4): keepalive, login, subscription replay, reconnect. */

/** Events of a connection. */
export interface StreamConnectionEvents extends Record<string, unknown[]> {
  /** The health snapshot changed. */
  health: [ConnectionHealth];
  /** A data push of any topic but `books*`: arg, action (`snapshot|update`), the parsed `data`. */
  push: [StreamArg, string, unknown];
  /** A `books*` push, read once by the book reader (never `JSON.parse`d): arg, action, the read for `OrderBook.applyRead`. */
  book: [StreamArg, string, BookRead];
  /** A socket became ready (public: open; private: logged in). Services REST-resync here. */
  reconnected: [ReconnectedInfo];
  /** A problem; the connection keeps running unless the state says `fatal`/`closed`. */
  error: [StreamError];
  /** Every parsed frame (ws-trade listens for `trade` and `error` with an id). */
  frame: [InboundFrame];
  /** Every inbound text frame exactly as received, with the local receive time, Unix ms (session recorder). */
  text: [string, number];
  /** The socket went away (drop, restart, close, fatal); anything in flight on it has an unknown result. */
  down: [StreamError];
}

const MAX_RELOGINS_PER_SOCKET = 3;
/** The exchange's "login timestamp expired" code. */
const LOGIN_EXPIRED = '30014';
/** Expired logins in a row that are retried after a clock resync; the next one is fatal. */
const MAX_EXPIRED_LOGINS = 3;

/** One websocket connection with its state record. */
export class StreamConnection {
  /** Event listeners; `on(...)` returns an unsubscribe function. */
  readonly events: Emitter<StreamConnectionEvents>;
  private health: ConnectionHealth;
  private socket: WebSocket | null = null;
  private readonly subs = new SubscriptionSet();
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly backoff: Backoff;
  private readonly heartbeat: Heartbeat;
  private readonly pacer: FramePacer;
  private retryTimer: TimerHandle = null;
  private handshakeTimer: TimerHandle = null;
  private upgradeTimer: TimerHandle = null;
  private readyOnce = false;
  private relogins = 0;
  /** Logins refused as expired (30014) in a row; reset by an accepted login. */
  private expiredLogins = 0;
  private reloginInFlight = false;
  private lastHealthEmitAt = 0;
  private readyAt: number | null = null;

  /** @param options see `StreamConnectionOptions`. */
  constructor(private readonly options: StreamConnectionOptions) {
    if (options.kind === 'private' && !options.credentials) {
      throw new Error('StreamConnection: a private connection needs credentials {apiKey, secret, passphrase}');
    }
    this.events = new Emitter((error, event) => {
      if (event === 'error') return;
      this.events.emit('error', new StreamError('WS_LISTENER_FAILED', `a "${String(event)}" listener threw`, { cause: error }));
    });
    this.health = initialHealth(options.kind);
    this.timers = options.timers ?? systemTimers;
    const clock = options.clock;
    this.now = clock ? () => clock.now() : () => Date.now();
    this.backoff = new Backoff({ ...options.backoff, random: options.random ?? Math.random });
    this.pacer = new FramePacer({
      maxMessages: options.rate?.maxMessages,
      windowMs: options.rate?.windowMs,
      timers: this.timers,
      now: this.now,
      write: (text) => this.write(text),
    });
    this.heartbeat = new Heartbeat({
      intervalMs: options.pingIntervalMs,
      pongTimeoutMs: options.pongTimeoutMs,
      timers: this.timers,
      now: this.now,
      sendPing: () => this.pacer.enqueue('ping', true),
      onRtt: (rtt) => this.update({ pingRttMs: rtt }),
      onTimeout: () => this.restart(new StreamError('WS_PONG_TIMEOUT', 'no pong within the pong timeout; reconnecting')),
    });
  }

  /** Which socket this is. */
  get kind(): ConnectionKind {
    return this.options.kind;
  }

  /** The current health snapshot. */
  getHealth(): ConnectionHealth {
    return this.health;
  }

  /** The wanted subscriptions with their status (failed ones carry the exchange's message). */
  getSubscriptions(): readonly SubscriptionEntry[] {
    return this.subs.list().map((e) => ({ ...e }));
  }

  /** True when subscribe and trade frames can be sent now. */
  isReady(): boolean {
    return isReadyState(this.health.state);
  }

  /** Opens the socket (no-op unless `idle` or `closed`). */
  connect(): void {
    if (this.health.state !== 'idle' && this.health.state !== 'closed') return;
    this.readyOnce = false;
    this.backoff.reset();
    this.openSocket();
  }

  /** Closes for good: no reconnect. Pending work is reported through `down`. */
  close(): void {
    if (this.health.state === 'closed') return;
    const wasFatal = this.health.state === 'fatal';
    this.teardown(true);
    this.update({ state: 'closed', nextRetryAt: null });
    if (!wasFatal) this.events.emit('down', new StreamError('WS_SOCKET_CLOSED', 'connection closed by the client'));
  }

  /** Wants these args (kept across reconnects). Sends subscribe frames now when ready. A failed arg is retried. */
  subscribe(args: readonly StreamArg[]): void {
    const fresh = this.subs.add(args);
    if (fresh.length === 0) return;
    if (this.isReady()) this.sendSubscriptions('subscribe', fresh);
    this.refreshSubscriptionState();
  }

  /** No longer wants these args; sends unsubscribe frames when ready. */
  unsubscribe(args: readonly StreamArg[]): void {
    const removed = this.subs.remove(args);
    if (removed.length === 0) return;
    if (this.isReady()) this.sendSubscriptions('unsubscribe', removed);
    this.refreshSubscriptionState();
  }

  /**
   * Sends a JSON request (e.g. a WS trade) ahead of queued subscribe frames, within the rate budget.
   * Returns false (nothing sent) when the connection is not ready.
   */
  sendRequest(payload: object): boolean {
    if (!this.isReady() || !this.socket) return false;
    this.pacer.enqueue(JSON.stringify(payload), true);
    return true;
  }

  private openSocket(): void {
    this.update({ state: 'connecting', nextRetryAt: null });
    let socket: WebSocket;
    try {
      socket = (this.options.createSocket ?? ((url: string) => new WebSocket(url)))(this.options.url);
    } catch (error) {
      this.scheduleReconnect(new StreamError('WS_SOCKET_CLOSED', `cannot open ${this.options.url}`, { cause: error }));
      return;
    }
    this.socket = socket;
    this.relogins = 0;
    this.reloginInFlight = false;
    this.armHandshakeTimer();
    socket.on('open', () => this.guard(socket, () => this.onOpen()));
    socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => this.guard(socket, () => this.onMessage(data, isBinary)));
    socket.on('error', (error: Error) => this.guard(socket, () => this.onSocketGone(new StreamError('WS_SOCKET_CLOSED', `socket error: ${error.message}`, { cause: error }))));
    socket.on('close', (code: number) => this.guard(socket, () => this.onSocketGone(new StreamError('WS_SOCKET_CLOSED', `socket closed (code ${code})`))));
  }

  /** Runs a socket handler only for the current socket, and never lets it throw. */
  private guard(socket: WebSocket, fn: () => void): void {
    if (socket !== this.socket) return;
    try {
      fn();
    } catch (error) {
      this.events.emit('error', new StreamError('WS_LISTENER_FAILED', 'socket handler failed', { cause: error }));
    }
  }

  private onOpen(): void {
    this.pacer.reset();
    this.heartbeat.start();
    if (this.options.kind === 'private') {
      this.update({ state: 'authenticating' });
      this.sendLogin();
    } else {
      this.onReady();
    }
  }

  private sendLogin(): void {
    const creds = this.options.credentials;
    if (!creds) return;
    const timestamp = String(Math.floor((this.options.loginClock?.now() ?? this.now()) / 1000));
    const frame = { op: 'login', args: [{ apiKey: creds.apiKey, passphrase: creds.passphrase, timestamp, sign: signWsLogin(creds.secret, timestamp) }] };
    this.pacer.enqueue(JSON.stringify(frame), true);
  }

  private onReady(): void {
    this.timers.clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
    this.readyAt = this.now();
    this.expiredLogins = 0;
    this.update({ state: this.options.kind === 'private' ? 'authenticated' : 'open' });
    const initial = !this.readyOnce;
    this.readyOnce = true;
    this.events.emit('reconnected', { initial, reconnects: this.health.reconnects });
    const replay = this.subs.resetForReplay();
    if (replay.length > 0) this.sendSubscriptions('subscribe', replay);
    this.refreshSubscriptionState();
  }

  private onMessage(data: WebSocket.RawData, isBinary: boolean): void {
    const text = isBinary ? '' : rawToText(data);
    const at = this.now();
    const frame = isBinary ? ({ kind: 'garbage', reason: 'binary frame' } as const) : parseFrame(text);
    const throttle = this.options.healthThrottleMs ?? 1000;
    if (at - this.lastHealthEmitAt >= throttle) this.update({ lastMessageAt: at });
    else this.health = { ...this.health, lastMessageAt: at };
    if (!isBinary) this.events.emit('text', text, at);
    this.events.emit('frame', frame);
    switch (frame.kind) {
      case 'pong':
        this.heartbeat.notePong();
        return;
      case 'ping':
        this.pacer.enqueue('pong', true);
        return;
      case 'login':
        this.onLoginAck(frame.code, frame.msg);
        return;
      case 'subscribe':
        if (this.subs.markSubscribed(frame.arg)) this.refreshSubscriptionState();
        return;
      case 'unsubscribe':
      case 'trade':
      case 'other':
        return;
      case 'error':
        if (frame.id === undefined) this.onExchangeError(frame.code, frame.msg);
        return;
      case 'push':
        this.events.emit('push', frame.arg, frame.action, frame.data);
        return;
      case 'book':
        this.events.emit('book', frame.arg, frame.action, frame.book);
        return;
      case 'garbage':
        this.report(new StreamError('WS_BAD_FRAME', `unreadable frame ignored: ${frame.reason}`));
        return;
      default:
        assertNever(frame);
    }
  }

  private onLoginAck(code: string, msg: string): void {
    if (this.options.kind !== 'private') return;
    if (code !== '0') {
      this.onExchangeError(code, msg || 'login refused');
      return;
    }
    if (this.health.state === 'authenticating') {
      this.onReady();
      return;
    }
    this.reloginInFlight = false;
    // A re-login after 30004: the subscriptions that were refused for it go out again.
    const replay = this.subs.resetForReplay();
    if (replay.length > 0) this.sendSubscriptions('subscribe', replay);
    this.refreshSubscriptionState();
  }

  private onExchangeError(code: string, msg: string): void {
    if (code === LOGIN_EXPIRED && this.options.kind === 'private' && this.options.resyncClock && this.expiredLogins < MAX_EXPIRED_LOGINS) {
      this.onLoginExpired(msg, this.options.resyncClock);
      return;
    }
    const action = errorAction(code, this.options.kind);
    switch (action) {
      case 'fatal-login':
        this.fatal(code, msg);
        return;
      case 'relogin':
        this.relogin(msg);
        return;
      case 'upgrade':
        this.report(new StreamError('WS_EXCHANGE_ERROR', `service upgrade notice (30033): ${msg}; reconnecting early`, { exchangeCode: code }));
        this.scheduleUpgradeReconnect();
        return;
      case 'subscribe-refused':
        this.onSubscribeRefused(msg);
        return;
      case 'report':
        this.report(new StreamError('WS_EXCHANGE_ERROR', `exchange error ${code}: ${msg}`, { exchangeCode: code }));
        return;
      default:
        assertNever(action);
    }
  }

  /** 30004: one arrives per refused arg, so a single re-login answers them all; its ack replays the subscriptions. */
  private relogin(msg: string): void {
    if (this.reloginInFlight || this.health.state === 'authenticating') return;
    this.reloginInFlight = true;
    this.relogins += 1;
    if (this.relogins > MAX_RELOGINS_PER_SOCKET) {
      this.restart(new StreamError('WS_EXCHANGE_ERROR', `still "not logged in" after ${MAX_RELOGINS_PER_SOCKET} re-logins; reconnecting`, { exchangeCode: '30004' }));
      return;
    }
    this.report(new StreamError('WS_EXCHANGE_ERROR', `exchange says not logged in (30004): ${msg}; logging in again`, { exchangeCode: '30004' }));
    this.sendLogin();
  }

  /**
   * 30014: our login timestamp is too far from the server's clock (the machine clock is off, or the
   * server's moved). Measure the server time again, then reconnect and log in with the new offset.
   */
  private onLoginExpired(msg: string, resyncClock: () => Promise<unknown>): void {
    this.expiredLogins += 1;
    const error = new StreamError('WS_EXCHANGE_ERROR', `login timestamp expired (30014: ${msg}); measuring the server time again and logging in anew (${this.expiredLogins} of ${MAX_EXPIRED_LOGINS})`, { exchangeCode: LOGIN_EXPIRED });
    this.restart(error, 0, resyncClock());
  }

  private onSubscribeRefused(msg: string): void {
    const named = argFromErrorMessage(msg);
    const pending = this.subs.pendingArgs();
    const target = named && this.subs.has(named) ? named : pending.length === 1 ? pending[0] : undefined;
    if (target) this.subs.markFailed(target, msg);
    this.report(new StreamError('WS_SUBSCRIBE_FAILED', `subscription refused (30001): ${msg}`, { exchangeCode: '30001' }));
    this.refreshSubscriptionState();
  }

  private fatal(code: string, msg: string): void {
    const error = new StreamError('WS_LOGIN_FAILED', `login refused (${code}: ${msg}); check the API key, passphrase, secret and clock. Not retrying.`, { exchangeCode: code });
    this.teardown(true);
    this.update({ state: 'fatal', lastError: error.message, lastErrorCode: code, nextRetryAt: null });
    this.events.emit('error', error);
    this.events.emit('down', error);
  }

  private onSocketGone(error: StreamError): void {
    const state = this.health.state;
    if (state === 'closed' || state === 'fatal' || state === 'reconnecting') return;
    this.restart(error);
  }

  /** Drops the current socket (if any) and reconnects after the backoff delay (or `delayMs`), and after `gate` settles when given. */
  private restart(error: StreamError, delayMs?: number, gate?: Promise<unknown>): void {
    this.teardown();
    this.events.emit('down', error);
    this.scheduleReconnect(error, delayMs, gate);
  }

  private scheduleReconnect(error: StreamError, delayMs?: number, gate?: Promise<unknown>): void {
    // Only a socket that stayed ready a while resets the backoff: one that drops right after login or subscribe keeps growing it.
    if (this.readyAt !== null && this.now() - this.readyAt >= (this.options.stableAfterMs ?? 10_000)) this.backoff.reset();
    this.readyAt = null;
    const delay = delayMs ?? this.backoff.next();
    const reconnects = this.health.reconnects + 1;
    this.update({ state: 'reconnecting', reconnects, lastError: error.message, lastErrorCode: error.exchangeCode ?? error.code, nextRetryAt: this.now() + delay });
    this.events.emit('error', error);
    const reopen = () => {
      if (this.health.state === 'reconnecting' && this.socket === null) this.openSocket();
    };
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (gate) gate.then(reopen, reopen);
      else reopen();
    }, delay);
  }

  private scheduleUpgradeReconnect(): void {
    if (this.upgradeTimer !== null) return;
    const socket = this.socket;
    this.upgradeTimer = this.timers.setTimeout(() => {
      this.upgradeTimer = null;
      if (socket !== this.socket || this.health.state === 'closed' || this.health.state === 'fatal') return;
      this.restart(new StreamError('WS_SOCKET_CLOSED', 'reconnecting ahead of the announced service upgrade (30033)', { exchangeCode: '30033' }), 0);
    }, this.options.upgradeReconnectDelayMs ?? 1000);
  }

  private armHandshakeTimer(): void {
    this.timers.clearTimeout(this.handshakeTimer);
    this.handshakeTimer = this.timers.setTimeout(() => {
      this.handshakeTimer = null;
      const state = this.health.state;
      if (state === 'connecting' || state === 'authenticating') {
        this.restart(new StreamError('WS_HANDSHAKE_TIMEOUT', `no ${state === 'connecting' ? 'socket open' : 'login ack'} within the handshake timeout; reconnecting`));
      }
    }, this.options.handshakeTimeoutMs ?? 10_000);
  }

  /** Stops timers and drops the socket without emitting anything; `graceful` sends a close frame, otherwise the socket is killed. */
  private teardown(graceful = false): void {
    this.heartbeat.stop();
    this.pacer.reset();
    for (const t of [this.retryTimer, this.handshakeTimer, this.upgradeTimer]) this.timers.clearTimeout(t);
    this.retryTimer = null;
    this.handshakeTimer = null;
    this.upgradeTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.on('error', () => undefined);
    if (graceful && socket.readyState === WebSocket.OPEN) socket.close(1000);
    else socket.terminate();
  }

  private sendSubscriptions(op: 'subscribe' | 'unsubscribe', args: readonly StreamArg[]): void {
    for (const chunk of chunkArgs(args, this.options.maxArgsPerFrame)) this.pacer.enqueue(subscriptionFrame(op, chunk));
  }

  private refreshSubscriptionState(): void {
    const counts = this.subs.counts();
    let state: ConnectionState = this.health.state;
    if (isReadyState(state)) {
      const base: ConnectionState = this.options.kind === 'private' ? 'authenticated' : 'open';
      state = counts.pending === 0 && counts.subscribed > 0 ? 'subscribed' : base;
    }
    this.update({ state, ...counts });
  }

  private write(text: string): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send(text);
  }

  private report(error: StreamError): void {
    this.update({ lastError: error.message, lastErrorCode: error.exchangeCode ?? error.code });
    this.events.emit('error', error);
  }

  private update(patch: Partial<ConnectionHealth>): void {
    const next = { ...this.health, ...patch };
    const changed = (Object.keys(patch) as (keyof ConnectionHealth)[]).some((k) => this.health[k] !== next[k]);
    this.health = next;
    if (!changed) return;
    this.lastHealthEmitAt = this.now();
    this.events.emit('health', next);
  }
}


function assertNever(value: never): never {
  throw new Error(`unhandled frame kind: ${preview(JSON.stringify(value))}`);
}
