import type { Clock } from '../../domain/model.js';
import type { RateLimit, RateScope } from '../wire/operation-types.js';

/**
 * Client-side rate limiting per the operations table's `rate` fields (bucket, perSecond, scope).
 *
 * Each bucket holds `perSecond` tokens; a token taken at time t comes back at t + window (1 s).
 * That is a token bucket whose tokens refill individually, and it guarantees at most `perSecond`
 * grants in ANY window-long interval, so it stays under the exchange's limit however the exchange
 * aligns its own window. `acquire` never fails: it waits, first come first served per bucket.
 */

/** Timer functions, injected so tests run without real time. */
export interface LimiterTimers {
  /** Calls `fn` after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending `setTimeout`. */
  clearTimeout(handle: unknown): void;
}

/** Real timers (`globalThis.setTimeout`), unref'd so a waiting limiter never keeps the process alive. */
export const realTimers: LimiterTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** A bucket's state for the status bar. */
export interface BucketHeadroom {
  /** Bucket name from the operations table, e.g. `trade.place`. */
  readonly bucket: string;
  /** Counted per UID or per IP. */
  readonly scope: RateScope;
  /** Capacity: requests per window. */
  readonly perSecond: number;
  /** Tokens free right now (0 … perSecond). */
  readonly available: number;
  /** Callers waiting for a token. */
  readonly queued: number;
}

/** Options of `RateLimiter`. */
export interface RateLimiterOptions {
  /** Resolves an operation id to its rate record (normally `OPERATION_BY_ID.get(id)?.rate`). */
  readonly rateOf: (opId: string) => RateLimit | undefined;
  /** Time source, Unix ms. */
  readonly clock: Clock;
  /** Timers; default real (unref'd) timers. */
  readonly timers?: LimiterTimers;
  /**
   * Window length in ms; default 1100. The table's limits are per second, but two requests sent
   * exactly 1000 ms apart can arrive closer together (network jitter), and the exchange counts
   * arrivals: the extra 10 % keeps the client from ever causing a 429 itself.
   */
  readonly windowMs?: number;
}

interface Waiter {
  readonly resolve: () => void;
}

interface Bucket {
  readonly rate: RateLimit;
  /** Times (ms) at which spent tokens were taken, oldest first; at most `perSecond` entries. */
  readonly spent: number[];
  readonly queue: Waiter[];
  timer: unknown;
  /** No token is granted before this time (set after the exchange answered 429). */
  blockedUntil: number;
}

/** Default limiter window: one second plus a 10 % margin for arrival jitter. */
export const DEFAULT_WINDOW_MS = 1100;

/** Token buckets keyed by scope and bucket name. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly timers: LimiterTimers;
  private readonly windowMs: number;

  constructor(private readonly options: RateLimiterOptions) {
    this.timers = options.timers ?? realTimers;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  }

  /**
   * Resolves when a token for `opId`'s bucket is taken. Never rejects; waits in FIFO order.
   * Operations without a rate record pass straight through.
   */
  acquire(opId: string): Promise<void> {
    const bucket = this.bucketFor(opId);
    if (!bucket) return Promise.resolve();
    if (bucket.queue.length === 0 && this.tryTake(bucket)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      bucket.queue.push({ resolve });
      this.schedule(bucket);
    });
  }

  /**
   * Called after the exchange answered 429 for `opId`: no token of its bucket is granted for one
   * window, so queued callers back off instead of hammering the exchange.
   */
  penalize(opId: string): void {
    const bucket = this.bucketFor(opId);
    if (!bucket) return;
    bucket.blockedUntil = this.options.clock.now() + this.windowMs;
    this.schedule(bucket);
  }

  /** Snapshot of every bucket used so far, sorted by bucket name. */
  headroom(): BucketHeadroom[] {
    const now = this.options.clock.now();
    return [...this.buckets.values()]
      .map((b) => {
        this.expire(b, now);
        const free = now < b.blockedUntil ? 0 : b.rate.perSecond - b.spent.length;
        return { bucket: b.rate.bucket, scope: b.rate.scope, perSecond: b.rate.perSecond, available: Math.max(0, free), queued: b.queue.length };
      })
      .sort((a, b) => a.bucket.localeCompare(b.bucket));
  }

  /** Cancels pending timers (waiters stay pending); call on shutdown. */
  close(): void {
    for (const b of this.buckets.values()) {
      if (b.timer !== undefined) this.timers.clearTimeout(b.timer);
      b.timer = undefined;
    }
  }

  private bucketFor(opId: string): Bucket | undefined {
    const rate = this.options.rateOf(opId);
    if (!rate || rate.perSecond <= 0) return undefined;
    const key = `${rate.scope}:${rate.bucket}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { rate, spent: [], queue: [], timer: undefined, blockedUntil: 0 };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private expire(bucket: Bucket, now: number): void {
    while (bucket.spent.length > 0 && (bucket.spent[0] ?? 0) + this.windowMs <= now) bucket.spent.shift();
  }

  private tryTake(bucket: Bucket): boolean {
    const now = this.options.clock.now();
    if (now < bucket.blockedUntil) return false;
    this.expire(bucket, now);
    if (bucket.spent.length >= bucket.rate.perSecond) return false;
    bucket.spent.push(now);
    return true;
  }

  /** Grants tokens to queued callers in order, then arms one timer for the next free token. */
  private drain(bucket: Bucket): void {
    bucket.timer = undefined;
    while (bucket.queue.length > 0 && this.tryTake(bucket)) bucket.queue.shift()?.resolve();
    this.schedule(bucket);
  }

  private schedule(bucket: Bucket): void {
    if (bucket.queue.length === 0) return;
    if (bucket.timer !== undefined) this.timers.clearTimeout(bucket.timer);
    const now = this.options.clock.now();
    this.expire(bucket, now);
    const freeAt = bucket.spent.length >= bucket.rate.perSecond ? (bucket.spent[0] ?? now) + this.windowMs : now;
    const wait = Math.max(0, Math.max(freeAt, bucket.blockedUntil) - now);
    bucket.timer = this.timers.setTimeout(() => this.drain(bucket), wait);
  }
}
