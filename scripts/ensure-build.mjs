// Builds dist/ (`npm run build`) when it is missing or older than src/, so what runs is what is in
// src/. `npm start` runs this first (the `prestart` script); the tests that run dist/ call it too.
//   node scripts/ensure-build.mjs            build only when needed; exit 1 when that fails
//   node scripts/ensure-build.mjs --install  `npm install`'s `prepare`: always build (dependencies,
//                                            Ink's patch among them, may have changed) and never
//                                            fail the install: without dev dependencies
//                                            (--omit=dev) it keeps the dist/ there is
// One build at a time per checkout (the lock directory dist/.build-lock): two test files may ask at once.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildState } from '../bin/build-state.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const install = process.argv.includes('--install');
const LOCK = `${root}dist/.build-lock`;
/** How long a build may hold the lock before it counts as abandoned, ms. */
const LOCK_MAX_MS = 10 * 60_000;

/** Whether the build's tools (dev dependencies) are installed. */
function haveBuildTools() {
  const require = createRequire(`${root}package.json`);
  try {
    require.resolve('typescript');
    return true;
  } catch {
    return false;
  }
}

/** True when the process `pid` is alive. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

/** Takes the build lock, waiting while another live build holds it. */
function lock() {
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(`${root}dist`, { recursive: true });
      mkdirSync(LOCK);
      writeFileSync(`${LOCK}/pid`, String(process.pid));
      return;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(`${LOCK}/pid`, 'utf8'));
    } catch {
      // Between the other build's mkdir and its pid write: wait.
    }
    if ((holder > 0 && !alive(holder)) || Date.now() - started > LOCK_MAX_MS) rmSync(LOCK, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
}

/** Runs `npm run build` here, its output on ours; true when it succeeded. */
function build() {
  // Under npm, npm_execpath is npm's own script: the same npm, and no shell needed on Windows.
  const npm = process.env.npm_execpath;
  const r = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  return r.status === 0;
}

function main() {
  const before = buildState(root);
  if (!install && before === 'current') return 0;
  if (!haveBuildTools()) {
    const state = { current: 'dist/ is current', missing: 'there is no build in dist/', stale: 'dist/ is older than src/' }[before];
    const todo = before === 'current' ? 'the app runs without them' : '`npm install` with dev dependencies builds it';
    process.stderr.write(`utadash: not building: the build tools (dev dependencies) are not installed; ${state}, ${todo}.\n`);
    return install || before === 'current' ? 0 : 1;
  }
  lock();
  try {
    // Another build may have finished while this one waited.
    if (!install && buildState(root) === 'current') return 0;
    if (!install) process.stderr.write(`utadash: ${before === 'missing' ? 'no build in dist/' : 'src/ changed since the last build'}: building (npm run build)\n`);
    if (build()) return 0;
    process.stderr.write(`utadash: the build failed${install ? '; `npm start` tries again, `npm run dev` runs the sources through tsx' : ''}.\n`);
    return install ? 0 : 1;
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

process.exitCode = main();
