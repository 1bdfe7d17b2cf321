import type { Decimal } from 'decimal.js';
import type { LoanTerm } from './model.js';

/**
 * What the crypto-loan service answers and takes, in domain terms (Decimals, fractions). The wire
 * spellings (`hourRate7D`, `reviseType: 'IN'`, percent-or-fraction ratios) stay in the exchange's
 * loan mappers.
 */

/** Rates of one loan term. */
export interface LoanTermRates {
  /** Hourly interest rate (fraction, 0.000006 = 0.0006 %/h); null when the exchange gave none. */
  readonly hourRate: Decimal | null;
  /** Annual interest rate (fraction); null when the exchange gave none. */
  readonly annualRate: Decimal | null;
}

/** A coin that can be borrowed: its rates per term and its borrow limits. */
export interface LoanCoinRates {
  readonly coin: string;
  /** Rates per term. */
  readonly rates: Readonly<Record<LoanTerm, LoanTermRates>>;
  /** Smallest loan (loan coin); null when not given. */
  readonly minBorrow: Decimal | null;
  /** Largest loan (loan coin); null when not given. */
  readonly maxBorrow: Decimal | null;
}

/** A coin that can be pledged: its ratio lines as fractions (loan value / collateral value). */
export interface PledgeCoinRatios {
  readonly coin: string;
  /** Initial ratio: a borrow starts here, a withdrawal may not pass it; null when not given. */
  readonly initRate: Decimal | null;
  /** Margin-call ratio; null when not given. */
  readonly supRate: Decimal | null;
  /** Liquidation ratio; null when not given. */
  readonly forceRate: Decimal | null;
}

/** Every loanable and pledgeable coin (the exchange's loan-coins query). */
export interface LoanCoins {
  readonly loanCoins: readonly LoanCoinRates[];
  readonly pledgeCoins: readonly PledgeCoinRatios[];
}

/** What a collateral amount allows: the exchange's own estimate. */
export interface LoanInterestQuote {
  /** The loan the collateral allows at the initial ratio (loan coin); null when not given. */
  readonly loanAmount: Decimal | null;
  /** Interest per hour at that amount (loan coin); null when not given. */
  readonly hourInterest: Decimal | null;
}

/** The question behind a `LoanInterestQuote`. */
export interface LoanInterestQuery {
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  readonly term: LoanTerm;
  /** Collateral amount (pledge coin), above 0. */
  readonly pledgeAmount: Decimal;
}

/** A new loan, sized by exactly one of the collateral or the loan amount. */
export interface BorrowRequest {
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  readonly term: LoanTerm;
  /** `pledge`: this much collateral, the exchange sizes the loan; `loan`: this much loan, the exchange sizes the collateral. */
  readonly size: { readonly by: 'pledge' | 'loan'; readonly amount: Decimal };
}

/** What a borrow answered. */
export interface BorrowReceipt {
  /** The new loan's order id; null when the reply did not name it. */
  readonly orderId: string | null;
}

/** A repayment, paid with the borrowed coin from the account. */
export interface RepayRequest {
  readonly orderId: string;
  /** How much to repay (loan coin); null repays everything. */
  readonly amount: Decimal | null;
  /** Unlocks (returns) the collateral the repayment frees. */
  readonly unlockCollateral: boolean;
}

/** What a repayment answered; a null field was not in the reply. */
export interface RepayReceipt {
  /** Total paid (loan coin). */
  readonly repayAmount: Decimal | null;
  /** Interest paid (loan coin). */
  readonly payInterest: Decimal | null;
  /** Principal paid (loan coin). */
  readonly repayLoanAmount: Decimal | null;
  /** Collateral released (pledge coin). */
  readonly repayUnlockAmount: Decimal | null;
}

/** Collateral added to (`in`) or withdrawn from (`out`) a loan. */
export interface PledgeChangeRequest {
  readonly orderId: string;
  readonly pledgeCoin: string;
  readonly direction: 'in' | 'out';
  /** Collateral amount (pledge coin), above 0. */
  readonly amount: Decimal;
}

/** What a collateral change answered. */
export interface PledgeChangeReceipt {
  /**
   * The ratio after, as the exchange printed it: percent on the official pages (60.5), a fraction on
   * the embedded exchange (0.4942). `ratioAsFraction` with the expected ratio reads it; null when not given.
   */
  readonly afterPledgeRate: Decimal | null;
}
