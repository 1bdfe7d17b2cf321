import { formatClock } from '../domain/time-format.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { ExchangeError } from '../exchange/wire/errors.js';
import type { AppState } from '../store/app-state.js';
import type { AppStore } from '../store/create-app-store.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import type { CountdownServices } from './app-services.js';
import { reasonOf } from './order-transport.js';

/** Shortest countdown window the exchange accepts, seconds. */
export const COUNTDOWN_MIN_SEC = 5;
/** Longest countdown window the exchange accepts, seconds. */
export const COUNTDOWN_MAX_SEC = 60;
/** The operation is limited to one call per second per UID: calls are spaced at least this far apart, ms. */
export const COUNTDOWN_MIN_SPACING_MS = 1000;

/** Timer functions (injectable so tests drive them with fake timers). */
export interface CountdownTimers {
  /** Runs `fn` once after `ms`; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending `setTimeout` by its handle. */
  clearTimeout(handle: unknown): void;
}

/** Dependencies of `CountdownService`. */
export interface CountdownServiceDeps {
  readonly api: ExchangeApi;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  /** Writes to the event log (and the file log). */
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Null while the connection is healthy enough to keep renewing; otherwise why not (see `countdownHealth`). */
  readonly healthy: () => string | null;
  /** Timers; default the global setTimeout/clearTimeout (unref'd, so they never hold the process open). */
  readonly timers?: CountdownTimers;
  /** Called once the countdown fired, to reload open orders (e.g. `() => privateService.resync()`). Optional. */
  readonly refreshOrders?: () => Promise<void>;
  /** How often health, renewals and expiry are checked, ms. Default 250. */
  readonly tickMs?: number;
  /** Time after the expected expiry before the countdown counts as fired (the exchange's own timer granularity), ms. Default 500. */
  readonly fireGraceMs?: number;
}

const globalTimers: CountdownTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Why `windowSec` is not a valid countdown window, or null when it is (a whole number of seconds, 5–60). */
export function countdownWindowProblem(windowSec: number): string | null {
  if (!Number.isInteger(windowSec) || windowSec < COUNTDOWN_MIN_SEC || windowSec > COUNTDOWN_MAX_SEC) {
    return `the countdown window must be a whole number of seconds from ${COUNTDOWN_MIN_SEC} to ${COUNTDOWN_MAX_SEC} (got ${String(windowSec)})`;
  }
  return null;
}

/** Pause between renewals for a window of `windowSec`: a third of the window, at least the rate limit's spacing, ms. */
export function renewIntervalMs(windowSec: number): number {
  return Math.max(COUNTDOWN_MIN_SPACING_MS, Math.floor((windowSec * 1000) / 3));
}

/**
 * Whether the connection is healthy enough to keep renewing the countdown, from the store's
 * connection slice: null when healthy, otherwise the reason ("private socket reconnecting",
 * "REST failing: EXCH_NETWORK"). The private socket must be logged in; REST must not be failing at
 * the transport level (a business rejection of some other request does not count).
 */
export function countdownHealth(state: AppState): string | null {
  const priv = state.connection.private;
  if (priv.state !== 'authenticated' && priv.state !== 'subscribed') return `private socket ${priv.state}`;
  const restError = state.connection.rest.lastError;
  if (restError === 'EXCH_NETWORK' || restError === 'EXCH_TIMEOUT' || restError === 'EXCH_UNKNOWN_RESULT') return `REST failing: ${restError}`;
  return null;
}

/** True for failures that will not go away by sending the same request again. */
function isRefusal(error: unknown): boolean {
  return error instanceof ExchangeError && (error.code === 'EXCH_REJECTED' || error.code === 'EXCH_AUTH' || error.code === 'EXCH_VALIDATION');
}

/**
 * The dead-man countdown (countdown-cancel-all). `arm` sets a window of 5–60 s; while armed the
 * service renews it every third of the window as long as `healthy()` says so. When health is lost,
 * or the exchange refuses a renewal, it stops renewing on purpose — the exchange then cancels every
 * UTA order when the window runs out — and marks the countdown failing with the time that happens.
 * Renewals resume when health returns before the window has run out; a transient failure is tried
 * again a second later while healthy; a refusal stops renewals until the user arms again. Past the
 * window without a renewal the countdown is marked fired. Calls are serialised and spaced ≥ 1 s apart.
 */
export class CountdownService implements CountdownServices {
  private readonly timers: CountdownTimers;
  private readonly tickMs: number;
  private readonly graceMs: number;
  private armed = false;
  private windowSec = 30;
  private lastAckAt = 0;
  private expiresAt = 0;
  private nextRenewAt = 0;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  /** Calls queued or in flight (renewals wait while any is). */
  private pending = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** Why health holds renewals back, or null. */
  private held: string | null = null;
  /** Why the last renewal failed, or null. */
  private failure: string | null = null;
  /** The error the last arm or disarm failed with, or undefined when it succeeded (see `lastFailure`). */
  private lastCallError: unknown = undefined;
  /** True after the exchange refused a renewal: no more until the user arms again. */
  private refused = false;
  private timer: unknown = null;
  private stopped = false;

  constructor(private readonly deps: CountdownServiceDeps) {
    this.timers = deps.timers ?? globalTimers;
    this.tickMs = deps.tickMs ?? 250;
    this.graceMs = deps.fireGraceMs ?? 500;
  }

  /** Arms (or re-arms) with a window of `windowSec` (5–60 s) and starts renewing; resolves with null or why it failed. */
  async arm(windowSec: number): Promise<string | null> {
    const problem = countdownWindowProblem(windowSec);
    if (problem) {
      this.lastCallError = undefined;
      this.deps.log('warn', `countdown not armed: ${problem}`);
      return problem;
    }
    this.stopped = false;
    const verb = this.armed ? 're-arming' : 'arming';
    this.deps.log('info', `${verb} the countdown: the exchange cancels every UTA order unless renewed within ${windowSec}s`);
    return this.serial(async () => {
      this.lastCallError = undefined;
      try {
        await this.send(String(windowSec));
      } catch (error) {
        this.lastCallError = error;
        const reason = reasonOf(error);
        this.deps.log('error', `countdown ${verb === 'arming' ? 'arm' : 're-arm'} failed: ${reason}${this.armed ? `; the previous window still runs out at ${formatClock(this.expiresAt)} unless renewed` : ''}`);
        return reason;
      }
      this.refused = false;
      this.windowSec = windowSec;
      this.onAck();
      this.deps.log('ok', `countdown armed: ${windowSec}s window, renewed every ${(renewIntervalMs(windowSec) / 1000).toFixed(1)}s while healthy`);
      this.schedule();
      return null;
    });
  }

  /** Disarms ("0") and stops renewing; resolves with null or why it failed (then it stays armed and keeps renewing). */
  async disarm(): Promise<string | null> {
    this.deps.log('info', 'disarming the countdown');
    return this.serial(async () => {
      this.lastCallError = undefined;
      try {
        await this.send('0');
      } catch (error) {
        this.lastCallError = error;
        const reason = reasonOf(error);
        this.deps.log('error', `countdown disarm failed: ${reason}${this.armed ? `; it is still armed (runs out at ${formatClock(this.expiresAt)} unless renewed) and keeps renewing while healthy` : ''}`);
        return reason;
      }
      this.armed = false;
      this.held = null;
      this.failure = null;
      this.clearTimer();
      this.deps.store.getState().setCountdownDisarmed();
      this.deps.log('ok', 'countdown disarmed: orders stay open');
      return null;
    });
  }

  /**
   * The error the last `arm` or `disarm` failed with (an `ExchangeError` when the exchange or the
   * transport failed), or undefined when it succeeded or was refused before sending. Read it right
   * after the call resolves: unlike the REST client's last error, no other request overwrites it.
   */
  lastFailure(): unknown {
    return this.lastCallError;
  }

  /** Stops timers without disarming (quitting with the countdown kept armed). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private serial(run: () => Promise<string | null>): Promise<string | null> {
    this.pending += 1;
    const next = this.queue.then(run).finally(() => {
      this.pending -= 1;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Sends one countdown call, at least `COUNTDOWN_MIN_SPACING_MS` after the previous one. Another
   * client of the same account (a script's `utadash countdown`, a second cockpit) spends the same
   * 1/s allowance: the REST client waits out a 429 and sends the call once more (the operation is
   * idempotent in the operations table), so a 429 reaching here is the second one.
   */
  private async send(countdown: string): Promise<void> {
    await this.pause(this.lastSentAt + COUNTDOWN_MIN_SPACING_MS - this.deps.now());
    this.lastSentAt = this.deps.now();
    await this.deps.api.trade.countdownCancelAll({ countdown });
  }

  private async pause(ms: number): Promise<void> {
    if (ms > 0) await new Promise<void>((resolve) => this.timers.setTimeout(resolve, ms));
  }

  private onAck(): void {
    const at = this.deps.now();
    this.armed = true;
    this.failure = null;
    this.lastAckAt = at;
    this.expiresAt = at + this.windowSec * 1000;
    this.nextRenewAt = at + renewIntervalMs(this.windowSec);
    this.deps.store.getState().setCountdownArmed(this.windowSec, at);
    const still = this.held ?? this.failure;
    if (still) this.deps.store.getState().setCountdownFailing(still);
  }

  private renew(): Promise<string | null> {
    return this.serial(async () => {
      if (!this.armed || this.stopped) return null;
      try {
        await this.send(String(this.windowSec));
      } catch (error) {
        this.onRenewFailed(error);
        return reasonOf(error);
      }
      if (!this.armed || this.stopped) return null;
      const recovered = this.failure !== null;
      this.onAck();
      if (recovered) this.deps.log('ok', `countdown renewed again: runs out at ${formatClock(this.expiresAt)} unless renewed`);
      return null;
    });
  }

  private onRenewFailed(error: unknown): void {
    const reason = reasonOf(error);
    this.failure = reason;
    const at = formatClock(this.expiresAt);
    if (isRefusal(error)) {
      this.refused = true;
      this.deps.log('error', `countdown renewal refused: ${reason}; renewals stopped — orders cancel at ${at} unless you arm again`);
    } else {
      this.nextRenewAt = this.deps.now() + COUNTDOWN_MIN_SPACING_MS;
      this.deps.log('warn', `countdown renewal failed: ${reason}; trying again while healthy — orders cancel at ${at} otherwise`);
    }
    this.deps.store.getState().setCountdownFailing(reason);
  }

  private schedule(): void {
    if (this.stopped || !this.armed || this.timer !== null) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.tick();
      this.schedule();
    }, this.tickMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private tick(): void {
    if (!this.armed || this.stopped) return;
    const now = this.deps.now();
    // A call in flight decides the outcome itself: no expiry verdict and no second call meanwhile.
    if (this.pending === 0 && now > this.expiresAt + this.graceMs) {
      this.fire(now);
      return;
    }
    const reason = this.deps.healthy();
    if (reason !== null) {
      if (this.held !== reason) {
        this.held = reason;
        this.deps.log('warn', `countdown renewals stopped: ${reason} — orders cancel at ${formatClock(this.expiresAt)} unless health returns`);
        this.deps.store.getState().setCountdownFailing(reason);
      }
      return;
    }
    if (this.held !== null) {
      const was = this.held;
      this.held = null;
      if (now < this.expiresAt) {
        this.nextRenewAt = now;
        this.deps.log('info', `health is back (was: ${was}); renewing the countdown`);
      }
    }
    if (this.pending === 0 && !this.refused && now < this.expiresAt && now >= this.nextRenewAt) void this.renew();
  }

  private fire(now: number): void {
    this.armed = false;
    this.clearTimer();
    const why = this.held ?? this.failure;
    this.held = null;
    this.failure = null;
    this.deps.store.getState().setCountdownFired(now);
    this.deps.log('error', `countdown expired: the exchange cancelled all UTA orders (last renewal ${formatClock(this.lastAckAt)}, window ${this.windowSec}s${why ? `; renewals had stopped: ${why}` : ''})`);
    const refresh = this.deps.refreshOrders;
    if (refresh) {
      refresh().catch((error: unknown) => this.deps.log('warn', `reloading open orders after the countdown fired failed: ${reasonOf(error)}`));
    }
  }
}
