import { fmtPct, padLeft, padRight } from '../domain/format.js';
import { formatDateTime } from '../domain/time-format.js';
import { netPnl, winRate, type PnlTotals } from '../journal/journal-summary.js';
import type { JournalIdentity, PnlBucket } from '../journal/journal-types.js';

/**
 * The text `utadash journal stats` prints: a header naming the journal and the range, the buckets
 * (by symbol, day or week) and the totals per coin. Amounts are printed exactly as summed (every
 * decimal); the win rate is a percentage with one decimal.
 */

/** What the header says. */
export interface StatsHeader {
  readonly identity: JournalIdentity;
  readonly path: string;
  /** Unix ms; 0: from the first row. */
  readonly from: number;
  /** Unix ms, exclusive. */
  readonly to: number;
  readonly by: 'symbol' | 'day' | 'week';
}

const HEADS = ['COIN', 'FILLS', 'WINS', 'LOSSES', 'WIN RATE', 'REALIZED', 'FEES', 'FUNDING', 'INTEREST', 'NET'] as const;

/** The cells of one row after its key: HEADS in order. */
function cells(t: Pick<PnlTotals, 'coin' | 'fills' | 'wins' | 'losses' | 'realized' | 'fees' | 'funding' | 'interest' | 'net' | 'winRate'>): string[] {
  return [
    t.coin,
    String(t.fills),
    String(t.wins),
    String(t.losses),
    fmtPct(t.winRate, { decimals: 1 }),
    t.realized.toFixed(),
    t.fees.toFixed(),
    t.funding.toFixed(),
    t.interest.toFixed(),
    t.net.toFixed(),
  ];
}

/** Rows laid out in columns: the first two left-aligned, the rest right-aligned, two spaces apart. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length)));
  return rows.map((row) =>
    row
      .map((c, i) => (i < 2 ? padRight(c, widths[i] ?? 0) : padLeft(c, widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** The whole stats text (ends with a newline). */
export function formatStats(header: StatsHeader, buckets: readonly PnlBucket[], totals: readonly PnlTotals[]): string {
  const lines = [
    `Trade journal of ${header.identity.mode} account ${header.identity.account} (${header.path})`,
    `From ${header.from === 0 ? 'the first row' : formatDateTime(header.from)} to ${formatDateTime(header.to)} (local time, end excluded)`,
    '',
  ];
  if (buckets.length === 0) {
    lines.push('No fills, funding or interest in this range.');
    return `${lines.join('\n')}\n`;
  }
  const keyHead = header.by === 'symbol' ? 'SYMBOL' : header.by === 'day' ? 'DAY' : 'WEEK';
  lines.push(`By ${header.by}`);
  lines.push(...table([[keyHead, ...HEADS], ...buckets.map((b) => [b.key, ...cells({ ...b, net: netPnl(b), winRate: winRate(b.wins, b.losses) })])]));
  lines.push('', 'Totals');
  lines.push(...table([['', ...HEADS], ...totals.map((t) => ['', ...cells(t)])]).map((l) => l.slice(2)));
  return `${lines.join('\n')}\n`;
}
