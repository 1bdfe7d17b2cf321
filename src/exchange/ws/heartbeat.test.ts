import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemTimers } from './connection-state.js';
import { Heartbeat } from './heartbeat.js';

describe('Heartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function make() {
    const sent: number[] = [];
    const rtts: number[] = [];
    let timeouts = 0;
    const hb = new Heartbeat({
      timers: systemTimers,
      now: () => Date.now(),
      sendPing: () => sent.push(Date.now()),
      onRtt: (r) => rtts.push(r),
      onTimeout: () => {
        timeouts += 1;
      },
    });
    return { hb, sent, rtts, timeouts: () => timeouts };
  }

  it('pings every 20 s after the last pong and reports the round trip', () => {
    const { hb, sent, rtts, timeouts } = make();
    hb.start();
    vi.advanceTimersByTime(19_999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(hb.awaitingPong).toBe(true);
    vi.advanceTimersByTime(120);
    hb.notePong();
    expect(rtts).toEqual([120]);
    vi.advanceTimersByTime(20_000);
    expect(sent).toHaveLength(2);
    hb.notePong();
    expect(timeouts()).toBe(0);
    hb.stop();
  });

  it('fires onTimeout once when no pong comes within 10 s, then stays quiet', () => {
    const { hb, sent, timeouts } = make();
    hb.start();
    vi.advanceTimersByTime(20_000);
    vi.advanceTimersByTime(9_999);
    expect(timeouts()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(timeouts()).toBe(1);
    vi.advanceTimersByTime(120_000);
    expect(timeouts()).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('ignores a pong without a ping, and stop() cancels everything', () => {
    const { hb, sent, rtts } = make();
    hb.start();
    hb.notePong();
    expect(rtts).toEqual([]);
    hb.stop();
    vi.advanceTimersByTime(100_000);
    expect(sent).toHaveLength(0);
  });
});
