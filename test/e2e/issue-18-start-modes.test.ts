import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 18, item 7: bin/utadash.mjs runs the build, and only a current one. Description: it used to
 * switch to the sources through tsx by itself whenever a file was newer than dist/, which made tsx a
 * runtime dependency; now an old or missing build is refused with what to do, and the sources run
 * only when asked (UTADASH_FROM_SOURCE=1, `npm run dev`), with a clear message when tsx (a dev
 * dependency) is not installed. Setup: a scratch checkout holding the real bin/utadash.mjs and
 * bin/build-state.mjs, a src/ and a dist/ whose entry points only say that they ran, and file times
 * set per case. Run: start bin/utadash.mjs; check what ran, stderr and the exit status.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'utadash-start-modes-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Seconds since the epoch, for utimesSync. */
const T = 1_790_000_000;

interface Checkout {
  /** Its root. */
  readonly dir: string;
  /** Starts its bin/utadash.mjs with `env` added to this process's. */
  run(env?: NodeJS.ProcessEnv): SpawnSyncReturns<string>;
}

/** An entry point that prints which file ran and the NODE_ENV it saw. */
const SAYS = (name: string) => `process.stdout.write('ran ${name} ' + process.env.NODE_ENV + '\\n');\n`;

/**
 * A scratch checkout: src/ last edited at `srcTime`, dist/ finished (dist/.built) at `builtTime`
 * (none when null), a bundle when `bundle`, the project's node_modules when `modules`.
 */
function checkout(name: string, o: { srcTime: number; builtTime: number | null; bundle?: boolean; modules?: boolean }): Checkout {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'src/cli'), { recursive: true });
  mkdirSync(join(dir, 'dist/cli'), { recursive: true });
  for (const file of ['utadash.mjs', 'build-state.mjs']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  writeFileSync(join(dir, 'src/cli/bin.ts'), `const from: string = 'src/cli/bin.ts';\nprocess.stdout.write('ran ' + from + ' ' + process.env.NODE_ENV + '\\n');\n`);
  utimesSync(join(dir, 'src/cli/bin.ts'), o.srcTime, o.srcTime);
  writeFileSync(join(dir, 'dist/cli/bin.js'), SAYS('dist/cli/bin.js'));
  if (o.bundle) writeFileSync(join(dir, 'dist/cli/bundle.mjs'), SAYS('dist/cli/bundle.mjs'));
  if (o.builtTime !== null) {
    writeFileSync(join(dir, 'dist/.built'), '');
    utimesSync(join(dir, 'dist/.built'), o.builtTime, o.builtTime);
  }
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  if (o.modules) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return {
    dir,
    run: (env = {}) => {
      const base: NodeJS.ProcessEnv = { ...process.env, ...env };
      if (!('NODE_ENV' in env)) delete base.NODE_ENV;
      if (!('UTADASH_FROM_SOURCE' in env)) delete base.UTADASH_FROM_SOURCE;
      return spawnSync(process.execPath, [join(dir, 'bin/utadash.mjs')], { encoding: 'utf8', env: base, timeout: 30_000 });
    },
  };
}

describe.skipIf(process.platform === 'win32')('issue 18: bin/utadash.mjs runs a current build, and the sources only when asked', () => {
  it('runs a current build: the bundle when there is one, else the unbundled dist/, in production React', () => {
    const bundled = checkout('bundled', { srcTime: T, builtTime: T + 5, bundle: true }).run();
    expect([bundled.status, bundled.stdout, bundled.stderr]).toEqual([0, 'ran dist/cli/bundle.mjs production\n', '']);
    const plain = checkout('plain', { srcTime: T, builtTime: T, bundle: false }).run();
    expect([plain.status, plain.stdout, plain.stderr]).toEqual([0, 'ran dist/cli/bin.js production\n', '']);
  });

  it('refuses a build older than the sources, saying what to do, and runs nothing', () => {
    const r = checkout('stale', { srcTime: T + 10, builtTime: T, bundle: true }).run();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('utadash: the build in dist/ is older than the sources in src/');
    for (const hint of ['npm start', 'npm run build', 'npm run dev']) expect(r.stderr).toContain(hint);
  });

  it('refuses a missing build the same way', () => {
    const r = checkout('missing', { srcTime: T, builtTime: null }).run();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('utadash: there is no build in dist/');
    expect(r.stderr).toContain('npm run dev');
  });

  it('runs the sources through tsx with UTADASH_FROM_SOURCE=1, even when the build is current', () => {
    const r = checkout('dev', { srcTime: T, builtTime: T + 5, bundle: true, modules: true }).run({ UTADASH_FROM_SOURCE: '1' });
    expect([r.status, r.stdout]).toEqual([0, 'ran src/cli/bin.ts production\n']);
  });

  it('says tsx is not installed when the sources are asked for without it', () => {
    const c = checkout('no-tsx', { srcTime: T + 10, builtTime: T });
    // The scratch checkout has no node_modules, and none above it may hold tsx for this to mean anything.
    expect(() => createRequire(join(c.dir, 'package.json')).resolve('tsx')).toThrow();
    const r = c.run({ UTADASH_FROM_SOURCE: '1' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('UTADASH_FROM_SOURCE=1 runs the sources through tsx, which is not installed');
    expect(r.stderr).toContain('npm start');
  });
});
