import { TestRunner } from 'vitest';

/**
 * Waits on state, never on a wall clock. A wait ends when its predicate holds; it has no deadline
 * of its own, so a busy machine only makes it slower, never failing. The one limit is the test's
 * (or hook's) timeout: when that fires, the timeout error names what was being waited for (the
 * `describe()` text, else the predicate's source) and the wait stops.
 */

// Captured at import, before any test fakes timers: a wait keeps working under `vi.useFakeTimers`.
const realSetTimeout = globalThis.setTimeout;
const realSetImmediate = globalThis.setImmediate;

/** Turns polled back to back before a wait starts sleeping between checks. */
const EAGER_TURNS = 16;
/** Longest sleep between two checks of a slow wait, ms (a poll, not a deadline). */
const MAX_PACE_MS = 8;

interface PendingWait {
  readonly what: () => string;
  readonly cancel: (reason: Error) => void;
}

/** Waits that have not ended yet, so a hook that runs out of time (no test signal there) can say which and stop them. */
const pending = new Set<PendingWait>();

/**
 * Registers a wait for cancellation: when the running test times out (its abort signal), `cancel`
 * gets the timeout error after `what()` has been added to its message; a wait in a hook is
 * cancelled when its file ends. Returns the function that ends the registration.
 */
export function cancelledWithTest(what: () => string, cancel: (reason: Error) => void): () => void {
  const entry: PendingWait = { what, cancel };
  pending.add(entry);
  const signal = TestRunner.getCurrentTest()?.context.signal;
  const onAbort = (): void => {
    const reason = signal?.reason instanceof Error ? signal.reason : new Error('the test was aborted');
    annotate(reason, `while waiting for: ${safely(what)}`);
    end();
    cancel(reason);
  };
  const end = (): void => {
    pending.delete(entry);
    signal?.removeEventListener('abort', onAbort);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  return end;
}

/**
 * Ends the waits still pending when a test file ends (they belong to a hook that timed out, where
 * no test signal exists): stops their polling and throws an error naming them. Called from an
 * `afterAll` of the setup file (`test/helpers/file-teardown.ts`), once per file.
 */
export function endPendingWaits(): void {
  if (pending.size === 0) return;
  const left = [...pending];
  pending.clear();
  const error = new Error(`still waiting when the file ended (a hook timed out?):\n${left.map((w) => `- ${safely(w.what)}`).join('\n')}`);
  for (const w of left) w.cancel(error);
  throw error;
}

/**
 * Checks `predicate` until it returns something truthy and resolves with that value. Checks run
 * back to back for the first turns of the event loop (React and Ink flush on setImmediate), then
 * every few milliseconds, so a long wait leaves the CPU to the code it waits for.
 * `describe` says what was awaited (e.g. the last frame) if the test times out first.
 */
export async function waitFor<T>(predicate: () => T | null | undefined | false, describe?: () => string): Promise<T> {
  const first = predicate();
  if (first) return first;
  const what = describe ?? (() => String(predicate).slice(0, 300));
  const state: { cancelled: Error | null; wake: (() => void) | null } = { cancelled: null, wake: null };
  const end = cancelledWithTest(what, (reason) => {
    state.cancelled = reason;
    state.wake?.();
  });
  try {
    for (let turn = 0; ; turn += 1) {
      await new Promise<void>((resolve) => {
        state.wake = resolve;
        if (turn < EAGER_TURNS) realSetImmediate(resolve);
        else realSetTimeout(resolve, Math.min(MAX_PACE_MS, 2 ** Math.floor((turn - EAGER_TURNS) / 4)));
      });
      state.wake = null;
      if (state.cancelled) throw state.cancelled;
      const value = predicate();
      if (value) return value;
    }
  } finally {
    end();
  }
}

/** Adds `line` to an error's message (and to its stack, which repeats the message). */
function annotate(error: Error, line: string): void {
  const before = error.message;
  error.message = `${before}\n${line}`;
  if (error.stack?.includes(before)) error.stack = error.stack.replace(before, error.message);
}

function safely(what: () => string): string {
  try {
    return what();
  } catch (e) {
    return `(describing the wait threw: ${String(e)})`;
  }
}

/**
 * Like `waitFor` for a check that is itself asynchronous (e.g. a read over REST): runs it again
 * `paceMs` (default 20) after each answer until it holds. No deadline but the test's; `describe`
 * says what was awaited if the test times out first.
 */
export async function eventually(check: () => Promise<boolean> | boolean, describe: () => string, paceMs = 20): Promise<void> {
  const state: { cancelled: Error | null } = { cancelled: null };
  const end = cancelledWithTest(describe, (reason) => {
    state.cancelled = reason;
  });
  try {
    while (!(await check())) {
      if (state.cancelled) throw state.cancelled;
      await new Promise<void>((resolve) => realSetTimeout(resolve, paceMs));
    }
  } finally {
    end();
  }
}
