import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../domain/model.js';
import { entryNotional, fitPositionColumns, liqDistance, liqTone, pnlFraction, POSITION_COLUMN_PRIORITY, POSITION_COLUMNS, positionCells } from './position-columns.js';

const d = (s: string) => new Decimal(s);
const base: Position = {
  category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', marginCoin: 'USDT',
  size: d('2'), available: d('2'), avgPrice: d('100'), markPrice: d('110'), unrealisedPnl: d('20'), leverage: d('5'),
  liqPrice: d('90'), margin: d('40'), takeProfit: null, stopLoss: d('95'), updatedTime: 0,
};

describe('position maths', () => {
  it('PnL % is of margin, or of entry notional when margin is zero (coin-margined: size / entry)', () => {
    expect(pnlFraction(base)).toEqual({ fraction: d('0.5'), basis: 'margin' });
    expect(pnlFraction({ ...base, margin: d('0') })).toEqual({ fraction: d('0.1'), basis: 'notional' });
    const inverse = { ...base, category: 'COIN-FUTURES' as const, size: d('1000'), avgPrice: d('50000'), margin: d('0'), unrealisedPnl: d('0.002') };
    expect(entryNotional(inverse).toString()).toBe('0.02');
    expect(pnlFraction(inverse).fraction?.toString()).toBe('0.1');
    expect(pnlFraction({ ...base, margin: d('0'), size: d('0') }).fraction).toBeNull();
  });

  it('liquidation distance from mark is positive while safe, for longs and shorts; none when liqPrice ≤ 0', () => {
    expect(liqDistance(base)?.toFixed(4)).toBe('0.1818');
    expect(liqDistance({ ...base, posSide: 'short', liqPrice: d('121') })?.toFixed(1)).toBe('0.1');
    expect(liqDistance({ ...base, liqPrice: d('112') })?.isNeg()).toBe(true);
    expect(liqDistance({ ...base, liqPrice: d('0') })).toBeNull();
    expect(liqDistance({ ...base, liqPrice: d('-3') })).toBeNull();
  });

  it.each([
    ['0.10', null],
    ['0.05', null],
    ['0.0499', 'warn'],
    ['0.02', 'warn'],
    ['0.0199', 'danger'],
    ['-0.01', 'danger'],
  ] as const)('distance %s with the default 5 %% / 2 %% thresholds → %s', (dist, tone) => {
    expect(liqTone(d(dist), 0.05, 0.02)).toBe(tone);
  });

  it('thresholds are configurable', () => {
    expect(liqTone(d('0.08'), 0.1, 0.05)).toBe('warn');
    expect(liqTone(d('0.04'), 0.1, 0.05)).toBe('danger');
    expect(liqTone(null, 0.1, 0.05)).toBeNull();
  });

  it('formats cells with signs, the notional marker and "none"', () => {
    const c = positionCells({ ...base, margin: d('0'), liqPrice: d('0') }, undefined, { warn: 0.05, danger: 0.02 });
    expect(c.text.pnl).toBe('+20.00');
    expect(c.text.pnlPct).toBe('+10.00%*');
    expect(c.text.liq).toBe('none');
    expect(c.text.dist).toBe('none');
    expect(c.text.tpsl).toBe('-/95');
    expect(c.tone.pnl).toBe('up');
  });

  it('shows the columns in priority order: size, entry, mark, uPnL, PnL %, liq price, liq distance, leverage, margin mode, TP/SL', () => {
    const rows = [positionCells(base, undefined, { warn: 0.05, danger: 0.02 })];
    expect(fitPositionColumns(rows, 200).map((c) => c.id)).toEqual(['symbol', 'side', 'size', 'entry', 'mark', 'pnl', 'pnlPct', 'liq', 'dist', 'lev', 'mode', 'tpsl']);
    expect(POSITION_COLUMN_PRIORITY).toEqual(POSITION_COLUMNS.map((c) => c.id));
  });

  // Widths of this row: cursor 1, then (width + 1) per column: symbol 8, side 6, size 5, entry 6,
  // mark 6, uPnL 7, PnL% 9 ("+50.00% "), liq 6, liq dist 9, lev 5, mode 6, TP/SL 6 = 80 in all.
  it.each([
    [80, 'tpsl'],
    [79, 'mode'],
    [74, 'mode'],
    [73, 'lev'],
    [68, 'lev'],
    [67, 'dist'],
    [63, 'dist'],
    [62, 'liq'],
    [54, 'liq'],
    [53, 'pnlPct'],
    [48, 'pnlPct'],
    [47, 'pnl'],
    [39, 'pnl'],
    [38, 'mark'],
    [32, 'mark'],
    [31, 'entry'],
    [26, 'entry'],
    [25, 'size'],
    [20, 'size'],
    [19, 'side'],
    [10, 'side'],
  ] as const)('at %i cells the last column shown is %s, the ones after it are dropped', (width, last) => {
    const rows = [positionCells(base, undefined, { warn: 0.05, danger: 0.02 })];
    const cols = fitPositionColumns(rows, width);
    const order = POSITION_COLUMNS.map((c) => c.id);
    expect(cols.map((c) => c.id)).toEqual(order.slice(0, order.indexOf(last) + 1));
    const used = 1 + cols.reduce((n, c) => n + c.width + 1, 0);
    // Symbol and side always show (cut by the panel if they must); past them everything fits whole.
    if (cols.length > 2) expect(used).toBeLessThanOrEqual(width);
  });

  it('never skips a column to fit a narrower one after it', () => {
    // A long entry price does not fit, a short mark would: the mark is still dropped.
    const wide = positionCells({ ...base, avgPrice: d('123456789.12345678') }, undefined, { warn: 0.05, danger: 0.02 });
    expect(fitPositionColumns([wide], 30).map((c) => c.id)).toEqual(['symbol', 'side', 'size']);
  });
});
