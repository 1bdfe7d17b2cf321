import { Decimal } from 'decimal.js';
import { loanValue, pledgePriceAt } from '../../domain/loan-math.js';
import type { Loan, LoanTerm, Ticker } from '../../domain/model.js';

/** Coins valued at 1 USDT. */
const STABLE = new Set(['USDT', 'USDC', 'USD']);

/**
 * A coin's USDT price from the market tickers: 1 for stable coins, else the last price of
 * `${coin}USDT` (SPOT preferred, then any category); null when no ticker is known.
 */
export function coinPriceUsdt(tickers: Readonly<Record<string, Ticker>>, coin: string): Decimal | null {
  if (STABLE.has(coin)) return new Decimal(1);
  const spot = tickers[`SPOT:${coin}USDT`];
  if (spot) return spot.lastPrice;
  for (const t of Object.values(tickers)) if (t.symbol === `${coin}USDT`) return t.lastPrice;
  return null;
}

/** Where a loan's ratio and lines sit, for the gauge and the price columns. */
export interface LoanView {
  readonly loan: Loan;
  /** Debt value in USDT (null when the loan coin has no price). */
  readonly debtValue: Decimal | null;
  /** Collateral price at the margin-call line (null when unknown). */
  readonly marginCallPrice: Decimal | null;
  /** Collateral price at the liquidation line (null when unknown). */
  readonly liquidationPrice: Decimal | null;
}

/** Debt value and the collateral prices at the margin-call and liquidation lines. */
export function loanView(loan: Loan, tickers: Readonly<Record<string, Ticker>>): LoanView {
  const loanPrice = coinPriceUsdt(tickers, loan.loanCoin);
  const debtValue = loanPrice ? loanValue(loan.loanAmount, loan.interestAmount, loanPrice) : null;
  return {
    loan,
    debtValue,
    marginCallPrice: debtValue ? pledgePriceAt(loan.supRate, debtValue, loan.pledgeAmount) : null,
    liquidationPrice: debtValue ? pledgePriceAt(loan.forceRate, debtValue, loan.pledgeAmount) : null,
  };
}

/**
 * A ratio gauge `[████████░|░░!░░]` of `width` cells (≥ 5, brackets included): filled up to the
 * ratio, `|` at the margin-call line, `!` at the liquidation line; the scale ends at
 * forceRate × 1.1 so the liquidation line always shows.
 */
export function ratioGauge(ratio: Decimal, supRate: Decimal, forceRate: Decimal, width: number): string {
  const cells = Math.max(3, width - 2);
  const scale = forceRate.times('1.1');
  const at = (r: Decimal) => (scale.lte(0) ? 0 : Math.min(cells - 1, Math.max(0, Math.floor(r.div(scale).times(cells).toNumber()))));
  const filled = scale.lte(0) ? 0 : Math.min(cells, Math.max(0, Math.round(ratio.div(scale).times(cells).toNumber())));
  const chars: string[] = [];
  for (let i = 0; i < cells; i += 1) chars.push(i < filled ? '█' : '░');
  chars[at(supRate)] = '|';
  chars[at(forceRate)] = '!';
  return `[${chars.join('')}]`;
}

/** `flexible` or the expiry date (YYYY-MM-DD, UTC). */
export function termText(loan: Loan): string {
  return loan.expireTime > 0 ? new Date(loan.expireTime).toISOString().slice(0, 10) : 'flexible';
}

/** The borrow form's entries. */
export interface BorrowInput {
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  readonly term: LoanTerm;
  readonly pledgeAmount: string;
  readonly loanAmount: string;
}

/** A positive decimal amount as typed, or null. */
export function parseAmount(text: string): Decimal | null {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) return null;
  const d = new Decimal(text);
  return d.gt(0) ? d : null;
}

/** Why the borrow form cannot be sent (coins given, exactly one positive amount), or null. */
export function borrowProblem(input: BorrowInput): string | null {
  if (!/^[A-Z0-9]{2,12}$/.test(input.loanCoin)) return 'enter the loan coin (e.g. USDT)';
  if (!/^[A-Z0-9]{2,12}$/.test(input.pledgeCoin)) return 'enter the collateral coin (e.g. BTC)';
  if (input.loanCoin === input.pledgeCoin) return 'the loan and collateral coins must differ';
  const hasPledge = input.pledgeAmount !== '';
  const hasLoan = input.loanAmount !== '';
  if (hasPledge === hasLoan) return 'give exactly one of collateral amount or loan amount';
  const text = hasPledge ? input.pledgeAmount : input.loanAmount;
  return parseAmount(text) ? null : `${hasPledge ? 'collateral' : 'loan'} amount must be a positive number (got "${text}")`;
}

/** The loan.borrow body for a valid form (exactly one amount). */
export function borrowParams(input: BorrowInput): Record<string, string> {
  const base = { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, daily: input.term };
  return input.pledgeAmount !== '' ? { ...base, pledgeAmount: input.pledgeAmount } : { ...base, loanAmount: input.loanAmount };
}

/** A string field of an exchange reply object, or null. */
export function replyField(reply: unknown, field: string): string | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const v: unknown = (reply as Record<string, unknown>)[field];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}
