/** A timer seam: the real one in the app, fake timers or manual flushes in tests. */
export interface IntervalTimer {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Node's timers, unref'd so a forgotten coalescer never keeps the process alive. */
export const systemIntervalTimer: IntervalTimer = {
  setInterval: (fn, ms) => {
    const h = setInterval(fn, ms);
    h.unref();
    return h;
  },
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

/**
 * Collects stream work between publishes: keyed latest-value buffers flushed together at most every
 * `intervalMs` (default 100 ms, i.e. ≤ 10 store updates a second per slice). Stream handlers mutate
 * engine structures outside React and only mark keys dirty here.
 */
export class Coalescer<V> {
  private pending = new Map<string, V>();
  private handle: unknown = null;

  /**
   * @param publish receives every key marked since the last flush (latest value per key).
   * @param intervalMs publish period.
   * @param timer timer seam.
   */
  constructor(
    private readonly publish: (batch: ReadonlyMap<string, V>) => void,
    private readonly intervalMs = 100,
    private readonly timer: IntervalTimer = systemIntervalTimer,
  ) {}

  /** Records the latest value for a key; it is published with the next flush. */
  put(key: string, value: V): void {
    this.pending.set(key, value);
    if (this.handle === null) this.handle = this.timer.setInterval(() => this.flush(), this.intervalMs);
  }

  /** Publishes what is pending now (also called by the timer). */
  flush(): void {
    if (this.pending.size === 0) {
      if (this.handle !== null) {
        this.timer.clearInterval(this.handle);
        this.handle = null;
      }
      return;
    }
    const batch = this.pending;
    this.pending = new Map();
    this.publish(batch);
  }

  /** Drops pending values and stops the timer. */
  stop(): void {
    this.pending.clear();
    if (this.handle !== null) this.timer.clearInterval(this.handle);
    this.handle = null;
  }
}
