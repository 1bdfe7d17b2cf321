import { mkdtempSync, rmSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExactSum, decimalText } from '../src/journal/exact-sum.js';
import { openJournal } from '../src/journal/journal-db.js';
import { PnlQueries } from '../src/journal/journal-pnl.js';
import type { JournalStore, TimeRange } from '../src/journal/journal-types.js';
import { makeFill, randomFills, randomFunding, randomInterest } from '../src/journal/journal.testkit.js';

/**
 * Trade-journal benchmark (issue 19): `npm run bench -- --journal [--fills N] [--runs N]`, or
 * `npx tsx bench/journal-bench.ts`. Inserts N fills (default 100 000) across 20 symbols and 200
 * days through the journal's own write path (record + flush: one transaction per 1000 rows), with
 * 8-hourly funding on every symbol and daily loan interest; then times each query `runs` times
 * (default 9) and prints the median, min and max ms. Target: PnL by day and by symbol ≤ 50 ms.
 * Also the main-thread time of a small write (10 fills, what one 250 ms tick of a busy session
 * holds), the file size, and a check that the by-symbol sums equal a sum of the rows made apart.
 * Prints JSON lines.
 */

/** Target of issue 19: PnL by day / by symbol over 100 000 fills, ms. */
const TARGET_MS = 50;

/** Wall-clock ms of the runs (median, min, max) and the median CPU ms of this process (user + system), which other processes' load does not inflate. */
interface Timing {
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly cpuMedianMs: number;
}

function timeIt(runs: number, fn: () => unknown): Timing {
  fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const round = (x: number | undefined): number => Math.round((x ?? 0) * 100) / 100;
  const mid = Math.floor(times.length / 2);
  return { medianMs: round(times[mid]), minMs: round(times[0]), maxMs: round(times.at(-1)), cpuMedianMs: round(cpu[mid]) };
}

/** The realized PnL per symbol, summed from the rows apart from the journal. */
function expectedRealized(fills: ReturnType<typeof randomFills>): Map<string, string> {
  const sums = new Map<string, ExactSum>();
  for (const f of fills) {
    if (f.pnl === null) continue;
    const key = `${f.symbol}|${f.category === 'USDT-FUTURES' ? 'USDT' : f.category === 'USDC-FUTURES' ? 'USDC' : f.feeCoin}`;
    let s = sums.get(key);
    if (s === undefined) sums.set(key, (s = new ExactSum()));
    s.addText(decimalText(f.pnl));
  }
  return new Map([...sums.entries()].map(([k, s]) => [k, s.toDecimal().toFixed()]));
}

/** Runs the benchmark; returns the JSON lines it printed. */
export async function runJournalBench(args: readonly string[]): Promise<string[]> {
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const count = Number.parseInt(flag('--fills') ?? '100000', 10);
  const runs = Number.parseInt(flag('--runs') ?? '9', 10);
  const days = 200;
  const from = Date.UTC(2026, 0, 1);
  const dir = mkdtempSync(join(tmpdir(), 'utadash-journal-bench-'));
  const lines: string[] = [];
  const say = (o: object): void => {
    const line = JSON.stringify(o);
    lines.push(line);
    process.stdout.write(`${line}\n`);
  };
  say({ bench: 'journal', date: new Date().toISOString(), nproc: cpus().length, cpu: cpus()[0]?.model ?? '', node: process.version, fills: count, symbols: 20, days, runs });
  let store: JournalStore | null = null;
  try {
    const fills = randomFills({ count, symbols: 20, from, days, seed: 1 });
    const funding = randomFunding({ symbols: 20, from, days });
    const interest = randomInterest({ from, days });
    store = openJournal({ identity: { mode: 'demo', account: 'bench' }, dataHome: dir, clock: () => from + days * 86_400_000 });
    const s = store;

    const t0 = process.hrtime.bigint();
    for (let k = 0; k < fills.length; k += 1000) {
      s.record({ fills: fills.slice(k, k + 1000) });
      await s.flush();
    }
    const insertMs = Number(process.hrtime.bigint() - t0) / 1e6;
    s.record({ financial: funding, loans: interest });
    await s.flush();
    let n = 0;
    const small = timeIt(runs * 5, () => {
      s.record({ fills: Array.from({ length: 10 }, (_, i) => makeFill({ execId: `small-${n}-${i}`, time: from + n })) });
      n += 1;
      void s.flush();
    });
    const size = statSync(s.path).size + (statSync(`${s.path}-wal`, { throwIfNoEntry: false })?.size ?? 0);
    say({
      insert: { rows: count, ms: Math.round(insertMs), rowsPerSec: Math.round((count / insertMs) * 1000), batch: 1000 },
      smallWrite10Fills: small,
      fileMB: Math.round((size / 1e6) * 10) / 10,
      counts: s.counts(),
    });

    const all: TimeRange = { from: 0, to: Number.MAX_SAFE_INTEGER };
    const last30: TimeRange = { from: from + (days - 30) * 86_400_000, to: from + days * 86_400_000 };
    const queries: Record<string, () => unknown> = {
      pnlByDay: () => s.pnlBy('day', all),
      pnlBySymbol: () => s.pnlBy('symbol', all),
      pnlByWeek: () => s.pnlBy('week', all),
      pnlByDayLast30: () => s.pnlBy('day', last30),
      fills200: () => s.fills({ ...all, limit: 200 }),
      fillsSymbol200: () => s.fills({ ...all, symbol: 'SYM7USDT', limit: 200 }),
      equity: () => s.equity(all, 200),
      counts: () => s.counts(),
      exportFills: () => s.exportRows('fills', all),
    };
    const results: Record<string, Timing> = {};
    for (const [name, fn] of Object.entries(queries)) results[name] = timeIt(name === 'exportFills' ? Math.min(runs, 3) : runs, fn);
    say({ queries: results, targetMs: TARGET_MS, withinTarget: (results.pnlByDay?.medianMs ?? Infinity) <= TARGET_MS && (results.pnlBySymbol?.medianMs ?? Infinity) <= TARGET_MS });

    // A/B: the same sums row by row through the covering index, without the rollups.
    const raw = new BetterSqlite3(s.path, { readonly: true });
    try {
      const rows = new PnlQueries(raw, { rollups: false });
      const withRollups = new PnlQueries(raw);
      say({
        rowLevel: { pnlByDay: timeIt(runs, () => rows.pnlBy('day', all)), pnlBySymbol: timeIt(runs, () => rows.pnlBy('symbol', all)) },
        rollupsSameConnection: { pnlByDay: timeIt(runs, () => withRollups.pnlBy('day', all)), pnlBySymbol: timeIt(runs, () => withRollups.pnlBy('symbol', all)) },
      });
    } finally {
      raw.close();
    }

    const expected = expectedRealized(fills);
    const got = new Map(s.pnlBy('symbol', all).filter((b) => b.fills > 0 && !b.key.startsWith('(')).map((b) => [`${b.key}|${b.coin}`, b.realized.toFixed()]));
    const mismatched = [...expected.entries()].filter(([k, v]) => got.get(k) !== v).map(([k]) => k);
    say({ check: mismatched.length === 0 ? 'by-symbol realized PnL equals the rows summed apart' : `MISMATCH in ${mismatched.join(', ')}` });
    if (mismatched.length > 0) process.exitCode = 1;
  } finally {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'))) {
  runJournalBench(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`journal bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
