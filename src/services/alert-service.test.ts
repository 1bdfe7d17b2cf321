import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultAlertSettings, type AlertSettings } from '../domain/alert-config.js';
import type { AlertRule } from '../domain/alert-rules.js';
import type { Loan } from '../domain/model.js';
import { createAppStore } from '../store/create-app-store.js';
import { AlertService, BEL, notificationSequence, sanitizeNotifyText, tmuxPassthrough } from './alert-service.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function loan(orderId: string, ratio: string): Loan {
  return {
    orderId, loanCoin: 'USDT', loanAmount: new Decimal('1000'), interestAmount: new Decimal('1'), hourInterestRate: new Decimal('0.00001'),
    pledgeCoin: 'BTC', pledgeAmount: new Decimal('0.05'), pledgeRate: new Decimal(ratio), supRate: new Decimal('0.8'), forceRate: new Decimal('0.9'),
    borrowTime: NOW - 3_600_000, expireTime: 0,
  };
}

/** The loan alarm as it always was: margin call at the line, near liquidation within 3 points, bell on. */
const LOAN_ALARM: AlertSettings = {
  bell: true,
  notify: 'off',
  bannerSec: 30,
  rules: [
    { severity: 'warn', banner: true, bell: null, notify: null, kind: 'loanMarginCall', withinPoints: new Decimal(0), bandPoints: new Decimal(1) },
    { severity: 'error', banner: true, bell: null, notify: null, kind: 'loanLiquidation', withinPoints: new Decimal(3), bandPoints: new Decimal(1) },
  ],
};

function setup(settings: AlertSettings = LOAN_ALARM, tmux = false) {
  const store = createAppStore();
  let at = NOW;
  const written: string[] = [];
  const service = new AlertService({ store, now: () => at, settings, write: (s) => written.push(s), tmux });
  const set = (...loans: Loan[]) => store.getState().setLoans(loans, at);
  return { store, service, set, written, bells: () => written.filter((w) => w === BEL).length, advance: (ms: number) => (at += ms) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AlertService: the loan alarm (was LoanAlarms)', () => {
  it('alarms once when the ratio crosses the margin call: banner, log, bell', () => {
    const { store, service, set, bells } = setup();
    set(loan('L1', '0.6'));
    expect(service.check()).toEqual([]);
    expect(store.getState().ui.banner).toBeNull();
    set(loan('L1', '0.81'));
    expect(service.check().map((e) => e.key)).toEqual(['0:loan:L1']);
    const banner = store.getState().ui.banner;
    expect(banner?.level).toBe('warn');
    expect(banner?.text).toContain('margin call at 80.0%');
    expect(banner?.at).toBe(NOW);
    expect(store.getState().ui.log.at(-1)).toMatchObject({ level: 'warn', text: 'loan L1 USDT/BTC: ratio 81.0% passed the margin call at 80.0%: add collateral or repay' });
    expect(bells()).toBe(1);
    set(loan('L1', '0.82'));
    expect(service.check()).toEqual([]);
    expect(service.check()).toEqual([]);
    expect(bells()).toBe(1);
    expect(store.getState().ui.log.filter((e) => e.level === 'warn')).toHaveLength(1);
  });

  it('escalates to near liquidation as an error banner, then clears when the ratio recovers past the band', () => {
    const { store, service, set, bells } = setup();
    set(loan('L1', '0.81'));
    service.check();
    set(loan('L1', '0.88'));
    expect(service.check()).toHaveLength(1);
    expect(store.getState().ui.banner?.level).toBe('error');
    expect(store.getState().ui.banner?.text).toContain('near liquidation at 90.0%');
    expect(bells()).toBe(2);
    // Back under 86% re-arms the near-liquidation alert; the margin-call one still holds.
    set(loan('L1', '0.82'));
    expect(service.check().map((e) => e.phase)).toEqual(['clear']);
    expect(store.getState().ui.banner).toBeNull();
    expect(bells()).toBe(2);
    // Jitter around the line does not ring again; under 79% re-arms it.
    set(loan('L1', '0.795'));
    expect(service.check()).toEqual([]);
    set(loan('L1', '0.801'));
    expect(service.check()).toEqual([]);
    set(loan('L1', '0.5'));
    expect(service.check().map((e) => e.phase)).toEqual(['clear']);
    expect(store.getState().ui.log.at(-1)).toMatchObject({ level: 'info', text: 'loan L1 USDT/BTC: ratio 50.0% back below margin call 80.0%' });
    set(loan('L1', '0.85'));
    expect(service.check()).toHaveLength(1);
    expect(bells()).toBe(3);
  });

  it('one evaluation rings once, however many rules fired; a repaid loan takes its banner with it', () => {
    const { store, service, set, bells } = setup();
    set(loan('A', '0.89'), loan('B', '0.5'));
    expect(service.check()).toHaveLength(2);
    expect(bells()).toBe(1);
    expect(store.getState().ui.banner?.text).toContain('loan A');
    set(loan('B', '0.5'));
    service.check();
    expect(store.getState().ui.banner).toBeNull();
  });

  it('attach() evaluates on a change of the slices the rules read, not on other store writes, until stopped', () => {
    const { store, service, set, bells } = setup();
    const stop = service.attach();
    set(loan('L1', '0.81'));
    expect(bells()).toBe(1);
    const spy = vi.spyOn(service, 'check');
    store.getState().setBanner(null);
    store.getState().logEvent('info', 'unrelated', NOW);
    store.getState().setTickers([], NOW);
    expect(spy).not.toHaveBeenCalled();
    set(loan('L1', '0.5'));
    expect(spy).toHaveBeenCalledTimes(1);
    stop();
    set(loan('L1', '0.81'));
    expect(bells()).toBe(1);
  });
});

describe('AlertService: outputs', () => {
  const fillOnly = (rule: Partial<AlertRule>, over: Partial<AlertSettings> = {}): AlertSettings => ({
    bell: true, notify: 'osc9', bannerSec: 5, ...over,
    rules: [{ severity: 'warn', banner: true, bell: null, notify: null, kind: 'countdownFailing', ...rule } as AlertRule],
  });
  const fail = (store: ReturnType<typeof createAppStore>) => {
    store.getState().setCountdownArmed(10, NOW);
    store.getState().setCountdownFailing('timeout');
  };

  it('writes the bell then the notification through the one writer', () => {
    const { store, service, written } = setup(fillOnly({}));
    fail(store);
    service.check();
    expect(written).toEqual([BEL, '\x1b]9;utadash: countdown renewals failing (timeout): the exchange cancels every order when the window runs out\x07']);
  });

  it('per-rule switches win over the settings; notify on a rule with notifications off sends both escapes', () => {
    const a = setup(fillOnly({ bell: false, notify: true }, { notify: 'off' }));
    fail(a.store);
    a.service.check();
    expect(a.written).toHaveLength(1);
    expect(a.written[0]).toMatch(/^\x1b\]9;utadash: countdown.*\x07\x1b\]777;notify;utadash;countdown.*\x07$/);
    const b = setup(fillOnly({ banner: false, notify: false }));
    fail(b.store);
    b.service.check();
    expect(b.written).toEqual([BEL]);
    expect(b.store.getState().ui.banner).toBeNull();
    expect(b.store.getState().ui.log.at(-1)?.text).toContain('countdown renewals failing');
  });

  it('inside tmux the notification is wrapped for passthrough (the bell is not)', () => {
    const { store, service, written } = setup(fillOnly({}, { notify: 'osc777' }), true);
    fail(store);
    service.check();
    expect(written[0]).toBe(BEL);
    expect(written[1]).toMatch(/^\x1bPtmux;\x1b\x1b\]777;notify;utadash;countdown renewals failing .*\x07\x1b\\$/);
  });

  it('the banner goes after bannerSec (checked on the tick), and only if it is still the alert\'s', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { store, service, advance } = setup(fillOnly({}));
    const stop = service.attach();
    fail(store);
    expect(store.getState().ui.banner?.text).toContain('countdown renewals failing');
    advance(4000);
    vi.advanceTimersByTime(4000);
    expect(store.getState().ui.banner).not.toBeNull();
    advance(1000);
    vi.advanceTimersByTime(1000);
    expect(store.getState().ui.banner).toBeNull();
    // A banner someone else set is left alone.
    store.getState().setCountdownArmed(10, NOW);
    fail(store);
    const other = { level: 'warn' as const, text: 'degraded', at: NOW };
    store.getState().setBanner(other);
    advance(10_000);
    vi.advanceTimersByTime(10_000);
    expect(store.getState().ui.banner).toBe(other);
    stop();
  });

  it('the default settings log fills only: no banner, bell or notification', () => {
    const { store, service, written } = setup(defaultAlertSettings());
    service.check();
    store.getState().addFills([{ execId: 'e1', orderId: 'o1', clientOid: 'c1', category: 'SPOT', symbol: 'BTCUSDT', side: 'sell', price: new Decimal('97000'), qty: new Decimal('0.1'), fee: new Decimal('9.7'), feeCoin: 'USDT', scope: 'maker', pnl: null, time: NOW }], NOW);
    service.check();
    expect(store.getState().ui.log.at(-1)).toMatchObject({ level: 'info', text: 'fill: sell 0.1 BTCUSDT @ 97000 (maker, fee 9.7 USDT)' });
    expect(store.getState().ui.banner).toBeNull();
    expect(written).toEqual([]);
  });
});

describe('notification escapes', () => {
  it.each([
    ['osc9', false, '\x1b]9;utadash: price up\x07'],
    ['osc777', false, '\x1b]777;notify;utadash;price up\x07'],
    ['both', false, '\x1b]9;utadash: price up\x07\x1b]777;notify;utadash;price up\x07'],
    ['osc9', true, '\x1bPtmux;\x1b\x1b]9;utadash: price up\x07\x1b\\'],
    ['both', true, '\x1bPtmux;\x1b\x1b]9;utadash: price up\x07\x1b\\\x1bPtmux;\x1b\x1b]777;notify;utadash;price up\x07\x1b\\'],
    ['off', false, ''],
  ] as const)('%s (tmux %s)', (mode, tmux, expected) => {
    expect(notificationSequence('price up', mode, tmux)).toBe(expected);
  });

  it('strips control characters (C0, DEL, C1) and field separators, and bounds the length', () => {
    expect(sanitizeNotifyText('a\x1b]0;x\x07b\r\nc\x7f\x9bd;e\tf')).toBe('a ]0,x b c d,e f');
    expect(sanitizeNotifyText('x'.repeat(500))).toHaveLength(200);
    expect(notificationSequence('\x1b]52;c;AAAA\x07', 'osc9', false)).toBe('\x1b]9;utadash: ]52,c,AAAA\x07');
  });

  it('tmux passthrough doubles every ESC inside', () => {
    expect(tmuxPassthrough('\x1b]9;a\x1b\\')).toBe('\x1bPtmux;\x1b\x1b]9;a\x1b\x1b\\\x1b\\');
  });
});
