import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExactSum, shadowOf } from './exact-sum.js';

/** decimal.js at a precision no sum here reaches: the reference. */
const Wide = Decimal.clone({ precision: 200 });

/** The value a shadow stands for, in the reference type. */
function valueOf(parts: { units: bigint; micro: number; pico: number }): string {
  return new Wide(parts.units.toString()).plus(new Wide(parts.micro).div(1e6)).plus(new Wide(parts.pico).div(1e12)).toFixed();
}

describe('shadowOf', () => {
  it.each([
    ['0', 0n, 0, 0],
    ['12.5', 12n, 500_000, 0],
    ['-12.5', -13n, 500_000, 0],
    ['-0.000000000001', -1n, 999_999, 999_999],
    ['0.000001000001', 0n, 1, 1],
    ['100.120000000000000', 100n, 120_000, 0],
    ['-7', -7n, 0, 0],
    ['999999999999999', 999_999_999_999_999n, 0, 0],
  ])('%s', (text, units, micro, pico) => {
    expect(shadowOf(text)).toEqual({ units, micro, pico });
  });

  it.each(['0.0000000000001', '1000000000000000', '-1000000000000000.5', '1e5', 'NaN', '', '.5', '+1'])('none for %s', (text) => {
    expect(shadowOf(text)).toBeNull();
  });

  it('stands for the value it was made from', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 12 }), (n, places) => {
        const text = new Wide(n.toString()).div(new Wide(10).pow(places)).toFixed();
        const parts = shadowOf(text);
        if (parts === null) return new Wide(text).abs().gte('1e15');
        expect(valueOf(parts)).toBe(new Wide(text).toFixed());
        expect(parts.micro).toBeLessThan(1e6);
        expect(parts.pico).toBeLessThan(1e6);
        return true;
      }),
    );
  });
});

describe('ExactSum', () => {
  it('adds shadows and texts of any length without rounding', () => {
    const sum = new ExactSum();
    sum.addText('123456789012345678901234.123456789012345678901');
    sum.addShadow(-5n, 250_000n, 1n);
    sum.addText('-0.000000000000000000001');
    sum.addShadow(null, null, null);
    expect(sum.toDecimal().toFixed()).toBe('123456789012345678901229.3734567890133456789');
  });

  it('equals the reference sum of random texts and shadows', () => {
    const text = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 })).map(([n, places]) => new Wide(n.toString()).div(new Wide(10).pow(places)).toFixed());
    fc.assert(
      fc.property(fc.array(text, { maxLength: 40 }), (texts) => {
        const sum = new ExactSum();
        const other = new ExactSum();
        let expected = new Wide(0);
        texts.forEach((t, i) => {
          const parts = shadowOf(t);
          const into = i % 2 === 0 ? sum : other;
          if (parts !== null && i % 3 === 0) into.addShadow(parts.units, BigInt(parts.micro), BigInt(parts.pico));
          else into.addText(t);
          expected = expected.plus(t);
        });
        sum.addSum(other);
        expect(new Wide(sum.toDecimal().toFixed()).eq(expected)).toBe(true);
      }),
    );
  });

  it('refuses a text that is not a plain decimal', () => {
    expect(() => new ExactSum().addText('1e5')).toThrow(/not a decimal/);
  });
});
