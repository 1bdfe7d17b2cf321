/**
 * Seeded pseudo-random numbers for the synthetic market, test data and bench frames. Our own
 * mulberry32-style generator: 32-bit state, period 2^32, fast and good enough for a demo market
 * (not cryptographic). Values it produces are ratios and probabilities, never prices themselves.
 */

/** A seeded random source. Same seed → same sequence. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer uniform in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** Standard normal (mean 0, deviation 1), Box–Muller. */
  normal(): number;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
}

/** Creates a generator from a 32-bit seed (any number; only the low 32 bits count). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
  };
}

/**
 * Derives a stable 32-bit seed from a base seed and some labels (FNV-1a over the text), so
 * independent streams (one per instrument and interval) do not depend on creation order.
 */
export function deriveSeed(seed: number, ...labels: readonly string[]): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  const text = labels.join('|');
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
