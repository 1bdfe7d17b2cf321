/**
 * Time windows and page slicing shared by the loan history queries (startTime/endTime required,
 * start no older than 3 months, pageNum default 1, pageSize default 10 and at most 100).
 */
import { badParam } from './errors.js';
import { optInt, reqTime, type Params } from './params.js';

/** Three months as the loan queries count them, in ms (90 days). */
export const THREE_MONTHS_MS = 90 * 24 * 3_600_000;

/** A validated loan-history window and page. Times are Unix ms, inclusive. */
export interface LoanPageQuery {
  readonly startTime: number;
  readonly endTime: number;
  /** 1-based page number; default 1. */
  readonly pageNum: number;
  /** Records per page; default 10, max 100. */
  readonly pageSize: number;
}

/** Reads startTime/endTime/pageNum/pageSize and enforces the 3-month rule against `now`. */
export function readLoanPage(p: Params, now: number): LoanPageQuery {
  const startTime = reqTime(p, 'startTime');
  const endTime = reqTime(p, 'endTime');
  if (endTime < startTime) throw badParam('endTime', 'must not be earlier than startTime');
  if (startTime < now - THREE_MONTHS_MS) throw badParam('startTime', 'only the last 3 months can be queried; send a later startTime');
  const pageNum = optInt(p, 'pageNum', 1, 1_000_000) ?? 1;
  const pageSize = optInt(p, 'pageSize', 1, 100) ?? 10;
  return { startTime, endTime, pageNum, pageSize };
}

/**
 * Keeps records whose `time` falls in the window, newest first, and returns the requested page.
 */
export function pageByTime<T>(records: readonly T[], time: (r: T) => number, q: LoanPageQuery): T[] {
  // Reversed before the stable sort so records of the same ms also come newest first.
  const inWindow = records.filter((r) => time(r) >= q.startTime && time(r) <= q.endTime).reverse();
  inWindow.sort((a, b) => time(b) - time(a));
  const from = (q.pageNum - 1) * q.pageSize;
  return inWindow.slice(from, from + q.pageSize);
}
