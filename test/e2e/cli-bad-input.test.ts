import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BIN as BIN, currentSourcesEnv } from '../helpers/app-bin.js';
import { runInPty } from '../helpers/pty.js';

/**
 * Bad input, every path (issue 16 item 6). Description: each mistake a user can make at start (a
 * flag, a config file, keys a header cannot carry, an unknown symbol, no terminal, a log, audit or
 * recording path that cannot be written, a busy port for `sim`) ends with exactly one line on stderr,
 * exit status 2, no stack trace and nothing drawn on the terminal. Setup: the real CLI
 * (`bin/utadash.mjs`) with config and state in a scratch home and no keys (the embedded exchange).
 * Run: one command per mistake; checks the status and the line. Mistakes found after the terminal
 * check run on a pseudo-terminal, where stderr is the terminal: the whole output must be that line.
 */

const home = mkdtempSync(join(tmpdir(), 'utadash-bad-input-'));
/** A regular file where a directory should be: mkdir and open fail with ENOTDIR even for root. */
const blocker = join(home, 'a-file');

let busy: Server;
let busyPort = 0;
beforeAll(async () => {
  writeFileSync(blocker, 'x');
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const address = busy.address();
  busyPort = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => busy.close(() => resolve()));
  rmSync(home, { recursive: true, force: true });
});

/** A user's environment without keys or test switches; config and state in the scratch home. */
function appEnv(extra: NodeJS.ProcessEnv = {}, configHome = join(home, 'config')): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: configHome, XDG_STATE_HOME: join(home, 'state'), TERM: 'xterm-256color', NODE_ENV: 'production', ...currentSourcesEnv() };
  for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'UTADASH_SIM_URL', 'UTADASH_INK_DEFAULT', 'UTADASH_RENDER_STATS_FILE', 'NO_COLOR', 'SSH_CONNECTION']) delete env[name];
  return { ...env, ...extra };
}

/** Runs the CLI with stdin a pipe (not a terminal). */
function cli(args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}, configHome?: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input: '', timeout: 30_000, env: appEnv(extraEnv, configHome) });
}

/** Exit 2 and exactly one non-empty stderr line, no stack frame, containing `text`. */
function expectOneLine(r: SpawnSyncReturns<string>, text: string): string {
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stdout).toBe('');
  expect(lines[0]).toContain(text);
  expect(r.status, r.stderr).toBe(2);
  return lines[0] ?? '';
}

/** On a pseudo-terminal: exit 2, and everything written to it is one line containing `text` (no screen, no escapes). */
async function expectOneLineOnTerminal(args: readonly string[], text: string): Promise<string> {
  const r = await runInPty([process.execPath, BIN, ...args], [], { cols: 100, rows: 30, timeoutSec: 40, env: appEnv() });
  expect(r.timedOut, r.output).toBe(false);
  const lines = r.output.split(/\r?\n/).filter((l) => l.trim() !== '');
  expect(lines, JSON.stringify(r.output)).toHaveLength(1);
  expect(r.output).not.toContain('\x1b');
  expect(r.output).not.toMatch(/^\s+at /m);
  expect(lines[0]).toContain(text);
  expect(r.exitCode, r.output).toBe(2);
  expect(r.lflag).toEqual({ icanon: true, echo: true, isig: true });
  return lines[0] ?? '';
}

describe('command line, config and sim mistakes: one line, status 2', () => {
  it('an unknown flag', () => {
    expectOneLine(cli(['--bogus']), 'utadash: unknown option "--bogus" (see utadash --help)');
  });

  it('an unknown theme', () => {
    expectOneLine(cli(['--theme', 'nope']), 'utadash: unknown theme "nope" (choose dark, light, high-contrast, monochrome)');
  });

  it('an unknown symbol category, or what cannot be a symbol', () => {
    expectOneLine(cli(['--symbol', 'FOO:BTCUSDT']), 'utadash: --symbol: unknown category "FOO"');
    expectOneLine(cli(['--symbol', 'SPOT:BTC:USDT']), 'utadash: --symbol: "SPOT:BTC:USDT" is not a symbol (e.g. BTCUSDT or SPOT:BTCUSDT)');
  });

  it('a config file that is not JSON', () => {
    const dir = join(home, 'bad-config');
    mkdirSync(join(dir, 'utadash'), { recursive: true });
    writeFileSync(join(dir, 'utadash', 'config.json'), '{"profiles": ', { mode: 0o600 });
    chmodSync(join(dir, 'utadash', 'config.json'), 0o600);
    expectOneLine(cli([], {}, dir), `utadash: ${join(dir, 'utadash', 'config.json')} is not valid JSON`);
  });

  it('a config file binding a key to an unknown command (nearest ids, not all ~200)', () => {
    const dir = join(home, 'keys-config');
    mkdirSync(join(dir, 'utadash'), { recursive: true });
    const path = join(dir, 'utadash', 'config.json');
    writeFileSync(path, JSON.stringify({ keys: { 'app.qiut': ['x'] } }), { mode: 0o600 });
    chmodSync(path, 0o600);
    const line = expectOneLine(cli([], {}, dir), `utadash: ${path}: unknown command "app.qiut" in "keys" (nearest: app.quit`);
    expect(line.length).toBeLessThan(300);
  });

  it('sim: an unknown fault', () => {
    expectOneLine(cli(['sim', '--faults', 'bogus=1']), 'utadash: --faults bogus=1: unknown fault "bogus" (known: dropSockets');
  });

  it('sim: a fault with a bad value', () => {
    expectOneLine(cli(['sim', '--faults', 'httpErrors=x']), 'utadash: --faults httpErrors=x: count must be an integer');
  });

  it('sim: a port something else listens on', () => {
    expectOneLine(cli(['sim', '--port', String(busyPort)]), `utadash: cannot listen on 127.0.0.1:${busyPort}: the port is in use by another program (EADDRINUSE); pick another --port`);
  });
});

describe('keys a request header cannot carry: refused by position, never printed', () => {
  const key = 'bg_0123456789abcdef0123456789abcdef';
  const secret = 'deadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef';
  const passphrase = 'Passphrase12';

  it.each([
    ['a key with a pasted carriage return', { BITGET_API_KEY: `${key}\r` }, 'the API key contains a character a request header cannot carry (a carriage return at position 36 of 36, in BITGET_API_KEY)'],
    ['a key with a no-break space', { BITGET_API_KEY: `${key.slice(0, 5)}\u00a0${key.slice(5)}` }, 'the API key contains a character a request header cannot carry (a non-ASCII character (U+00A0) at position 6 of 36, in BITGET_API_KEY)'],
    ['a passphrase with a line feed', { BITGET_API_PASSPHRASE: `${passphrase}\n` }, 'the API passphrase contains a character a request header cannot carry (a line feed at position 13 of 13, in BITGET_API_PASSPHRASE)'],
    ['a blank secret', { BITGET_API_SECRET: '   ' }, 'the API secret (BITGET_API_SECRET) is blank'],
  ])('%s', (_name, bad, text) => {
    const r = cli([], { BITGET_API_KEY: key, BITGET_API_SECRET: secret, BITGET_API_PASSPHRASE: passphrase, ...bad });
    const line = expectOneLine(r, `utadash: ${text}`);
    for (const value of [key.slice(3), secret, passphrase]) expect(line).not.toContain(value);
  });

  it('a profile key, named by its profile and file', () => {
    const dir = join(home, 'profile-config');
    mkdirSync(join(dir, 'utadash'), { recursive: true });
    const path = join(dir, 'utadash', 'config.json');
    writeFileSync(path, JSON.stringify({ profiles: { main: { apiKey: `\t${key}`, secret, passphrase } } }), { mode: 0o600 });
    chmodSync(path, 0o600);
    const line = expectOneLine(cli(['--profile', 'main'], {}, dir), `utadash: the API key contains a character a request header cannot carry (a tab at position 1 of 36, in apiKey of profile "main" in ${path})`);
    expect(line).not.toContain(key.slice(3));
  });
});

describe('no terminal, unwritable files: one line, status 2, before anything starts', () => {
  it('stdin not a TTY (echo | utadash)', () => {
    expectOneLine(cli([]), 'utadash needs an interactive terminal (stdin is not a TTY)');
  });

  it('a log file that cannot be written', () => {
    const path = join(blocker, 'logs', 'u.log');
    expectOneLine(cli(['--log-file', path]), `utadash: cannot write the log file ${path}: ENOTDIR: not a directory`);
  });

  it.skipIf(process.platform !== 'linux')('a log file under /proc (Node 20 mkdir -p spun there at 100% CPU)', () => {
    expectOneLine(cli(['--log-file', '/proc/utadash-nope/u.log']), 'utadash: cannot write the log file /proc/utadash-nope/u.log: ENOENT');
  });

  it.skipIf(process.platform === 'win32')('an audit log that cannot be opened', async () => {
    const path = join(blocker, 'audit.ndjson');
    await expectOneLineOnTerminal(['--audit-file', path, '--log-file', join(home, 'audit-case.log')], `utadash: cannot open the audit log ${path}: ENOTDIR: not a directory`);
  });

  it.skipIf(process.platform === 'win32')('a recording that cannot be written', async () => {
    const path = join(blocker, 'rec.ndjson');
    await expectOneLineOnTerminal(['--record', path, '--log-file', join(home, 'record-case.log')], `utadash: cannot write the recording ${path}: ENOTDIR: not a directory`);
  });
});

describe.skipIf(process.platform === 'win32')('an unknown symbol: refused once the instruments are loaded', () => {
  it('names the nearest symbols of the category (embedded exchange)', async () => {
    const line = await expectOneLineOnTerminal(['--symbol', 'BTCUSTD', '--log-file', join(home, 'symbol-case.log')], 'utadash: unknown symbol BTCUSTD in USDT-FUTURES; nearest: BTCUSDT');
    expect(line).toMatch(/nearest: BTCUSDT(, [A-Z0-9]+){0,4}$/);
  });

  it('points to the category that lists it', async () => {
    await expectOneLineOnTerminal(['--symbol', 'COIN-FUTURES:ETHUSDT', '--log-file', join(home, 'symbol-case.log')], '; it is listed in USDT-FUTURES');
  });
});
