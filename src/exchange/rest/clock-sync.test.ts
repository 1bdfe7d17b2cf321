import { describe, expect, it } from 'vitest';
import { ClockSync, type ServerTimeReading } from './clock-sync.js';

/** A local time well after 2020 (2026-09-21), Unix ms. */
const T0 = 1_790_000_000_000;
const HOUR = 3_600_000;

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

/** One scripted sample: how long its round trip takes on the fake clock and what the server says (or that it fails). */
type Step = { readonly rttMs: number; readonly offsetMs: number } | { readonly rttMs: number; readonly fail: Error } | { readonly rttMs: number; readonly serverTime: number };

/**
 * A fake exchange on an injected clock: each call advances the clock by its step's round trip and
 * answers a server time stamped at the midpoint. Records overlap, so the test sees samples are sequential.
 */
function scripted(steps: readonly Step[], start = T0) {
  let local = start;
  let calls = 0;
  let active = 0;
  let maxActive = 0;
  const fetchServerTime = async (): Promise<number> => {
    const step = steps[calls++];
    if (step === undefined) throw new Error(`unexpected sample ${calls}`);
    active++;
    maxActive = Math.max(maxActive, active);
    const midpoint = local + step.rttMs / 2;
    await Promise.resolve();
    local += step.rttMs;
    active--;
    if ('fail' in step) throw step.fail;
    return 'serverTime' in step ? step.serverTime : midpoint + step.offsetMs;
  };
  return {
    clock: { now: () => local },
    fetchServerTime,
    calls: () => calls,
    maxActive: () => maxActive,
    advance: (ms: number) => {
      local += ms;
    },
  };
}

describe('ClockSync', () => {
  it('measures the offset at the midpoint of the round trip (RTT/2 correction)', async () => {
    let local = T0;
    const answer = deferred<number>();
    const sync = new ClockSync({ clock: { now: () => local }, fetchServerTime: () => answer.promise, samples: 1 });
    expect(sync.offsetMs()).toBe(0);
    const done = sync.sync();
    local = T0 + 400; // 400 ms round trip; the server stamped its time half way, at local T0 + 200
    answer.resolve(T0 + 5200);
    const sample = await done;
    expect(sample).toEqual({ offsetMs: 5000, rttMs: 400, at: T0 + 400 });
    expect(sync.offsetMs()).toBe(5000);
    expect(sync.now()).toBe(T0 + 5400);
  });

  it('takes five samples one after another and keeps the one with the smallest round trip', async () => {
    // The first sample pays for the connection set-up; the 40 ms one is the most exact.
    const fake = scripted([
      { rttMs: 300, offsetMs: 900 },
      { rttMs: 40, offsetMs: 1000 },
      { rttMs: 120, offsetMs: 1100 },
      { rttMs: 500, offsetMs: 700 },
      { rttMs: 80, offsetMs: 1050 },
    ]);
    const sync = new ClockSync({ clock: fake.clock, fetchServerTime: fake.fetchServerTime });
    const sample = await sync.sync();
    expect(fake.calls()).toBe(5);
    expect(fake.maxActive()).toBe(1);
    expect(sample).toEqual({ offsetMs: 1000, rttMs: 40, at: T0 + 300 + 40 });
    expect(sync.lastSample()).toBe(sample);
    expect(sync.offsetMs()).toBe(1000);
  });

  it('times a reading by its own send/receive times, so waiting in a queue before sending does not count', async () => {
    let local = T0;
    const readings: ServerTimeReading[] = [];
    const fetchServerTime = (): Promise<ServerTimeReading> => {
      local += 2000; // the rate limiter held the request for 2 s
      const sentAt = local;
      local += 30; // the HTTP exchange itself
      const reading = { serverTime: sentAt + 15 - 250, sentAt, receivedAt: local };
      readings.push(reading);
      return Promise.resolve(reading);
    };
    const sync = new ClockSync({ clock: { now: () => local }, fetchServerTime, samples: 3 });
    const sample = await sync.sync();
    expect(readings).toHaveLength(3);
    expect(sample.rttMs).toBe(30);
    expect(sample.offsetMs).toBe(-250);
  });

  it('skips a failed sample and chooses among the others', async () => {
    const fake = scripted([
      { rttMs: 10, fail: new Error('reset') },
      { rttMs: 200, offsetMs: 400 },
      { rttMs: 5, fail: new Error('timeout') },
      { rttMs: 60, offsetMs: 450 },
      { rttMs: 90, offsetMs: 500 },
    ]);
    const sync = new ClockSync({ clock: fake.clock, fetchServerTime: fake.fetchServerTime });
    await expect(sync.sync()).resolves.toMatchObject({ offsetMs: 450, rttMs: 60 });
    expect(fake.calls()).toBe(5);
  });

  it('fails when every sample fails, with the last failure, keeps the previous offset, and lets the next call try again', async () => {
    let failing = false;
    let failures = 0;
    const sync = new ClockSync({
      clock: { now: () => T0 },
      fetchServerTime: () => (failing ? Promise.reject(new Error(`down ${++failures}`)) : Promise.resolve(T0 + 700)),
    });
    await sync.sync();
    const before = sync.lastSample();
    failing = true;
    await expect(sync.sync()).rejects.toThrow('down 5');
    expect(failures).toBe(5);
    expect(sync.lastSample()).toBe(before);
    expect(sync.offsetMs()).toBe(700);
    failing = false;
    await expect(sync.sync()).resolves.toMatchObject({ offsetMs: 700 });
  });

  it('shares one measurement (all its samples) between concurrent callers', async () => {
    let calls = 0;
    const gate = deferred<void>();
    const sync = new ClockSync({
      clock: { now: () => T0 },
      fetchServerTime: async () => {
        calls++;
        await gate.promise;
        return T0 - 250;
      },
    });
    const a = sync.sync();
    const b = sync.sync();
    const c = sync.ensureSynced();
    const d = sync.ensureSynced();
    expect(b).toBe(a);
    expect(d).toBe(c);
    expect(calls).toBe(1);
    gate.resolve();
    const [sa, sb, sc] = await Promise.all([a, b, c]);
    expect(sa).toBe(sb);
    expect(sc).toMatchObject({ offsetMs: -250 });
    expect(calls).toBe(5);
    expect(sync.offsetMs()).toBe(-250);
    await sync.ensureSynced();
    expect(calls).toBe(5);
    await sync.sync();
    expect(calls).toBe(10);
  });

  it('lets the first signed request go after one good sample: ensureSynced resolves with it, the rest refine the offset', async () => {
    const fake = scripted([
      { rttMs: 20, fail: new Error('reset') },
      { rttMs: 300, offsetMs: 900 },
      { rttMs: 40, offsetMs: 1000 },
      { rttMs: 120, offsetMs: 1100 },
      { rttMs: 80, offsetMs: 1050 },
    ]);
    const sync = new ClockSync({ clock: fake.clock, fetchServerTime: fake.fetchServerTime });
    const first = await sync.ensureSynced();
    expect(first).toEqual({ offsetMs: 900, rttMs: 300, at: T0 + 20 + 300 });
    expect(fake.calls()).toBeLessThan(5);
    // Joining the running measurement, not starting another.
    const best = await sync.sync();
    expect(fake.calls()).toBe(5);
    expect(best).toMatchObject({ offsetMs: 1000, rttMs: 40 });
    expect(sync.lastSample()).toBe(best);
  });

  it('ensureSynced fails like sync when no sample is good, and the next call measures again', async () => {
    let failing = true;
    const sync = new ClockSync({ clock: { now: () => T0 }, fetchServerTime: () => (failing ? Promise.reject(new Error('down')) : Promise.resolve(T0 + 10)), samples: 2 });
    await expect(sync.ensureSynced()).rejects.toThrow('down');
    expect(sync.lastSample()).toBeUndefined();
    failing = false;
    await expect(sync.ensureSynced()).resolves.toMatchObject({ offsetMs: 10 });
  });
});

describe('ClockSync refuses absurd server times', () => {
  const local = T0;
  const localIso = new Date(local).toISOString();
  const cases: ReadonlyArray<{ readonly name: string; readonly serverTime: number; readonly message: RegExp }> = [
    { name: 'not a number', serverTime: Number.NaN, message: /^server time NaN is not a number of ms; local time is 1790000000000 / },
    { name: 'infinite', serverTime: Number.POSITIVE_INFINITY, message: /^server time Infinity is not a number of ms/ },
    { name: 'zero', serverTime: 0, message: /^server time 0 is not positive/ },
    { name: 'negative', serverTime: -5, message: /^server time -5 is not positive/ },
    { name: 'in seconds, not ms', serverTime: 1_790_000_000, message: /^server time 1790000000 \(1970-01-21T\S+\) is before 2020-01-01/ },
    { name: 'before 2020', serverTime: Date.UTC(2019, 11, 31), message: /^server time 1577750400000 \(2019-12-31T00:00:00\.000Z\) is before 2020-01-01/ },
    { name: '25 h ahead', serverTime: local + 25 * HOUR, message: /is more than 24 h away from the local clock/ },
    { name: '25 h behind', serverTime: local - 25 * HOUR, message: /is more than 24 h away from the local clock/ },
    { name: 'in nanoseconds', serverTime: local * 1_000_000, message: /\(out of range\) is more than 24 h away/ },
  ];
  for (const c of cases) {
    it(`${c.name}: names the value and the local time, and keeps the old offset`, async () => {
      let answer = local + 3000;
      const sync = new ClockSync({ clock: { now: () => local }, fetchServerTime: () => Promise.resolve(answer), samples: 2 });
      await sync.sync();
      const before = sync.lastSample();
      answer = c.serverTime;
      const error = await sync.sync().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ code: 'EXCH_BAD_REPLY' });
      expect((error as Error).message).toMatch(c.message);
      expect((error as Error).message).toContain(`local time is ${local} (${localIso})`);
      expect(sync.lastSample()).toBe(before);
      expect(sync.offsetMs()).toBe(3000);
    });
  }

  it('accepts a server 23 h off (a wrong local clock is what the offset is for)', async () => {
    const sync = new ClockSync({ clock: { now: () => local }, fetchServerTime: () => Promise.resolve(local - 23 * HOUR), samples: 1 });
    await expect(sync.sync()).resolves.toMatchObject({ offsetMs: -23 * HOUR });
  });

  it('skips one absurd sample among sane ones', async () => {
    const fake = scripted([
      { rttMs: 10, serverTime: 0 },
      { rttMs: 40, offsetMs: 120 },
      { rttMs: 5, serverTime: T0 + 48 * HOUR },
      { rttMs: 70, offsetMs: 150 },
      { rttMs: 90, offsetMs: 160 },
    ]);
    const sync = new ClockSync({ clock: fake.clock, fetchServerTime: fake.fetchServerTime });
    await expect(sync.sync()).resolves.toMatchObject({ offsetMs: 120, rttMs: 40 });
  });

  it('takes a tighter limit from maxSkewMs', async () => {
    const sync = new ClockSync({ clock: { now: () => local }, fetchServerTime: () => Promise.resolve(local + 2 * 60_000), samples: 1, maxSkewMs: 60_000 });
    await expect(sync.sync()).rejects.toThrow('is more than 1 min away from the local clock');
  });
});
