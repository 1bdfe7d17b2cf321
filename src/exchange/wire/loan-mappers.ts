import type { Decimal } from 'decimal.js';
import type { BorrowReceipt, BorrowRequest, LoanCoinRates, LoanCoins, LoanInterestQuery, LoanInterestQuote, LoanTermRates, PledgeChangeReceipt, PledgeChangeRequest, PledgeCoinRatios, RepayReceipt, RepayRequest } from '../../domain/loan-quotes.js';
import type { LoanTerm } from '../../domain/model.js';
import type { OperationParams } from './params.js';
import { optionalDecimal, replyRecord, replyRecords, requiredText } from './reply-check.js';
import { wireDecimalOrNull, wireString, type WireRecord } from './wire-values.js';

/**
 * Crypto loans (uta-api-spec.md part A), domain ⇄ wire. Reads of `loan.getCoins` and
 * `loan.getInterest` are strict (a wrong shape is an `EXCH_BAD_REPLY` naming the field); the
 * receipts of writes are lenient on purpose: the write went through, so an odd reply must not be
 * shown as a failure, and a field it lacks reads as null.
 */

/** Wire names of each term's hourly and annual rate in a `loanInfos` entry. */
const RATE_FIELDS: Readonly<Record<LoanTerm, { readonly hour: string; readonly year: string }>> = {
  FLEXIBLE: { hour: 'hourRateFlexible', year: 'rateFlexible' },
  SEVEN: { hour: 'hourRate7D', year: 'rate7D' },
  THIRTY: { hour: 'hourRate30D', year: 'rate30D' },
};

const COINS = 'loan.getCoins';

function loanCoinFromWire(r: WireRecord, i: number): LoanCoinRates {
  const where = `loanInfos[${i}].`;
  const rates = (term: LoanTerm): LoanTermRates => ({
    hourRate: optionalDecimal(COINS, r, RATE_FIELDS[term].hour, where),
    annualRate: optionalDecimal(COINS, r, RATE_FIELDS[term].year, where),
  });
  return {
    coin: requiredText(COINS, r, 'coin', where),
    rates: { FLEXIBLE: rates('FLEXIBLE'), SEVEN: rates('SEVEN'), THIRTY: rates('THIRTY') },
    minBorrow: optionalDecimal(COINS, r, 'minBorrowAmount', where) ?? optionalDecimal(COINS, r, 'minBorrowLimit', where),
    maxBorrow: optionalDecimal(COINS, r, 'maxBorrowAmount', where) ?? optionalDecimal(COINS, r, 'maxBorrowLimit', where),
  };
}

/**
 * A pledge coin's ratios as fractions. The official Get-Loan-Coins table calls them percentages
 * while its example prints fractions (0.65/0.75/0.91): a liquidation ratio above 1 can only be a
 * percent (a loan worth more than its collateral), so such an entry is read as percent.
 */
function pledgeCoinFromWire(r: WireRecord, i: number): PledgeCoinRatios {
  const where = `pledgeInfos[${i}].`;
  const force = optionalDecimal(COINS, r, 'forceRate', where);
  const scale = force?.gt(1) ? 100 : 1;
  const ratio = (field: string): Decimal | null => optionalDecimal(COINS, r, field, where)?.div(scale) ?? null;
  return { coin: requiredText(COINS, r, 'coin', where), initRate: ratio('initRate'), supRate: ratio('supRate'), forceRate: ratio('forceRate') };
}

/** A `loan.getCoins` reply: every loanable coin's rates and every pledge coin's ratios. */
export function loanCoinsFromWire(data: unknown): LoanCoins {
  const r = replyRecord(COINS, data);
  return {
    loanCoins: replyRecords(COINS, r, 'loanInfos').map(loanCoinFromWire),
    pledgeCoins: replyRecords(COINS, r, 'pledgeInfos').map(pledgeCoinFromWire),
  };
}

/** A `loan.getInterest` reply. The page's table names the amount `borrowAmount`, its example `loanAmount`: either is read. */
export function loanInterestFromWire(data: unknown): LoanInterestQuote {
  const op = 'loan.getInterest';
  const r = replyRecord(op, data);
  return { loanAmount: optionalDecimal(op, r, 'loanAmount') ?? optionalDecimal(op, r, 'borrowAmount'), hourInterest: optionalDecimal(op, r, 'hourInterest') };
}

/** The `loan.getInterest` query. */
export function loanInterestToWire(q: LoanInterestQuery): OperationParams['loan.getInterest'] {
  return { loanCoin: q.loanCoin, pledgeCoin: q.pledgeCoin, daily: q.term, pledgeAmount: q.pledgeAmount.toFixed() };
}

/** The `loan.borrow` body: exactly one of `pledgeAmount` and `loanAmount`. */
export function borrowToWire(req: BorrowRequest): OperationParams['loan.borrow'] {
  const base = { loanCoin: req.loanCoin, pledgeCoin: req.pledgeCoin, daily: req.term };
  const amount = req.size.amount.toFixed();
  return req.size.by === 'pledge' ? { ...base, pledgeAmount: amount } : { ...base, loanAmount: amount };
}

/** The `loan.repay` body: repaid with the borrowed coin from the account (the official page's method `borrowed_coin`). */
export function repayToWire(req: RepayRequest): OperationParams['loan.repay'] {
  const base = { orderId: req.orderId, method: 'borrowed_coin', repayUnlock: req.unlockCollateral ? 'yes' : 'no' } as const;
  return req.amount === null ? { ...base, repayAll: 'yes' } : { ...base, repayAll: 'no', amount: req.amount.toFixed() };
}

/** The `loan.revisePledge` body. */
export function pledgeChangeToWire(req: PledgeChangeRequest): OperationParams['loan.revisePledge'] {
  return { orderId: req.orderId, amount: req.amount.toFixed(), pledgeCoin: req.pledgeCoin, reviseType: req.direction === 'in' ? 'IN' : 'OUT' };
}

/** The receipt's record: the reply when it is an object, else none (lenient, see the file comment). */
function receipt(data: unknown): WireRecord {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as WireRecord) : {};
}

/** A `loan.borrow` reply (lenient). */
export function borrowReceiptFromWire(data: unknown): BorrowReceipt {
  const id = wireString(receipt(data).orderId);
  return { orderId: id === '' ? null : id };
}

/** A `loan.repay` reply (lenient: a field that is absent or not a number is null). */
export function repayReceiptFromWire(data: unknown): RepayReceipt {
  const r = receipt(data);
  return {
    repayAmount: wireDecimalOrNull(r.repayAmount),
    payInterest: wireDecimalOrNull(r.payInterest),
    repayLoanAmount: wireDecimalOrNull(r.repayLoanAmount),
    repayUnlockAmount: wireDecimalOrNull(r.repayUnlockAmount),
  };
}

/** A `loan.revisePledge` reply (lenient); the ratio as printed (see `PledgeChangeReceipt`). */
export function pledgeChangeReceiptFromWire(data: unknown): PledgeChangeReceipt {
  return { afterPledgeRate: wireDecimalOrNull(receipt(data).afterPledgeRate) };
}
