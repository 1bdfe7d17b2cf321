import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemTimers } from './connection-state.js';
import { FramePacer, SubscriptionSet, argKey, chunkArgs, type StreamArg } from './topics.js';

const books = (i: number): StreamArg => ({ instType: 'usdt-futures', topic: 'books', symbol: `S${i}USDT` });

describe('argKey', () => {
  it('keys private args by topic only (pushes do not echo the symbol)', () => {
    expect(argKey({ instType: 'UTA', topic: 'fast-fill', symbol: 'default' })).toBe(argKey({ instType: 'UTA', topic: 'fast-fill' }));
    expect(argKey(books(1))).not.toBe(argKey(books(2)));
    expect(argKey({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' })).not.toBe(
      argKey({ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '5m' }),
    );
  });
});

describe('chunkArgs', () => {
  it('puts at most 10 args in a frame', () => {
    const chunks = chunkArgs(Array.from({ length: 35 }, (_, i) => books(i)));
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 10, 5]);
  });

  it('keeps each frame\'s args under the byte limit', () => {
    const args = Array.from({ length: 10 }, (_, i) => ({ instType: 'spot', topic: 'ticker', symbol: `${'X'.repeat(300)}${i}` }));
    const chunks = chunkArgs(args, 10, 1000);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(Buffer.byteLength(JSON.stringify(c))).toBeLessThanOrEqual(1000);
    expect(chunks.flat()).toEqual(args);
  });
});

describe('SubscriptionSet', () => {
  it('tracks status, skips failed args on replay, and retries them when asked again', () => {
    const set = new SubscriptionSet();
    expect(set.add([books(1), books(2), books(1)])).toHaveLength(2);
    set.markSubscribed(books(1));
    set.markFailed(books(2), "doesn't exist");
    expect(set.counts()).toEqual({ subscribed: 1, pending: 0, failed: 1 });
    expect(set.resetForReplay()).toEqual([books(1)]);
    expect(set.add([books(2)])).toEqual([books(2)]);
    expect(set.counts()).toEqual({ subscribed: 0, pending: 2, failed: 0 });
    expect(set.remove([books(1), books(9)])).toEqual([books(1)]);
    expect(set.markSubscribed(books(1))).toBe(false);
  });
});

describe('FramePacer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most maxMessages per sliding window, urgent frames first', () => {
    const out: { t: number; text: string }[] = [];
    const pacer = new FramePacer({ maxMessages: 8, windowMs: 1000, timers: systemTimers, now: () => Date.now(), write: (text) => out.push({ t: Date.now(), text }) });
    const start = Date.now();
    for (let i = 0; i < 20; i += 1) pacer.enqueue(`m${i}`);
    expect(out).toHaveLength(8);
    pacer.enqueue('ping', true);
    pacer.enqueue('trade', true);
    vi.advanceTimersByTime(999);
    expect(out).toHaveLength(8);
    vi.advanceTimersByTime(1);
    expect(out).toHaveLength(16);
    expect(out.slice(8, 11).map((o) => o.text)).toEqual(['ping', 'trade', 'm8']);
    vi.advanceTimersByTime(5000);
    expect(out).toHaveLength(22);
    for (let i = 0; i + 8 < out.length; i += 1) expect((out[i + 8]?.t ?? 0) - (out[i]?.t ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(out[0]?.t).toBe(start);
    pacer.enqueue('late');
    expect(out.at(-1)?.text).toBe('late');
  });

  it('reset drops queued frames', () => {
    const out: string[] = [];
    const pacer = new FramePacer({ maxMessages: 1, windowMs: 1000, timers: systemTimers, now: () => Date.now(), write: (t) => out.push(t) });
    pacer.enqueue('a');
    pacer.enqueue('b');
    pacer.reset();
    vi.advanceTimersByTime(5000);
    expect(out).toEqual(['a']);
    expect(pacer.queued).toBe(0);
  });
});
