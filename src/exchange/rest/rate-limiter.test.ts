import { describe, expect, it } from 'vitest';
import type { RateLimit } from '../wire/operation-types.js';
import { DEFAULT_WINDOW_MS, RateLimiter, type LimiterTimers } from './rate-limiter.js';

/** A clock plus timers that only move when the test says so. */
class ManualTime implements LimiterTimers {
  t = 1_000_000;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  now = (): number => this.t;
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  /** Moves time forward, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    await flush();
    const end = this.t + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
      await flush();
    }
    this.t = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const RATES: Record<string, RateLimit> = {
  'trade.placeOrder': { bucket: 'trade.order', perSecond: 3, scope: 'uid' },
  'trade.cancelOrder': { bucket: 'trade.order', perSecond: 3, scope: 'uid' },
  'market.getTickers': { bucket: 'market.getTickers', perSecond: 2, scope: 'ip' },
};

function setup(): { time: ManualTime; limiter: RateLimiter } {
  const time = new ManualTime();
  const limiter = new RateLimiter({ rateOf: (id) => RATES[id], clock: { now: time.now }, timers: time, windowMs: 1000 });
  return { time, limiter };
}

/** Starts acquire(opId) and records when (test time) it resolved. */
function track(limiter: RateLimiter, time: ManualTime, opId: string, log: { label: string; at: number }[], label: string): Promise<void> {
  return limiter.acquire(opId).then(() => {
    log.push({ label, at: time.t });
  });
}

describe('RateLimiter', () => {
  it('grants perSecond tokens at once, and the next caller waits until the window frees', async () => {
    const { time, limiter } = setup();
    const log: { label: string; at: number }[] = [];
    const start = time.t;
    for (let i = 0; i < 4; i++) void track(limiter, time, 'trade.placeOrder', log, `c${i}`);
    await flush();
    expect(log.map((l) => l.label)).toEqual(['c0', 'c1', 'c2']);
    await time.advance(999);
    expect(log).toHaveLength(3);
    await time.advance(1);
    expect(log.map((l) => l.label)).toEqual(['c0', 'c1', 'c2', 'c3']);
    expect(log[3]?.at).toBe(start + 1000);
  });

  it('never allows more than perSecond grants in any one-second interval, and never rejects', async () => {
    const { time, limiter } = setup();
    const log: { label: string; at: number }[] = [];
    const all: Promise<void>[] = [];
    for (let i = 0; i < 10; i++) {
      all.push(track(limiter, time, 'trade.placeOrder', log, `c${i}`));
      await time.advance(137);
    }
    await time.advance(5000);
    await Promise.all(all);
    expect(log).toHaveLength(10);
    for (const a of log) expect(log.filter((b) => b.at >= a.at && b.at < a.at + 1000).length).toBeLessThanOrEqual(3);
  });

  it('serves waiters first come, first served across operations sharing a bucket', async () => {
    const { time, limiter } = setup();
    const log: { label: string; at: number }[] = [];
    for (let i = 0; i < 3; i++) void track(limiter, time, 'trade.placeOrder', log, `p${i}`);
    void track(limiter, time, 'trade.cancelOrder', log, 'cancel-1');
    void track(limiter, time, 'trade.placeOrder', log, 'p3');
    void track(limiter, time, 'trade.cancelOrder', log, 'cancel-2');
    await time.advance(1000);
    expect(log.map((l) => l.label)).toEqual(['p0', 'p1', 'p2', 'cancel-1', 'p3', 'cancel-2']);
  });

  it('keeps buckets apart and reports headroom per bucket', async () => {
    const { time, limiter } = setup();
    await limiter.acquire('trade.placeOrder');
    await limiter.acquire('market.getTickers');
    await limiter.acquire('market.getTickers');
    const waiting = limiter.acquire('market.getTickers');
    expect(limiter.headroom()).toEqual([
      { bucket: 'market.getTickers', scope: 'ip', perSecond: 2, available: 0, queued: 1 },
      { bucket: 'trade.order', scope: 'uid', perSecond: 3, available: 2, queued: 0 },
    ]);
    await time.advance(1000);
    await waiting;
    expect(limiter.headroom()[0]).toMatchObject({ available: 1, queued: 0 });
  });

  it('after penalize (a 429), grants nothing for one window', async () => {
    const { time, limiter } = setup();
    limiter.penalize('trade.placeOrder');
    const log: { label: string; at: number }[] = [];
    void track(limiter, time, 'trade.placeOrder', log, 'a');
    await time.advance(999);
    expect(log).toHaveLength(0);
    await time.advance(1);
    expect(log).toHaveLength(1);
  });

  it('passes operations without a rate record straight through', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 50; i++) await limiter.acquire('unknown.op');
    expect(limiter.headroom()).toEqual([]);
  });
});

describe('default window', () => {
  it('leaves a 10 % margin over the exchange’s one-second window', () => {
    expect(DEFAULT_WINDOW_MS).toBe(1100);
  });
});
