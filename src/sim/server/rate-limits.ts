import type { RateLimit } from '../../exchange/wire/operation-types.js';

/**
 * Token buckets for the embedded exchange's rate limits: one bucket per (bucket name, scope key),
 * where the scope key is the UID for private operations and the client IP for public ones. Each
 * bucket holds `perSecond` tokens and refills continuously at `perSecond` per second.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** @param now Clock, Unix ms. */
  constructor(private readonly now: () => number) {}

  /** Takes one token; false means the request is over the limit (answer 429). */
  take(rate: RateLimit, scopeKey: string): boolean {
    const key = `${rate.scope}|${scopeKey}|${rate.bucket}`;
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: rate.perSecond, at: t };
    const elapsed = Math.max(0, t - b.at) / 1000;
    b.tokens = Math.min(rate.perSecond, b.tokens + elapsed * rate.perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Forgets every bucket. */
  reset(): void {
    this.buckets.clear();
  }
}

/**
 * Per-connection websocket message limit (protocol-notes §4.3): at most `max` client messages in
 * any `windowMs` (defaults 10 per 1000 ms); `ping` counts.
 */
export class MessageWindow {
  private readonly times: number[] = [];
  constructor(
    private readonly now: () => number,
    private readonly max = 10,
    private readonly windowMs = 1000,
  ) {}

  /** Records one message; false if it is over the limit. */
  hit(): boolean {
    const t = this.now();
    while (this.times.length > 0 && (this.times[0] ?? 0) <= t - this.windowMs) this.times.shift();
    this.times.push(t);
    return this.times.length <= this.max;
  }
}
