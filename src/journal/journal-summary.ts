import { Decimal } from 'decimal.js';
import { decimalText, ExactSum } from './exact-sum.js';
import type { PnlBucket } from './journal-types.js';

/** Totals of PnL buckets in one coin (`utadash journal stats`, the panel's totals line). */
export interface PnlTotals {
  readonly coin: string;
  readonly realized: Decimal;
  readonly fees: Decimal;
  readonly funding: Decimal;
  readonly interest: Decimal;
  /** realized − fees + funding + interest. */
  readonly net: Decimal;
  readonly fills: number;
  readonly wins: number;
  readonly losses: number;
  /** wins ÷ (wins + losses), a fraction; null with no closing fill. */
  readonly winRate: Decimal | null;
}

/** Net PnL of a bucket: realized − fees + funding + interest (exact). */
export function netPnl(b: Pick<PnlBucket, 'realized' | 'fees' | 'funding' | 'interest'>): Decimal {
  const sum = new ExactSum();
  sum.addText(decimalText(b.realized));
  sum.addText(decimalText(b.fees.neg()));
  sum.addText(decimalText(b.funding));
  sum.addText(decimalText(b.interest));
  return sum.toDecimal();
}

/** Win rate: wins ÷ (wins + losses); null when both are 0. */
export function winRate(wins: number, losses: number): Decimal | null {
  return wins + losses === 0 ? null : new Decimal(wins).div(wins + losses);
}

/** Totals per coin over buckets of one grouping (all days, or all symbols), sorted by coin; sums exact (exact-sum.ts). */
export function totalsByCoin(buckets: readonly PnlBucket[]): PnlTotals[] {
  const by = new Map<string, { realized: ExactSum; fees: ExactSum; funding: ExactSum; interest: ExactSum; fills: number; wins: number; losses: number }>();
  for (const b of buckets) {
    let t = by.get(b.coin);
    if (t === undefined) by.set(b.coin, (t = { realized: new ExactSum(), fees: new ExactSum(), funding: new ExactSum(), interest: new ExactSum(), fills: 0, wins: 0, losses: 0 }));
    t.realized.addText(decimalText(b.realized));
    t.fees.addText(decimalText(b.fees));
    t.funding.addText(decimalText(b.funding));
    t.interest.addText(decimalText(b.interest));
    t.fills += b.fills;
    t.wins += b.wins;
    t.losses += b.losses;
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([coin, t]) => {
      const sums = { realized: t.realized.toDecimal(), fees: t.fees.toDecimal(), funding: t.funding.toDecimal(), interest: t.interest.toDecimal() };
      return { coin, ...sums, net: netPnl(sums), fills: t.fills, wins: t.wins, losses: t.losses, winRate: winRate(t.wins, t.losses) };
    });
}
