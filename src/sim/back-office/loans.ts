/**
 * The crypto-loan book: borrowing, the interest estimate, ongoing loans, debts, repay/revise
 * (loan-repay.ts), histories (loan-records.ts) and the time-driven work (loan-risk.ts).
 */
import { Decimal } from 'decimal.js';
import type { BackOfficeDeps } from '../contract.js';
import { badParam } from './errors.js';
import {
  LOAN_DAILIES, amountStr, hourRate, loanCoinSpec, loanForPledge, pledgeCoinSpec, pledgeForLoan, termMs,
  type LoanCoinSpec, type PledgeCoinSpec,
} from './loan-catalog.js';
import { emptyHistories, type LoanHistories } from './loan-records.js';
import { repayLoan, revisePledge } from './loan-repay.js';
import { tickLoans } from './loan-risk.js';
import { BORROW_ONGOING, borrowRecord, debtOf, ongoingWire, type LoanContext, type LoanState } from './loan-state.js';
import { optCoin, optString, reqAmount, reqEnum, reqString, type Params } from './params.js';

/** One coin's amount in a debts reply. */
interface DebtLine {
  coin: string;
  amount: Decimal;
}

/** The loan book of every account. */
export class LoanBook {
  private readonly ctx: LoanContext;
  private readonly historiesByUid = new Map<string, LoanHistories>();

  /** `nextId` supplies order ids. */
  constructor(deps: BackOfficeDeps, nextId: () => string) {
    this.ctx = {
      deps,
      loans: new Map<string, LoanState>(),
      histories: (uid) => {
        let h = this.historiesByUid.get(uid);
        if (!h) {
          h = emptyHistories();
          this.historiesByUid.set(uid, h);
        }
        return h;
      },
      nextId,
    };
  }

  /** The histories of `uid` (for the history queries). */
  histories(uid: string): LoanHistories {
    return this.ctx.histories(uid);
  }

  /** `loan.getInterest`: hourly interest and borrowable amount for a pledge at the initial ratio. */
  estimate(p: Params): Record<string, string> {
    const { loan, pledge, daily } = this.pair(p);
    const pledgeAmount = reqAmount(p, 'pledgeAmount');
    const loanAmount = loanForPledge(pledgeAmount, this.price(pledge.coin), this.price(loan.coin), pledge.initRate);
    const hourInterest = loanAmount.mul(hourRate(loan, daily)).toDecimalPlaces(8, Decimal.ROUND_UP);
    return { hourInterest: amountStr(hourInterest), loanAmount: amountStr(loanAmount) };
  }

  /** `loan.borrow`: exactly one of pledgeAmount / loanAmount; returns `{orderId}`. */
  borrow(uid: string, p: Params): { orderId: string } {
    const { loan, pledge, daily } = this.pair(p);
    const givenPledge = optString(p, 'pledgeAmount');
    const givenLoan = optString(p, 'loanAmount');
    if ((givenPledge === undefined) === (givenLoan === undefined)) {
      throw badParam('pledgeAmount/loanAmount', 'give exactly one of pledgeAmount and loanAmount');
    }
    const pledgePrice = this.price(pledge.coin);
    const loanPrice = this.price(loan.coin);
    let loanAmount: Decimal;
    let pledgeAmount: Decimal;
    if (givenPledge !== undefined) {
      pledgeAmount = reqAmount(p, 'pledgeAmount');
      loanAmount = loanForPledge(pledgeAmount, pledgePrice, loanPrice, pledge.initRate);
    } else {
      loanAmount = reqAmount(p, 'loanAmount');
      pledgeAmount = pledgeForLoan(loanAmount, pledgePrice, loanPrice, pledge.initRate);
    }
    checkLimits(loan, pledge, loanAmount, loanAmount.mul(loanPrice), pledgeAmount.mul(pledgePrice));

    // The ledger refuses with 25202 before anything is recorded.
    const orderId = this.ctx.nextId();
    this.ctx.deps.ledger.debit(uid, pledge.coin, pledgeAmount, `loan collateral ${orderId}`);
    this.ctx.deps.ledger.credit(uid, loan.coin, loanAmount, `loan borrowed ${orderId}`);
    const now = this.ctx.deps.now();
    const term = termMs(daily);
    const state: LoanState = {
      orderId, uid, daily,
      loanCoin: loan.coin,
      pledgeCoin: pledge.coin,
      principal: loanAmount,
      interest: new Decimal(0),
      pledge: pledgeAmount,
      hourRate: hourRate(loan, daily),
      initRate: pledge.initRate,
      supRate: pledge.supRate,
      forceRate: pledge.forceRate,
      initLoanAmount: loanAmount,
      initPledgeAmount: pledgeAmount,
      borrowTime: now,
      expireTime: term === 0 ? 0 : now + term,
      lastTickAt: now,
      pendingMs: 0,
      marginCall: false,
    };
    this.ctx.loans.set(orderId, state);
    // Listed in the borrow history from now on (ONGOING until repaid or liquidated).
    this.ctx.histories(uid).borrows.push(borrowRecord(state, BORROW_ONGOING));
    return { orderId };
  }

  /** `loan.getOngoing`: filters orderId, loanCoin, pledgeCoin; oldest first. */
  ongoing(uid: string, p: Params): Record<string, string>[] {
    const orderId = optString(p, 'orderId');
    const loanCoin = optCoin(p, 'loanCoin');
    const pledgeCoin = optCoin(p, 'pledgeCoin');
    return [...this.ctx.loans.values()]
      .filter((l) => l.uid === uid)
      .filter((l) => (orderId === undefined || l.orderId === orderId) && (loanCoin === undefined || l.loanCoin === loanCoin) && (pledgeCoin === undefined || l.pledgeCoin === pledgeCoin))
      .map((l) => ongoingWire(this.ctx, l));
  }

  /** `loan.repay`. */
  repay(uid: string, p: Params): Record<string, string> {
    return repayLoan(this.ctx, uid, p);
  }

  /** `loan.revisePledge`. */
  revise(uid: string, p: Params): Record<string, string> {
    return revisePledge(this.ctx, uid, p);
  }

  /**
   * `loan.getDebts` (protocol-notes §8.8): collateral and debt per coin over the ongoing loans,
   * with USDT values (2 places). No loans → both lists empty (not the unverified 40054).
   */
  debts(uid: string): { pledgeInfos: Record<string, string>[]; loanInfos: Record<string, string>[] } {
    const pledges: DebtLine[] = [];
    const loans: DebtLine[] = [];
    const add = (lines: DebtLine[], coin: string, amount: Decimal): void => {
      const line = lines.find((l) => l.coin === coin);
      if (line) line.amount = line.amount.plus(amount);
      else lines.push({ coin, amount });
    };
    for (const l of this.ctx.loans.values()) {
      if (l.uid !== uid) continue;
      add(pledges, l.pledgeCoin, l.pledge);
      add(loans, l.loanCoin, debtOf(l));
    }
    const wire = (line: DebtLine): Record<string, string> => ({
      coin: line.coin,
      amount: amountStr(line.amount),
      amountUsdt: line.amount.mul(this.price(line.coin)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(),
    });
    return { pledgeInfos: pledges.map(wire), loanInfos: loans.map(wire) };
  }

  /** Interest accrual, margin calls and liquidation up to `now`. */
  tick(now: number): void {
    tickLoans(this.ctx, now);
  }

  private price(coin: string): Decimal {
    const px = this.ctx.deps.priceUsdt(coin);
    if (px.lte(0)) throw badParam('coin', `no market price for ${coin} right now; try again shortly`);
    return px;
  }

  private pair(p: Params): { loan: LoanCoinSpec; pledge: PledgeCoinSpec; daily: (typeof LOAN_DAILIES)[number] } {
    const loan = loanCoinSpec(reqString(p, 'loanCoin'));
    const pledge = pledgeCoinSpec(reqString(p, 'pledgeCoin'), loan.coin);
    return { loan, pledge, daily: reqEnum(p, 'daily', LOAN_DAILIES) };
  }
}

/** Refuses a borrow outside the coin's amount and value bounds. */
function checkLimits(loan: LoanCoinSpec, pledge: PledgeCoinSpec, loanAmount: Decimal, loanValue: Decimal, pledgeValue: Decimal): void {
  if (loanAmount.lt(loan.minBorrowAmount)) throw badParam('loanAmount', `${amountStr(loanAmount)} ${loan.coin} is below the minimum borrow of ${loan.minBorrowAmount.toFixed()}; pledge or borrow more`);
  if (loanAmount.gt(loan.maxBorrowAmount)) throw badParam('loanAmount', `${amountStr(loanAmount)} ${loan.coin} is above the maximum borrow of ${loan.maxBorrowAmount.toFixed()}`);
  if (loanValue.lt(loan.minBorrowLimit)) throw badParam('loanAmount', `loan value ${loanValue.toFixed(2)} USDT is below the minimum of ${loan.minBorrowLimit.toFixed()} USDT`);
  if (loanValue.gt(loan.maxBorrowLimit)) throw badParam('loanAmount', `loan value ${loanValue.toFixed(2)} USDT is above the maximum of ${loan.maxBorrowLimit.toFixed()} USDT`);
  if (pledgeValue.lt(pledge.minPledgeAmount)) throw badParam('pledgeAmount', `collateral value ${pledgeValue.toFixed(2)} USDT is below the minimum of ${pledge.minPledgeAmount.toFixed()} USDT`);
  if (pledgeValue.gt(pledge.maxPledgeAmount)) throw badParam('pledgeAmount', `collateral value ${pledgeValue.toFixed(2)} USDT is above the maximum of ${pledge.maxPledgeAmount.toFixed()} USDT`);
}
