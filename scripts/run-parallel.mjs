#!/usr/bin/env node
/**
 * Runs npm scripts side by side and reports each one whole.
 *
 *   node scripts/run-parallel.mjs typecheck lint
 *   node scripts/run-parallel.mjs typecheck lint --while test:unit test:e2e
 *
 * The scripts named before `--while` (or all of them, without it) run at once. Each one's output
 * (stdout and stderr, in order) is held until it ends, then printed as one block under a
 * `── name: ok|FAILED (exit n) in s ──` header, so two tools never interleave their lines.
 * The scripts after `--while` run meanwhile, one after another, with the terminal to themselves
 * (their output shows as it comes); the first that fails stops the rest. The held scripts' blocks
 * are printed once those have ended. Exits 1 if any script failed (after all have ended), else 0.
 *
 * Why (`npm test`): the static checks (tsc, ESLint's typed rules, dependency-cruiser: ~80 CPU
 * seconds) and the end-to-end tests (which wait on sockets, timers and child processes with cores
 * idle) each leave CPU unused; run side by side the suite ends about a minute sooner on two cores
 * than with the checks first. All at the normal priority: niced checks starved behind two busy
 * processes once the tests had ended (a process may not raise its priority back), ~10 % of a core.
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const split = args.indexOf('--while');
const held = split < 0 ? args : args.slice(0, split);
const live = split < 0 ? [] : args.slice(split + 1);
if (held.length === 0 || (split >= 0 && live.length === 0)) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <npm script>... [--while <npm script>...]\n');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run --silent <name>` with its output held; resolves with its exit code, output and duration. */
function runHeld(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') } });
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${String(error)}\n`));
    });
    child.on('close', (code, signal) => {
      resolve({ name, code: code ?? (signal ? 128 : 1), output: Buffer.concat(chunks).toString('utf8'), seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Runs `npm run <name>` on this terminal; resolves with its exit code and duration. */
function runLive(name) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', name], { stdio: 'inherit' });
    child.on('error', (error) => process.stderr.write(`${name}: ${String(error)}\n`));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 128 : 1), seconds: (performance.now() - started) / 1000 }));
  });
}

/** The `── name: verdict in s ──` header. */
function header(r) {
  return `── ${r.name}: ${r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(1)} s ──\n`;
}

const failed = [];
const blocks = [];
const heldDone = Promise.all(
  held.map(async (name) => {
    const r = await runHeld(name);
    if (r.code !== 0) failed.push(r.name);
    const body = r.output.endsWith('\n') || r.output === '' ? r.output : `${r.output}\n`;
    // Without live scripts each block is printed as its script ends; with them, after they end.
    if (live.length === 0) process.stdout.write(`${header(r)}${body}`);
    else blocks.push(`${header(r)}${body}`);
  }),
);

const liveResults = [];
for (const name of live) {
  const r = await runLive(name);
  liveResults.push(r);
  if (r.code !== 0) {
    failed.push(r.name);
    break;
  }
}
await heldDone;
if (live.length > 0) {
  for (const block of blocks) process.stdout.write(block);
  for (const r of liveResults) process.stdout.write(header(r));
  const skipped = live.slice(liveResults.length);
  if (skipped.length > 0) process.stdout.write(`── not run (an earlier one failed): ${skipped.join(', ')} ──\n`);
}
if (failed.length > 0) process.stderr.write(`${failed.length} failed: ${failed.join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
