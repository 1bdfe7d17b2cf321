import type { Database, Statement } from 'better-sqlite3';
import { timeBuckets, type TimeBucket } from '../domain/time-format.js';
import { ExactSum } from './exact-sum.js';
import { DAY_MS, HOUR_MS, NO_SYMBOL, ROLLUP_SELECT } from './journal-rollups.js';
import { JOURNAL_NO_SYMBOL, type PnlBucket, type TimeRange } from './journal-types.js';

/**
 * PnL by local day, ISO week or symbol: exact shadow sums (exact-sum.ts) in SQLite. Whole UTC hours
 * (days, weeks) or whole UTC days (symbols) come from the rollups (journal-rollups.ts); what is left
 * at the edges (a range's ends; the partial hours of a zone half an hour off UTC) is summed from the
 * rows through a covering index. Amounts without a shadow (more than 12 decimals) are read one by
 * one and added in BigInt. Buckets with no rows are left out.
 */

/** SQL sums of a range of fills of one symbol and coin pair (safe integers: BigInt). */
interface FillSums {
  readonly symbol: string;
  readonly pnl_coin: string;
  readonly fee_coin: string;
  readonly n: bigint;
  readonly wins: bigint | null;
  readonly losses: bigint | null;
  readonly pu: bigint | null;
  readonly pm: bigint | null;
  readonly pp: bigint | null;
  readonly fu: bigint | null;
  readonly fm: bigint | null;
  readonly fp: bigint | null;
}

/** SQL sums of a range of amounts, per coin (and symbol for financial records). */
interface AmountSums {
  readonly coin: string;
  readonly symbol: string | null;
  readonly u: bigint | null;
  readonly m: bigint | null;
  readonly p: bigint | null;
}

/** SQL sums of rollup rows (all null: no rows). */
interface RollupSums {
  readonly symbol?: string;
  readonly coin?: string;
  readonly fills: bigint | null;
  readonly wins: bigint | null;
  readonly losses: bigint | null;
  readonly realized_units: bigint | null;
  readonly realized_micro: bigint | null;
  readonly realized_pico: bigint | null;
  readonly fee_units: bigint | null;
  readonly fee_micro: bigint | null;
  readonly fee_pico: bigint | null;
  readonly funding_units: bigint | null;
  readonly funding_micro: bigint | null;
  readonly funding_pico: bigint | null;
  readonly interest_units: bigint | null;
  readonly interest_micro: bigint | null;
  readonly interest_pico: bigint | null;
}

/** A fill with an amount that has no shadow. */
interface InexactFill {
  readonly symbol: string;
  readonly pnl_coin: string;
  readonly fee_coin: string;
  readonly time: number;
  readonly pnl: string | null;
  readonly fee: string;
  readonly pnl_text: number;
  readonly fee_text: number;
}

/** An amount that has no shadow. */
interface InexactAmount {
  readonly coin: string;
  readonly symbol: string | null;
  readonly time: number;
  readonly amount: string;
}

interface Acc {
  readonly realized: ExactSum;
  readonly fees: ExactSum;
  readonly funding: ExactSum;
  readonly interest: ExactSum;
  fills: number;
  wins: number;
  losses: number;
}

/** Sums per (bucket key, coin). */
class PnlTable {
  private readonly rows = new Map<string, Map<string, Acc>>();

  at(key: string, coin: string): Acc {
    let coins = this.rows.get(key);
    if (coins === undefined) this.rows.set(key, (coins = new Map()));
    let acc = coins.get(coin);
    if (acc === undefined) {
      acc = { realized: new ExactSum(), fees: new ExactSum(), funding: new ExactSum(), interest: new ExactSum(), fills: 0, wins: 0, losses: 0 };
      coins.set(coin, acc);
    }
    return acc;
  }

  buckets(): PnlBucket[] {
    const out: PnlBucket[] = [];
    for (const key of [...this.rows.keys()].sort()) {
      const coins = this.rows.get(key) ?? new Map<string, Acc>();
      for (const coin of [...coins.keys()].sort()) {
        const a = coins.get(coin);
        if (a === undefined) continue;
        out.push({
          key,
          coin,
          realized: a.realized.toDecimal(),
          fees: a.fees.toDecimal(),
          funding: a.funding.toDecimal(),
          interest: a.interest.toDecimal(),
          fills: a.fills,
          wins: a.wins,
          losses: a.losses,
        });
      }
    }
    return out;
  }
}

const FILL_SUMS = `symbol, pnl_coin, fee_coin, count(*) AS n, sum(win) AS wins, sum(loss) AS losses, sum(pnl_units) AS pu, sum(pnl_micro) AS pm, sum(pnl_pico) AS pp,
  sum(fee_units) AS fu, sum(fee_micro) AS fm, sum(fee_pico) AS fp`;
const AMOUNT_SUMS = 'sum(amount_units) AS u, sum(amount_micro) AS m, sum(amount_pico) AS p';

/** Options of PnlQueries. */
export interface PnlQueryOptions {
  /** Sum whole hours and days from the rollups. Default true; false sums every row (the benchmark's A/B; tests). */
  readonly rollups?: boolean;
}

/** The PnL queries over one open file. */
export class PnlQueries {
  private readonly hours: Statement;
  private readonly nextCoin: Statement;
  private readonly days: Statement;
  private readonly fills: Statement;
  private readonly funding: Statement;
  private readonly interest: Statement;
  private readonly inexactFills: Statement;
  private readonly fundingInexact: Statement;
  private readonly interestInexact: Statement;
  private readonly extent: Statement;
  private readonly rollups: boolean;

  constructor(db: Database, options: PnlQueryOptions = {}) {
    this.rollups = options.rollups ?? true;
    // Per bucket and coin a seek on the primary key and a plain sum: no sort (measured: bench/RESULTS.md).
    this.hours = db.prepare(`SELECT ${ROLLUP_SELECT} FROM pnl_hours WHERE coin = ? AND hour >= ? AND hour < ?`).safeIntegers(true);
    this.nextCoin = db.prepare('SELECT coin FROM pnl_hours WHERE coin > ? ORDER BY coin LIMIT 1').pluck();
    // Grouped in primary-key order: no sort.
    this.days = db.prepare(`SELECT symbol, coin, ${ROLLUP_SELECT} FROM pnl_days WHERE day >= ? AND day < ? GROUP BY symbol, coin`).safeIntegers(true);
    this.fills = db.prepare(`SELECT ${FILL_SUMS} FROM fills WHERE time >= ? AND time < ? GROUP BY symbol, pnl_coin, fee_coin`).safeIntegers(true);
    this.funding = db.prepare(`SELECT coin, symbol, ${AMOUNT_SUMS} FROM financial WHERE kind = 'funding' AND time >= ? AND time < ? GROUP BY coin, symbol`).safeIntegers(true);
    this.interest = db.prepare(`SELECT coin, NULL AS symbol, ${AMOUNT_SUMS} FROM loans WHERE kind = 'interest' AND time >= ? AND time < ? GROUP BY coin`).safeIntegers(true);
    this.inexactFills = db.prepare(`SELECT symbol, pnl_coin, fee_coin, time, pnl, fee, pnl_units IS NULL AS pnl_text, fee_units IS NULL AS fee_text
      FROM fills WHERE inexact = 1 AND time >= ? AND time < ?`);
    this.fundingInexact = db.prepare(`SELECT coin, symbol, time, amount FROM financial WHERE kind = 'funding' AND time >= ? AND time < ? AND amount_units IS NULL`);
    this.interestInexact = db.prepare(`SELECT coin, NULL AS symbol, time, amount FROM loans WHERE kind = 'interest' AND time >= ? AND time < ? AND amount_units IS NULL`);
    this.extent = db.prepare(`SELECT min(t) AS lo, max(t) AS hi FROM (
      SELECT (SELECT min(time) FROM fills) AS t UNION ALL SELECT (SELECT max(time) FROM fills)
      UNION ALL SELECT (SELECT min(time) FROM financial) UNION ALL SELECT (SELECT max(time) FROM financial)
      UNION ALL SELECT (SELECT min(time) FROM loans) UNION ALL SELECT (SELECT max(time) FROM loans))`);
  }

  /** PnL by local day, ISO week or symbol over `range` (Unix ms, `to` exclusive). */
  pnlBy(by: 'day' | 'week' | 'symbol', range: TimeRange): PnlBucket[] {
    const table = new PnlTable();
    if (by === 'symbol') this.bySymbols(table, range);
    else this.byTime(table, range, by === 'day' ? 'day' : 'isoWeek');
    return table.buckets();
  }

  private byTime(table: PnlTable, range: TimeRange, unit: 'day' | 'isoWeek'): void {
    const ext = this.extent.get() as { lo: number | null; hi: number | null };
    if (ext.lo === null || ext.hi === null) return;
    const from = Math.max(range.from, ext.lo);
    const to = Math.min(range.to, ext.hi + 1);
    if (to <= from) return;
    const buckets = timeBuckets(from, to - 1, unit);
    const coins = this.rollups ? this.rollupCoins() : [];
    for (const b of buckets) {
      const lo = Math.max(b.start, from);
      const hi = Math.min(b.end, to);
      const key = (): string => b.key;
      const hLo = Math.ceil(lo / HOUR_MS);
      const hHi = Math.floor(hi / HOUR_MS);
      if (!this.rollups || hHi <= hLo) {
        this.addRows(table, lo, hi, key);
        continue;
      }
      for (const coin of coins) addRollup(table, b.key, coin, this.hours.get(coin, hLo, hHi) as RollupSums);
      this.addRows(table, lo, hLo * HOUR_MS, key);
      this.addRows(table, hHi * HOUR_MS, hi, key);
    }
    const keyOf = (time: number): string => bucketAt(buckets, time)?.key ?? '';
    this.addInexact(table, from, to, keyOf);
  }

  private bySymbols(table: PnlTable, range: TimeRange): void {
    const key = (symbol: string | null): string => (symbol === null || symbol === NO_SYMBOL ? JOURNAL_NO_SYMBOL : symbol);
    const dLo = Math.ceil(range.from / DAY_MS);
    const dHi = Math.floor(range.to / DAY_MS);
    if (!this.rollups || dHi <= dLo) {
      this.addRows(table, range.from, range.to, key);
    } else {
      for (const r of this.days.all(dLo, dHi) as RollupSums[]) addRollup(table, key(r.symbol ?? null), r.coin ?? '', r);
      this.addRows(table, range.from, dLo * DAY_MS, key);
      this.addRows(table, dHi * DAY_MS, range.to, key);
    }
    this.addInexact(table, range.from, range.to, null);
  }

  /** The coins of the hour rollups: a loose scan of the primary key, one seek each. */
  private rollupCoins(): string[] {
    const out: string[] = [];
    for (let coin = this.nextCoin.get('') as string | undefined; coin !== undefined; coin = this.nextCoin.get(coin) as string | undefined) out.push(coin);
    return out;
  }

  /** Adds the rows' shadow sums in [lo, hi), each under `keyOf(its symbol)`. */
  private addRows(table: PnlTable, lo: number, hi: number, keyOf: (symbol: string | null) => string): void {
    if (hi <= lo) return;
    for (const s of this.fills.all(lo, hi) as FillSums[]) {
      const key = keyOf(s.symbol);
      const acc = table.at(key, s.pnl_coin);
      acc.realized.addShadow(s.pu, s.pm, s.pp);
      acc.fills += Number(s.n);
      acc.wins += Number(s.wins ?? 0n);
      acc.losses += Number(s.losses ?? 0n);
      table.at(key, s.fee_coin).fees.addShadow(s.fu, s.fm, s.fp);
    }
    for (const s of this.funding.all(lo, hi) as AmountSums[]) table.at(keyOf(s.symbol), s.coin).funding.addShadow(s.u, s.m, s.p);
    for (const s of this.interest.all(lo, hi) as AmountSums[]) table.at(keyOf(null), s.coin).interest.addShadow(s.u, s.m, s.p);
  }

  /** Adds the amounts without a shadow; `keyOf` null: by symbol. */
  private addInexact(table: PnlTable, from: number, to: number, keyOf: ((time: number) => string) | null): void {
    for (const f of this.inexactFills.all(from, to) as InexactFill[]) {
      const key = keyOf === null ? f.symbol : keyOf(f.time);
      if (f.pnl_text === 1 && f.pnl !== null) table.at(key, f.pnl_coin).realized.addText(f.pnl);
      if (f.fee_text === 1) table.at(key, f.fee_coin).fees.addText(f.fee);
    }
    for (const r of this.fundingInexact.all(from, to) as InexactAmount[]) {
      table.at(keyOf === null ? (r.symbol ?? JOURNAL_NO_SYMBOL) : keyOf(r.time), r.coin).funding.addText(r.amount);
    }
    for (const r of this.interestInexact.all(from, to) as InexactAmount[]) {
      table.at(keyOf === null ? JOURNAL_NO_SYMBOL : keyOf(r.time), r.coin).interest.addText(r.amount);
    }
  }
}

/** Adds a rollup row's sums in `coin` under `key` (nothing for no rows). */
function addRollup(table: PnlTable, key: string, coin: string, r: RollupSums): void {
  if (r.fills === null) return;
  const acc = table.at(key, coin);
  acc.fills += Number(r.fills);
  acc.wins += Number(r.wins ?? 0n);
  acc.losses += Number(r.losses ?? 0n);
  acc.realized.addShadow(r.realized_units, r.realized_micro, r.realized_pico);
  acc.fees.addShadow(r.fee_units, r.fee_micro, r.fee_pico);
  acc.funding.addShadow(r.funding_units, r.funding_micro, r.funding_pico);
  acc.interest.addShadow(r.interest_units, r.interest_micro, r.interest_pico);
}

/** The bucket holding `time` (buckets sorted and contiguous), by binary search. */
function bucketAt(buckets: readonly TimeBucket[], time: number): TimeBucket | undefined {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = buckets[mid];
    if (b === undefined) return undefined;
    if (time < b.start) hi = mid - 1;
    else if (time >= b.end) lo = mid + 1;
    else return b;
  }
  return undefined;
}
