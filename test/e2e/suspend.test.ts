import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_BIN as BIN, currentSourcesEnv } from '../helpers/app-bin.js';
import { commandPid, runInPty, type PtyResult, type PtyStep } from '../helpers/pty.js';
import { eventually } from '../helpers/wait-for.js';

/**
 * Ctrl-Z (issue 16 item 6), on a real pseudo-terminal. Description: in raw mode the terminal sends
 * Ctrl-Z as the byte 0x1a, which used to do nothing. Setup: the dashboard (`bin/utadash.mjs --demo`,
 * embedded exchange) at 100x30. Run: once the first frame is up, type Ctrl-Z (or send SIGTSTP);
 * the terminal must be restored as on quit (normal screen, cursor shown, cooked mode) and the process
 * stopped; after SIGCONT (what the shell's `fg` sends) the alternate screen, raw mode and a whole
 * frame come back and keys work again (q, y quits with status 0).
 */

const ALT_ON = '\x1b[?1049h';
const ALT_OFF = '\x1b[?1049l';
const CURSOR_ON = '\x1b[?25h';
const CURSOR_OFF = '\x1b[?25l';
/** End of a synchronized update: the end of a frame. */
const FRAME_END = '\x1b[?2026l';
/** The cell-diff writer clears the screen before a frame drawn whole. */
const CLEAR = '\x1b[2J';
const FIRST_FRAME = 'DEMO';

const home = mkdtempSync(join(tmpdir(), 'utadash-suspend-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The app's environment as in a user's terminal (see terminal-restore.test.ts). */
function appEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), TERM: 'xterm-256color', NODE_ENV: 'production', ...currentSourcesEnv() };
  for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'UTADASH_SIM_URL', 'UTADASH_INK_DEFAULT', 'UTADASH_RENDER_STATS_FILE', 'NO_COLOR', 'SSH_CONNECTION']) delete env[name];
  return env;
}

/** What the stopped process looked like from outside. */
interface Stopped {
  readonly stat: string;
  /** `stty -a` of its terminal while it was stopped. */
  readonly stty: string;
}

/**
 * Resolves with `pid`'s state once it is stopped (T); rejects once the process is gone (or a
 * zombie). Polls `ps` every 25 ms (a stop sends no event to other processes); no deadline but the
 * test's, which names the last state seen.
 */
async function whenStopped(pid: number): Promise<string> {
  let stat = '';
  const gone = (): boolean => stat === '' || stat.startsWith('Z');
  await eventually(
    () => {
      stat = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
      return gone() || stat.startsWith('T');
    },
    () => `process ${pid} to stop (state "${stat}")`,
    25,
  );
  if (gone()) throw new Error(`process ${pid} ended before it stopped (state "${stat}")`);
  return stat;
}

/** The command's pid, once the driver has started it (polled every 25 ms; no deadline but the test's). */
async function whenStarted(driverPid: number): Promise<number> {
  let pid: number | null = null;
  await eventually(
    () => {
      pid = commandPid(driverPid, `${process.execPath} ${BIN}`);
      return pid !== null;
    },
    () => `the app to start under the pty driver ${driverPid}`,
    25,
  );
  if (pid === null) throw new Error('the command never started');
  return pid;
}

/**
 * Runs the dashboard with `stop` as the way to suspend it; once it is stopped, records its state and
 * its terminal's modes, then continues it with SIGCONT as the shell's `fg` does.
 */
async function suspendAndContinue(stop: PtyStep): Promise<{ r: PtyResult; stopped: Stopped }> {
  let driver: (pid: number) => void = () => undefined;
  const driverPid = new Promise<number>((resolve) => {
    driver = resolve;
  });
  const steps: PtyStep[] = [{ waitFor: FIRST_FRAME }, stop, { waitFor: ALT_OFF }, { waitFor: ALT_ON }, { waitFor: FIRST_FRAME }, { send: 'q' }, { waitFor: 'Quit utadash?' }, { send: 'y' }];
  const run = runInPty([process.execPath, BIN, '--demo', '--log-file', join(home, 'app.log')], steps, { cols: 100, rows: 30, timeoutSec: 40, env: appEnv(), onSpawn: (pid) => driver(pid) });
  const pid = await whenStarted(await driverPid);
  // Should the app end instead of stopping, fail with what it wrote (the poll ends by itself then).
  const ended = run.then((r) => Promise.reject(new Error(`the app ended instead of stopping (status ${r.exitCode}): ${tail(r.output)}`)));
  const stopped = whenStopped(pid);
  stopped.catch(() => undefined);
  const stat = await Promise.race([stopped, ended]);
  const tty = spawnSync('ps', ['-o', 'tty=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  const stty = spawnSync('stty', ['-a', '-F', `/dev/${tty}`], { encoding: 'utf8' }).stdout;
  process.kill(pid, 'SIGCONT');
  return { r: await run, stopped: { stat, stty } };
}

/** Output tail for failure messages, escapes visible. */
function tail(text: string): string {
  return JSON.stringify(text.slice(-600));
}

function expectSuspendedAndBack({ r, stopped }: { r: PtyResult; stopped: Stopped }): void {
  expect(r.timedOut, `timed out at step ${String(r.failedStep)}: ${tail(r.output)}`).toBe(false);
  expect(r.failedStep).toBeNull();
  const out = r.output;
  const first = out.indexOf(FIRST_FRAME);
  const left = out.indexOf(ALT_OFF, first);
  const back = out.indexOf(ALT_ON, left);
  expect(left, 'left the alternate screen on suspend').toBeGreaterThan(first);
  expect(back, 'entered it again after SIGCONT').toBeGreaterThan(left);
  // Restored as on quit before stopping: cursor shown after the last frame, nothing drawn while stopped.
  const before = out.slice(0, back);
  expect(before.lastIndexOf(CURSOR_ON), `cursor shown: ${tail(before)}`).toBeGreaterThan(Math.max(before.lastIndexOf(FRAME_END), before.lastIndexOf(CURSOR_OFF)));
  expect(out.slice(left, back)).not.toContain(FRAME_END);
  expect(stopped.stat).toMatch(/^T/);
  expect(stopped.stty, 'cooked mode while stopped').toMatch(/(^|\s)icanon(\s|$)/);
  expect(stopped.stty).toMatch(/(^|\s)echo(\s|$)/);
  // Back: cursor hidden, the screen cleared and the whole dashboard drawn again.
  const after = out.slice(back);
  expect(after).toContain(CURSOR_OFF);
  expect(after.indexOf(CLEAR), `full redraw: ${tail(after)}`).toBeGreaterThanOrEqual(0);
  expect(after.indexOf(FIRST_FRAME)).toBeGreaterThan(after.indexOf(CLEAR));
  expect(after).toContain('1 Book');
  // Keys work again: q, y quit, and the terminal is restored for good.
  expect(r.exitCode, tail(out)).toBe(0);
  expect(out.lastIndexOf(ALT_OFF)).toBeGreaterThan(out.lastIndexOf(FRAME_END));
  expect(r.lflag).toEqual({ icanon: true, echo: true, isig: true });
}

describe.skipIf(process.platform === 'win32')('Ctrl-Z suspends the dashboard and fg brings it back', () => {
  it('Ctrl-Z (byte 0x1a in raw mode) restores the terminal, stops, and redraws everything on SIGCONT', async () => {
    expectSuspendedAndBack(await suspendAndContinue({ send: '\x1a' }));
  });

  it('SIGTSTP from outside (kill -TSTP) does the same', async () => {
    expectSuspendedAndBack(await suspendAndContinue({ signal: 'SIGTSTP' }));
  });
});
