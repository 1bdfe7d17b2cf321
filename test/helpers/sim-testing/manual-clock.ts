/**
 * A fast-forwardable clock for tests: `now()` is the real time plus everything `advance` added, and
 * `sleep(ms)` resolves once `now()` reaches its deadline, by real time passing or by `advance`.
 * Give the same clock to the embedded exchange (`now`, `sleep`) and to the client, so a held
 * request or an acceptance window passes at `advance` without waiting.
 */

/** The clock `createManualClock` returns. Its functions work detached (`clock.now` passed alone). */
export interface ManualClock {
  /** Unix ms: `Date.now()` plus the total advanced. */
  now(): number;
  /** Resolves once `now()` reaches the call's `now()` + `ms` (at once for `ms` <= 0). */
  sleep(ms: number): Promise<void>;
  /** Moves the clock `ms` (>= 0) forward and resolves every sleep now due. */
  advance(ms: number): void;
}

interface Sleeper {
  readonly deadline: number;
  readonly resolve: () => void;
  timer: NodeJS.Timeout | null;
}

/** A clock at real time that `advance` moves ahead. */
export function createManualClock(): ManualClock {
  let offset = 0;
  const sleepers = new Set<Sleeper>();
  const now = (): number => Date.now() + offset;
  const wake = (s: Sleeper): void => {
    sleepers.delete(s);
    if (s.timer) clearTimeout(s.timer);
    s.resolve();
  };
  // Real time: re-check at the deadline (a timer may fire a little early), re-arm if not due yet.
  const arm = (s: Sleeper): void => {
    const left = s.deadline - now();
    if (left <= 0) return wake(s);
    // Unref'd: a sleep left pending by a finished test does not hold the process.
    s.timer = setTimeout(() => arm(s), left);
    s.timer.unref();
  };
  return {
    now,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const s: Sleeper = { deadline: now() + Math.max(0, ms), resolve, timer: null };
        sleepers.add(s);
        arm(s);
      }),
    advance: (ms) => {
      if (!(ms >= 0)) throw new RangeError(`advance: ms must be >= 0, got ${ms}`);
      offset += ms;
      const t = now();
      for (const s of [...sleepers]) if (t >= s.deadline) wake(s);
    },
  };
}
