#!/usr/bin/env -S node --max-semi-space-size=8
// Entry point. `npm install` compiles src/ to dist/ and bundles it into dist/cli/bundle.mjs (the
// `prepare` script); the bundle starts faster and uses less memory than loading Ink's tree of
// modules file by file, or compiling TypeScript at run time. Without a bundle (esbuild could not
// run) the unbundled dist/ runs. When dist/ is missing, or any source file is newer than it (an edit
// since the last build), the sources run through tsx instead, so what runs is always what is in
// src/. UTADASH_FROM_SOURCE=1 forces the sources.
// --max-semi-space-size=8 (also in package.json's `start`): V8's young generation at 16 MB, not 32;
// with the embedded exchange in the same process that keeps RSS under 150 MB at no measured CPU cost.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from './build-state.mjs';

// Node 22.1+ keeps compiled module code between starts (about a second of loading otherwise, Ink's
// dependencies most of it); Node 20 has no such cache and skips this.
module.enableCompileCache?.();

// Production React: the development build records a timing entry per render and costs CPU.
process.env.NODE_ENV ??= 'production';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.UTADASH_FROM_SOURCE !== '1' && buildIsCurrent(root)) {
  await import(existsSync(`${root}dist/cli/bundle.mjs`) ? '../dist/cli/bundle.mjs' : '../dist/cli/bin.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/bin.ts');
}
