import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Times on screen are the trader's local time; tests pin the zone so their expected strings hold anywhere.
// COLUMNS/LINES: ink-testing-library's stdout has no `rows`, so Ink asks the `terminal-size` package on
// every layout, which (no TTY under vitest) spawned `tput` twice per render — a quarter of a UI test's
// CPU, and slower still on a busy machine. 80x24 is what tput answered; the rendered width stays the
// fake stdout's own 100 columns (or the size a test injects).
const env = { TZ: 'UTC', COLUMNS: '80', LINES: '24' };
/** Leaves nothing of a test file behind for the next (test/helpers/file-teardown.ts). */
const setupFiles = ['test/helpers/file-teardown.ts'];
const cores = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/unit/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          env,
          setupFiles,
          // One worker per core (vitest's default leaves one core to its main process, which is idle
          // here: 1 worker on 2 cores), and no fresh module graph per file: importing Ink, React and
          // the app again for each of ~160 small files cost more than their tests. Files stay apart
          // through file-teardown.ts and fresh stores per test (STYLE.md). Forks, not threads:
          // a thread cannot change TZ for itself (time-format.test.ts).
          pool: 'forks',
          isolate: false,
          maxWorkers: cores,
          // A backstop for a hang, not a measure of speed: waits have no deadlines of their own.
          testTimeout: 60_000,
        },
      },
      {
        // React's production build, as the app runs it (bin/utadash.mjs and the bundle set
        // NODE_ENV=production): the development build's checks and per-render timing marks made a
        // whole-app render ~4x slower. Unit tests keep the development build and its warnings.
        oxc: { jsx: { development: false } },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          include: ['test/e2e/**/*.test.ts', 'test/e2e/**/*.test.tsx'],
          environment: 'node',
          env: { ...env, NODE_ENV: 'production' },
          setupFiles: [...setupFiles, 'test/helpers/app-rows.ts'],
          // Backstops for a hang, not measures of speed: waits have no deadlines of their own, so a
          // busy machine only makes a test slower. A timeout names what was being waited for.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // One file more than cores: an e2e file waits on sockets, timers and child processes for
          // about half its time (profiled: 43-54 % idle in the UI files), which a third worker on two
          // cores fills (e2e 173 -> 160 s; a fourth gained nothing). Each file has its own exchange.
          maxWorkers: cores + 1,
        },
      },
    ],
  },
});
