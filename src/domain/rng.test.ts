import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from './rng.js';

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(123);
    const b = createRng(123);
    const c = createRng(124);
    const sa = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(sa);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(sa);
  });

  it('stays in range and looks roughly uniform and normal', () => {
    const r = createRng(9);
    let sum = 0;
    let sq = 0;
    const buckets = [0, 0, 0, 0];
    const ints = new Set<number>();
    let outOfRange = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const u = r.next();
      if (u < 0 || u >= 1) outOfRange += 1;
      buckets[Math.floor(u * 4)] = (buckets[Math.floor(u * 4)] ?? 0) + 1;
      const z = r.normal();
      sum += z;
      sq += z * z;
      ints.add(r.int(2, 4));
    }
    expect(outOfRange).toBe(0);
    expect([...ints].sort()).toEqual([2, 3, 4]);
    for (const b of buckets) expect(b).toBeGreaterThan(4500);
    expect(Math.abs(sum / 20_000)).toBeLessThan(0.05);
    expect(Math.abs(sq / 20_000 - 1)).toBeLessThan(0.05);
  });
});

describe('deriveSeed', () => {
  it('is stable and label-sensitive', () => {
    expect(deriveSeed(1, 'SPOT', 'BTCUSDT')).toBe(deriveSeed(1, 'SPOT', 'BTCUSDT'));
    expect(deriveSeed(1, 'SPOT', 'BTCUSDT')).not.toBe(deriveSeed(1, 'SPOT', 'ETHUSDT'));
    expect(deriveSeed(1, 'x')).not.toBe(deriveSeed(2, 'x'));
  });
});
