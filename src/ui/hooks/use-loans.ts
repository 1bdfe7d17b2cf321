import { Decimal } from 'decimal.js';
import { fmtPct } from '../../domain/format.js';
import { loanValue, pledgePriceAt, ratioAfterPledgeChange, ratioAsFraction, repayOutcome } from '../../domain/loan-math.js';
import type { BorrowReceipt, BorrowRequest, PledgeChangeReceipt, PledgeChangeRequest, RepayReceipt, RepayRequest } from '../../domain/loan-quotes.js';
import type { Loan, LoanTerm, Ticker } from '../../domain/model.js';
import { formatDate } from '../../domain/time-format.js';
import type { LoanServices } from '../../services/app-services.js';

/** Which loan form is open. */
export type LoanFormKind = 'borrow' | 'repay' | 'pledgeIn' | 'pledgeOut';

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

/** `flexible` or the expiry date (yyyy-MM-dd, local). */
export function termText(loan: Loan): string {
  return loan.expireTime > 0 ? formatDate(loan.expireTime) : 'flexible';
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

/** The borrow a valid form asks for (exactly one positive amount); null when the form is not valid. */
export function borrowRequest(input: BorrowInput): BorrowRequest | null {
  if (borrowProblem(input) !== null) return null;
  const byPledge = input.pledgeAmount !== '';
  const amount = parseAmount(byPledge ? input.pledgeAmount : input.loanAmount);
  if (!amount) return null;
  return { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, term: input.term, size: { by: byPledge ? 'pledge' : 'loan', amount } };
}

function amt(d: Decimal): string {
  return d.toSignificantDigits(8).toFixed();
}

/** A repay / collateral form's live line and what blocks its review. */
export interface LoanPreview {
  /** The outcome of what is typed (empty when nothing to say). */
  readonly text: string;
  /** Why it cannot be reviewed; null when it can. */
  readonly problem: string | null;
  /** The ratio afterwards (fraction), when worked out; reads the reply's ratio after a collateral change. */
  readonly ratio: Decimal | null;
}

/**
 * The preview of a repay or collateral form for the amount `typed`: what a repayment pays
 * (interest first) and the ratio after; the ratio after adding or withdrawing collateral, refusing
 * a withdrawal past `initRate` (from loan.getCoins; the margin-call line when unknown).
 */
export function loanPreview(kind: Exclude<LoanFormKind, 'borrow'>, view: LoanView | null, typed: string, tickers: Readonly<Record<string, Ticker>>, initRate: Decimal | null): LoanPreview {
  const l = view?.loan;
  if (!view || !l) return { text: '', problem: 'no loan selected', ratio: null };
  const pledgePrice = coinPriceUsdt(tickers, l.pledgeCoin);
  const loanPrice = coinPriceUsdt(tickers, l.loanCoin);
  const value = typed === '' ? null : parseAmount(typed);
  const noPrice = { text: `no price for ${pledgePrice ? l.loanCoin : l.pledgeCoin}; no preview`, problem: null, ratio: null };
  if (kind === 'repay') {
    if (typed !== '' && !value) return { text: '', problem: `amount must be a positive number (got "${typed}")`, ratio: null };
    if (!value) return { text: `repays everything: ${amt(l.loanAmount.plus(l.interestAmount))} ${l.loanCoin}`, problem: null, ratio: null };
    if (!pledgePrice || !loanPrice) return noPrice;
    const o = repayOutcome(l.loanAmount, l.interestAmount, value, loanPrice, l.pledgeAmount.times(pledgePrice));
    return { text: `interest ${amt(o.interestPaid)} + principal ${amt(o.principalPaid)}; left ${amt(o.principalLeft)}; ratio → ${fmtPct(o.ratio)}`, problem: null, ratio: o.ratio };
  }
  if (!value) return { text: '', problem: typed === '' ? 'enter an amount' : `amount must be a positive number (got "${typed}")`, ratio: null };
  if (!pledgePrice || !view.debtValue) return noPrice;
  const after = ratioAfterPledgeChange(view.debtValue, l.pledgeAmount, kind === 'pledgeIn' ? value : value.neg(), pledgePrice);
  const limit = initRate ?? l.supRate;
  if (kind === 'pledgeOut' && (after === null || after.gt(limit))) {
    const line = initRate ? 'initial ratio' : 'margin call';
    return { text: `ratio → ${fmtPct(after)}`, problem: `withdrawing ${amt(value)} ${l.pledgeCoin} would put the ratio past the ${line} ${fmtPct(limit)}`, ratio: after };
  }
  return { text: `ratio ${fmtPct(l.pledgeRate)} → ${fmtPct(after)}`, problem: null, ratio: after };
}

/** A reviewed loan write: what y sends, fixed when the review opened. */
export type LoanWrite =
  | { readonly kind: 'borrow'; readonly req: BorrowRequest }
  | { readonly kind: 'repay'; readonly req: RepayRequest }
  | { readonly kind: 'pledgeIn' | 'pledgeOut'; readonly req: PledgeChangeRequest };

/** The operation a form's write is, as its failure message names it ("loan.repay failed: …"). */
export function loanWriteName(kind: LoanFormKind): string {
  return kind === 'borrow' ? 'loan.borrow' : kind === 'repay' ? 'loan.repay' : 'loan.revisePledge';
}

/** The write of a repay / collateral form (empty repay amount = all); null when the amount typed is not a positive number. */
export function loanWrite(kind: Exclude<LoanFormKind, 'borrow'>, loan: Loan, typed: string, unlock: boolean): LoanWrite | null {
  const amount = parseAmount(typed);
  if (kind === 'repay') return typed !== '' && !amount ? null : { kind, req: { orderId: loan.orderId, amount, unlockCollateral: unlock } };
  return amount ? { kind, req: { orderId: loan.orderId, pledgeCoin: loan.pledgeCoin, direction: kind === 'pledgeIn' ? 'in' : 'out', amount } } : null;
}

/** The line shown once a borrow went through. */
export function borrowDoneText(receipt: BorrowReceipt): string {
  return `borrowed: order ${receipt.orderId ?? '?'}`;
}

/** The line shown once a repayment went through; `asked` is the amount sent (null: everything). */
export function repayDoneText(receipt: RepayReceipt, asked: Decimal | null): string {
  const text = (d: Decimal | null) => d?.toFixed() ?? '?';
  return `repaid ${receipt.repayAmount?.toFixed() ?? asked?.toFixed() ?? 'all'} (interest ${text(receipt.payInterest)}, principal ${text(receipt.repayLoanAmount)})`;
}

/**
 * The line shown once a collateral change went through: the ratio after, which the exchange may
 * print in percent (the pages: 60.5) or as a fraction (the embedded exchange: 0.4942);
 * `expectedRatio` (the preview's ratio after, a fraction) decides a value at or below 1 (issue 15:
 * "ratio now 0.4942%" for 49.42%).
 */
export function pledgeDoneText(kind: 'pledgeIn' | 'pledgeOut', receipt: PledgeChangeReceipt, expectedRatio: Decimal | null): string {
  const rate = receipt.afterPledgeRate !== null && receipt.afterPledgeRate.gt(0) ? receipt.afterPledgeRate : null;
  const ratio = rate ? fmtPct(ratioAsFraction(rate, expectedRatio)) : '?';
  return `collateral ${kind === 'pledgeIn' ? 'added' : 'withdrawn'}: ratio now ${ratio}`;
}

/** Sends a reviewed write through the loan service; resolves with the line to show, rejects with the service's error. */
export function sendLoanWrite(loans: LoanServices, write: LoanWrite, expectedRatio: Decimal | null): Promise<string> {
  return Promise.resolve().then(async () => {
    switch (write.kind) {
      case 'borrow':
        return borrowDoneText(await loans.submitBorrow(write.req));
      case 'repay':
        return repayDoneText(await loans.submitRepay(write.req), write.req.amount);
      case 'pledgeIn':
      case 'pledgeOut':
        return pledgeDoneText(write.kind, await loans.submitPledgeChange(write.req), expectedRatio);
    }
  });
}
