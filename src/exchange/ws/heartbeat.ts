import type { TimerHandle, Timers } from './connection-state.js';

/** Keepalive (protocol-notes §4.2): text `ping` every interval, `pong` expected within a timeout. */

/** Default ping interval, ms (the server drops sockets silent for 2 min; 20 s keeps a wide margin). */
export const DEFAULT_PING_INTERVAL_MS = 20_000;
/** Default wait for the `pong`, ms. */
export const DEFAULT_PONG_TIMEOUT_MS = 10_000;

/** Heartbeat wiring. */
export interface HeartbeatOptions {
  /** Time between a pong (or start) and the next ping, ms. Default 20 000. */
  readonly intervalMs?: number;
  /** How long to wait for a `pong` after a `ping`, ms. Default 10 000. */
  readonly pongTimeoutMs?: number;
  /** Timer seam. */
  readonly timers: Timers;
  /** Unix ms clock (for the round trip). */
  readonly now: () => number;
  /** Sends the text frame `ping`. */
  readonly sendPing: () => void;
  /** Called with the round trip, ms, when a pong answers the outstanding ping. */
  readonly onRtt: (rttMs: number) => void;
  /** Called once when a pong did not arrive in time; the owner restarts the socket. */
  readonly onTimeout: () => void;
}

/** One socket's ping/pong cycle. `start()` after open, `stop()` on close; `notePong()` on every `pong`. */
export class Heartbeat {
  private pingTimer: TimerHandle = null;
  private pongTimer: TimerHandle = null;
  private pingSentAt: number | null = null;
  private running = false;

  /** @param options see `HeartbeatOptions`. */
  constructor(private readonly options: HeartbeatOptions) {}

  /** Schedules the first ping one interval from now. Restarts cleanly if already running. */
  start(): void {
    this.stop();
    this.running = true;
    this.schedulePing();
  }

  /** Cancels every timer; no callbacks fire afterwards. */
  stop(): void {
    this.running = false;
    this.options.timers.clearTimeout(this.pingTimer);
    this.options.timers.clearTimeout(this.pongTimer);
    this.pingTimer = null;
    this.pongTimer = null;
    this.pingSentAt = null;
  }

  /** True while a ping waits for its pong. */
  get awaitingPong(): boolean {
    return this.pingSentAt !== null;
  }

  /** Records a `pong`: reports the round trip and schedules the next ping. A pong without a ping is ignored. */
  notePong(): void {
    if (!this.running || this.pingSentAt === null) return;
    const rtt = Math.max(0, this.options.now() - this.pingSentAt);
    this.pingSentAt = null;
    this.options.timers.clearTimeout(this.pongTimer);
    this.pongTimer = null;
    this.options.onRtt(rtt);
    this.schedulePing();
  }

  private schedulePing(): void {
    this.options.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.options.timers.setTimeout(() => this.ping(), this.options.intervalMs ?? DEFAULT_PING_INTERVAL_MS);
  }

  private ping(): void {
    this.pingTimer = null;
    if (!this.running) return;
    this.pingSentAt = this.options.now();
    this.pongTimer = this.options.timers.setTimeout(() => {
      this.pongTimer = null;
      if (!this.running) return;
      this.stop();
      this.options.onTimeout();
    }, this.options.pongTimeoutMs ?? DEFAULT_PONG_TIMEOUT_MS);
    this.options.sendPing();
  }
}
