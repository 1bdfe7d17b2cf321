#!/usr/bin/env node
/**
 * Runs npm scripts side by side and reports each one whole: `node scripts/run-parallel.mjs typecheck lint`.
 * Each script's output (stdout and stderr, in order) is held until it ends, then printed as one block
 * under a `── name: ok|FAILED (exit n) in s ──` header, in the order the scripts finish, so two tools
 * never interleave their lines. Exits 1 if any script failed (after all have ended), else 0.
 * Why: typecheck and lint each leave a core mostly idle (tsc is single-threaded, ESLint's typed rules
 * too); together they take about as long as lint alone.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node scripts/run-parallel.mjs <npm script> [<npm script> ...]\n');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run --silent <name>`; resolves with its exit code, output and duration. */
function run(name) {
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

let failed = 0;
await Promise.all(
  names.map(async (name) => {
    const r = await run(name);
    if (r.code !== 0) failed += 1;
    const verdict = r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`;
    const body = r.output.endsWith('\n') || r.output === '' ? r.output : `${r.output}\n`;
    process.stdout.write(`── ${r.name}: ${verdict} in ${r.seconds.toFixed(1)} s ──\n${body}`);
  }),
);
if (failed > 0) process.stderr.write(`${failed} of ${names.length} failed: ${names.join(', ')}\n`);
process.exit(failed > 0 ? 1 : 0);
