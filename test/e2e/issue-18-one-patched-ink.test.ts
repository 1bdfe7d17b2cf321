import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPty } from '../helpers/pty.js';
import { ScreenEmulator, screenText } from '../helpers/screen-emulator.js';

/**
 * Issue 18, item 2: one render layer and one visible patch of Ink (patches/ink+7.1.1.patch, applied
 * at install), the same in every way the app runs: the sources through tsx, the unbundled dist/,
 * and the bundle bin/utadash.mjs prefers. In each, on a pseudo-terminal with --demo:
 * - the `!` overlay shows "rows kept" above 0 %: only the row builder, installed through the patch's
 *   hook, keeps rows (plain Ink counts none, and a hook on another copy of Ink would count nothing);
 * - the log holds the patched Ink's caches at quit: the patch's revision, and a measure cache that
 *   the app's frames filled (so it is the cache Ink measured with) and that is bounded.
 * Built first when the sources are newer than dist/ (as shipped-build.test.ts).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const home = mkdtempSync(join(tmpdir(), 'utadash-modes-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

beforeAll(() => {
  // As `npm start` does: builds only when dist/ is missing or older than src/, one build at a time.
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the build failed: ${r.stderr}`);
}, 120_000);

/** The three ways to run the app; bin/utadash.mjs sets NODE_ENV=production, so each run does. */
const MODES = [
  { mode: 'the sources (tsx)', command: [process.execPath, join(ROOT, 'bin/utadash.mjs')], extra: { UTADASH_FROM_SOURCE: '1' } },
  { mode: 'the unbundled dist/', command: [process.execPath, join(ROOT, 'dist/cli/bin.js')], extra: {} },
  { mode: 'the bundle', command: [process.execPath, join(ROOT, 'dist/cli/bundle.mjs')], extra: {} },
] as const;

/** The context of the log's 'render: Ink caches' entry (written at quit), or null. */
function inkCaches(log: string): Record<string, unknown> | null {
  for (const line of log.split('\n')) {
    if (line.trim() === '') continue;
    const entry = JSON.parse(line) as { msg?: string; ctx?: Record<string, unknown> };
    if (entry.msg === 'render: Ink caches') return entry.ctx ?? null;
  }
  return null;
}

describe.skipIf(process.platform === 'win32')('issue 18: every run mode renders through the same patched Ink', () => {
  it.each(MODES)('$mode: rows kept by the patch hook, a bounded measure cache', async ({ mode, command, extra }) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...extra, NODE_ENV: 'production', HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), TERM: 'xterm-256color' };
    for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'UTADASH_SIM_URL', 'UTADASH_INK_DEFAULT', 'NO_COLOR', 'SSH_CONNECTION']) delete env[name];
    const log = join(home, `${mode.replace(/\W+/g, '-')}.log`);
    // The screen as a terminal shows it (the cell writer rewrites only the digits that change, so
    // the byte stream holds the overlay's words once). Once the book is up, `!` shows the overlay;
    // its share is read at every refresh (once a second) until it is above none — right after start
    // it can read 0 %, while Ink's own `get` (no hook, or a hook on a copy of Ink the app does not
    // render with) reads 0 % every time: ten refreshes at 0 % fail the test. Then `q`, `y`.
    const screen = new ScreenEmulator(150, 40);
    const session = openPty([...command, '--demo', '--log-file', log], (event) => screen.feed(event), { cols: 150, rows: 40, timeoutSec: 45, env });
    const readings: number[] = [];
    let step: 'book' | 'overlay' | 'quit' | 'sent' = 'book';
    let last = '';
    screen.onFrame((s) => {
      const text = screenText(s).join('\n');
      if (step === 'book' && text.includes('spread')) {
        step = 'overlay';
        session.send('!');
      } else if (step === 'overlay') {
        // One reading per refresh of the overlay's line (its frame count moves every second), so a
        // share stuck at 0 % still adds up to ten readings.
        const line = screenText(s).find((l) => /rows kept +\d+%/.test(l));
        const m = line === undefined ? null : /rows kept +(\d+)%/.exec(line);
        if (line === undefined || m === null || line === last) return;
        last = line;
        readings.push(Number(m[1]));
        if (Number(m[1]) > 0 || readings.length >= 10) {
          step = 'quit';
          session.send('q');
        }
      } else if (step === 'quit' && text.includes('Quit utadash?')) {
        step = 'sent';
        session.send('y');
      }
    });
    const exit = await session.exited;
    screen.dispose();
    expect(step, `stopped at ${step}; readings ${readings.join(', ')}`).toBe('sent');
    expect(exit.exitCode).toBe(0);
    const text = readFileSync(log, 'utf8');
    expect(text).not.toContain('frame builder kept');
    expect(Math.max(...readings), `rows kept readings: ${readings.join(', ')}`).toBeGreaterThan(0);
    const caches = inkCaches(text);
    expect(caches, 'the log names the patched caches at quit').not.toBeNull();
    expect(caches?.patch).toBe(1);
    expect(caches?.limit).toBe(4000);
    expect(caches?.measured).toBeGreaterThan(0);
    expect(caches?.measured).toBeLessThanOrEqual(4000);
  }, 60_000);
});
