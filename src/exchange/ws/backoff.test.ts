import { describe, expect, it } from 'vitest';
import { Backoff, backoffCeilingMs, backoffDelayMs } from './backoff.js';

describe('backoff (capped exponential, full jitter)', () => {
  it('ceilings double from 500 ms and stop at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50, 5000].map((a) => backoffCeilingMs(a))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('the delay is random · ceiling (full jitter)', () => {
    expect(backoffDelayMs(3, { random: () => 0 })).toBe(0);
    expect(backoffDelayMs(3, { random: () => 0.5 })).toBe(2000);
    expect(backoffDelayMs(3, { random: () => 1 })).toBe(4000);
    expect(backoffDelayMs(2, { baseMs: 100, capMs: 250, random: () => 1 })).toBe(250);
  });

  it('Backoff grows per attempt, is capped, and resets', () => {
    const b = new Backoff({ random: () => 1 });
    const delays = Array.from({ length: 9 }, () => b.next());
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(b.attempt).toBe(9);
    b.reset();
    expect(b.next()).toBe(500);
  });
});
