/** Capped exponential reconnect backoff with full jitter. */

/** Backoff tuning. */
export interface BackoffOptions {
  /** Ceiling of the first delay, ms. Default 500. */
  readonly baseMs?: number;
  /** Largest ceiling any delay may have, ms. Default 30 000. */
  readonly capMs?: number;
  /** Uniform random in [0, 1). Default `Math.random`; inject for tests. */
  readonly random?: () => number;
}

/** Default first-delay ceiling, ms. */
export const DEFAULT_BACKOFF_BASE_MS = 500;
/** Default cap, ms. */
export const DEFAULT_BACKOFF_CAP_MS = 30_000;

/** The ceiling for attempt `attempt` (0-based): min(cap, base · 2^attempt), ms. */
export function backoffCeilingMs(attempt: number, baseMs = DEFAULT_BACKOFF_BASE_MS, capMs = DEFAULT_BACKOFF_CAP_MS): number {
  // 2^attempt overflows to Infinity for large attempts, which Math.min then caps.
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt));
}

/** Full jitter: a delay uniform in [0, ceiling], whole ms. `random` must return [0, 1]. */
export function backoffDelayMs(attempt: number, options: BackoffOptions = {}): number {
  const ceiling = backoffCeilingMs(attempt, options.baseMs, options.capMs);
  const r = Math.min(1, Math.max(0, (options.random ?? Math.random)()));
  return Math.round(r * ceiling);
}

/** Stateful backoff: each `next()` returns the delay for the next attempt and counts it. */
export class Backoff {
  private attempts = 0;
  /** @param options see `BackoffOptions`. */
  constructor(private readonly options: BackoffOptions = {}) {}

  /** Delay before the next attempt, ms; grows per call until `reset()`. */
  next(): number {
    const delay = backoffDelayMs(this.attempts, this.options);
    this.attempts += 1;
    return delay;
  }

  /** Attempts counted since the last reset. */
  get attempt(): number {
    return this.attempts;
  }

  /** Back to the first delay (call when a connection became healthy). */
  reset(): void {
    this.attempts = 0;
  }
}
