import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { fit, fitLeft, fmtCompact, fmtGrouped, fmtPct, fmtPrice, fmtQty, fmtUsd, groupThousands, padLeft, padRight } from './format.js';

const d = (s: string): Decimal => new Decimal(s);

describe('numbers', () => {
  it('rounds half up to a fixed number of decimals', () => {
    expect(fmtPrice(d('97000.25'), 1)).toBe('97000.3');
    expect(fmtPrice(d('97000'), 2)).toBe('97000.00');
    expect(fmtPrice(d('-0.001'), 2)).toBe('0.00');
    expect(fmtPrice(null, 2)).toBe('-');
    expect(fmtQty(d('0.0104'), 3)).toBe('0.010');
    expect(fmtQty(d('12'), 0)).toBe('12');
  });
  it('groups thousands', () => {
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('-999')).toBe('-999');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(fmtGrouped(d('1234.5'), 2)).toBe('1,234.50');
    expect(fmtUsd(d('1234567.891'))).toBe('$1,234,567.89');
    expect(fmtUsd(d('-12.5'))).toBe('-$12.50');
    expect(fmtUsd(d('0'), 0)).toBe('$0');
  });
  it('shows fractions as percentages', () => {
    expect(fmtPct(d('0.01833'))).toBe('1.83%');
    expect(fmtPct(d('0.01833'), { signed: true })).toBe('+1.83%');
    expect(fmtPct(d('-0.5'), { signed: true, decimals: 0 })).toBe('-50%');
    expect(fmtPct(d('0'), { signed: true })).toBe('0.00%');
  });
  it('compacts large values', () => {
    expect(fmtCompact(d('987.654'))).toBe('987.65');
    expect(fmtCompact(d('12345'))).toBe('12.35K');
    expect(fmtCompact(d('4567000'))).toBe('4.57M');
    expect(fmtCompact(d('-7890000000'))).toBe('-7.89B');
  });
});

describe('alignment', () => {
  it('pads to a fixed width', () => {
    expect(padLeft('1.5', 6)).toBe('   1.5');
    expect(padRight('1.5', 6)).toBe('1.5   ');
    expect(padLeft('1234567', 3)).toBe('1234567');
  });
  it('fits text into exactly the width', () => {
    expect(fit('BTCUSDT', 5)).toBe('BTCU…');
    expect(fit('BTC', 5)).toBe('BTC  ');
    expect(fitLeft('123456', 4)).toBe('…456');
    expect(fitLeft('12', 4)).toBe('  12');
    expect(fit('x', 0)).toBe('');
  });
  it('keeps an unchanged row byte-identical', () => {
    const row = (p: string, s: string): string => padLeft(fmtPrice(d(p), 1), 10) + padLeft(fmtQty(d(s), 4), 10);
    expect(row('97000.5', '1.2')).toBe(row('97000.50', '1.20'));
    expect(row('97000.5', '1.2')).toHaveLength(20);
  });
});
