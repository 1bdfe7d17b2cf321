import type { Database, Statement } from 'better-sqlite3';
import type { ShadowParts } from './exact-sum.js';

/**
 * PnL rollups: the exact shadow sums (exact-sum.ts) of every stored fill, funding record and
 * interest event per coin and UTC hour (`pnl_hours`), and per symbol, coin and UTC day
 * (`pnl_days`), kept in the same transaction as the rows. PnL by local day or ISO week sums whole
 * hours (every zone's midnight falls on a quarter hour: a day is whole hours plus at most two
 * partial ones, summed from the rows); by symbol sums whole UTC days plus the partial days at the
 * range's ends. So a query reads a few thousand rollup rows, not every fill. Amounts without a
 * shadow add nothing here and are summed from their text (journal-pnl.ts).
 */

/** UTC hour / day lengths, ms. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The symbol of `pnl_days` rows with none (interest; funding reported without one). */
export const NO_SYMBOL = '';

/** What a rollup sums. */
export type RollupAmount = 'realized' | 'fee' | 'funding' | 'interest';
const AMOUNTS: readonly RollupAmount[] = ['realized', 'fee', 'funding', 'interest'];

/** The summed columns of a rollup row, in order: the counts, then each amount's shadow. */
export const ROLLUP_SUMS: readonly string[] = ['fills', 'wins', 'losses', ...AMOUNTS.flatMap((a) => [`${a}_units`, `${a}_micro`, `${a}_pico`])];

/** One rollup row: its key columns and sums, as named parameters. */
type Delta = Record<string, number | bigint | string>;

const zero = (): Delta => Object.fromEntries(ROLLUP_SUMS.map((c) => [c, c.endsWith('_units') ? 0n : 0]));

/** Sums of one write transaction's new rows, per rollup row; written with one upsert each. */
export class RollupDeltas {
  private readonly hours = new Map<string, Delta>();
  private readonly days = new Map<string, Delta>();

  /** Adds a stored row's `amount` in `coin` (null shadow: counts only) at `time`. */
  add(time: number, symbol: string | null, coin: string, amount: RollupAmount, shadow: ShadowParts | null, counts: { fills: number; wins: number; losses: number } | null): void {
    const hour = Math.floor(time / HOUR_MS);
    const day = Math.floor(time / DAY_MS);
    const sym = symbol ?? NO_SYMBOL;
    const h = this.row(this.hours, `${coin}|${hour}`, { coin, hour });
    const d = this.row(this.days, `${sym}|${coin}|${day}`, { symbol: sym, coin, day });
    for (const into of [h, d]) {
      if (counts !== null) {
        into.fills = Number(into.fills) + counts.fills;
        into.wins = Number(into.wins) + counts.wins;
        into.losses = Number(into.losses) + counts.losses;
      }
      if (shadow !== null) {
        into[`${amount}_units`] = BigInt(into[`${amount}_units`] ?? 0n) + shadow.units;
        into[`${amount}_micro`] = Number(into[`${amount}_micro`] ?? 0) + shadow.micro;
        into[`${amount}_pico`] = Number(into[`${amount}_pico`] ?? 0) + shadow.pico;
      }
    }
  }

  /** Upserts the sums (inside the caller's transaction). */
  write(statements: RollupStatements): void {
    for (const row of this.hours.values()) statements.hour.run(row);
    for (const row of this.days.values()) statements.day.run(row);
  }

  private row(map: Map<string, Delta>, key: string, keys: Delta): Delta {
    let row = map.get(key);
    if (row === undefined) map.set(key, (row = { ...zero(), ...keys }));
    return row;
  }
}

/** The two upserts. */
export interface RollupStatements {
  readonly hour: Statement;
  readonly day: Statement;
}

const ADD = ROLLUP_SUMS.map((c) => `${c} = ${c} + excluded.${c}`).join(', ');
const PARAMS = ROLLUP_SUMS.map((c) => `@${c}`).join(', ');

/** Prepares the upserts over an open file. */
export function prepareRollups(db: Database): RollupStatements {
  return {
    hour: db.prepare(`INSERT INTO pnl_hours (coin, hour, ${ROLLUP_SUMS.join(', ')}) VALUES (@coin, @hour, ${PARAMS}) ON CONFLICT (coin, hour) DO UPDATE SET ${ADD}`),
    day: db.prepare(`INSERT INTO pnl_days (symbol, coin, day, ${ROLLUP_SUMS.join(', ')}) VALUES (@symbol, @coin, @day, ${PARAMS}) ON CONFLICT (symbol, coin, day) DO UPDATE SET ${ADD}`),
  };
}

/** `sum(col) AS col` for every summed column. */
export const ROLLUP_SELECT = ROLLUP_SUMS.map((c) => `sum(${c}) AS ${c}`).join(', ');
