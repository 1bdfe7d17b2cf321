import { useMemo, useSyncExternalStore } from 'react';
import { timeBucket } from '../../domain/time-format.js';
import type { EquitySample, JournalFill, JournalServices, PnlBucket, TimeRange } from '../../services/app-services.js';
import type { Side } from '../../domain/model.js';

/** What the journal panel's table shows: PnL by local day, ISO week or symbol, or the fills. */
export type JournalTable = 'day' | 'week' | 'symbol' | 'fills';
/** The tables in `v` order. */
export const JOURNAL_TABLES: readonly JournalTable[] = ['day', 'week', 'symbol', 'fills'];

/** The time range the panel sums over. */
export type JournalRange = 'all' | '90d' | '30d' | '7d' | 'today';
/** The ranges in `t` order. */
export const JOURNAL_RANGES: readonly JournalRange[] = ['all', '90d', '30d', '7d', 'today'];

const DAY_MS = 24 * 3_600_000;

/** The Unix ms range of `range` at `now` (`to` exclusive, a minute past now). */
export function rangeOf(range: JournalRange, now: number): TimeRange {
  const to = now + 60_000;
  switch (range) {
    case 'all':
      return { from: 0, to };
    case '90d':
      return { from: now - 90 * DAY_MS, to };
    case '30d':
      return { from: now - 30 * DAY_MS, to };
    case '7d':
      return { from: now - 7 * DAY_MS, to };
    case 'today':
      return { from: timeBucket(now, 'day').start, to };
  }
}

/** What the panel asks of the journal. */
export interface JournalQuery {
  readonly table: JournalTable;
  readonly range: JournalRange;
  /** Fills of this symbol only; null: all. */
  readonly symbol: string | null;
  /** Fills of this side only; null: both. */
  readonly side: Side | null;
  /** Equity points wanted (the chart's dot columns). */
  readonly points: number;
  /** Fills listed at most. */
  readonly fillLimit: number;
}

/** What the panel shows, read from the file. */
export interface JournalData {
  /** The PnL buckets of the table's kind (by symbol for the fills table: its totals), newest day or week first. */
  readonly buckets: readonly PnlBucket[];
  /** Every bucket by symbol over the range (the totals and the symbol filter's choices). */
  readonly bySymbol: readonly PnlBucket[];
  readonly fills: readonly JournalFill[];
  readonly equity: readonly EquitySample[];
  /** Why the last read failed; null when it did not. */
  readonly problem: string | null;
}

const noChange = (): (() => void) => () => undefined;
const zero = (): number => 0;

/**
 * The journal's data for the panel, read again only when rows were written (`onChange`), the query
 * changed or the minute turned (the ranges end at now), never on a market update or a clock tick.
 * Null when the session has no journal.
 */
export function useJournalData(journal: JournalServices | null | undefined, q: JournalQuery, now: number): JournalData | null {
  const version = useSyncExternalStore(journal?.onChange ?? noChange, journal?.version ?? zero);
  const minute = Math.floor(now / 60_000);
  return useMemo(() => {
    if (!journal) return null;
    const range = rangeOf(q.range, minute * 60_000);
    const bySymbol = journal.pnlBy('symbol', range);
    const buckets = q.table === 'day' || q.table === 'week' ? [...journal.pnlBy(q.table, range)].reverse() : bySymbol;
    const fills = q.table === 'fills' ? journal.fills({ ...range, limit: q.fillLimit, ...(q.symbol === null ? {} : { symbol: q.symbol }), ...(q.side === null ? {} : { side: q.side }) }) : [];
    const equity = journal.equity(range, Math.max(2, q.points));
    // `version` is what makes a write read again; it is in the deps for that alone.
    void version;
    return { buckets, bySymbol, fills, equity, problem: journal.problem() };
  }, [journal, version, minute, q.table, q.range, q.symbol, q.side, q.points, q.fillLimit]);
}
