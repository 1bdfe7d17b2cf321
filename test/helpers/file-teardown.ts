import { cleanup } from 'ink-testing-library';
import { afterAll, vi } from 'vitest';
import { endPendingWaits } from './wait-for.js';

/**
 * Setup file of both projects (vitest.config.ts): after each test file, nothing it started outlives
 * it. Unit files share their worker (`isolate: false`), so a leftover would reach the next file:
 * apps still mounted are unmounted (their timers stop), timers are real again, spies restored, and
 * a wait still pending (a hook that ran out of time: no test signal there) is named and stopped.
 */
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  endPendingWaits();
});
