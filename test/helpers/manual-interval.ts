import type { IntervalTimer } from '../../src/services/coalescer.js';

/** An interval timer that never fires by itself: `fire()` runs every live interval once, now. */
export interface ManualIntervalTimer extends IntervalTimer {
  /** Runs each interval set and not cleared, once, in the order they were set. */
  fire(): void;
  /** How many intervals are set and not cleared. */
  readonly live: number;
}

/**
 * For a test whose subject is what a periodic task does (a poll, a publish tick), not when: the
 * task runs when the test says, so "before the next tick" is exact, and no test waits out a period.
 */
export function manualIntervalTimer(): ManualIntervalTimer {
  const intervals = new Map<number, () => void>();
  let next = 0;
  return {
    setInterval: (fn) => {
      next += 1;
      intervals.set(next, fn);
      return next;
    },
    clearInterval: (handle) => {
      intervals.delete(handle as number);
    },
    fire: () => {
      for (const fn of [...intervals.values()]) fn();
    },
    get live() {
      return intervals.size;
    },
  };
}

/**
 * Node's intervals, as the app's default timer runs them, plus `fire()`: each live interval once,
 * now. For a test that needs what the next tick would publish at a moment of its choosing (e.g.
 * the state once the sockets are closed) without waiting for the tick.
 */
export function firableIntervalTimer(): ManualIntervalTimer {
  const intervals = new Map<NodeJS.Timeout, () => void>();
  return {
    setInterval: (fn, ms) => {
      const handle = setInterval(fn, ms);
      handle.unref();
      intervals.set(handle, fn);
      return handle;
    },
    clearInterval: (handle) => {
      clearInterval(handle as NodeJS.Timeout);
      intervals.delete(handle as NodeJS.Timeout);
    },
    fire: () => {
      for (const fn of [...intervals.values()]) fn();
    },
    get live() {
      return intervals.size;
    },
  };
}
