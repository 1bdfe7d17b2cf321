/** Anything that tells of its changes (a zustand store's `subscribe`, among others). */
export interface ChangeSource {
  /** Calls `listener` after each change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

/**
 * Updates that can wait a moment (a socket's last-message time, its ping round trip, the UI clock's
 * tick) run together with the next change of a source (the app's store), inside its notification, so
 * React draws both in one frame; when the source stays quiet they run by themselves after `maxWaitMs`.
 * Each would cost a frame of its own otherwise: CPU, and bytes over SSH. A write queued under a key
 * replaces the one waiting under that key. Timers only, no I/O, no state of the app: services and UI
 * hooks both use it.
 */
export class UpdateJoiner {
  private readonly pending = new Map<string, () => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing = false;
  private readonly off: () => void;

  /**
   * @param source whose next change the writes join (the app's store).
   * @param maxWaitMs longest a write waits for company, ms (default 250).
   */
  constructor(
    source: ChangeSource,
    private readonly maxWaitMs = 250,
  ) {
    this.off = source.subscribe(() => this.flush());
  }

  /** Queues `write` under `key`; it runs with the source's next change, or after `maxWaitMs`. */
  defer(key: string, write: () => void): void {
    this.pending.set(key, write);
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.flush(), this.maxWaitMs);
    this.timer.unref?.();
  }

  /** Drops the write waiting under `key` (a newer one was written at once). */
  cancel(key: string): void {
    this.pending.delete(key);
  }

  /** Runs every waiting write now. */
  flush(): void {
    if (this.flushing || this.pending.size === 0) return;
    this.flushing = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const writes = [...this.pending.values()];
    this.pending.clear();
    try {
      for (const write of writes) write();
    } finally {
      this.flushing = false;
    }
  }

  /** Stops listening; waiting writes are dropped. */
  stop(): void {
    this.off();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
