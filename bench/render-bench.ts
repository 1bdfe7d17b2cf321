import { machineLine } from './render/machine.js';
import { runApp, type RunResult, type Writer } from './render/run-app.js';
import { startExchangeProcess } from './render/exchange-host.js';

/**
 * `npm run bench:render [-- --seconds N] [--sizes 80x24,160x48] [--writers ours,ink-default] [--layouts trade,monitor] [--ssh]`
 * (layouts other than trade are measured at 160x48 only)
 *
 * Runs the real app (bin/utadash.mjs, the real Ink writer) on a pseudo-terminal of each size
 * against the embedded exchange (books every 50 ms, tickers on ten symbols, public trades; the
 * user's own orders and fills from `startUserActivity`), and prints one JSON line per size and
 * writer. Bytes/s, fps, render time and CPU come from the measurement window, in which a scripted
 * key pair (`?` opens help, `?` closes it) is pressed every 5 s; key-to-frame latency comes from
 * those presses plus a burst of 15 more pairs right after the window (still streaming). The exchange
 * runs in a process of its own (bench/render/exchange-host.ts), so the app's CPU is its own and the
 * exchange's work does not delay this process's reading of the frames. Text (help shown, book back,
 * book filled) is looked for on an emulated screen. A last line measures the first full frame of a
 * plain start (`npm start`, exchange in-process). Needs python3 (pty) and Linux (/proc).
 * `--cpu-prof DIR` writes a V8 CPU profile of each app run there; `--key-every MS` sets the pause
 * between help toggles (default 5000), `--inprocess-seconds N` how long the in-process start is measured (default 60), `--key-burst N` the pairs after the window (default 100: over 200 presses for the p99); `--node-args "..."` passes flags to the app's node, `--app-args "..."` to the app.
 * Budgets (issue 7) are checked and printed to stderr; the exit code stays 0.
 */

function flag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Issue 7 budgets at 160x48 for the app's own writer. */
function budgetProblems(r: RunResult): string[] {
  const out: string[] = [];
  if (r.size === '160x48' && r.bytesPerSec > 8 * 1024) out.push(`${r.size} bytes/s ${r.bytesPerSec} > 8192`);
  if (r.size === '160x48' && r.cpu > 0.1) out.push(`${r.size} cpu ${r.cpu} > 0.10`);
  if (r.keyMsP99 > 50) out.push(`${r.size} key p99 ${r.keyMsP99} ms > 50`);
  if (r.rssPeakMB > 150) out.push(`${r.size} rss peak ${r.rssPeakMB} MB > 150`);
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seconds = Number(flag(args, '--seconds') ?? '15');
  const sizes = (flag(args, '--sizes') ?? '80x24,160x48,240x70').split(',').map((s) => s.split('x').map(Number) as [number, number]);
  const writers = (flag(args, '--writers') ?? 'ours,ink-default').split(',') as Writer[];
  // The monitor layout (issue 17) where it fits (from 110x30), beside trade at the same size.
  const layouts = (flag(args, '--layouts') ?? 'trade,monitor').split(',');
  const extra = [...(args.includes('--ssh') ? ['--ssh'] : []), ...(flag(args, '--app-args') ?? '').split(' ').filter((a) => a !== '')];
  const prof = flag(args, '--cpu-prof');
  const nodeArgs = [...(prof === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${prof}`]), ...(flag(args, '--node-args') ?? '').split(' ').filter((a) => a !== '')];
  const keyEveryMs = Number(flag(args, '--key-every') ?? '5000');
  const keyBurst = Number(flag(args, '--key-burst') ?? '100');
  process.stderr.write(`${JSON.stringify(machineLine())}\n`);
  const exchange = await startExchangeProcess();
  const problems: string[] = [];
  try {
    for (const [columns, rows] of sizes) {
      for (const layout of layouts) {
        if (layout !== 'trade' && (columns !== 160 || rows !== 48)) continue;
        for (const writer of writers) {
          const r = await runApp({ columns, rows, writer, layout, simUrl: exchange.url, warmupMs: 3000, measureMs: writer === 'ours' ? seconds * 1000 : Math.min(seconds, 10) * 1000, keyEveryMs, keyBurst, args: extra, nodeArgs });
          process.stdout.write(`${JSON.stringify(r)}\n`);
          if (writer === 'ours') problems.push(...budgetProblems(r));
        }
      }
    }
  } finally {
    await exchange.close();
  }
  // First full frame of a plain start: the app starts its own embedded exchange, as `npm start` does.
  // Then the same process measured for `--inprocess-seconds` (default 60; 0 skips): what a user runs,
  // exchange and all, for RSS (issue 17: under 150 MB) and CPU.
  const inProcessSeconds = Number(flag(args, '--inprocess-seconds') ?? '60');
  const first = await runApp({ columns: 160, rows: 48, writer: 'ours', simUrl: null, warmupMs: inProcessSeconds > 0 ? 3000 : 0, measureMs: inProcessSeconds * 1000, keyEveryMs, args: extra });
  process.stdout.write(
    `${JSON.stringify({ size: first.size, writer: 'ours', startup: 'embedded exchange in-process', firstFrameMs: first.firstFrameMs, ...(inProcessSeconds > 0 ? { cpu: first.cpu, rssPeakMB: first.rssPeakMB, rssFinalMB: first.rssFinalMB, seconds: first.seconds } : {}) })}\n`,
  );
  if (first.firstFrameMs > 1500) problems.push(`first full frame ${first.firstFrameMs} ms > 1500`);
  if (inProcessSeconds > 0 && first.rssPeakMB >= 150) problems.push(`in-process rss peak ${first.rssPeakMB} MB >= 150`);
  process.stderr.write(problems.length === 0 ? 'budgets: all met\n' : `budgets missed: ${problems.join('; ')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:render failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
