import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_BIN as BIN, currentSourcesEnv } from '../helpers/app-bin.js';
import { runInPty, type PtyResult, type PtyStep } from '../helpers/pty.js';

/**
 * Terminal restoration (issue 8 item 4), on a real pseudo-terminal: the dashboard (`bin/utadash.mjs
 * --demo`, embedded exchange in-process) is started at 100x30, and once its first frame is on screen
 * it is ended by quit keys, SIGINT, SIGTERM, SIGHUP, a hang-up of the terminal itself (SSH drop) and
 * an uncaught error. Each way must leave the alternate screen after the last frame, show the cursor,
 * put the tty back in cooked mode (ICANON, ECHO) and exit with its documented status.
 */

const ALT_ON = '\x1b[?1049h';
const ALT_OFF = '\x1b[?1049l';
const CURSOR_ON = '\x1b[?25h';
const CURSOR_OFF = '\x1b[?25l';
/** End of a synchronized update: the end of a frame. */
const FRAME_END = '\x1b[?2026l';
const FIRST_FRAME = 'DEMO';

const home = mkdtempSync(join(tmpdir(), 'utadash-restore-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/**
 * The app's environment as in a user's terminal: no CI (Ink would not enter the alternate screen),
 * no keys or external exchange, config/state in a scratch home, production React.
 */
function appEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), TERM: 'xterm-256color', NODE_ENV: 'production', ...currentSourcesEnv(), ...extra };
  for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'UTADASH_SIM_URL', 'UTADASH_INK_DEFAULT', 'UTADASH_RENDER_STATS_FILE', 'NO_COLOR', 'SSH_CONNECTION']) delete env[name];
  return env;
}

function runApp(name: string, steps: readonly PtyStep[], extraEnv: NodeJS.ProcessEnv = {}): Promise<PtyResult> {
  return runInPty([process.execPath, BIN, '--demo', '--log-file', join(home, `${name}.log`)], steps, { cols: 100, rows: 30, timeoutSec: 20, env: appEnv(extraEnv) });
}

/** Output tail for failure messages, escapes visible. */
function tail(r: PtyResult): string {
  return JSON.stringify(r.output.slice(-600));
}

/** The checks every way out must pass. */
function expectRestored(r: PtyResult, exitCode: number): void {
  expect(r.timedOut, `timed out; failed step ${String(r.failedStep)}; output tail ${tail(r)}`).toBe(false);
  expect(r.failedStep).toBeNull();
  const out = r.output;
  expect(out.indexOf(ALT_ON), 'entered the alternate screen').toBeGreaterThanOrEqual(0);
  expect(out.indexOf(ALT_ON)).toBeLessThan(out.indexOf(FIRST_FRAME));
  const lastFrame = out.lastIndexOf(FRAME_END);
  expect(lastFrame, 'drew at least one frame').toBeGreaterThan(out.indexOf(ALT_ON));
  expect(out.lastIndexOf(ALT_OFF), `left the alternate screen after the last frame: ${tail(r)}`).toBeGreaterThan(lastFrame);
  expect(out.lastIndexOf(ALT_ON), 'did not re-enter it').toBeLessThan(out.lastIndexOf(ALT_OFF));
  expect(out.lastIndexOf(CURSOR_ON), `cursor shown at the end: ${tail(r)}`).toBeGreaterThan(Math.max(lastFrame, out.lastIndexOf(CURSOR_OFF)));
  expect(r.lflag, 'tty back in cooked mode').toEqual({ icanon: true, echo: true, isig: true });
  expect(r.exitCode, `exit status; output tail ${tail(r)}`).toBe(exitCode);
}

describe.skipIf(process.platform === 'win32')('terminal restoration on a pseudo-terminal', () => {
  it('the driver sees a terminal left in raw mode (the check can fail)', async () => {
    const script = "process.stdin.setRawMode(true); process.stdout.write('RAW\\n'); process.kill(process.pid, 'SIGKILL');";
    const r = await runInPty([process.execPath, '-e', script], [{ waitFor: 'RAW' }], { env: appEnv() });
    expect(r.lflag).toEqual({ icanon: false, echo: false, isig: false });
    expect(r.exitCode).toBe(137);
  });

  it('quit (q, then y at "Quit utadash?") restores the terminal and exits 0', async () => {
    const r = await runApp('quit', [{ waitFor: FIRST_FRAME }, { send: 'q' }, { waitFor: 'Quit utadash?' }, { send: 'y' }]);
    expectRestored(r, 0);
    expect(r.signaled).toBeNull();
  });

  it('SIGINT restores the terminal and exits 130', async () => {
    const r = await runApp('sigint', [{ waitFor: FIRST_FRAME }, { signal: 'SIGINT' }]);
    expectRestored(r, 130);
  });

  it('SIGTERM restores the terminal and exits 143', async () => {
    const r = await runApp('sigterm', [{ waitFor: FIRST_FRAME }, { signal: 'SIGTERM' }]);
    expectRestored(r, 143);
  });

  it('SIGHUP restores the terminal and ends with status 129', async () => {
    const r = await runApp('sighup', [{ waitFor: FIRST_FRAME }, { signal: 'SIGHUP' }]);
    expectRestored(r, 129);
  });

  it('a hang-up of the terminal itself (SSH drop) ends with status 129, not a core dump', async () => {
    // Node's exit-time tty reset aborts (134/139) when the terminal is gone; the guards end by SIGHUP.
    const r = await runApp('hangup', [{ waitFor: FIRST_FRAME }, { hangup: true }]);
    expect(r.timedOut).toBe(false);
    expect(r.exitCode).toBe(129);
    expect(r.signaled).toBe(1);
  });

  it('an uncaught error restores the terminal, reports the error without secrets and exits 1', async () => {
    const r = await runApp('crash', [{ waitFor: FIRST_FRAME }], { UTADASH_TEST_CRASH_AFTER_MS: '1500' });
    expectRestored(r, 1);
    const report = r.output.indexOf('utadash crashed: TestCrashError: deliberate crash (UTADASH_TEST_CRASH_AFTER_MS)');
    expect(report, `crash report: ${tail(r)}`).toBeGreaterThan(r.output.indexOf(FIRST_FRAME));
    // Written on the normal screen, where it stays readable.
    expect(r.output.indexOf(ALT_OFF, r.output.lastIndexOf(FRAME_END))).toBeLessThan(report);
    expect(r.output).toContain('[redacted]');
    expect(r.output).not.toContain('utadash-demo-secret');
    expect(r.output).not.toContain('utadashdemo');
  });
});
