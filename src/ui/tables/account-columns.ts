import type { Decimal } from 'decimal.js';
import { fmtGrouped, fmtPct, fmtUsd } from '../../domain/format.js';
import type { AccountSummary, CoinAsset } from '../../domain/model.js';

/**
 * Pure layout of the account panel: the account figures as fixed-width "label value" items, and
 * the per-coin table whose less important columns are dropped first as the width shrinks.
 */

/** Semantic tone of a figure (mapped to theme colours by the panel). */
export type AccountTone = 'up' | 'down' | 'warn' | 'danger' | null;

/** One account figure. */
export interface AccountFigure {
  readonly label: string;
  readonly value: string;
  readonly tone: AccountTone;
}

/** Default margin-ratio thresholds (fractions; the account is liquidated at 1): warn from 0.5, danger from 0.8. */
export const DEFAULT_MARGIN_WARN = 0.5;
/** See DEFAULT_MARGIN_WARN. */
export const DEFAULT_MARGIN_DANGER = 0.8;

/** Width of a figure's label. */
export const FIGURE_LABEL_WIDTH = 6;

/** Tone of a margin ratio: danger at or above `danger`, warn at or above `warn`. */
export function marginTone(ratio: Decimal, warn: number, danger: number): AccountTone {
  if (ratio.gte(danger)) return 'danger';
  if (ratio.gte(warn)) return 'warn';
  return null;
}

/** The account figures (USD), in reading order: equity, effective equity, margin ratio, unrealised PnL, IMR, MMR. */
export function accountFigures(s: AccountSummary, warn: number, danger: number): readonly AccountFigure[] {
  const pnl = fmtUsd(s.unrealisedPnl);
  return [
    { label: 'Equity', value: fmtUsd(s.equity), tone: null },
    { label: 'Eff eq', value: fmtUsd(s.effEquity), tone: null },
    { label: 'Margin', value: fmtPct(s.mgnRatio), tone: marginTone(s.mgnRatio, warn, danger) },
    { label: 'uPnL', value: s.unrealisedPnl.gt(0) && /[1-9]/.test(pnl) ? `+${pnl}` : pnl, tone: s.unrealisedPnl.gt(0) ? 'up' : s.unrealisedPnl.lt(0) ? 'down' : null },
    { label: 'IMR', value: fmtUsd(s.imr), tone: null },
    { label: 'MMR', value: fmtUsd(s.mmr), tone: null },
  ];
}

/** How the figures are laid out: items per line and the value width (right-aligned). */
export interface FigureGrid {
  readonly perLine: number;
  readonly valueWidth: number;
  readonly lines: number;
}

/** Items per line (6, 3, 2 or 1, so lines stay even) fitting `innerWidth` with two spaces between items. */
export function figureGrid(figures: readonly AccountFigure[], innerWidth: number): FigureGrid {
  const valueWidth = Math.max(11, ...figures.map((f) => f.value.length));
  const item = FIGURE_LABEL_WIDTH + 1 + valueWidth;
  const fit = Math.max(1, Math.floor((innerWidth + 2) / (item + 2)));
  const perLine = [6, 3, 2, 1].find((n) => n <= fit) ?? 1;
  return { perLine, valueWidth, lines: Math.ceil(figures.length / perLine) };
}

/** Columns of the coin table, in display order. */
export type CoinColumnId = 'coin' | 'balance' | 'available' | 'locked' | 'debt' | 'usd';

/** One coin-table column with its width. */
export interface CoinColumn {
  readonly id: CoinColumnId;
  readonly header: string;
  readonly align: 'left' | 'right';
  readonly width: number;
}

const COIN_COLUMNS: readonly Omit<CoinColumn, 'width'>[] = [
  { id: 'coin', header: 'Coin', align: 'left' },
  { id: 'balance', header: 'Balance', align: 'right' },
  { id: 'available', header: 'Available', align: 'right' },
  { id: 'locked', header: 'Locked', align: 'right' },
  { id: 'debt', header: 'Debt', align: 'right' },
  { id: 'usd', header: 'USD value', align: 'right' },
];

/** Most important first; columns are dropped from the end as the width shrinks. */
export const COIN_COLUMN_PRIORITY: readonly CoinColumnId[] = ['coin', 'usd', 'available', 'balance', 'debt', 'locked'];

/** Assets by USD value, largest first (ties by coin name). */
export function sortAssets(assets: readonly CoinAsset[]): readonly CoinAsset[] {
  return [...assets].sort((a, b) => b.usdValue.comparedTo(a.usdValue) || a.coin.localeCompare(b.coin));
}

/**
 * A coin's display decimals, from its USD price: a dollar-priced coin (stablecoins) 2, otherwise
 * enough that the last digit is worth about a tenth of a cent (ETH near 3,500 USD 7, BTC near
 * 97,000 USD 8), 2 to 8; without a price, the reply's own decimals (2 to 8).
 */
export function coinDecimals(a: CoinAsset): number {
  const base = a.balance.abs().gt(0) ? a.balance.abs() : a.equity.abs();
  if (base.gt(0) && a.usdValue.gt(0)) {
    const price = a.usdValue.div(base);
    if (price.minus(1).abs().lt(0.05)) return 2;
    return Math.min(8, Math.max(2, price.log(10).round().toNumber() + 3));
  }
  const amounts = [a.balance, a.available, a.locked, a.debt];
  return Math.min(8, Math.max(2, ...amounts.map((d: Decimal) => d.decimalPlaces())));
}

/** The amount columns, whose decimal points line up across rows. */
const AMOUNT_COLUMNS: readonly CoinColumnId[] = ['balance', 'available', 'locked', 'debt'];

/**
 * Pads amounts on the right so each column's decimal points line up (coins keep their own
 * decimals: `2.00` under `99,999.41811` becomes `2.00   `).
 */
export function alignFractions(rows: readonly Readonly<Record<CoinColumnId, string>>[]): readonly Readonly<Record<CoinColumnId, string>>[] {
  const frac = (t: string) => (t.includes('.') ? t.length - t.indexOf('.') : 0);
  const widest = Object.fromEntries(AMOUNT_COLUMNS.map((c) => [c, Math.max(0, ...rows.map((r) => frac(r[c])))])) as Record<CoinColumnId, number>;
  return rows.map((r) => {
    const out: Record<CoinColumnId, string> = { ...r };
    for (const c of AMOUNT_COLUMNS) out[c] = r[c] + ' '.repeat(widest[c] - frac(r[c]));
    return out;
  });
}

/** Cells of one coin row: amounts with the coin's display decimals (the same in every column), USD with 2. */
export function coinCells(a: CoinAsset): Readonly<Record<CoinColumnId, string>> {
  const dp = coinDecimals(a);
  return {
    coin: a.coin,
    balance: fmtGrouped(a.balance, dp),
    available: fmtGrouped(a.available, dp),
    locked: fmtGrouped(a.locked, dp),
    debt: fmtGrouped(a.debt, dp),
    usd: fmtUsd(a.usdValue),
  };
}

/** The coin columns that fit `innerWidth` (one space before each column after the first), shown in display order. */
export function fitCoinColumns(rows: readonly Readonly<Record<CoinColumnId, string>>[], innerWidth: number): readonly CoinColumn[] {
  const sized = new Map<CoinColumnId, CoinColumn>(
    COIN_COLUMNS.map((c) => [c.id, { ...c, width: Math.max(c.header.length, c.id === 'coin' ? 5 : 8, ...rows.map((r) => r[c.id].length)) }]),
  );
  const chosen = new Set<CoinColumnId>();
  let used = -1;
  for (const id of COIN_COLUMN_PRIORITY) {
    const w = (sized.get(id)?.width ?? 0) + 1;
    if (used + w > innerWidth && chosen.size > 0) break;
    chosen.add(id);
    used += w;
  }
  return COIN_COLUMNS.filter((c) => chosen.has(c.id)).map((c) => sized.get(c.id) ?? { ...c, width: c.header.length });
}

/** A cell padded (or cut) to its column. */
export function coinCellText(text: string, col: CoinColumn): string {
  if (text.length > col.width) return text.slice(0, col.width);
  return col.align === 'right' ? text.padStart(col.width) : text.padEnd(col.width);
}
