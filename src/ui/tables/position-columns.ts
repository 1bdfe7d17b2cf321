import { Decimal } from 'decimal.js';
import { fmtGrouped, fmtPct, fmtPrice, fmtQty, MISSING } from '../../domain/format.js';
import type { Instrument, Position } from '../../domain/model.js';

/**
 * Pure row maths and column layout of the positions panel: PnL %, distance to liquidation, and
 * which columns fit a width (less important ones are dropped first).
 */

/** Columns of the positions table, in display (and priority) order. */
export type PositionColumnId = 'symbol' | 'side' | 'size' | 'entry' | 'mark' | 'pnl' | 'pnlPct' | 'liq' | 'dist' | 'lev' | 'mode' | 'tpsl';

/** Semantic tone of one cell (mapped to theme colours by the panel). */
export type CellTone = 'up' | 'down' | 'warn' | 'danger' | null;

/** One column: header, alignment and the narrowest it gets. */
export interface PositionColumn {
  readonly id: PositionColumnId;
  readonly header: string;
  readonly align: 'left' | 'right';
  /** Minimum width in cells (keeps columns steady while values change length). */
  readonly minWidth: number;
}

/**
 * Display order, which is also the priority order (issue 17 item 5): symbol and side always, then
 * size, entry, mark, uPnL, PnL %, liquidation price, liquidation distance, leverage, margin mode,
 * TP/SL. As the width shrinks columns are dropped from the end, so the rightmost goes first.
 */
export const POSITION_COLUMNS: readonly PositionColumn[] = [
  { id: 'symbol', header: 'Symbol', align: 'left', minWidth: 7 },
  { id: 'side', header: 'Side', align: 'left', minWidth: 5 },
  { id: 'size', header: 'Size', align: 'right', minWidth: 4 },
  { id: 'entry', header: 'Entry', align: 'right', minWidth: 5 },
  { id: 'mark', header: 'Mark', align: 'right', minWidth: 5 },
  { id: 'pnl', header: 'uPnL', align: 'right', minWidth: 6 },
  { id: 'pnlPct', header: 'PnL%', align: 'right', minWidth: 7 },
  { id: 'liq', header: 'Liq', align: 'right', minWidth: 5 },
  { id: 'dist', header: 'Liq dist', align: 'right', minWidth: 8 },
  { id: 'lev', header: 'Lev', align: 'right', minWidth: 4 },
  { id: 'mode', header: 'Mode', align: 'left', minWidth: 5 },
  { id: 'tpsl', header: 'TP/SL', align: 'left', minWidth: 5 },
];

/** Most important first: as the width shrinks, columns are dropped from the end of this list. */
export const POSITION_COLUMN_PRIORITY: readonly PositionColumnId[] = POSITION_COLUMNS.map((c) => c.id);

/** Default liquidation-distance thresholds (fractions of mark): under 5 % warn, under 2 % danger. */
export const DEFAULT_LIQ_WARN = 0.05;
/** See DEFAULT_LIQ_WARN. */
export const DEFAULT_LIQ_DANGER = 0.02;

/** Marker appended to a PnL % computed on entry notional (the position has no margin figure). */
export const NOTIONAL_MARK = '*';

/** The legend line explaining the PnL % basis. */
export const PNL_LEGEND = `PnL% = uPnL / margin; ${NOTIONAL_MARK} = / entry notional (margin 0)`;

/** Entry notional in the margin coin: size × entry (coin-margined: size / entry, size being quote). */
export function entryNotional(p: Position): Decimal {
  if (p.category === 'COIN-FUTURES') return p.avgPrice.gt(0) ? p.size.div(p.avgPrice) : new Decimal(0);
  return p.size.times(p.avgPrice);
}

/** Unrealised PnL as a fraction of margin, or of entry notional when margin is zero; null when neither is positive. */
export function pnlFraction(p: Position): { readonly fraction: Decimal | null; readonly basis: 'margin' | 'notional' } {
  if (p.margin.gt(0)) return { fraction: p.unrealisedPnl.div(p.margin), basis: 'margin' };
  const notional = entryNotional(p);
  return { fraction: notional.gt(0) ? p.unrealisedPnl.div(notional) : null, basis: 'notional' };
}

/**
 * Distance from mark to liquidation as a fraction of mark, positive while the position is safe
 * (long: (mark − liq) / mark, short: (liq − mark) / mark). Null when there is no liquidation
 * price (liqPrice ≤ 0) or no mark.
 */
export function liqDistance(p: Position): Decimal | null {
  if (p.liqPrice.lte(0) || p.markPrice.lte(0)) return null;
  const gap = p.posSide === 'long' ? p.markPrice.minus(p.liqPrice) : p.liqPrice.minus(p.markPrice);
  return gap.div(p.markPrice);
}

/** Tone of a liquidation distance: danger under `danger`, warn under `warn` (fractions), else none. */
export function liqTone(distance: Decimal | null, warn: number, danger: number): CellTone {
  if (distance === null) return null;
  if (distance.lt(danger)) return 'danger';
  if (distance.lt(warn)) return 'warn';
  return null;
}

function signed(d: Decimal, text: string): string {
  return d.gt(0) && /[1-9]/.test(text) ? `+${text}` : text;
}

function tone(d: Decimal): CellTone {
  return d.gt(0) ? 'up' : d.lt(0) ? 'down' : null;
}

/** Text and tone of every cell of one position row. */
export interface PositionCells {
  readonly text: Readonly<Record<PositionColumnId, string>>;
  readonly tone: Readonly<Partial<Record<PositionColumnId, CellTone>>>;
}

/** Thresholds for the liquidation distance (fractions of mark). */
export interface LiqThresholds {
  readonly warn: number;
  readonly danger: number;
}

/**
 * Formats one position. Prices use the instrument's precision when known, else the figures' own
 * decimals (at most 8); PnL has 2 decimals (coin-margined: 6, the margin coin being a coin).
 */
export function positionCells(p: Position, inst: Instrument | undefined, liq: LiqThresholds): PositionCells {
  const pp = inst?.pricePrecision ?? Math.min(8, Math.max(p.avgPrice.decimalPlaces(), p.markPrice.decimalPlaces()));
  const qp = inst?.quantityPrecision ?? Math.min(8, p.size.decimalPlaces());
  const pnlDp = p.category === 'COIN-FUTURES' ? 6 : 2;
  const pct = pnlFraction(p);
  const dist = liqDistance(p);
  const price = (d: Decimal | null) => fmtPrice(d, pp);
  const tpsl = p.takeProfit === null && p.stopLoss === null ? MISSING : `${price(p.takeProfit)}/${price(p.stopLoss)}`;
  return {
    text: {
      symbol: p.symbol,
      side: p.posSide,
      size: fmtQty(p.size, qp),
      entry: price(p.avgPrice),
      mark: price(p.markPrice),
      pnl: signed(p.unrealisedPnl, fmtGrouped(p.unrealisedPnl, pnlDp)),
      pnlPct: pct.fraction === null ? MISSING : `${fmtPct(pct.fraction, { signed: true })}${pct.basis === 'notional' ? NOTIONAL_MARK : ' '}`,
      lev: `${p.leverage.toFixed()}x`,
      mode: p.marginMode === 'crossed' ? 'cross' : 'isol',
      liq: p.liqPrice.lte(0) ? 'none' : price(p.liqPrice),
      dist: dist === null ? 'none' : fmtPct(dist),
      tpsl,
    },
    tone: { pnl: tone(p.unrealisedPnl), pnlPct: tone(p.unrealisedPnl), dist: liqTone(dist, liq.warn, liq.danger), liq: liqTone(dist, liq.warn, liq.danger) },
  };
}

/** A chosen column with its width. */
export interface SizedColumn extends PositionColumn {
  readonly width: number;
}

/**
 * The columns that fit `innerWidth` cells (one cell of cursor marker, one space before each
 * column): symbol and side always (cut if they must), then whole columns in priority order until
 * the next one does not fit; nothing after it is shown, even if narrower (a gap in the middle of
 * the table would read as a different column). Widths fit the longest value.
 */
export function fitPositionColumns(rows: readonly PositionCells[], innerWidth: number): readonly SizedColumn[] {
  const sized = new Map<PositionColumnId, SizedColumn>();
  for (const c of POSITION_COLUMNS) {
    const longest = Math.max(c.header.length, c.minWidth, ...rows.map((r) => r.text[c.id].length));
    sized.set(c.id, { ...c, width: longest });
  }
  const chosen = new Set<PositionColumnId>();
  let used = 1;
  for (const id of POSITION_COLUMN_PRIORITY) {
    const c = sized.get(id);
    if (!c) continue;
    const need = c.width + 1;
    // Symbol and side always show (cut if they must); the rest only whole.
    if (used + need > innerWidth && chosen.size >= 2) break;
    chosen.add(id);
    used += need;
  }
  return POSITION_COLUMNS.filter((c) => chosen.has(c.id)).map((c) => sized.get(c.id) ?? { ...c, width: c.minWidth });
}

/** One cell padded (or cut) to its column. */
export function cellText(text: string, col: SizedColumn): string {
  if (text.length > col.width) return text.slice(0, col.width);
  return col.align === 'right' ? text.padStart(col.width) : text.padEnd(col.width);
}
