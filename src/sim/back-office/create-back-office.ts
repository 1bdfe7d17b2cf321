/**
 * The back office: crypto loans, sub-accounts, withdrawal cancels, the funding wallet and the legacy
 * margin tax records — the private operations outside matching. Every call is for one account
 * (`uid`); the back office keeps each account's state apart and seeds withdrawals, the funding wallet
 * and tax records on an account's first use. Refusal codes: see errors.ts.
 */
import { SimRejection, type BackOffice, type BackOfficeDeps } from '../contract.js';
import { BackOfficeCode } from './errors.js';
import { FundingWallets } from './funding.js';
import { coinsConvert } from './ins-loan.js';
import { loanCoinsWire } from './loan-catalog.js';
import { queryBorrowHistory, queryPledgeRateHistory, queryReduces, queryRepayHistory } from './loan-records.js';
import { LoanBook } from './loans.js';
import { asParams, optCoin } from './params.js';
import { SubAccounts } from './sub-accounts.js';
import { TaxRecords } from './tax.js';
import { Withdrawals } from './withdrawals.js';

/** The operation ids the back office answers. */
export const DESK_OPERATIONS = [
  'loan.getCoins', 'loan.getInterest', 'loan.borrow', 'loan.getOngoing', 'loan.getBorrowHistory', 'loan.repay',
  'loan.getRepayHistory', 'loan.revisePledge', 'loan.getPledgeRateHistory', 'loan.getReduces', 'loan.getDebts',
  'insLoan.getCoinsConvert', 'user.createSub', 'user.getSubList', 'user.batchCreateSubApiKey',
  'account.cancelWithdrawal', 'account.getFundingAssets', 'tax.getMarginRecords',
] as const;

/** One of the back office's operation ids. */
export type BackOfficeOperationId = (typeof DESK_OPERATIONS)[number];

/** First loan order id; later ones count up. */
const FIRST_LOAN_ID = 1_400_000_000_000_000_001n;

/**
 * Builds the back office. Time comes from `deps.now`; `tick(now)` must be called periodically (about
 * once a second) for interest, margin calls, liquidation and withdrawal cooling-off to advance.
 */
export function createBackOffice(deps: BackOfficeDeps): BackOffice {
  let next = FIRST_LOAN_ID;
  const loans = new LoanBook(deps, () => {
    const id = next.toString();
    next += 1n;
    return id;
  });
  const startedAt = deps.now();
  const funding = new FundingWallets();
  const withdrawals = new Withdrawals(funding, startedAt, deps.now);
  const subs = new SubAccounts(deps.now);
  const tax = new TaxRecords(startedAt);

  const table: Readonly<Record<BackOfficeOperationId, (uid: string, params: unknown) => unknown>> = {
    'loan.getCoins': (_uid, p) => loanCoinsWire(optCoin(asParams(p), 'coin')),
    'loan.getInterest': (_uid, p) => loans.estimate(asParams(p)),
    'loan.borrow': (uid, p) => loans.borrow(uid, asParams(p)),
    'loan.getOngoing': (uid, p) => loans.ongoing(uid, asParams(p)),
    'loan.getBorrowHistory': (uid, p) => queryBorrowHistory(loans.histories(uid), asParams(p), deps.now()),
    'loan.repay': (uid, p) => loans.repay(uid, asParams(p)),
    'loan.getRepayHistory': (uid, p) => queryRepayHistory(loans.histories(uid), asParams(p), deps.now()),
    'loan.revisePledge': (uid, p) => loans.revise(uid, asParams(p)),
    'loan.getPledgeRateHistory': (uid, p) => queryPledgeRateHistory(loans.histories(uid), asParams(p), deps.now()),
    'loan.getReduces': (uid, p) => queryReduces(loans.histories(uid), asParams(p), deps.now()),
    'loan.getDebts': (uid) => loans.debts(uid),
    'insLoan.getCoinsConvert': (_uid, p) => coinsConvert(p),
    'user.createSub': (uid, p) => subs.create(uid, p),
    'user.getSubList': (uid, p) => subs.list(uid, p),
    'user.batchCreateSubApiKey': (uid, p) => subs.batchCreate(uid, p),
    'account.cancelWithdrawal': (uid, p) => withdrawals.cancel(uid, p),
    'account.getFundingAssets': (uid, p) => {
      withdrawals.touch(uid);
      withdrawals.settle(deps.now());
      return funding.assets(uid, optCoin(asParams(p), 'coin'));
    },
    'tax.getMarginRecords': (uid, p) => tax.query(uid, p),
  };

  const isBackOfficeOp = (opId: string): opId is BackOfficeOperationId => Object.hasOwn(table, opId);

  return {
    handles: isBackOfficeOp,
    handle(opId, uid, params) {
      if (!isBackOfficeOp(opId)) throw new SimRejection(BackOfficeCode.BAD_PARAM, `The back office does not answer operation ${opId}`);
      if (uid === null) throw new SimRejection(BackOfficeCode.NOT_ALLOWED, `${opId} needs an authenticated account`);
      return table[opId](uid, params);
    },
    tick(now) {
      loans.tick(now);
      withdrawals.settle(now);
    },
  };
}
