import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from './journal-db.js';
import { PnlQueries } from './journal-pnl.js';
import { totalsByCoin } from './journal-summary.js';
import { makeFill, randomFills, randomFunding, randomInterest } from './journal.testkit.js';
import { JOURNAL_NO_SYMBOL, type JournalFill, type JournalFinancialRecord, type JournalLoanEvent, type JournalStore, type PnlBucket, type TimeRange } from './journal-types.js';

/**
 * PnL by day, week and symbol against sums computed here, apart from the journal: straight from
 * the rows recorded, with decimal.js at 200 digits, local days and ISO weeks from Intl (not
 * date-fns), in UTC and in a zone with a DST change inside the data.
 */

const Wide = Decimal.clone({ precision: 200 });

const FROM = Date.UTC(2026, 0, 1);
const DAYS = 120;
const fills = randomFills({ count: 6000, symbols: 12, from: FROM, days: DAYS, seed: 7, longDecimals: 0.05 });
const funding = randomFunding({ symbols: 3, from: FROM, days: DAYS });
const interest = randomInterest({ from: FROM, days: DAYS });
// Fills at the edges: 23 integer digits, 20 decimals, a DST-change night in New York (2026-03-08).
const edge: JournalFill[] = [
  makeFill({ execId: 'big', pnl: new Decimal('12345678901234567890123.12345678901234567891'), fee: new Decimal('0.00000000000000000001'), time: Date.UTC(2026, 2, 8, 6, 30) }),
  makeFill({ execId: 'neg', pnl: new Decimal('-12345678901234567890123'), time: Date.UTC(2026, 2, 8, 7, 30) }),
  makeFill({ execId: 'dst', pnl: new Decimal('0.5'), time: Date.UTC(2026, 2, 9, 4, 30) }),
];
const allFills = [...fills, ...edge];

let dir: string;
let store: JournalStore;
/** The same file summed row by row, without the rollups. */
let rowLevel: PnlQueries;
let raw: BetterSqlite3.Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'utadash-pnl-'));
  store = openJournal({ identity: { mode: 'demo', account: 'pnl' }, dataHome: dir });
  // In several batches, with duplicates (a backfill seeing the socket's fills again).
  for (let k = 0; k < allFills.length; k += 1000) store.record({ fills: allFills.slice(k, k + 1500) });
  store.record({ financial: funding, loans: interest });
  store.record({ financial: [{ id: 'fee-1', category: 'USDT-FUTURES', symbol: 'SYM0USDT', coin: 'USDT', kind: 'fee', amount: new Decimal('-99'), type: 'trading_fee', time: FROM + 5 }] });
  await store.flush();
  raw = new BetterSqlite3(store.path, { readonly: true });
  rowLevel = new PnlQueries(raw, { rollups: false });
});
afterAll(async () => {
  raw.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const ZONE_BEFORE = process.env.TZ;
afterEach(() => {
  process.env.TZ = ZONE_BEFORE;
});

const formats = new Map<string, Intl.DateTimeFormat>();
/** `yyyy-MM-dd` of the local day in `zone`, from Intl. */
function dayKey(ms: number, zone: string): string {
  let f = formats.get(zone);
  if (f === undefined) formats.set(zone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(ms);
}

/** `YYYY-Www` of the ISO week of the local day in `zone`: the week holding that date's Thursday. */
function weekKey(ms: number, zone: string): string {
  const [y, m, d] = dayKey(ms, zone).split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  const weekday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - weekday + 3);
  const isoYear = date.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(isoYear, 0, 4));
  firstThursday.setUTCDate(firstThursday.getUTCDate() - ((firstThursday.getUTCDay() + 6) % 7) + 3);
  const week = 1 + Math.round((date.getTime() - firstThursday.getTime()) / (7 * 86_400_000));
  return `${isoYear}-W${String(week).padStart(2, '0')}`;
}

const pnlCoin = (f: JournalFill): string => (f.category === 'USDT-FUTURES' ? 'USDT' : f.category === 'USDC-FUTURES' ? 'USDC' : f.feeCoin);

/** The buckets computed from the rows, as comparable text. */
function expected(keyOf: (time: number, symbol: string | null) => string, range: TimeRange): string[] {
  const acc = new Map<string, { realized: Decimal; fees: Decimal; funding: Decimal; interest: Decimal; fills: number; wins: number; losses: number }>();
  const at = (key: string, coin: string) => {
    const id = `${key}|${coin}`;
    let a = acc.get(id);
    if (a === undefined) acc.set(id, (a = { realized: new Wide(0), fees: new Wide(0), funding: new Wide(0), interest: new Wide(0), fills: 0, wins: 0, losses: 0 }));
    return a;
  };
  const inRange = (t: number): boolean => t >= range.from && t < range.to;
  for (const f of allFills.filter((x) => inRange(x.time))) {
    const a = at(keyOf(f.time, f.symbol), pnlCoin(f));
    a.fills += 1;
    if (f.pnl !== null) {
      a.realized = a.realized.plus(f.pnl.toFixed());
      if (f.pnl.gt(0)) a.wins += 1;
      if (f.pnl.lt(0)) a.losses += 1;
    }
    const b = at(keyOf(f.time, f.symbol), f.feeCoin);
    b.fees = b.fees.plus(f.fee.toFixed());
  }
  for (const r of funding.filter((x: JournalFinancialRecord) => inRange(x.time))) {
    const a = at(keyOf(r.time, r.symbol), r.coin);
    a.funding = a.funding.plus(r.amount.toFixed());
  }
  for (const l of interest.filter((x: JournalLoanEvent) => inRange(x.time))) {
    const a = at(keyOf(l.time, null), l.coin);
    a.interest = a.interest.plus(l.amount.toFixed());
  }
  return [...acc.entries()]
    .map(([id, a]) => `${id} ${a.realized.toFixed()} ${a.fees.toFixed()} ${a.funding.toFixed()} ${a.interest.toFixed()} ${a.fills}/${a.wins}/${a.losses}`)
    .sort();
}

const text = (buckets: readonly PnlBucket[]): string[] =>
  buckets.map((b) => `${b.key}|${b.coin} ${b.realized.toFixed()} ${b.fees.toFixed()} ${b.funding.toFixed()} ${b.interest.toFixed()} ${b.fills}/${b.wins}/${b.losses}`).sort();

const ALL: TimeRange = { from: 0, to: Number.MAX_SAFE_INTEGER };

// New York: a DST change inside the data; Kathmandu: 5:45 off UTC, so no local midnight is on a UTC hour.
describe.each(['UTC', 'America/New_York', 'Asia/Kathmandu'])('PnL in %s', (zone) => {
  it('by local day equals the sums of the rows, with the rollups and without', () => {
    process.env.TZ = zone;
    const want = expected((t) => dayKey(t, zone), ALL);
    const got = text(store.pnlBy('day', ALL));
    expect(got).toEqual(want);
    expect(text(rowLevel.pnlBy('day', ALL))).toEqual(want);
    expect(got.length).toBeGreaterThan(DAYS * 2);
  });

  it('by ISO week equals the sums of the rows', () => {
    process.env.TZ = zone;
    const want = expected((t) => weekKey(t, zone), ALL);
    expect(text(store.pnlBy('week', ALL))).toEqual(want);
    expect(text(rowLevel.pnlBy('week', ALL))).toEqual(want);
  });

  it('within a range that starts and ends inside a day', () => {
    process.env.TZ = zone;
    const range = { from: FROM + 10.5 * 86_400_000 + 7, to: FROM + 40.25 * 86_400_000 - 3 };
    expect(text(store.pnlBy('day', range))).toEqual(expected((t) => dayKey(t, zone), range));
    expect(text(store.pnlBy('week', range))).toEqual(expected((t) => weekKey(t, zone), range));
  });
});

describe('PnL by symbol', () => {
  it('equals the sums of the rows, with the rollups and without; interest has no symbol', () => {
    const got = store.pnlBy('symbol', ALL);
    const want = expected((_t, symbol) => symbol ?? JOURNAL_NO_SYMBOL, ALL);
    expect(text(got)).toEqual(want);
    expect(text(rowLevel.pnlBy('symbol', ALL))).toEqual(want);
    expect(got.find((b) => b.key === JOURNAL_NO_SYMBOL)?.interest.isNegative()).toBe(true);
  });

  it.each([
    ['whole UTC days', FROM + 3 * 86_400_000, FROM + 9 * 86_400_000],
    ['parts of days', FROM + 3 * 86_400_000 + 1, FROM + 9.5 * 86_400_000],
    ['inside one day', FROM + 20.1 * 86_400_000, FROM + 20.9 * 86_400_000],
  ])('within a range: %s', (_name, from, to) => {
    const range = { from, to };
    expect(text(store.pnlBy('symbol', range))).toEqual(expected((_t, symbol) => symbol ?? JOURNAL_NO_SYMBOL, range));
  });

  it('keeps every digit of sums past 20 significant digits', () => {
    const btc = store.pnlBy('symbol', ALL).find((b) => b.key === 'BTCUSDT');
    expect(btc?.realized.toFixed()).toBe('0.62345678901234567891');
    expect(btc?.fills).toBe(3);
  });

  it('totals per coin: the symbols added up, the win rate of closing fills', () => {
    const totals = totalsByCoin(store.pnlBy('symbol', ALL));
    const usdt = totals.find((t) => t.coin === 'USDT');
    const rows = expected(() => 'all', ALL).find((r) => r.startsWith('all|USDT '));
    expect(`all|USDT ${usdt?.realized.toFixed()} ${usdt?.fees.toFixed()} ${usdt?.funding.toFixed()} ${usdt?.interest.toFixed()} ${usdt?.fills}/${usdt?.wins}/${usdt?.losses}`).toBe(rows);
    expect(usdt?.winRate?.toFixed(6)).toBe(new Decimal(usdt?.wins ?? 0).div((usdt?.wins ?? 0) + (usdt?.losses ?? 0)).toFixed(6));
    const net = new Wide(usdt?.realized.toFixed() ?? '0').minus(usdt?.fees.toFixed() ?? '0').plus(usdt?.funding.toFixed() ?? '0').plus(usdt?.interest.toFixed() ?? '0');
    expect(usdt?.net.toFixed()).toBe(net.toFixed());
  });
});

describe('an empty journal', () => {
  it('has no buckets and no totals', async () => {
    const empty = openJournal({ identity: { mode: 'demo', account: 'empty' }, dataHome: dir });
    expect(empty.pnlBy('day', ALL)).toEqual([]);
    expect(empty.pnlBy('symbol', ALL)).toEqual([]);
    expect(totalsByCoin([])).toEqual([]);
    expect(empty.newestFillTime()).toBeNull();
    await empty.close();
  });
});
