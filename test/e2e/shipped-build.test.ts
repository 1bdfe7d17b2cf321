import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInPty } from '../helpers/pty.js';
import { buildIsCurrent } from '../../bin/build-state.mjs';

/**
 * The build `npm install` leaves (issue 7): dist/cli/bundle.mjs, one file holding the app, Ink and
 * the exchange, which bin/utadash.mjs runs. Built here first when the sources are newer (an edit
 * since the last build); in a clean checkout `npm install` has built it.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = join(ROOT, 'dist/cli/bundle.mjs');

const home = mkdtempSync(join(tmpdir(), 'utadash-build-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

beforeAll(() => {
  if (buildIsCurrent(ROOT)) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed: ${r.stderr}`);
}, 120_000);

describe.skipIf(process.platform === 'win32')('the shipped build', () => {
  it('is one bundle that starts and knows its version', () => {
    expect(existsSync(BUNDLE), 'npm run build writes dist/cli/bundle.mjs').toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = spawnSync(process.execPath, [BUNDLE, '--version'], { encoding: 'utf8', env: { ...process.env, HOME: home } });
    expect(r.stdout.trim()).toBe(`utadash ${pkg.version}`);
    // Ink's text measure is ours in the bundle (bounded cache), not Ink's ever-growing one.
    const inputs = JSON.parse(readFileSync(join(ROOT, 'dist/cli/bundle-inputs.json'), 'utf8')) as string[];
    // Nothing imports ours but the substitution for Ink's measure-text.js (whose path stays an input).
    expect(inputs).toContain('dist/cli/ink-measure-text.js');
    expect(inputs).toContain('node_modules/ink/build/output.js');
    // Latin-1 only, so V8 holds the 2 MB source one byte a character (a curly quote doubles it).
    const bundle = readFileSync(BUNDLE, 'utf8');
    expect([...bundle].filter((c) => (c.codePointAt(0) ?? 0) > 0xff).join('')).toBe('');
  });

  it('runs with the same node flags from `npm start` and from the installed `utadash` command', () => {
    // --max-semi-space-size=8 halves V8's young generation (32 → 16 MB): the in-process start stays
    // under 150 MB (issue 17). The flag must be given at node's start; v8.setFlagsFromString is too late.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
    const shebang = readFileSync(join(ROOT, 'bin/utadash.mjs'), 'utf8').split('\n')[0];
    const fromStart = /^node (.*) bin\/utadash\.mjs$/.exec(pkg.scripts.start)?.[1];
    expect(fromStart).toContain('--max-semi-space-size=');
    expect(shebang).toBe(`#!/usr/bin/env -S node ${fromStart}`);
  });

  it('renders with the row builder in place: the stats overlay counts kept rows', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), TERM: 'xterm-256color' };
    for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'UTADASH_SIM_URL', 'UTADASH_INK_DEFAULT', 'NO_COLOR', 'SSH_CONNECTION']) delete env[name];
    const log = join(home, 'overlay.log');
    // The bundle's own copy of Ink must be the one patched: without the row builder the overlay has no "rows kept".
    const r = await runInPty([process.execPath, BUNDLE, '--demo', '--log-file', log], [{ waitFor: 'spread' }, { send: '!' }, { waitFor: 'rows kept' }, { send: 'q' }, { waitFor: 'Quit utadash?' }, { send: 'y' }], { cols: 150, rows: 40, timeoutSec: 30, env });
    expect(r.failedStep, `failed step ${String(r.failedStep)}: ${JSON.stringify(r.output.slice(-400))}`).toBeNull();
    expect(r.exitCode).toBe(0);
    expect(readFileSync(log, 'utf8')).not.toContain('frame builder kept');
    // Rows were really kept: a patch on a copy of Ink the bundle does not render with counts nothing.
    const kept = [...r.output.matchAll(/rows kept +(\d+)%/g)].map((m) => Number(m[1]));
    // Any share above none: read right after start (the overlay's first refresh) it is low and
    // varies with timing (9-43 % seen), while a patch on the wrong copy of Ink reads 0 %.
    expect(kept.length).toBeGreaterThan(0);
    expect(Math.max(...kept)).toBeGreaterThan(0);
  });
});
