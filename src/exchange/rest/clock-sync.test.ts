import { describe, expect, it } from 'vitest';
import { ClockSync } from './clock-sync.js';

/** A deferred server-time answer the test resolves by hand. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve: (v: T) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ClockSync', () => {
  it('measures the offset at the midpoint of the round trip (RTT/2 correction)', async () => {
    let local = 10_000;
    const answer = deferred<number>();
    const sync = new ClockSync({ clock: { now: () => local }, fetchServerTime: () => answer.promise });
    expect(sync.offsetMs()).toBe(0);
    const done = sync.sync();
    local = 10_400; // 400 ms round trip; the server stamped its time half way, at local 10 200
    answer.resolve(15_200);
    const sample = await done;
    expect(sample).toEqual({ offsetMs: 5000, rttMs: 400, at: 10_400 });
    expect(sync.offsetMs()).toBe(5000);
    expect(sync.now()).toBe(15_400);
  });

  it('shares one in-flight request between concurrent callers', async () => {
    let calls = 0;
    const answer = deferred<number>();
    const sync = new ClockSync({
      clock: { now: () => 0 },
      fetchServerTime: () => {
        calls++;
        return answer.promise;
      },
    });
    const a = sync.sync();
    const b = sync.sync();
    const c = sync.ensureSynced();
    expect(calls).toBe(1);
    answer.resolve(-250);
    const [sa, sb, sc] = await Promise.all([a, b, c]);
    expect(sa).toBe(sb);
    expect(sb).toBe(sc);
    expect(sync.offsetMs()).toBe(-250);
    await sync.ensureSynced();
    expect(calls).toBe(1);
    await sync.sync();
    expect(calls).toBe(2);
  });

  it('keeps the previous offset when a sync fails, and lets the next call try again', async () => {
    let fail = false;
    const sync = new ClockSync({
      clock: { now: () => 1000 },
      fetchServerTime: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(1700)),
    });
    await sync.sync();
    fail = true;
    await expect(sync.sync()).rejects.toThrow('down');
    expect(sync.offsetMs()).toBe(700);
    fail = false;
    await expect(sync.sync()).resolves.toMatchObject({ offsetMs: 700 });
  });

  it('rejects a server time that is not a number', async () => {
    const sync = new ClockSync({ clock: { now: () => 0 }, fetchServerTime: () => Promise.resolve(Number.NaN) });
    await expect(sync.sync()).rejects.toThrow('not a number');
    expect(sync.lastSample()).toBeUndefined();
  });
});
