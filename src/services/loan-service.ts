import type { BorrowReceipt, BorrowRequest, LoanCoins, LoanInterestQuery, LoanInterestQuote, PledgeChangeReceipt, PledgeChangeRequest, RepayReceipt, RepayRequest } from '../domain/loan-quotes.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import {
  borrowReceiptFromWire,
  borrowToWire,
  loanCoinsFromWire,
  loanInterestFromWire,
  loanInterestToWire,
  pledgeChangeReceiptFromWire,
  pledgeChangeToWire,
  repayReceiptFromWire,
  repayToWire,
} from '../exchange/wire/loan-mappers.js';
import type { LoanServices } from './app-services.js';

/** Dependencies of `LoanService`. */
export interface LoanServiceDeps {
  /** The exchange's operations (REST client: validated, signed, audited writes). */
  readonly api: ExchangeApi;
  /** Called after each write the exchange accepted (read the loans and debts again); default nothing. */
  readonly afterWrite?: () => void;
}

/**
 * Crypto loans for the UI in domain terms: rates and ratios, the exchange's interest estimate, and
 * the writes (borrow, repay, add or withdraw collateral). Each method rejects with the exchange's
 * or the mapper's error (an `ExchangeError` with a stable code); review and confirmation stay with
 * the caller. Loan writes carry no clientOid: none of the three loan write operations has one.
 */
export class LoanService implements LoanServices {
  constructor(private readonly deps: LoanServiceDeps) {}

  /**
   * Every loanable and pledge coin. Asked without a `coin` filter: it narrows both lists on the
   * embedded exchange (the page does not say otherwise), so a query for the loan coin would carry no
   * ratios of the pledge coin.
   */
  async getCoins(): Promise<LoanCoins> {
    return loanCoinsFromWire(await this.deps.api.loan.getCoins({}));
  }

  /** The exchange's estimate for a collateral amount: the loan it allows and its hourly interest. */
  async getInterest(query: LoanInterestQuery): Promise<LoanInterestQuote> {
    return loanInterestFromWire(await this.deps.api.loan.getInterest(loanInterestToWire(query)));
  }

  /** Borrows (`loan.borrow`). */
  async submitBorrow(req: BorrowRequest): Promise<BorrowReceipt> {
    const reply = await this.deps.api.loan.borrow(borrowToWire(req));
    this.deps.afterWrite?.();
    return borrowReceiptFromWire(reply);
  }

  /** Repays in part or in full (`loan.repay`). */
  async submitRepay(req: RepayRequest): Promise<RepayReceipt> {
    const reply = await this.deps.api.loan.repay(repayToWire(req));
    this.deps.afterWrite?.();
    return repayReceiptFromWire(reply);
  }

  /** Adds or withdraws collateral (`loan.revisePledge`). */
  async submitPledgeChange(req: PledgeChangeRequest): Promise<PledgeChangeReceipt> {
    const reply = await this.deps.api.loan.revisePledge(pledgeChangeToWire(req));
    this.deps.afterWrite?.();
    return pledgeChangeReceiptFromWire(reply);
  }
}
