import { machineLine } from './render/machine.js';
import { round } from './render/proc.js';
import { runApp } from './render/run-app.js';
import { startExchangeProcess } from './render/exchange-host.js';

/**
 * `npm run bench:soak [-- --minutes 30] [--size 160x48]` (not in CI): the render benchmark's
 * workload for a long run. Prints one JSON line per minute ({minute, rssMB, cpu}) and a summary
 * line with the RSS budget verdict: peak ≤ 150 MB and flat — the last third's mean RSS within
 * 10% (and 10 MB) of the second third's.
 */

function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const minutes = Number(flag(args, '--minutes') ?? '30');
  const [columns, rows] = (flag(args, '--size') ?? '160x48').split('x').map(Number) as [number, number];
  process.stderr.write(`${JSON.stringify(machineLine())}\n`);
  const exchange = await startExchangeProcess();
  const samples: number[] = [];
  let lastCpu = 0;
  let lastAt = 0;
  try {
    const result = await runApp({
      columns,
      rows,
      writer: 'ours',
      simUrl: exchange.url,
      warmupMs: 3000,
      measureMs: minutes * 60_000,
      keyEveryMs: 5000,
      sampleEveryMs: 60_000,
      onSample: (elapsedMs, rssMB, cpuSec) => {
        samples.push(rssMB);
        const cpu = lastAt === 0 ? 0 : (cpuSec - lastCpu) / ((elapsedMs - lastAt) / 1000);
        lastCpu = cpuSec;
        lastAt = elapsedMs;
        process.stdout.write(`${JSON.stringify({ minute: round(elapsedMs / 60_000), rssMB: round(rssMB), cpu: round(cpu, 3) })}\n`);
      },
    });
    samples.push(result.rssFinalMB);
    const third = Math.floor(samples.length / 3);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const middle = mean(samples.slice(third, 2 * third));
    const last = mean(samples.slice(2 * third));
    // Needs at least three samples (three minutes) to say anything.
    const flat = third >= 1 ? last <= middle * 1.1 || last - middle <= 10 : null;
    process.stdout.write(`${JSON.stringify({ ...result, soakMinutes: minutes, rssMiddleMB: round(middle), rssLastMB: round(last), flat, rssBudgetMet: flat === true && result.rssPeakMB <= 150 })}\n`);
  } finally {
    await exchange.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:soak failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
