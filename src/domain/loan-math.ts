import { Decimal } from 'decimal.js';
import type { LoanTerm } from './model.js';

/**
 * Crypto-loan arithmetic (spec part A). The collateral ratio is the exchange's `pledgeRate`:
 * value of the debt (principal + accrued interest) / value of the collateral, as a fraction
 * (0.65 = 65%). It rises when the collateral coin falls; `supRate` is the margin-call line and
 * `forceRate` the liquidation line. Values are in one quote currency (USDT) given the coins'
 * prices in it. Rates are fractions (0.0001 = 0.01%); convert percentages with `percentToFraction`.
 * Interest is simple (not compounded), as the exchange accrues it hourly on the principal.
 */

/** Hours in a year used to annualise an hourly rate (365 days). */
export const HOURS_PER_YEAR = 24 * 365;

/** Value of an amount of coin at a price (quote currency). */
export function valueOf(amount: Decimal, price: Decimal): Decimal {
  return amount.times(price);
}

/** Debt value: (principal + accrued interest) × loan-coin price. */
export function loanValue(loanAmount: Decimal, interestAmount: Decimal, loanPrice: Decimal): Decimal {
  return loanAmount.plus(interestAmount).times(loanPrice);
}

/** Collateral ratio = debt value / collateral value; null when the collateral is worth nothing. */
export function collateralRatio(debtValue: Decimal, pledgeValue: Decimal): Decimal | null {
  return pledgeValue.lte(0) ? null : debtValue.div(pledgeValue);
}

/**
 * The collateral-coin price at which the ratio reaches `ratio` (e.g. `supRate` for the margin
 * call, `forceRate` for liquidation): price = debt value / (pledgeAmount × ratio).
 * Null when the pledge amount or the ratio is not positive.
 */
export function pledgePriceAt(ratio: Decimal, debtValue: Decimal, pledgeAmount: Decimal): Decimal | null {
  if (pledgeAmount.lte(0) || ratio.lte(0)) return null;
  return debtValue.div(pledgeAmount.times(ratio));
}

/**
 * Ratio after adding (`change` > 0, reviseType IN) or withdrawing (`change` < 0, OUT) collateral.
 * Null when no collateral would remain.
 */
export function ratioAfterPledgeChange(debtValue: Decimal, pledgeAmount: Decimal, change: Decimal, pledgePrice: Decimal): Decimal | null {
  return collateralRatio(debtValue, pledgeAmount.plus(change).times(pledgePrice));
}

/** Result of a partial repayment. */
export interface RepayOutcome {
  /** Interest settled first, loan coin. */
  readonly interestPaid: Decimal;
  /** Principal repaid, loan coin. */
  readonly principalPaid: Decimal;
  /** Principal left, loan coin. */
  readonly principalLeft: Decimal;
  /** Ratio afterwards (null when the collateral is worthless); zero once everything is repaid. */
  readonly ratio: Decimal | null;
}

/**
 * Repays `amount` of the loan coin: accrued interest first, then principal (as the repay result's
 * `payInterest` / `repayLoanAmount`). Overpayment is capped at the total owed.
 */
export function repayOutcome(
  loanAmount: Decimal,
  interestAmount: Decimal,
  amount: Decimal,
  loanPrice: Decimal,
  pledgeValue: Decimal,
): RepayOutcome {
  const pay = Decimal.max(0, Decimal.min(amount, loanAmount.plus(interestAmount)));
  const interestPaid = Decimal.min(pay, interestAmount);
  const principalPaid = pay.minus(interestPaid);
  const principalLeft = loanAmount.minus(principalPaid);
  const debt = loanValue(principalLeft, interestAmount.minus(interestPaid), loanPrice);
  return { interestPaid, principalPaid, principalLeft, ratio: collateralRatio(debt, pledgeValue) };
}

/**
 * Largest loan (loan coin) a pledge allows at the initial ratio `initRate`:
 * pledgeAmount × pledgePrice × initRate / loanPrice. Zero when the loan price is not positive.
 */
export function maxBorrowable(pledgeAmount: Decimal, pledgePrice: Decimal, initRate: Decimal, loanPrice: Decimal): Decimal {
  if (loanPrice.lte(0)) return new Decimal(0);
  return pledgeAmount.times(pledgePrice).times(initRate).div(loanPrice);
}

/**
 * Collateral needed (pledge coin) to borrow a debt value at the initial ratio `initRate`:
 * debtValue / (initRate × pledgePrice). Null when the rate or price is not positive.
 */
export function pledgeNeeded(debtValue: Decimal, initRate: Decimal, pledgePrice: Decimal): Decimal | null {
  if (initRate.lte(0) || pledgePrice.lte(0)) return null;
  return debtValue.div(initRate.times(pledgePrice));
}

/**
 * Collateral that can be withdrawn while the ratio stays at or below `limitRate` (usually
 * `initRate`); never negative.
 */
export function maxWithdrawable(debtValue: Decimal, pledgeAmount: Decimal, pledgePrice: Decimal, limitRate: Decimal): Decimal {
  const needed = pledgeNeeded(debtValue, limitRate, pledgePrice);
  if (needed === null) return new Decimal(0);
  return Decimal.max(0, pledgeAmount.minus(needed));
}

/** Where a ratio stands against the margin-call and liquidation lines. */
export type RatioZone = 'safe' | 'margin_call' | 'liquidation';

/** `liquidation` at or above `forceRate`, `margin_call` at or above `supRate`, else `safe`. */
export function ratioZone(ratio: Decimal, supRate: Decimal, forceRate: Decimal): RatioZone {
  if (ratio.gte(forceRate)) return 'liquidation';
  if (ratio.gte(supRate)) return 'margin_call';
  return 'safe';
}

/** A percentage as a fraction (1.5 → 0.015). */
export function percentToFraction(percent: Decimal): Decimal {
  return percent.div(100);
}

/**
 * A collateral ratio as the exchange printed it, read as a fraction. The pages print ratios in
 * percent (Get-Borrow-Ongoing 77.97, revise-pledge `afterPledgeRate` 60.5) or as fractions
 * (Get-Loan-Coins 0.65), and the embedded exchange has printed `afterPledgeRate` as a fraction
 * (0.4942). A value above 1 can only be a percent: a loan worth more than its collateral is
 * liquidated long before. At or below 1, `expected` (the ratio worked out locally, a fraction)
 * picks the reading nearer to it; without one the value is taken as a fraction.
 */
export function ratioAsFraction(value: Decimal, expected: Decimal | null = null): Decimal {
  const asPercent = value.div(100);
  if (value.gt(1)) return asPercent;
  if (expected === null || expected.lte(0) || value.lte(0)) return value;
  // Nearer in ratio terms: how many times off each reading is, whichever way.
  const off = (r: Decimal) => Decimal.max(r.div(expected), expected.div(r));
  return off(asPercent).lt(off(value)) ? asPercent : value;
}

/** What a borrow would be before it is sent (sizes, starting ratio, the collateral prices at the lines). */
export interface BorrowPlan {
  /** Loan amount (loan coin): as given, else what the collateral allows at the initial ratio. */
  readonly loanAmount: Decimal;
  /** Collateral (pledge coin): as given, else what the initial ratio asks for the loan. */
  readonly pledgeAmount: Decimal;
  /** Starting ratio (fraction): loan value / collateral value; null when the collateral is worth nothing. */
  readonly ratio: Decimal | null;
  /** Collateral-coin price (quote currency) at the margin-call line; null without `supRate`. */
  readonly marginCallPrice: Decimal | null;
  /** Collateral-coin price (quote currency) at the liquidation line; null without `forceRate`. */
  readonly liquidationPrice: Decimal | null;
}

/** What `borrowPlan` works from. Prices are in one quote currency (USDT); rates are fractions. */
export interface BorrowPlanInput {
  /** The loan amount (loan coin), when given or quoted by the exchange; null to size it from the collateral. */
  readonly loanAmount: Decimal | null;
  /** The collateral (pledge coin), when given; null to size it from the loan. */
  readonly pledgeAmount: Decimal | null;
  readonly loanPrice: Decimal;
  readonly pledgePrice: Decimal;
  /** Initial ratio: sizes the amount not given (null: it cannot be sized). */
  readonly initRate: Decimal | null;
  /** Margin-call ratio (null: no margin-call price). */
  readonly supRate: Decimal | null;
  /** Liquidation ratio (null: no liquidation price). */
  readonly forceRate: Decimal | null;
}

/**
 * A new loan worked out: the amount not given sized at the initial ratio (as the exchange sizes
 * it), then the starting ratio and the collateral prices at the margin-call and liquidation lines
 * (no interest accrued yet). Null when an amount is missing and cannot be sized.
 */
export function borrowPlan(input: BorrowPlanInput): BorrowPlan | null {
  const { loanPrice, pledgePrice, initRate } = input;
  const loanAmount = input.loanAmount ?? (input.pledgeAmount && initRate ? maxBorrowable(input.pledgeAmount, pledgePrice, initRate, loanPrice) : null);
  const pledgeAmount = input.pledgeAmount ?? (input.loanAmount && initRate ? pledgeNeeded(loanValue(input.loanAmount, new Decimal(0), loanPrice), initRate, pledgePrice) : null);
  if (!loanAmount || !pledgeAmount) return null;
  const debt = loanValue(loanAmount, new Decimal(0), loanPrice);
  return {
    loanAmount,
    pledgeAmount,
    ratio: collateralRatio(debt, valueOf(pledgeAmount, pledgePrice)),
    marginCallPrice: input.supRate ? pledgePriceAt(input.supRate, debt, pledgeAmount) : null,
    liquidationPrice: input.forceRate ? pledgePriceAt(input.forceRate, debt, pledgeAmount) : null,
  };
}

/** Annual rate (fraction) of an hourly rate: × 24 × 365, simple. */
export function hourlyToAnnual(hourRate: Decimal): Decimal {
  return hourRate.times(HOURS_PER_YEAR);
}

/** Hourly rate (fraction) of an annual rate: ÷ (24 × 365). */
export function annualToHourly(annualRate: Decimal): Decimal {
  return annualRate.div(HOURS_PER_YEAR);
}

/** Interest accruing per hour on `principal` (loan coin). */
export function hourlyInterest(principal: Decimal, hourRate: Decimal): Decimal {
  return principal.times(hourRate);
}

/** Hours in a loan term: 168 (SEVEN), 720 (THIRTY); null for FLEXIBLE (open-ended). */
export function termHours(term: LoanTerm): number | null {
  switch (term) {
    case 'SEVEN':
      return 7 * 24;
    case 'THIRTY':
      return 30 * 24;
    case 'FLEXIBLE':
      return null;
  }
}

/** Simple interest over `hours` hours on `principal` (loan coin). */
export function estimateInterest(principal: Decimal, hourRate: Decimal, hours: number): Decimal {
  return principal.times(hourRate).times(hours);
}

/** Interest over a whole fixed term; for FLEXIBLE, over `flexibleHours` (default 24). */
export function estimateTermInterest(principal: Decimal, hourRate: Decimal, term: LoanTerm, flexibleHours = 24): Decimal {
  return estimateInterest(principal, hourRate, termHours(term) ?? flexibleHours);
}
