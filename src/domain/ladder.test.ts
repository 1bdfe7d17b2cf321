import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ladderPrices } from './ladder.js';
import { BTC_PERP } from './instruments.testkit.js';

const d = (s: string): Decimal => new Decimal(s);
const FUT = BTC_PERP;

describe('ladderPrices', () => {
  it('spreads prices evenly, both ends included, snapped to the tick', () => {
    const r = ladderPrices(FUT, '96000', '95000', 5);
    expect(r.ok && r.prices.map((p) => p.toFixed())).toEqual(['96000', '95750', '95500', '95250', '95000']);
  });

  it('refuses rungs that would share a tick, bad prices and counts outside one batch', () => {
    expect(ladderPrices(FUT, '100', '101', 4)).toEqual({ ok: false, error: '4 orders between 100 and 101 would share prices at this tick; widen the range or use fewer orders' });
    expect(ladderPrices(FUT, 'abc', '101', 4)).toMatchObject({ ok: false, error: 'from price "abc" is not a positive decimal number' });
    expect(ladderPrices(FUT, '100', '0', 4)).toMatchObject({ ok: false });
    expect(ladderPrices(FUT, '100', '200', 21)).toMatchObject({ ok: false, error: 'orders must be a whole number from 2 to 20 (one batch)' });
    expect(ladderPrices(FUT, '100', '200', 1)).toMatchObject({ ok: false });
  });
});
