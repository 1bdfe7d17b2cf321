import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import {
  annualToHourly,
  borrowPlan,
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
  ratioAsFraction,
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

describe('ratios as the exchange prints them (issue 15)', () => {
  it('reads a value above 1 as percent and one at or below 1 as a fraction', () => {
    expect(ratioAsFraction(d('49.42')).toFixed()).toBe('0.4942');
    expect(ratioAsFraction(d('0.4942')).toFixed()).toBe('0.4942');
    expect(ratioAsFraction(d('0')).toFixed()).toBe('0');
  });
  it('lets the ratio worked out locally decide a value at or below 1', () => {
    // The collateral-add reply "0.4942" next to a locally expected 49.5%: a fraction.
    expect(ratioAsFraction(d('0.4942'), d('0.495')).toFixed()).toBe('0.4942');
    // "0.8" next to an expected 0.79%: a percent (a loan with a hundred times its value pledged).
    expect(ratioAsFraction(d('0.8'), d('0.0079')).toFixed()).toBe('0.008');
    expect(ratioAsFraction(d('61.2'), d('0.612')).toFixed()).toBe('0.612');
  });
});

describe('borrow plan (issue 15: the review shows collateral, ratio and the lines)', () => {
  const rates = { initRate: d('0.65'), supRate: d('0.8'), forceRate: d('0.91') };
  it('sizes the collateral of a loan amount at the initial ratio', () => {
    const p = borrowPlan({ loanAmount: d('6500'), pledgeAmount: null, loanPrice: d('1'), pledgePrice: d('100000'), ...rates });
    expect([str(p?.pledgeAmount ?? null), str(p?.ratio ?? null)]).toEqual(['0.1', '0.65']);
    // 6500 / (0.1 × 0.8) = 81250; 6500 / (0.1 × 0.91) = 71428.57…
    expect(str(p?.marginCallPrice ?? null)).toBe('81250');
    expect(p?.liquidationPrice?.toDecimalPlaces(2).toFixed()).toBe('71428.57');
  });
  it('sizes the loan of a collateral amount, or takes the quoted loan', () => {
    const p = borrowPlan({ loanAmount: null, pledgeAmount: d('0.1'), loanPrice: d('1'), pledgePrice: d('100000'), ...rates });
    expect([str(p?.loanAmount ?? null), str(p?.ratio ?? null)]).toEqual(['6500', '0.65']);
    const quoted = borrowPlan({ loanAmount: d('5000'), pledgeAmount: d('0.1'), loanPrice: d('1'), pledgePrice: d('100000'), ...rates });
    expect(str(quoted?.ratio ?? null)).toBe('0.5');
    expect(str(quoted?.marginCallPrice ?? null)).toBe('62500');
  });
  it('gives up without an initial ratio to size the missing amount, and leaves unknown lines null', () => {
    expect(borrowPlan({ loanAmount: d('6500'), pledgeAmount: null, loanPrice: d('1'), pledgePrice: d('100000'), initRate: null, supRate: null, forceRate: null })).toBeNull();
    const p = borrowPlan({ loanAmount: d('6500'), pledgeAmount: d('0.2'), loanPrice: d('1'), pledgePrice: d('100000'), initRate: null, supRate: null, forceRate: null });
    expect([str(p?.ratio ?? null), p?.marginCallPrice, p?.liquidationPrice]).toEqual(['0.325', null, null]);
  });
});
