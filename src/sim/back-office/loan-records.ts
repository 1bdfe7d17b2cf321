/**
 * The loan histories of one account (borrow, repay, collateral adjustment, liquidation) and
 * their queries. Records are kept in wire form; `at` is the record's time (Unix ms) used by
 * the startTime/endTime window.
 */
import { pageByTime, readLoanPage } from './paging.js';
import { optCoin, optEnum, optString, type Params } from './params.js';

/** One history record in wire form with its time. */
export interface LoanRecord {
  /** Unix ms: borrowTime, repayTime, reviseTime or reduceTime. */
  readonly at: number;
  readonly wire: Readonly<Record<string, string>>;
}

/** The four histories of one account, oldest first. */
export interface LoanHistories {
  /** Every loan from its borrow on: ONGOING while open, then REPAY or FORCE (one record per loan). */
  readonly borrows: LoanRecord[];
  readonly repays: LoanRecord[];
  readonly revises: LoanRecord[];
  readonly reduces: LoanRecord[];
}

/** An empty set of histories. */
export function emptyHistories(): LoanHistories {
  return { borrows: [], repays: [], revises: [], reduces: [] };
}

/** Borrow history statuses a query may filter by (the page's list; an ongoing loan's ONGOING is not one). */
export const BORROW_STATUSES = ['ROLLBACK', 'FORCE', 'REPAY'] as const;
/** Liquidation record statuses. */
export const REDUCE_STATUSES = ['COMPLETE', 'WAIT'] as const;
/** Collateral adjustment sides: down = collateral in, up = collateral out. */
export const REVISE_SIDES = ['down', 'up'] as const;

/** Field filters: wire field name → wanted value (undefined = any). */
type Filters = Readonly<Record<string, string | undefined>>;

function query(records: readonly LoanRecord[], p: Params, now: number, filters: Filters): Readonly<Record<string, string>>[] {
  const q = readLoanPage(p, now);
  const wanted = Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined);
  const kept = records.filter((r) => wanted.every(([k, v]) => r.wire[k] === v));
  return pageByTime(kept, (r) => r.at, q).map((r) => r.wire);
}

function commonFilters(p: Params): Filters {
  return { orderId: optString(p, 'orderId'), loanCoin: optCoin(p, 'loanCoin'), pledgeCoin: optCoin(p, 'pledgeCoin') };
}

/** `loan.getBorrowHistory`: filters orderId, loanCoin, pledgeCoin, status. */
export function queryBorrowHistory(h: LoanHistories, p: Params, now: number): Readonly<Record<string, string>>[] {
  return query(h.borrows, p, now, { ...commonFilters(p), status: optEnum(p, 'status', BORROW_STATUSES) });
}

/** `loan.getRepayHistory`: filters orderId, loanCoin, pledgeCoin. */
export function queryRepayHistory(h: LoanHistories, p: Params, now: number): Readonly<Record<string, string>>[] {
  return query(h.repays, p, now, commonFilters(p));
}

/** `loan.getPledgeRateHistory`: filters orderId, reviseSide, pledgeCoin. */
export function queryPledgeRateHistory(h: LoanHistories, p: Params, now: number): Readonly<Record<string, string>>[] {
  return query(h.revises, p, now, {
    orderId: optString(p, 'orderId'),
    pledgeCoin: optCoin(p, 'pledgeCoin'),
    reviseSide: optEnum(p, 'reviseSide', REVISE_SIDES),
  });
}

/** `loan.getReduces`: filters orderId, loanCoin, pledgeCoin, status. */
export function queryReduces(h: LoanHistories, p: Params, now: number): Readonly<Record<string, string>>[] {
  return query(h.reduces, p, now, { ...commonFilters(p), status: optEnum(p, 'status', REDUCE_STATUSES) });
}
