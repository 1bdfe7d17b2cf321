import type { ViewDef } from './view-types.js';

/** The loan queries' window: the spec allows start times in the last 3 months only. */
const LOAN_RANGE = () => ({ startTime: '-30d', endTime: 'now', pageSize: '20' });
const LOAN_NOTE = 'start time within the last 3 months; pages of up to 100 (n/p)';

/** Loans desk views (keys in the loans panel, `0`). */
export const LOAN_VIEWS: readonly ViewDef[] = [
  {
    command: 'views.loanBorrowHistory',
    title: 'Loan borrow history',
    group: 'Loans',
    op: 'loan.getBorrowHistory',
    scope: 'loans',
    key: 'B',
    hide: ['pageNum'],
    defaults: LOAN_RANGE,
    note: LOAN_NOTE,
    columns: [{ key: 'orderId' }, { key: 'loanCoin' }, { key: 'pledgeCoin' }, { key: 'initPledgeAmount', label: 'pledged' }, { key: 'initLoanAmount', label: 'borrowed' }, { key: 'hourRate' }, { key: 'daily' }, { key: 'borrowTime', format: 'time' }, { key: 'status' }],
  },
  {
    command: 'views.loanRepayHistory',
    title: 'Loan repay history',
    group: 'Loans',
    op: 'loan.getRepayHistory',
    scope: 'loans',
    key: 'R',
    hide: ['pageNum'],
    defaults: LOAN_RANGE,
    note: LOAN_NOTE,
  },
  {
    command: 'views.loanPledgeHistory',
    title: 'Collateral adjustments',
    group: 'Loans',
    op: 'loan.getPledgeRateHistory',
    scope: 'loans',
    key: 'C',
    hide: ['pageNum'],
    defaults: LOAN_RANGE,
    note: LOAN_NOTE,
  },
  {
    command: 'views.loanLiquidations',
    title: 'Loan liquidations',
    group: 'Loans',
    op: 'loan.getReduces',
    scope: 'loans',
    key: 'L',
    hide: ['pageNum'],
    defaults: LOAN_RANGE,
    note: LOAN_NOTE,
  },
  { command: 'views.loanDebts', title: 'Debts', group: 'Loans', op: 'loan.getDebts', scope: 'loans', key: 'D' },
  { command: 'views.loanCoins', title: 'Loan and pledge coins, rates and ratios', group: 'Loans', op: 'loan.getCoins', scope: 'loans', key: 'I' },
  {
    command: 'views.loanInterest',
    title: 'Interest estimate',
    group: 'Loans',
    op: 'loan.getInterest',
    scope: 'loans',
    key: 'E',
    defaults: (env) => ({ loanCoin: 'USDT', pledgeCoin: env.baseCoin, daily: 'SEVEN' }),
  },
  { command: 'views.loanOngoing', title: 'Ongoing loans (exchange record)', group: 'Loans', op: 'loan.getOngoing', scope: 'loans', key: 'O' },
  {
    command: 'views.loanCoinsConvert',
    title: 'Institutional loan: margin coin conversion',
    group: 'Loans',
    op: 'insLoan.getCoinsConvert',
    scope: 'loans',
    key: 'V',
    note: 'conversion rates of the margin coins of an institutional loan product',
  },
];
