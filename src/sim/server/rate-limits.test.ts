import { describe, expect, it } from 'vitest';
import { MessageWindow, RateLimiter } from './rate-limits.js';

describe('RateLimiter', () => {
  it('allows perSecond requests, refuses the next, refills with time', () => {
    let now = 0;
    const rl = new RateLimiter(() => now);
    const rate = { bucket: 'trade.place', perSecond: 10, scope: 'uid' as const };
    const results = Array.from({ length: 11 }, () => rl.take(rate, 'u1'));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(results[10]).toBe(false);
    expect(rl.take(rate, 'u2')).toBe(true); // another UID has its own bucket
    now += 100; // one token back at 10/s
    expect(rl.take(rate, 'u1')).toBe(true);
    expect(rl.take(rate, 'u1')).toBe(false);
  });
  it('shares a bucket between operations with the same bucket name', () => {
    const rl = new RateLimiter(() => 0);
    const a = { bucket: 'b', perSecond: 1, scope: 'ip' as const };
    expect(rl.take(a, 'ip')).toBe(true);
    expect(rl.take({ ...a }, 'ip')).toBe(false);
  });
});

describe('MessageWindow', () => {
  it('allows 10 messages in a second, refuses the 11th, forgets old ones', () => {
    let now = 0;
    const w = new MessageWindow(() => now);
    for (let i = 0; i < 10; i++) expect(w.hit()).toBe(true);
    expect(w.hit()).toBe(false);
    now = 1001;
    expect(w.hit()).toBe(true);
  });
});
