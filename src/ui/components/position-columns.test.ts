import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../domain/model.js';
import { entryNotional, fitPositionColumns, liqDistance, liqTone, pnlFraction, positionCells } from './position-columns.js';

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

  it('drops TP/SL, then leverage, then margin mode first as the width shrinks', () => {
    const rows = [positionCells(base, undefined, { warn: 0.05, danger: 0.02 })];
    const ids = (w: number) => fitPositionColumns(rows, w).map((c) => c.id);
    const all = ids(200);
    expect(all).toEqual(['symbol', 'side', 'size', 'entry', 'mark', 'pnl', 'pnlPct', 'lev', 'mode', 'liq', 'dist', 'tpsl']);
    const width = (cols: ReturnType<typeof fitPositionColumns>) => 1 + cols.reduce((n, c) => n + c.width + 1, 0);
    const full = width(fitPositionColumns(rows, 200));
    expect(ids(full - 1)).not.toContain('tpsl');
    expect(ids(full - 1)).toContain('lev');
    const noTpsl = width(fitPositionColumns(rows, full - 1));
    expect(ids(noTpsl - 1)).not.toContain('lev');
    expect(ids(noTpsl - 1)).toContain('mode');
    for (const w of [28, 38, 60, 98]) expect(width(fitPositionColumns(rows, w))).toBeLessThanOrEqual(w);
  });
});
