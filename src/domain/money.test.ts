import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { D, decimalPlaces, isMultipleOf, maxDecimal, minDecimal, parseDecimal, stepOfPlaces, sumDecimals, writtenDecimals } from './money.js';

describe('parseDecimal', () => {
  it.each(['0', '1', '97000.5', '0.0001', '00012.30'])('accepts %s', (text) => {
    expect(parseDecimal(text)?.eq(new Decimal(text))).toBe(true);
  });
  it.each(['', 'NaN', 'Infinity', '1e5', '1E5', '1,5', '+1', ' 1', '1 ', '\t1', '.5', '5.', '-1', '--1', '1.2.3', '0x10', 'abc'])(
    'rejects %j',
    (text) => {
      expect(parseDecimal(text)).toBeNull();
    },
  );
  it('accepts a negative only when allowed', () => {
    expect(parseDecimal('-1.5')).toBeNull();
    expect(parseDecimal('-1.5', { allowNegative: true })?.toString()).toBe('-1.5');
    expect(parseDecimal('+1.5', { allowNegative: true })).toBeNull();
  });
  it('keeps digits beyond double precision', () => {
    expect(parseDecimal('1234567890.123456789012')?.toFixed()).toBe('1234567890.123456789012');
  });
});

describe('helpers', () => {
  it('counts decimals of the value and of the text', () => {
    expect(decimalPlaces(D('1.500'))).toBe(1);
    expect(decimalPlaces(D('100'))).toBe(0);
    expect(writtenDecimals('1.500')).toBe(3);
    expect(writtenDecimals('100')).toBe(0);
  });
  it('checks multiples exactly', () => {
    expect(isMultipleOf(D('97000.5'), D('0.5'))).toBe(true);
    expect(isMultipleOf(D('97000.3'), D('0.5'))).toBe(false);
    expect(isMultipleOf(D('0.3'), D('0.1'))).toBe(true); // 0.3 % 0.1 is not 0 in floating point
    expect(isMultipleOf(D('7'), D('0'))).toBe(true);
  });
  it('builds steps, min, max and sums', () => {
    expect(stepOfPlaces(2).toString()).toBe('0.01');
    expect(stepOfPlaces(0).toString()).toBe('1');
    expect(minDecimal(D(1), D(2)).toString()).toBe('1');
    expect(maxDecimal(D(1), D(2)).toString()).toBe('2');
    expect(sumDecimals([D('0.1'), D('0.2')]).toString()).toBe('0.3');
    expect(sumDecimals([]).toString()).toBe('0');
  });
});
