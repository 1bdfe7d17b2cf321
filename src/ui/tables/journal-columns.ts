import { Decimal } from 'decimal.js';
import { fit, fitLeft, groupThousands } from '../../domain/format.js';
import { formatDateTime } from '../../domain/time-format.js';
import type { JournalFill, PnlBucket } from '../../services/app-services.js';
import type { PnlTotals } from '../../journal/journal-summary.js';
import { fitByPriority, type PrioritizedColumn } from './fit-columns.js';

/**
 * The journal panel's tables as text: the PnL buckets (by day, week or symbol) and the fills, each a
 * row of fixed columns that give way by priority as the panel narrows, and the totals line. Pure.
 */

/** An amount for the journal: thousands grouped, 2 decimals from 100 up, else up to 4 (trailing zeros dropped). */
export function fmtAmount(d: Decimal): string {
  return groupThousands(d.toDecimalPlaces(d.abs().gte(100) ? 2 : 4, Decimal.ROUND_HALF_UP).toFixed());
}

/** A signed amount: `+` on a positive one. */
export function fmtSigned(d: Decimal): string {
  const text = fmtAmount(d);
  return d.gt(0) ? `+${text}` : text;
}

/** Win rate of decided fills (a fill with no realized PnL, an opening one, decides nothing): "60% 3/5", or "-". */
export function winRate(wins: number, losses: number): string {
  const decided = wins + losses;
  return decided === 0 ? '-' : `${Math.round((wins * 100) / decided)}% ${wins}/${decided}`;
}

/** The totals line of one coin, as long as `width` allows (the least needed parts last: funding, then interest). */
export function totalsLine(t: PnlTotals, width: number): string {
  const parts = [`net ${fmtSigned(t.net)} ${t.coin}`, `realized ${fmtSigned(t.realized)}`, `fees ${fmtAmount(t.fees)}`, `win ${winRate(t.wins, t.losses)}`, `funding ${fmtSigned(t.funding)}`, `interest ${fmtSigned(t.interest)}`];
  let line = '';
  for (const p of parts) {
    const next = line === '' ? p : `${line} · ${p}`;
    if (next.length > width) break;
    line = next;
  }
  return fit(line, width);
}

/** A table column: its title, alignment and what it shows of a row. */
export interface JournalColumn<R> extends PrioritizedColumn {
  readonly title: string;
  readonly right: boolean;
  readonly text: (row: R) => string;
}

const PNL_COLUMNS = (keyTitle: string, keyWidth: number): readonly JournalColumn<PnlBucket>[] => [
  { title: keyTitle, width: keyWidth, right: false, priority: 1, text: (b) => b.key },
  { title: 'coin', width: 5, right: false, priority: 3, text: (b) => b.coin },
  { title: 'realized', width: 11, right: true, priority: 1, text: (b) => fmtSigned(b.realized) },
  { title: 'fees', width: 9, right: true, priority: 2, text: (b) => fmtAmount(b.fees) },
  { title: 'funding', width: 9, right: true, priority: 4, text: (b) => fmtSigned(b.funding) },
  { title: 'interest', width: 9, right: true, priority: 6, text: (b) => fmtSigned(b.interest) },
  { title: 'fills', width: 5, right: true, priority: 5, text: (b) => String(b.fills) },
  { title: 'win', width: 9, right: true, priority: 3, text: (b) => winRate(b.wins, b.losses) },
];

/** The PnL table's columns for a bucket kind. */
export function pnlColumns(by: 'day' | 'week' | 'symbol'): readonly JournalColumn<PnlBucket>[] {
  return by === 'day' ? PNL_COLUMNS('day', 10) : by === 'week' ? PNL_COLUMNS('week', 8) : PNL_COLUMNS('symbol', 12);
}

/** `MM-dd HH:mm` of a Unix ms time (local). */
function shortTime(ms: number): string {
  return formatDateTime(ms).slice(5, 16);
}

/** The fills table's columns. */
export const FILL_COLUMNS: readonly JournalColumn<JournalFill>[] = [
  { title: 'time', width: 11, right: false, priority: 1, text: (f) => shortTime(f.time) },
  { title: 'symbol', width: 9, right: false, priority: 1, text: (f) => f.symbol },
  { title: 'side', width: 4, right: false, priority: 1, text: (f) => f.side },
  { title: 'qty', width: 9, right: true, priority: 2, text: (f) => f.qty.toFixed() },
  { title: 'price', width: 10, right: true, priority: 2, text: (f) => groupThousands(f.price.toFixed()) },
  { title: 'pnl', width: 9, right: true, priority: 1, text: (f) => (f.pnl === null ? '-' : fmtSigned(f.pnl)) },
  { title: 'fee', width: 8, right: true, priority: 3, text: (f) => `${fmtAmount(f.fee)}` },
  { title: 'liq', width: 5, right: false, priority: 4, text: (f) => f.scope },
];

/** The columns of `all` that fit `width` cells. */
export function fitColumns<R>(all: readonly JournalColumn<R>[], width: number): readonly JournalColumn<R>[] {
  return fitByPriority(all, width).columns;
}

/** One table line (the header when `row` is null), each column after one space. */
export function tableLine<R>(columns: readonly JournalColumn<R>[], row: R | null, width: number): string {
  const cells = columns.map((c) => {
    const text = row === null ? c.title : c.text(row);
    return c.right ? fitLeft(text, c.width) : fit(text, c.width);
  });
  return fit(cells.map((c) => ` ${c}`).join(''), width);
}
