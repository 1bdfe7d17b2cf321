import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent } from '../bin/build-state.mjs';
import { startSim } from '../src/sim/start-sim.js';
import { machineLine } from './render/machine.js';

/**
 * `npx tsx bench/cli-status-bench.ts [--runs N] [--bin PATH]` (issue 20)
 *
 * How long `utadash status` takes, spawn to exit, against the embedded exchange: the exchange runs
 * in this process (`startSim`, seed 1, loopback), the app reaches it through UTADASH_SIM_URL, as a
 * tmux status line runs it (a fresh process each time). Prints one JSON line: the median, min and
 * max of N runs (default 15, after one unmeasured warm-up), the median CPU time (user + system,
 * from GNU time when installed: on a busy machine the wall time grows with the load, the CPU time
 * far less), and `node -e ''` measured the same way beside them (what this machine charges for any
 * Node start), with the load average, so figures taken under different loads can be compared. Runs the build (`bin/utadash.mjs` → `dist/cli/bundle.mjs`), as
 * users do: build first (`node scripts/ensure-build.mjs`), or name another entry with `--bin`.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** GNU time: reports the child's CPU time (user + system) on stderr's last line. */
const GNU_TIME = '/usr/bin/time';

/** One run: wall time from spawn to exit, and the CPU time the process used (null without GNU time), ms. */
interface Timing {
  readonly wallMs: number;
  readonly cpuMs: number | null;
}

/** Runs `node ...args` once (under GNU time when there is one); rejects on a non-zero exit. */
function timedRun(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Timing> {
  const timed = existsSync(GNU_TIME);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = timed ? spawn(GNU_TIME, ['-f', 'cpu %U %S', process.execPath, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] }) : spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const cpu = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(stderr);
      if (code === 0) resolve({ wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null });
      else reject(new Error(`${args.join(' ')} exited ${String(code)}: ${stderr.trim()}`));
    });
  });
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const runs = Number(flag(args, '--runs') ?? '15');
  const bin = flag(args, '--bin') ?? join(ROOT, 'bin', 'utadash.mjs');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');
  if (flag(args, '--bin') === undefined && !buildIsCurrent(ROOT)) {
    process.stderr.write('cli-status-bench: dist/ is missing or older than src/; build first: node scripts/ensure-build.mjs\n');
    process.exitCode = 1;
    return;
  }
  const sim = await startSim({ seed: 1 });
  const home = mkdtempSync(join(tmpdir(), 'utadash-status-bench-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), UTADASH_SIM_URL: sim.rest };
  try {
    await timedRun([bin, 'status'], env);
    const status: Timing[] = [];
    const bare: Timing[] = [];
    // Interleaved, so a change in the machine's load touches both series alike.
    for (let i = 0; i < runs; i += 1) {
      status.push(await timedRun([bin, 'status'], env));
      bare.push(await timedRun(['-e', ''], env));
    }
    const wall = status.map((t) => t.wallMs);
    const cpu = (list: readonly Timing[]) => (list.every((t) => t.cpuMs !== null) ? Math.round(median(list.map((t) => t.cpuMs ?? 0))) : null);
    process.stdout.write(
      `${JSON.stringify({ ...machineLine(), loadavg: loadavg().map((l) => Math.round(l * 10) / 10), command: 'utadash status', bin: bin.replace(ROOT, ''), runs, medianMs: Math.round(median(wall)), minMs: Math.round(Math.min(...wall)), maxMs: Math.round(Math.max(...wall)), cpuMedianMs: cpu(status), nodeBareMedianMs: Math.round(median(bare.map((t) => t.wallMs))), nodeBareCpuMedianMs: cpu(bare) })}\n`,
    );
  } finally {
    await sim.close();
    rmSync(home, { recursive: true, force: true });
  }
}

await main();
