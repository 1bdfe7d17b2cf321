import { describe, expect, it } from 'vitest';
import { MAX_MEASURED, measuredTexts, measureText } from './ink-measure-text.js';

describe('measureText (bounded replacement of Ink\u2019s)', () => {
  it('measures as Ink does: widest line in columns, line count', () => {
    expect(measureText('')).toEqual({ width: 0, height: 0 });
    expect(measureText('abc\nde')).toEqual({ width: 3, height: 2 });
    expect(measureText('\x1b[31m価格\x1b[39m ok')).toEqual({ width: 7, height: 1 });
    expect(measureText('a\n')).toEqual({ width: 1, height: 2 });
  });

  it('keeps at most MAX_MEASURED texts however many it has seen', () => {
    for (let i = 0; i < MAX_MEASURED * 3 + 17; i += 1) measureText(`  97${String(i).padStart(6, '0')}.5  0.${i % 1000}`);
    expect(measuredTexts()).toBeGreaterThan(0);
    expect(measuredTexts()).toBeLessThanOrEqual(MAX_MEASURED);
  });
});
