import { describe, expect, it } from 'vitest';
import { createManualClock } from '../helpers/sim-testing/manual-clock.js';

describe('createManualClock', () => {
  it('now() is real time plus what was advanced', () => {
    const { now, advance } = createManualClock();
    expect(Math.abs(now() - Date.now())).toBeLessThan(50);
    advance(60_000);
    expect(now() - Date.now()).toBeGreaterThanOrEqual(60_000);
    expect(now() - Date.now()).toBeLessThan(60_050);
    expect(() => advance(-1)).toThrow(RangeError);
  });

  it('a sleep resolves once advance reaches its deadline, not before', async () => {
    const { sleep, advance } = createManualClock();
    const order: string[] = [];
    const long = sleep(60_000).then(() => order.push('long'));
    const short = sleep(30_000).then(() => order.push('short'));
    advance(29_000);
    await Promise.resolve();
    expect(order).toEqual([]);
    advance(1_000);
    await short;
    expect(order).toEqual(['short']);
    advance(30_000);
    await long;
    expect(order).toEqual(['short', 'long']);
  });

  it('a sleep also resolves by real time, and at once for 0', async () => {
    const clock = createManualClock();
    await clock.sleep(0);
    const t0 = Date.now();
    await clock.sleep(5);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4);
  });
});
