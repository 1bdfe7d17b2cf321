import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Loan } from '../domain/model.js';
import { createAppStore } from '../store/create-app-store.js';
import { LoanAlarms, loanAlarmLevel } from './loan-alarms.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function loan(orderId: string, ratio: string): Loan {
  return {
    orderId,
    loanCoin: 'USDT',
    loanAmount: new Decimal('1000'),
    interestAmount: new Decimal('1'),
    hourInterestRate: new Decimal('0.00001'),
    pledgeCoin: 'BTC',
    pledgeAmount: new Decimal('0.05'),
    pledgeRate: new Decimal(ratio),
    supRate: new Decimal('0.8'),
    forceRate: new Decimal('0.9'),
    borrowTime: NOW - 3_600_000,
    expireTime: 0,
  };
}

function setup() {
  const store = createAppStore();
  let bells = 0;
  const alarms = new LoanAlarms({ store, now: () => NOW, bell: () => (bells += 1) });
  const set = (...loans: Loan[]) => store.getState().setLoans(loans, NOW);
  return { store, alarms, set, bells: () => bells };
}

describe('loanAlarmLevel', () => {
  it('grades below the margin call, past it and within 3 points of liquidation', () => {
    const m = new Decimal('0.03');
    expect(loanAlarmLevel(loan('1', '0.79'), m)).toBe('none');
    expect(loanAlarmLevel(loan('1', '0.80'), m)).toBe('margin_call');
    expect(loanAlarmLevel(loan('1', '0.869'), m)).toBe('margin_call');
    expect(loanAlarmLevel(loan('1', '0.87'), m)).toBe('near_liquidation');
  });
});

describe('LoanAlarms', () => {
  it('alarms once when the ratio crosses the margin call: banner, log, bell', () => {
    const { store, alarms, set, bells } = setup();
    set(loan('L1', '0.6'));
    expect(alarms.check()).toEqual([]);
    expect(store.getState().ui.banner).toBeNull();
    set(loan('L1', '0.81'));
    expect(alarms.check()).toEqual(['L1']);
    const banner = store.getState().ui.banner;
    expect(banner?.level).toBe('warn');
    expect(banner?.text).toContain('margin call at 80.0%');
    expect(banner?.at).toBe(NOW);
    expect(store.getState().ui.log.at(-1)?.text).toContain('loan L1 USDT/BTC: ratio 81.0%');
    expect(bells()).toBe(1);
    // No repeats while it stays past the line.
    set(loan('L1', '0.82'));
    expect(alarms.check()).toEqual([]);
    expect(alarms.check()).toEqual([]);
    expect(bells()).toBe(1);
    expect(store.getState().ui.log.filter((e) => e.level === 'warn')).toHaveLength(1);
  });

  it('escalates to near-liquidation as an error banner, then clears when the ratio recovers', () => {
    const { store, alarms, set, bells } = setup();
    set(loan('L1', '0.81'));
    alarms.check();
    set(loan('L1', '0.88'));
    expect(alarms.check()).toEqual(['L1']);
    expect(store.getState().ui.banner?.level).toBe('error');
    expect(store.getState().ui.banner?.text).toContain('near liquidation at 90.0%');
    expect(bells()).toBe(2);
    // Falling back to the margin-call zone is not a new crossing.
    set(loan('L1', '0.82'));
    expect(alarms.check()).toEqual([]);
    expect(bells()).toBe(2);
    set(loan('L1', '0.5'));
    expect(alarms.check()).toEqual([]);
    expect(store.getState().ui.banner).toBeNull();
    expect(alarms.level('L1')).toBe('none');
    expect(store.getState().ui.log.at(-1)?.text).toContain('back below margin call');
    // A fresh crossing alarms again.
    set(loan('L1', '0.85'));
    expect(alarms.check()).toEqual(['L1']);
    expect(bells()).toBe(3);
  });

  it('tracks loans independently and forgets repaid ones', () => {
    const { store, alarms, set, bells } = setup();
    set(loan('A', '0.81'), loan('B', '0.5'));
    expect(alarms.check()).toEqual(['A']);
    set(loan('A', '0.81'), loan('B', '0.81'));
    expect(alarms.check()).toEqual(['B']);
    expect(bells()).toBe(2);
    set(loan('A', '0.81'));
    alarms.check();
    expect(store.getState().ui.banner).toBeNull();
    expect(alarms.level('B')).toBe('none');
  });

  it('attach() checks on every loans update until unsubscribed', () => {
    const { store, alarms, set, bells } = setup();
    const stop = alarms.attach();
    set(loan('L1', '0.81'));
    expect(bells()).toBe(1);
    store.getState().setBanner(null);
    store.getState().logEvent('info', 'unrelated', NOW);
    expect(bells()).toBe(1);
    set(loan('L1', '0.5'));
    stop();
    set(loan('L1', '0.81'));
    expect(bells()).toBe(1);
    expect(alarms.level('L1')).toBe('none');
  });
});
