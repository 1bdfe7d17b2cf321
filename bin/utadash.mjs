#!/usr/bin/env -S node --max-semi-space-size=8
// Entry point. It runs the build: `npm install` compiles src/ to dist/ and bundles it into
// dist/cli/bundle.mjs and its chunks (the `prepare` script); the bundle starts faster and uses less memory than
// loading Ink's tree of modules file by file, or compiling TypeScript at run time. Without a bundle
// (esbuild could not run) the unbundled dist/ runs.
// When dist/ is missing, or a source file is newer than it (an edit since the last build), it does
// not run an old build nor switch to the sources: it says so and exits 1. `npm start` builds first
// when needed (scripts/ensure-build.mjs); `npm run dev` (UTADASH_FROM_SOURCE=1) runs the sources
// through tsx, a development dependency, so an install without dev dependencies never needs it.
// --max-semi-space-size=8 (also in package.json's `start` and `dev`): V8's young generation at 16 MB,
// not 32; with the embedded exchange in the same process that keeps RSS under 150 MB at no measured
// CPU cost.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildState } from './build-state.mjs';

// Node 22.1+ keeps compiled module code between starts (about a second of loading otherwise, Ink's
// dependencies most of it); Node 20 has no such cache and skips this.
module.enableCompileCache?.();

// Production React: the development build records a timing entry per render and costs CPU.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What to tell the user when dist/ cannot run: `state` is 'missing' or 'stale'. */
function notRunnable(state) {
  const what =
    state === 'missing'
      ? 'there is no build in dist/ (`npm install` builds it; it may have failed there)'
      : 'the build in dist/ is older than the sources in src/ (edited since the last build)';
  return [
    `utadash: ${what}.`,
    '  npm start        builds when needed, then runs the build',
    '  npm run build    rebuilds dist/; then run utadash again',
    '  npm run dev      runs the sources through tsx (needs the dev dependencies)',
    '',
  ].join('\n');
}

// Nothing else runs when the app does not start, so setting exitCode (not process.exit) lets the
// message on stderr drain first.
if (process.env.UTADASH_FROM_SOURCE === '1') {
  const tsx = await import('tsx/esm/api').catch((error) => {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return null;
  });
  if (tsx) {
    tsx.register();
    await import('../src/cli/bin.ts');
  } else {
    process.stderr.write('utadash: UTADASH_FROM_SOURCE=1 runs the sources through tsx, which is not installed (a dev dependency: `npm install` without --omit=dev installs it). Without it, run the build: `npm start`.\n');
    process.exitCode = 1;
  }
} else {
  const state = buildState(root);
  if (state === 'current') {
    await import(existsSync(`${root}dist/cli/bundle.mjs`) ? '../dist/cli/bundle.mjs' : '../dist/cli/bin.js');
  } else {
    process.stderr.write(notRunnable(state));
    process.exitCode = 1;
  }
}
