import type { WsChannelHandler, WsConn } from '../server/ws-server.js';
import type { ReplayFrame, ReplayRestIndex } from './replay-index.js';
import { subscriptionKey } from './replay-index.js';

/**
 * Plays the recorded pushes of one socket kind back to whoever is connected. Order is the
 * recorded order, always; timing is the recorded time divided by the speed (or none at speed
 * Infinity). A push is held back until the REST reads recorded before it were asked for again
 * (so a snapshot read never lands after the pushes that followed it in the original session), and
 * until its arg is subscribed; pushes of an arg not subscribed yet wait for that subscription.
 * Logins and subscriptions are acknowledged; order requests are refused (a replay is read-only).
 */

/** Options of `ReplayFeed`. */
export interface ReplayFeedOptions {
  readonly kind: 'public' | 'private';
  readonly frames: readonly ReplayFrame[];
  readonly rest: ReplayRestIndex;
  /** Playback speed: 1 = as recorded, 2 = twice as fast, Infinity = as fast as possible. */
  readonly speed: number;
  /** Unix ms clock. */
  readonly now: () => number;
  /** When playback started, Unix ms (recorded `t` 0). */
  readonly startedAt: number;
  /**
   * How long a push may wait for the REST reads recorded before it, ms, before they are given up
   * on (a read the replayed app never repeats, e.g. a poll skipped by a faster clock). Default 1500.
   */
  readonly restWaitMs?: number;
  /** Pause after the REST reads a push waited for were served, before it goes out, ms; default 50. */
  readonly settleMs?: number;
  /** Told when the last push went out (or was parked for a subscription that never came). */
  readonly onDone?: () => void;
}

/** Code of the error a replay answers to order requests and writes. */
export const REPLAY_READ_ONLY = 'REPLAY_READ_ONLY';

/** The playback of one socket kind; it is also the socket handler of that kind. */
export class ReplayFeed implements WsChannelHandler {
  private cursor = 0;
  private conn: WsConn | null = null;
  private readonly subscribed = new Set<string>();
  /** Pushes whose arg was not subscribed when they were due, by subscription key. */
  private readonly parked = new Map<string, ReplayFrame[]>();
  /** Keys whose pushes went out at least once (a re-subscribe starts again at a snapshot). */
  private readonly delivered = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private blockedSince: number | null = null;
  private releaseAt: number | null = null;
  private stopped = false;
  private done = false;
  private readonly offUse: () => void;

  constructor(private readonly options: ReplayFeedOptions) {
    this.offUse = options.rest.onUse(() => this.schedule(0));
  }

  /** Pushes sent or parked so far. */
  get position(): number {
    return this.cursor;
  }

  /** Starts playback. */
  start(): void {
    this.pump();
  }

  /** Stops playback and timers. */
  stop(): void {
    this.stopped = true;
    this.offUse();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A client message (ping is answered by the socket server). */
  onMessage(conn: WsConn, message: Record<string, unknown>): void {
    this.conn = conn;
    const op = message.op;
    if (op === 'login') {
      conn.sendJson({ event: 'login', code: 0, msg: '', connId: conn.connId });
      return;
    }
    if (op === 'trade') {
      conn.sendJson({ event: 'error', id: message.id, code: REPLAY_READ_ONLY, msg: 'replay is read-only: the order request was not sent anywhere', connId: conn.connId });
      return;
    }
    const args = Array.isArray(message.args) ? message.args : [];
    for (const arg of args) {
      conn.sendJson({ event: op, arg, connId: conn.connId });
      const key = subscriptionKey(arg);
      if (key === null) continue;
      if (op === 'subscribe') this.onSubscribe(key);
      else this.subscribed.delete(key);
    }
  }

  /** The client went away: its subscriptions end with it. */
  onClose(conn: WsConn): void {
    if (conn !== this.conn) return;
    this.conn = null;
    this.subscribed.clear();
  }

  private onSubscribe(key: string): void {
    this.subscribed.add(key);
    let waiting = this.parked.get(key) ?? [];
    this.parked.delete(key);
    if (this.delivered.has(key)) {
      // A fresh subscription after earlier pushes: start again at the next snapshot, if one is waiting.
      const at = waiting.findIndex((f) => f.snapshot);
      if (at > 0) waiting = waiting.slice(at);
    }
    for (const f of waiting) this.send(f);
    this.checkDone();
  }

  private due(f: ReplayFrame): number {
    return Number.isFinite(this.options.speed) ? this.options.startedAt + f.t / this.options.speed : 0;
  }

  private schedule(ms: number): void {
    if (this.stopped || this.done) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, ms);
    this.timer.unref();
  }

  private pump(): void {
    const { frames, rest, now } = this.options;
    const waitMs = this.options.restWaitMs ?? 1500;
    while (!this.stopped && this.cursor < frames.length) {
      const f = frames[this.cursor];
      if (!f) break;
      const wait = this.due(f) - now();
      if (wait > 0) {
        this.schedule(Math.min(wait, 1000));
        return;
      }
      if (!rest.readsDoneBefore(f.n)) {
        this.blockedSince ??= now();
        const left = this.blockedSince + waitMs - now();
        if (left > 0) {
          this.schedule(left);
          return;
        }
        rest.abandonBefore(f.n);
      }
      if (this.blockedSince !== null) {
        // The reply that unblocked this push travels on another connection: give the client a
        // moment to apply it first, as it did in the recorded session.
        this.releaseAt ??= now() + (this.options.settleMs ?? 50);
        const left = this.releaseAt - now();
        if (left > 0) {
          this.schedule(left);
          return;
        }
      }
      this.blockedSince = null;
      this.releaseAt = null;
      this.cursor += 1;
      if (this.conn && this.subscribed.has(f.key)) this.send(f);
      else {
        const list = this.parked.get(f.key) ?? [];
        list.push(f);
        this.parked.set(f.key, list);
      }
    }
    this.checkDone();
  }

  private send(f: ReplayFrame): void {
    this.delivered.add(f.key);
    this.conn?.send(f.text);
  }

  private checkDone(): void {
    if (this.done || this.cursor < this.options.frames.length) return;
    this.done = true;
    this.options.onDone?.();
  }
}
