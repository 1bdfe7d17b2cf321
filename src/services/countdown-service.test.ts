import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExchangeApi, type OperationCaller } from '../exchange/rest/facade.js';
import { ExchangeError } from '../exchange/wire/errors.js';
import type { OperationId } from '../exchange/wire/operations.js';
import { createAppStore, type AppStore } from '../store/create-app-store.js';
import type { SocketHealth } from '../store/slices/connection-slice.js';
import { formatClock } from '../domain/time-format.js';
import { countdownHealth, CountdownService, countdownWindowProblem, renewIntervalMs } from './countdown-service.js';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

/** Records every countdown call (with the faked time it was sent) and answers it with `reply`. */
class RecordingCaller implements OperationCaller {
  readonly calls: { id: OperationId; countdown: string; at: number }[] = [];
  reply: (countdown: string) => Promise<unknown> = async () => 'success';

  call(id: OperationId, params: unknown): Promise<unknown> {
    const countdown = String((params as { countdown?: unknown }).countdown);
    this.calls.push({ id, countdown, at: Date.now() });
    return this.reply(countdown);
  }
}

interface Harness {
  readonly caller: RecordingCaller;
  readonly store: AppStore;
  readonly service: CountdownService;
  readonly lines: string[];
  readonly refreshed: number[];
  health: string | null;
}

function setup(): Harness {
  const caller = new RecordingCaller();
  const store = createAppStore();
  const lines: string[] = [];
  const refreshed: number[] = [];
  const h: Harness = {
    caller,
    store,
    lines,
    refreshed,
    health: null,
    service: new CountdownService({
      api: createExchangeApi(caller),
      store,
      now: () => Date.now(),
      log: (level, text) => lines.push(`${level} ${text}`),
      healthy: () => h.health,
      timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout) },
      refreshOrders: async () => {
        refreshed.push(Date.now());
      },
    }),
  };
  return h;
}

const sent = (h: Harness) => h.caller.calls.map((c) => c.countdown);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CountdownService', () => {
  it('arms, then renews every third of the window while healthy, each call ≥ 1 s apart', async () => {
    const h = setup();
    await expect(h.service.arm(6)).resolves.toBeNull();
    expect(h.caller.calls[0]).toEqual({ id: 'trade.countdownCancelAll', countdown: '6', at: T0 });
    expect(h.store.getState().countdown).toMatchObject({ armed: true, windowSec: 6, lastAckAt: T0, expiresAt: T0 + 6000, failing: false });
    await vi.advanceTimersByTimeAsync(10_000);
    const times = h.caller.calls.map((c) => c.at - T0);
    expect(times).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    expect(sent(h).every((c) => c === '6')).toBe(true);
    expect(h.store.getState().countdown).toMatchObject({ armed: true, lastAckAt: T0 + 10_000, expiresAt: T0 + 16_000, failing: false, firedAt: 0 });
    expect(h.lines.some((l) => l.startsWith('ok countdown armed: 6s window'))).toBe(true);
    h.service.stop();
  });

  it('stops renewing when health is lost and marks failing with the time orders cancel', async () => {
    const h = setup();
    await h.service.arm(6);
    await vi.advanceTimersByTimeAsync(2100);
    expect(h.caller.calls).toHaveLength(2);
    h.health = 'private socket reconnecting';
    await vi.advanceTimersByTimeAsync(300);
    const cd = h.store.getState().countdown;
    expect(cd).toMatchObject({ armed: true, failing: true, lastError: 'private socket reconnecting', expiresAt: T0 + 2000 + 6000 });
    expect(h.lines).toContain(`warn countdown renewals stopped: private socket reconnecting — orders cancel at ${formatClock(T0 + 8000)} unless health returns`);
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.caller.calls).toHaveLength(2);
    h.service.stop();
  });

  it('resumes renewing when health returns before the window runs out', async () => {
    const h = setup();
    await h.service.arm(6);
    h.health = 'REST failing: EXCH_NETWORK';
    await vi.advanceTimersByTimeAsync(4000);
    expect(h.caller.calls).toHaveLength(1);
    expect(h.store.getState().countdown.failing).toBe(true);
    h.health = null;
    await vi.advanceTimersByTimeAsync(250);
    expect(h.caller.calls).toHaveLength(2);
    expect(h.caller.calls[1]?.at).toBe(T0 + 4250);
    expect(h.store.getState().countdown).toMatchObject({ armed: true, failing: false, lastError: null, expiresAt: T0 + 4250 + 6000 });
    expect(h.lines.some((l) => l.startsWith('info health is back (was: REST failing: EXCH_NETWORK)'))).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.caller.calls).toHaveLength(3);
    h.service.stop();
  });

  it('marks fired once the window has run out without a renewal, logs it and reloads open orders', async () => {
    const h = setup();
    await h.service.arm(5);
    h.health = 'private socket closed';
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.store.getState().countdown).toMatchObject({ armed: true, failing: true, firedAt: 0 });
    await vi.advanceTimersByTimeAsync(1000);
    const cd = h.store.getState().countdown;
    expect(cd.armed).toBe(false);
    expect(cd.firedAt).toBeGreaterThan(T0 + 5000);
    expect(h.lines.some((l) => l.startsWith('error countdown expired: the exchange cancelled all UTA orders') && l.includes('private socket closed'))).toBe(true);
    expect(h.refreshed).toHaveLength(1);
    h.health = null;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.caller.calls).toHaveLength(1);
  });

  it('does not renew when health returns after the window ran out', async () => {
    const h = setup();
    await h.service.arm(5);
    h.health = 'private socket reconnecting';
    await vi.advanceTimersByTimeAsync(5100);
    h.health = null;
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.caller.calls).toHaveLength(1);
    expect(h.store.getState().countdown.firedAt).toBeGreaterThan(0);
  });

  it('disarm sends 0, clears the state and stops renewing', async () => {
    const h = setup();
    await h.service.arm(6);
    await vi.advanceTimersByTimeAsync(1500);
    const done = h.service.disarm();
    await vi.advanceTimersByTimeAsync(0);
    await expect(done).resolves.toBeNull();
    expect(sent(h)).toEqual(['6', '0']);
    expect(h.store.getState().countdown).toMatchObject({ armed: false, expiresAt: 0, failing: false, firedAt: 0 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent(h)).toEqual(['6', '0']);
    expect(h.store.getState().countdown.firedAt).toBe(0);
    expect(h.lines).toContain('ok countdown disarmed: orders stay open');
  });

  it('keeps calls at least 1 s apart (1/s/UID): an immediate re-arm waits', async () => {
    const h = setup();
    await h.service.arm(30);
    const again = h.service.arm(10);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.caller.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(again).resolves.toBeNull();
    expect(h.caller.calls.map((c) => [c.countdown, c.at - T0])).toEqual([
      ['30', 0],
      ['10', 1000],
    ]);
    expect(h.store.getState().countdown).toMatchObject({ windowSec: 10, expiresAt: T0 + 11_000 });
    h.service.stop();
  });

  it('refuses an invalid window without sending anything', async () => {
    const h = setup();
    for (const w of [4, 61, 0, 7.5, Number.NaN]) expect(await h.service.arm(w)).toMatch(/whole number of seconds from 5 to 60/);
    expect(h.caller.calls).toHaveLength(0);
    expect(h.store.getState().countdown.armed).toBe(false);
  });

  it('reports a failed arm and leaves the countdown off', async () => {
    const h = setup();
    h.caller.reply = async () => {
      throw new ExchangeError('EXCH_REJECTED', 'refused', { exchangeCode: '40014', exchangeMsg: 'permission denied' });
    };
    expect(await h.service.arm(10)).toBe('40014 permission denied');
    expect(h.service.lastFailure()).toMatchObject({ code: 'EXCH_REJECTED', exchangeCode: '40014' });
    expect(h.store.getState().countdown.armed).toBe(false);
    expect(h.lines).toContain('error countdown arm failed: 40014 permission denied');
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.caller.calls).toHaveLength(1);
  });

  it('tries a transient renewal failure again a second later, but stops after a refusal', async () => {
    const h = setup();
    await h.service.arm(9);
    h.caller.reply = async () => {
      throw new ExchangeError('EXCH_NETWORK', 'connection reset');
    };
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.caller.calls.map((c) => c.at - T0)).toEqual([0, 3000]);
    expect(h.store.getState().countdown).toMatchObject({ failing: true, lastError: 'connection reset' });
    h.caller.reply = async () => 'success';
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.caller.calls.map((c) => c.at - T0)).toEqual([0, 3000, 4000]);
    expect(h.store.getState().countdown).toMatchObject({ failing: false, expiresAt: T0 + 13_000 });
    h.caller.reply = async () => {
      throw new ExchangeError('EXCH_REJECTED', 'refused', { exchangeCode: '40054', exchangeMsg: 'not allowed' });
    };
    await vi.advanceTimersByTimeAsync(3000);
    expect(h.caller.calls).toHaveLength(4);
    expect(h.store.getState().countdown).toMatchObject({ failing: true, lastError: '40054 not allowed' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.caller.calls).toHaveLength(4);
    expect(h.lines.some((l) => l.startsWith('error countdown renewal refused: 40054 not allowed; renewals stopped'))).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(h.store.getState().countdown.firedAt).toBeGreaterThan(0);
  });

  it('a 429 the REST client could not wait out fails the call: reported, still armed, nothing more sent for it', async () => {
    const h = setup();
    await h.service.arm(10);
    h.caller.reply = async () => {
      throw new ExchangeError('EXCH_RATE_LIMITED', 'too many requests', { httpStatus: 429, exchangeCode: '429' });
    };
    const out = h.service.disarm();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(out).resolves.toBe('too many requests');
    expect(h.service.lastFailure()).toMatchObject({ code: 'EXCH_RATE_LIMITED' });
    expect(sent(h)).toEqual(['10', '0']);
    expect(h.store.getState().countdown.armed).toBe(true);
    h.service.stop();
  });

  it('a failed disarm keeps it armed and renewing', async () => {
    const h = setup();
    await h.service.arm(6);
    h.caller.reply = async (c) => {
      if (c === '0') throw new ExchangeError('EXCH_NETWORK', 'connection reset');
      return 'success';
    };
    const out = h.service.disarm();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(out).resolves.toBe('connection reset');
    expect(h.service.lastFailure()).toMatchObject({ code: 'EXCH_NETWORK' });
    expect(h.store.getState().countdown.armed).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent(h)).toEqual(['6', '0', '6']);
    h.caller.reply = async () => 'success';
    const again = h.service.disarm();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(again).resolves.toBeNull();
    expect(h.service.lastFailure()).toBeUndefined();
    h.service.stop();
  });

  it('stop() halts renewals without disarming', async () => {
    const h = setup();
    await h.service.arm(6);
    h.service.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent(h)).toEqual(['6']);
    expect(h.store.getState().countdown.armed).toBe(true);
  });
});

describe('countdown helpers', () => {
  const socket = (state: SocketHealth['state']): SocketHealth => ({ state, lastMessageAt: 0, pingRttMs: null, reconnects: 0, lastError: null });

  it('countdownHealth needs a logged-in private socket and REST without transport failures', () => {
    const store = createAppStore();
    expect(countdownHealth(store.getState())).toBe('private socket idle');
    store.getState().setSocketHealth('private', socket('subscribed'));
    expect(countdownHealth(store.getState())).toBeNull();
    store.getState().setSocketHealth('private', socket('reconnecting'));
    expect(countdownHealth(store.getState())).toBe('private socket reconnecting');
    store.getState().setSocketHealth('private', socket('authenticated'));
    store.getState().setRestHealth({ lastOkAt: 0, lastError: 'EXCH_REJECTED', headroom: 1, rateLimited: 0 });
    expect(countdownHealth(store.getState())).toBeNull();
    store.getState().setRestHealth({ lastOkAt: 0, lastError: 'EXCH_NETWORK', headroom: 1, rateLimited: 0 });
    expect(countdownHealth(store.getState())).toBe('REST failing: EXCH_NETWORK');
  });

  it('window rules and renewal pace', () => {
    expect(countdownWindowProblem(5)).toBeNull();
    expect(countdownWindowProblem(60)).toBeNull();
    expect(countdownWindowProblem(61)).not.toBeNull();
    expect(renewIntervalMs(30)).toBe(10_000);
    expect(renewIntervalMs(5)).toBe(1666);
  });
});
