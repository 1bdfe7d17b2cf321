import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { appendSample, SPARK_SAMPLES, sparkline, type PriceSample } from './sparkline.js';

const d = (s: string): Decimal => new Decimal(s);
const ds = (...s: string[]): Decimal[] => s.map(d);

describe('sparkline', () => {
  it.each([
    ['rising, one block per step', ds('0', '1', '2', '3', '4', '5', '6', '7'), 8, '▁▂▃▄▅▆▇█'],
    ['falling', ds('7', '6', '5', '4', '3', '2', '1', '0'), 8, '█▇▆▅▄▃▂▁'],
    ['a flat series draws the middle block', ds('97000.5', '97000.5', '97000.5'), 10, '▄▄▄'],
    ['a single price is flat', ds('1'), 5, '▄'],
    ['only the last `width` prices count (lowest and highest among them)', ds('1000', '10', '20', '30'), 3, '▁▅█'],
    ['rounds to the nearest block', ds('0', '0.5', '1.49', '1.5', '7'), 5, '▁▂▂▃█'],
    ['no prices', [], 8, ''],
    ['no width', ds('1', '2'), 0, ''],
  ])('%s', (_name, prices, width, expected) => {
    expect(sparkline(prices, width)).toBe(expected);
  });

  it('stays exact for prices beyond float precision', () => {
    // As JS numbers these three are equal (2^53 + 1 rounds to 2^53); as decimals they are not.
    expect(sparkline(ds('9007199254740992', '9007199254740993', '9007199254740994'), 3)).toBe('▁▅█');
    expect(sparkline(ds('0.00000001', '0.00000002', '0.00000003'), 3)).toBe('▁▅█');
  });
});

describe('appendSample', () => {
  const at = (h: readonly PriceSample[]) => h.map((s) => `${s.at}:${s.price.toFixed()}`);

  it('keeps one sample per step: a later price of the same step replaces the last one', () => {
    let h: readonly PriceSample[] = [];
    h = appendSample(h, d('100'), 1000);
    h = appendSample(h, d('101'), 1400);
    h = appendSample(h, d('102'), 2000);
    h = appendSample(h, d('103'), 4100);
    expect(at(h)).toEqual(['1400:101', '2000:102', '4100:103']);
  });

  it('drops the oldest past `max` (default SPARK_SAMPLES)', () => {
    let h: readonly PriceSample[] = [];
    for (let i = 0; i < SPARK_SAMPLES + 5; i += 1) h = appendSample(h, d(String(i)), i * 1000);
    expect(h).toHaveLength(SPARK_SAMPLES);
    expect(h[0]?.price.toFixed()).toBe('5');
    expect(at(appendSample(appendSample([], d('1'), 0, { max: 2 }), d('2'), 500, { max: 2, stepMs: 100 }))).toEqual(['0:1', '500:2']);
  });

  it('ignores a sample from an earlier step and returns the same history when nothing changed', () => {
    const h = appendSample([], d('100'), 5000);
    expect(appendSample(h, d('99'), 3000)).toBe(h);
    expect(appendSample(h, d('100'), 5000)).toBe(h);
  });
});
