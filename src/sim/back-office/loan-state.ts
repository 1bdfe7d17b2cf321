/**
 * The mutable state of one ongoing loan, and what the loan operations share: the back office's
 * dependencies, the per-account histories and an id source.
 */
import { Decimal } from 'decimal.js';
import { SimRejection, type BackOfficeDeps } from '../contract.js';
import { BackOfficeCode } from './errors.js';
import { amountStr, collateralRatio, pctStr, termDays, type LoanDaily } from './loan-catalog.js';
import type { LoanHistories, LoanRecord } from './loan-records.js';

/** One ongoing loan. Amounts are in their coins; ratios are fractions. */
export interface LoanState {
  readonly orderId: string;
  readonly uid: string;
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  readonly daily: LoanDaily;
  /** Outstanding principal (loan coin). */
  principal: Decimal;
  /** Accrued unpaid interest (loan coin). */
  interest: Decimal;
  /** Collateral held (pledge coin). */
  pledge: Decimal;
  /** Hourly interest rate, fraction. */
  readonly hourRate: Decimal;
  readonly initRate: Decimal;
  readonly supRate: Decimal;
  readonly forceRate: Decimal;
  readonly initLoanAmount: Decimal;
  readonly initPledgeAmount: Decimal;
  /** Unix ms. */
  readonly borrowTime: number;
  /** Unix ms; 0 for FLEXIBLE. */
  readonly expireTime: number;
  /** Exchange time (ms) of the last accrual check. */
  lastTickAt: number;
  /** Speed-scaled ms since the last whole hour of interest was charged. */
  pendingMs: number;
  /** True while the ratio is at or above supRate (margin call). */
  marginCall: boolean;
}

/** What the loan operations share. */
export interface LoanContext {
  readonly deps: BackOfficeDeps;
  /** Ongoing loans by orderId. */
  readonly loans: Map<string, LoanState>;
  /** The histories of `uid` (created on first use). */
  histories(uid: string): LoanHistories;
  /** A fresh order id. */
  nextId(): string;
}

/** Principal plus accrued interest, in the loan coin. */
export function debtOf(loan: LoanState): Decimal {
  return loan.principal.plus(loan.interest);
}

/** Current collateral ratio (fraction) at market prices, optionally with other amounts. */
export function ratioOf(ctx: LoanContext, loan: LoanState, debt = debtOf(loan), pledge = loan.pledge): Decimal {
  return collateralRatio(debt, ctx.deps.priceUsdt(loan.loanCoin), pledge, ctx.deps.priceUsdt(loan.pledgeCoin));
}

/** The "Ongoing borrow order" wire record. */
export function ongoingWire(ctx: LoanContext, loan: LoanState): Record<string, string> {
  return {
    orderId: loan.orderId,
    loanCoin: loan.loanCoin,
    loanAmount: amountStr(loan.principal),
    interestAmount: amountStr(loan.interest),
    hourInterestRate: loan.hourRate.toFixed(),
    pledgeCoin: loan.pledgeCoin,
    pledgeAmount: amountStr(loan.pledge),
    // In percent, as the official example prints them (loan coins prints fractions).
    pledgeRate: pctStr(ratioOf(ctx, loan)),
    supRate: pctStr(loan.supRate),
    forceRate: pctStr(loan.forceRate),
    borrowTime: String(loan.borrowTime),
    expireTime: String(loan.expireTime),
  };
}

/**
 * Status of a borrow record while its loan is ongoing. The pages name only the end states
 * (ROLLBACK failed, FORCE liquidated, REPAY repaid) and print no record of an open loan; this
 * exchange lists a loan from the moment it is borrowed (issue 15: the history was empty right
 * after a borrow) and marks it ONGOING until it ends.
 */
export const BORROW_ONGOING = 'ONGOING';

/** The borrow history record of `loan` with `status`. */
export function borrowRecord(loan: LoanState, status: typeof BORROW_ONGOING | 'REPAY' | 'FORCE'): LoanRecord {
  return {
    at: loan.borrowTime,
    wire: {
      orderId: loan.orderId,
      loanCoin: loan.loanCoin,
      pledgeCoin: loan.pledgeCoin,
      initPledgeAmount: amountStr(loan.initPledgeAmount),
      initLoanAmount: amountStr(loan.initLoanAmount),
      hourRate: loan.hourRate.toFixed(),
      pledgeDays: termDays(loan.daily),
      borrowTime: String(loan.borrowTime),
      status,
      daily: loan.daily,
    },
  };
}

/** Ends a loan: sets its borrow history record to `status` (in place) and drops it from the book. */
export function endLoan(ctx: LoanContext, loan: LoanState, status: 'REPAY' | 'FORCE'): void {
  const borrows = ctx.histories(loan.uid).borrows;
  const record = borrowRecord(loan, status);
  const at = borrows.findIndex((r) => r.wire.orderId === loan.orderId);
  if (at >= 0) borrows[at] = record;
  else borrows.push(record);
  ctx.loans.delete(loan.orderId);
}

/** The caller's ongoing loan `orderId`; refuses unknown ids and other accounts' loans. */
export function ownLoan(ctx: LoanContext, uid: string, orderId: string): LoanState {
  const loan = ctx.loans.get(orderId);
  if (!loan || loan.uid !== uid) throw loanNotFound(orderId);
  return loan;
}

/** No ongoing loan with this order id for the caller. */
function loanNotFound(orderId: string): SimRejection {
  return new SimRejection(BackOfficeCode.NOT_FOUND, `Loan order ${orderId} does not exist or is no longer ongoing; list ongoing loans with borrow-ongoing`);
}
