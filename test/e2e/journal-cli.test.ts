import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../src/journal/journal-db.js';
import { EXPORT_KINDS } from '../../src/journal/journal-reader.js';
import { SCHEMA_VERSION } from '../../src/journal/journal-schema.js';
import { makeFill, randomFills, randomFunding, randomInterest } from '../../src/journal/journal.testkit.js';
import type { JournalFill } from '../../src/journal/journal-types.js';
import { cliEnv, runCli, type CliRun } from '../helpers/cli-commands-rig.js';
import { parseCsvObjects } from '../helpers/csv-parse.js';

/**
 * `utadash journal export|stats` (issue 19). Description: the trade journal read from the command
 * line, as a trader exporting for taxes would. Setup: a journal written through the journal's own
 * writer into a scratch $XDG_DATA_HOME (fills over a month and 4 symbols, some with awkward text
 * and amounts past 12 decimals, funding and loan interest). Run: the real CLI (`bin/utadash.mjs`):
 * export every kind as CSV and JSON, parsed back and compared with the rows; stats, whose totals
 * must equal sums made here from the fills; bad flags and unusable files, each one line on stderr
 * and exit 2; and the command loads no Ink.
 */

const Wide = Decimal.clone({ precision: 200 });
const home = mkdtempSync(join(tmpdir(), 'utadash-journal-cli-'));
const dataHome = join(home, 'data');
const FROM = Date.UTC(2026, 0, 1);
const identity = { mode: 'demo', account: 'sim-cli' } as const;

const fills: JournalFill[] = [
  ...randomFills({ count: 1500, symbols: 4, from: FROM, days: 30, seed: 11, longDecimals: 0.05 }),
  makeFill({ execId: 'odd-1', clientOid: 'a,"quoted"\r\nline', time: FROM + 3_600_000, pnl: new Decimal('-0.000000000000000001') }),
];
const funding = randomFunding({ symbols: 2, from: FROM, days: 30 });
const interest = randomInterest({ from: FROM, days: 30 });
let path = '';

/** Runs `utadash journal ...args` with the scratch home and data home (`extra` on top); resolves once it has exited. */
function cli(args: readonly string[], extra: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return runCli(['journal', ...args], cliEnv(home, { XDG_DATA_HOME: dataHome, ...extra }));
}

/** Exit 2, nothing on stdout, exactly one stderr line containing `text`, no stack. */
function expectRefusal(r: CliRun, text: string): void {
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toContain(text);
  expect(lines[0]?.startsWith('utadash: ')).toBe(true);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stdout).toBe('');
  expect(r.code, r.stderr).toBe(2);
}

beforeAll(async () => {
  const store = openJournal({ identity, dataHome });
  path = store.path;
  store.record({ fills, financial: funding, loans: interest });
  store.record({
    orders: [{ orderId: 'o-1', clientOid: 'c-1', category: 'USDT-FUTURES', symbol: 'BTCUSDT', kind: 'placed', detail: 'buy 0.01 @ 90,000.5 "GTC"', time: FROM + 5 }],
    equity: [{ time: FROM + 60_000, equity: new Decimal('10000.123456789'), marginRatio: new Decimal('0.05'), worstLoanRatio: null }],
  });
  await store.close();
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** The rows of `kind` as the journal gives them, from 2026-01-01 to now. */
function rowsOf(kind: (typeof EXPORT_KINDS)[number]): Record<string, string>[] {
  const store = openJournal({ identity, dataHome, mustExist: true });
  try {
    return [...store.exportRows(kind, { from: FROM, to: Date.now() })];
  } finally {
    void store.close();
  }
}

describe('utadash journal export', () => {
  it.each(EXPORT_KINDS)('%s: CSV on stdout, parsed back, equals the rows', async (kind) => {
    const r = await cli(['export', '--from', '2026-01-01', '--to', 'now', '--format', 'csv', '--kind', kind]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const rows = rowsOf(kind);
    expect(rows.length).toBeGreaterThan(0);
    expect(parseCsvObjects(r.stdout)).toEqual(rows);
  });

  it('fills: every fill once, in time order, with its exact strings', async () => {
    const parsed = parseCsvObjects((await cli(['export', '--from', '2026-01-01', '--to', 'now'])).stdout);
    expect(parsed.map((p) => p.execId).sort()).toEqual(fills.map((f) => f.execId).sort());
    const odd = parsed.find((p) => p.execId === 'odd-1');
    expect(odd).toMatchObject({ clientOid: 'a,"quoted"\r\nline', pnl: '-0.000000000000000001', timeUtc: '2026-01-01T01:00:00.000Z' });
    const times = parsed.map((p) => Number(p.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('JSON to --out FILE (0600), the same rows; one line on stderr says so', async () => {
    const out = join(home, 'fills.json');
    const r = await cli(['export', '--format=json', '--out', out, '--journal', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`utadash: ${fills.length} fills row(s) written to ${out}\n`);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(rowsOf('fills'));
  });
});

describe('utadash journal stats', () => {
  it('prints the totals per coin: realized, fees, funding, interest, net and win rate equal to sums of the rows', async () => {
    const r = await cli(['stats', '--from', '2026-01-01', '--to', 'now']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`Trade journal of demo account sim-cli (${path})`);
    const totals = lines.slice(lines.indexOf('Totals') + 2).filter((l) => l.trim() !== '');
    const usdt = totals.find((l) => l.startsWith('USDT'))?.trim().split(/\s+/) ?? [];
    const usdtFills = fills.filter((f) => (f.category === 'USDT-FUTURES' ? 'USDT' : f.category === 'USDC-FUTURES' ? 'USDC' : f.feeCoin) === 'USDT');
    const sum = (values: readonly Decimal[]): Decimal => values.reduce((a, v) => a.plus(v.toFixed()), new Wide(0));
    const realized = sum(usdtFills.flatMap((f) => (f.pnl === null ? [] : [f.pnl])));
    const fees = sum(fills.filter((f) => f.feeCoin === 'USDT').map((f) => f.fee));
    const fund = sum(funding.map((f) => f.amount));
    const paid = sum(interest.map((l) => l.amount));
    const wins = usdtFills.filter((f) => f.pnl?.gt(0) === true).length;
    const losses = usdtFills.filter((f) => f.pnl?.lt(0) === true).length;
    expect(usdt).toEqual([
      'USDT',
      String(usdtFills.length),
      String(wins),
      String(losses),
      `${new Wide(wins).div(wins + losses).times(100).toFixed(1)}%`,
      realized.toFixed(),
      fees.toFixed(),
      fund.toFixed(),
      paid.toFixed(),
      realized.minus(fees).plus(fund).plus(paid).toFixed(),
    ]);
    expect(lines).toContain('By symbol');
    for (const symbol of ['SYM0USDT', 'SYM1USDT', 'SYM2USDT', 'SYM3USDT', 'BTCUSDT']) expect(r.stdout).toMatch(new RegExp(`^${symbol} `, 'm'));
  });

  it('by day and by week', async () => {
    const day = await cli(['stats', '--by', 'day', '--mode', 'demo']);
    expect(day.code, day.stderr).toBe(0);
    expect(day.stdout).toMatch(/^2026-01-15 +USDT /m);
    const week = await cli(['stats', '--by=week', '--account', 'sim-cli']);
    expect(week.stdout).toMatch(/^2026-W03 +USDT /m);
  });
});

describe('mistakes: one line on stderr, exit 2', () => {
  it.each([
    [['export', '--format', 'xml'], '--format must be csv, json (got "xml")'],
    [['export', '--kind', 'trades'], '--kind must be fills, funding, loans, equity, orders (got "trades")'],
    [['export', '--bogus'], 'unknown journal export option "--bogus"'],
    [['stats', '--out', 'x.csv'], 'unknown journal stats option "--out"'],
    [['stats', '--from'], '--from needs a value'],
    [['stats', '--from', 'yesterday'], '--from: "yesterday" is not a time'],
    [['stats', '--from', 'now', '--to', '-1d'], '--from must be before --to'],
    [['stats', '--mode', 'real'], '--mode must be live, paper, demo (got "real")'],
    [['purge'], 'unknown journal command "purge" (export or stats'],
    [['stats', '--mode', 'live'], 'no trade journal for --mode live in'],
    [['export', '--journal', '/nonexistent/j.sqlite'], 'no journal at /nonexistent/j.sqlite'],
    [['export', '--out', '/nonexistent/dir/out.csv'], '--out /nonexistent/dir/out.csv cannot be written'],
  ])('%j', async (args, text) => {
    expectRefusal(await cli(args), text);
  });

  it('a journal of another account named with --journal and --account', async () => {
    expectRefusal(await cli(['stats', '--journal', path, '--account', 'other']), `is the journal of demo account sim-cli`);
  });

  it('a journal from a newer schema', async () => {
    const newer = join(home, 'newer.sqlite');
    writeFileSync(newer, readFileSync(path));
    const db = new BetterSqlite3(newer);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expectRefusal(await cli(['stats', '--journal', newer]), `was written by a newer utadash (schema ${SCHEMA_VERSION + 1}`);
  });

  it('two journals and no --mode / --account to choose', async () => {
    const other = join(home, 'two');
    const store = openJournal({ identity: { mode: 'live', account: '42' }, dataHome: other });
    await store.close();
    mkdirSync(join(other, 'utadash'), { recursive: true });
    writeFileSync(join(other, 'utadash', 'journal-demo-x.sqlite'), readFileSync(path));
    expectRefusal(await cli(['stats'], { XDG_DATA_HOME: other }), '2 trade journals in');
    expect((await cli(['stats', '--mode', 'live'], { XDG_DATA_HOME: other })).code).toBe(0);
  });
});

describe('what it loads', () => {
  it('never Ink, React or yoga (the resolutions of the run, seen by a module hook)', async () => {
    const log = join(home, 'resolved.log');
    const hook = fileURLToPath(new URL('../helpers/module-trace.mjs', import.meta.url));
    const r = await cli(['stats'], { UTADASH_FROM_SOURCE: '1', UTADASH_TEST_MODULE_LOG: log, NODE_OPTIONS: `--import ${hook}` });
    expect(r.code, r.stderr).toBe(0);
    const resolved = readFileSync(log, 'utf8');
    // The hook sees the run: the journal and its database.
    expect(resolved).toContain('/src/journal/journal-db.ts');
    expect(resolved).toContain('/node_modules/better-sqlite3/');
    expect(resolved).not.toMatch(/\/node_modules\/(ink|react|yoga-layout)\//);
    // No component either (bin.ts's refusal classes bring the key tables along: data, no React).
    expect(resolved).not.toMatch(/\.tsx$/m);
  });
});
