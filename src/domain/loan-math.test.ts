import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import {
  annualToHourly,
  collateralRatio,
  estimateInterest,
  estimateTermInterest,
  hourlyInterest,
  hourlyToAnnual,
  loanValue,
  maxBorrowable,
  maxWithdrawable,
  percentToFraction,
  pledgeNeeded,
  pledgePriceAt,
  ratioAfterPledgeChange,
  ratioZone,
  repayOutcome,
  termHours,
  valueOf,
} from './loan-math.js';

const d = (s: string | number): Decimal => new Decimal(s);
const str = (v: Decimal | null): string | null => (v === null ? null : v.toFixed());

// Borrow 6500 USDT (+ 0 interest) against 0.1 BTC at 100000: ratio 0.65.
describe('collateral ratio and prices', () => {
  const debt = loanValue(d('6500'), d('0'), d('1'));
  const pledge = valueOf(d('0.1'), d('100000'));
  it('divides debt incl. interest by collateral value', () => {
    expect(str(collateralRatio(debt, pledge))).toBe('0.65');
    expect(str(collateralRatio(loanValue(d('6500'), d('100'), d('1')), pledge))).toBe('0.66');
    expect(collateralRatio(debt, d('0'))).toBeNull();
  });
  it('finds the collateral price of the margin-call and liquidation lines', () => {
    expect(str(pledgePriceAt(d('0.8'), debt, d('0.1')))).toBe('81250');
    expect(str(pledgePriceAt(d('0.9'), debt, d('0.1'))?.toDecimalPlaces(2) ?? null)).toBe('72222.22');
    expect(pledgePriceAt(d('0'), debt, d('0.1'))).toBeNull();
    // consistency: at that price the ratio is exactly the line
    const p = pledgePriceAt(d('0.8'), debt, d('0.1'));
    expect(p && str(collateralRatio(debt, valueOf(d('0.1'), p)))).toBe('0.8');
  });
  it('recomputes the ratio after adding or withdrawing collateral', () => {
    expect(str(ratioAfterPledgeChange(debt, d('0.1'), d('0.03'), d('100000')))).toBe('0.5');
    expect(str(ratioAfterPledgeChange(debt, d('0.1'), d('-0.0035'), d('100000'))?.toDecimalPlaces(4) ?? null)).toBe('0.6736');
    expect(ratioAfterPledgeChange(debt, d('0.1'), d('-0.1'), d('100000'))).toBeNull();
  });
  it('classifies ratios against the lines', () => {
    expect(ratioZone(d('0.65'), d('0.8'), d('0.9'))).toBe('safe');
    expect(ratioZone(d('0.8'), d('0.8'), d('0.9'))).toBe('margin_call');
    expect(ratioZone(d('0.95'), d('0.8'), d('0.9'))).toBe('liquidation');
  });
});

describe('repayment', () => {
  it('settles interest before principal', () => {
    const r = repayOutcome(d('6500'), d('10'), d('1010'), d('1'), d('10000'));
    expect([str(r.interestPaid), str(r.principalPaid), str(r.principalLeft), str(r.ratio)]).toEqual(['10', '1000', '5500', '0.55']);
  });
  it('caps an overpayment and reaches ratio zero', () => {
    const r = repayOutcome(d('100'), d('1'), d('500'), d('1'), d('1000'));
    expect([str(r.principalPaid), str(r.principalLeft), str(r.ratio)]).toEqual(['100', '0', '0']);
  });
  it('pays only interest when the amount is smaller than it', () => {
    const r = repayOutcome(d('100'), d('5'), d('3'), d('1'), d('1000'));
    expect([str(r.interestPaid), str(r.principalPaid), str(r.ratio)]).toEqual(['3', '0', '0.102']);
  });
});

describe('borrowing limits', () => {
  it('computes the max loan at the initial ratio', () => {
    expect(maxBorrowable(d('0.1'), d('100000'), d('0.65'), d('1')).toFixed()).toBe('6500');
    expect(maxBorrowable(d('1'), d('3000'), d('0.5'), d('100000')).toFixed()).toBe('0.015');
    expect(maxBorrowable(d('1'), d('3000'), d('0.5'), d('0')).toFixed()).toBe('0');
  });
  it('computes needed and withdrawable collateral', () => {
    expect(str(pledgeNeeded(d('6500'), d('0.65'), d('100000')))).toBe('0.1');
    expect(maxWithdrawable(d('3250'), d('0.1'), d('100000'), d('0.65')).toFixed()).toBe('0.05');
    expect(maxWithdrawable(d('9000'), d('0.1'), d('100000'), d('0.65')).toFixed()).toBe('0');
  });
});

describe('interest', () => {
  it('converts between hourly, annual and percent', () => {
    expect(hourlyToAnnual(d('0.00001')).toFixed()).toBe('0.0876');
    expect(annualToHourly(d('0.0876')).toFixed()).toBe('0.00001');
    expect(percentToFraction(d('1.5')).toFixed()).toBe('0.015');
  });
  it('estimates simple interest per hour and over a term', () => {
    expect(hourlyInterest(d('10000'), d('0.00001')).toFixed()).toBe('0.1');
    expect(estimateInterest(d('10000'), d('0.00001'), 48).toFixed()).toBe('4.8');
    expect(estimateTermInterest(d('10000'), d('0.00001'), 'SEVEN').toFixed()).toBe('16.8');
    expect(estimateTermInterest(d('10000'), d('0.00001'), 'THIRTY').toFixed()).toBe('72');
    expect(estimateTermInterest(d('10000'), d('0.00001'), 'FLEXIBLE').toFixed()).toBe('2.4');
    expect(termHours('FLEXIBLE')).toBeNull();
  });
});
