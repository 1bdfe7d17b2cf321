import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The build `npm install` leaves (issue 7): dist/cli/bundle.mjs, the app's entry, with what it
 * loads on demand (Ink and the UI, the embedded exchange, the journal) in dist/cli/bundle-chunks/,
 * which bin/utadash.mjs runs. Built here first when the sources are newer (an edit
 * since the last build); in a clean checkout `npm install` has built it.
 * That the bundle renders through the patched Ink (rows kept, bounded caches), as the sources and
 * the unbundled dist/ do: issue-18-one-patched-ink.test.ts.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = join(ROOT, 'dist/cli/bundle.mjs');
const CHUNKS = join(ROOT, 'dist/cli/bundle-chunks');

const home = mkdtempSync(join(tmpdir(), 'utadash-build-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

beforeAll(() => {
  // As `npm start` does: builds only when dist/ is missing or older than src/, one build at a time.
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the build failed: ${r.stderr}`);
}, 120_000);

describe.skipIf(process.platform === 'win32')('the shipped build', () => {
  it('is one bundle (an entry and its chunks) that starts and knows its version', () => {
    expect(existsSync(BUNDLE), 'npm run build writes dist/cli/bundle.mjs').toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = spawnSync(process.execPath, [BUNDLE, '--version'], { encoding: 'utf8', env: { ...process.env, HOME: home } });
    expect(r.stdout.trim()).toBe(`utadash ${pkg.version}`);
    // Ink goes in as installed, patched at install (patches/ink+7.1.1.patch), with nothing of it
    // substituted at bundle time: its own output.js and measure-text.js, the patch's hook in them.
    const inputs = JSON.parse(readFileSync(join(ROOT, 'dist/cli/bundle-inputs.json'), 'utf8')) as string[];
    expect(inputs).toContain('node_modules/ink/build/output.js');
    expect(inputs).toContain('node_modules/ink/build/measure-text.js');
    const bundle = [BUNDLE, ...readdirSync(CHUNKS).map((f) => join(CHUNKS, f))].map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(bundle).toContain('utadashPatch');
    expect(bundle).toContain('rowBuilder');
    // Latin-1 only, so V8 holds the 2 MB source one byte a character (a curly quote doubles it).
    expect([...bundle].filter((c) => (c.codePointAt(0) ?? 0) > 0xff).join('')).toBe('');
  });

  it('runs with the same node flags from `npm start`, `npm run dev` and the installed `utadash` command', () => {
    // --max-semi-space-size=8 halves V8's young generation (32 → 16 MB): the in-process start stays
    // under 150 MB (issue 17). The flag must be given at node's start; v8.setFlagsFromString is too late.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string | undefined> };
    const shebang = readFileSync(join(ROOT, 'bin/utadash.mjs'), 'utf8').split('\n')[0];
    const fromStart = /^node (.*) bin\/utadash\.mjs$/.exec(pkg.scripts.start ?? '')?.[1];
    expect(fromStart).toContain('--max-semi-space-size=');
    expect(shebang).toBe(`#!/usr/bin/env -S node ${fromStart}`);
    // `npm start` builds first when dist/ is old; `npm run dev` runs the sources, same flags.
    expect(pkg.scripts.prestart).toBe('node scripts/ensure-build.mjs');
    expect(pkg.scripts.dev).toBe(`UTADASH_FROM_SOURCE=1 node ${fromStart} bin/utadash.mjs`);
  });
});
