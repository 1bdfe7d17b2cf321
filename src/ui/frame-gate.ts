import type { StoreApi } from 'zustand/vanilla';

/** The timer the gate waits on (injected so tests control time). */
export interface GateTimer {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
}

const systemTimer: GateTimer = {
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    handle.unref?.();
    return handle;
  },
};

/** How the gate paces; only `intervalMs` is required. */
export interface FrameGateOptions {
  /** Least time between two batches of streamed changes, ms. */
  readonly intervalMs: number;
  /** Monotonic ms for the pacing (default `performance.now`). */
  readonly now?: () => number;
  readonly timer?: GateTimer;
  /** The screen clock (`clock()`): the app's Unix ms clock, re-read about every `clockEveryMs` (default 1000) at a batch. */
  readonly wall?: () => number;
  readonly clockEveryMs?: number;
}

/** A store view whose change notifications the gate paces; reads are the store's own, always current. */
export type GatedStore<S> = Pick<StoreApi<S>, 'getState' | 'getInitialState' | 'subscribe'>;

/** The pacing of the screen's redraws; see `createFrameGate`. */
export interface FrameGate<S> {
  /** What the UI subscribes to instead of the store. */
  readonly store: GatedStore<S>;
  /**
   * The same pacing for another source the screen follows (e.g. the candle series' `onChange`):
   * the returned subscribe hears of that source's changes in the gate's next batch.
   */
  pace(subscribe: (listener: () => void) => () => void): (listener: () => void) => () => void;
  /** Runs `fn` (a key's handling): changes made inside reach the screen when it returns, unpaced. */
  input<T>(fn: () => T): T;
  /** Screen updates passed on since the start (tests, stats). */
  flushes(): number;
  /**
   * The screen clock (Unix ms): re-read from `wall` at the first batch once `clockEveryMs` less a
   * quarter has passed, so ages and countdowns tick in a frame streaming data draws anyway; with
   * nothing streaming, a tick of its own each `clockEveryMs`. Changes only then (a snapshot).
   */
  clock(): number;
}

/**
 * Paces the redraws that streaming data causes. Every store change reaches the UI's subscribers,
 * but at most one batch each `intervalMs`: the first change after a quiet interval goes out at once,
 * later ones wait for the interval's end and go out together (one React render, one Ink frame, for
 * a market tick and the private pushes around it). Changes made while a key is handled (`input`)
 * go out when the handling ends, whatever the interval, so keys never wait for the pace. Reads
 * (`getState`) are never delayed: a render always shows the newest state.
 *
 * The store's own subscribers (services, alerts, the placement watch) are not paced; only the
 * screen's are.
 */
export function createFrameGate<S>(source: StoreApi<S>, options: FrameGateOptions): FrameGate<S> {
  const { intervalMs, now = () => performance.now(), timer = systemTimer, wall = Date.now, clockEveryMs = 1000 } = options;
  type Listener = (state: S, previous: S) => void;
  const listeners = new Set<Listener>();
  // Listeners of paced sources whose source changed since the last batch.
  const pacedDue = new Set<() => void>();
  let last = -Infinity;
  let pending: unknown = null;
  let dirty = false;
  let depth = 0;
  let count = 0;
  let clock = wall();
  const clockDue = (): boolean => wall() - clock >= clockEveryMs * 0.75;
  // The state the subscribers saw last (their `previous` in the next notification).
  let seen = source.getState();

  const flush = (): void => {
    if (pending !== null) {
      timer.clearTimeout(pending);
      pending = null;
    }
    if (!dirty) return;
    dirty = false;
    last = now();
    const ticked = clockDue();
    if (ticked) clock = wall();
    count += 1;
    const state = source.getState();
    const previous = seen;
    seen = state;
    // The screen clock is read through the same subscription (useClock).
    if (state !== previous || ticked) for (const listener of [...listeners]) listener(state, previous);
    const paced = [...pacedDue];
    pacedDue.clear();
    for (const listener of paced) listener();
  };

  const onChange = (): void => {
    dirty = true;
    if (depth > 0 || pending !== null) return;
    const wait = last + intervalMs - now();
    if (wait <= 0) flush();
    else pending = timer.setTimeout(flush, wait);
  };
  source.subscribe(onChange);
  // With nothing streaming the clock still ticks: a batch of its own when it is due.
  timer.setInterval(() => {
    if (clockDue()) onChange();
  }, clockEveryMs);

  return {
    store: {
      getState: () => source.getState(),
      getInitialState: () => source.getInitialState(),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    pace: (subscribe) => (listener) => {
      const off = subscribe(() => {
        pacedDue.add(listener);
        onChange();
      });
      return () => {
        off();
        pacedDue.delete(listener);
      };
    },
    input: (fn) => {
      depth += 1;
      try {
        return fn();
      } finally {
        depth -= 1;
        if (depth === 0 && dirty) flush();
      }
    },
    flushes: () => count,
    clock: () => clock,
  };
}
