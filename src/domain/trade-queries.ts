import type { Decimal } from 'decimal.js';
import type { Category, OrderType, Side } from './model.js';

/** The question of how much can be opened for a symbol, side and order type. */
export interface MaxOpenQuery {
  readonly category: Category;
  readonly symbol: string;
  readonly orderType: OrderType;
  readonly side: Side;
  /** Limit price; a limit query needs one (the official page), a market query none. */
  readonly price?: Decimal;
}

/** How much can be opened; at least one of the two is known. */
export interface MaxOpen {
  /** Spot/margin: quote coin on a buy, base coin on a sell; null when the exchange left it empty. */
  readonly available: Decimal | null;
  /** Largest quantity that can be opened; null when the exchange left it empty (spot). */
  readonly maxOpen: Decimal | null;
}

/** Where a cursor-paged history continues. */
export type HistoryCursor = string;

/** One history query: a category's newest page, or the page after `cursor`. */
export interface HistoryQuery {
  readonly category: Category;
  /** Rows per page, 1–100. */
  readonly limit: number;
  /** The previous page's `next`; absent for the newest page. */
  readonly cursor?: HistoryCursor;
  /**
   * Only rows from this Unix ms on (absent: the exchange's default window). Together with `endTime`
   * at most 30 days apart, and no more than 90 days back (the history pages' rules).
   */
  readonly startTime?: number;
  /** Only rows up to this Unix ms (absent: up to now). */
  readonly endTime?: number;
}

/** One page of a cursor-paged history, newest first. */
export interface HistoryPage<T> {
  readonly items: readonly T[];
  /** Pass as `cursor` for older rows; null when the exchange gave none (the oldest page). */
  readonly next: HistoryCursor | null;
}

/** Which financial records: the account ledger of one category (`OTHER`: what belongs to none). */
export interface FinancialRecordsQuery {
  readonly category: Category | 'OTHER';
  /** Rows per page, 1–100. */
  readonly limit: number;
  /** The previous page's `next`; absent for the newest page. */
  readonly cursor?: HistoryCursor;
  /** Only rows from this Unix ms on (at most 90 days back; with `endTime` at most 30 days apart). */
  readonly startTime?: number;
  /** Only rows up to this Unix ms. */
  readonly endTime?: number;
}

/** One row of the account ledger (a trade leg, a fee, a funding payment, a transfer, …). */
export interface FinancialRecord {
  /** The exchange's record id. */
  readonly id: string;
  /** The product line it belongs to; null when the exchange names none (or `OTHER`). */
  readonly category: Category | null;
  /** The symbol it belongs to; null when none. */
  readonly symbol: string | null;
  readonly coin: string;
  /** The exchange's own type text (`funding_fee`, `CONTRACT_MAIN_SETTLE_FEE_USER_OUT`, `ORDER_DEALT_IN`, …). */
  readonly type: string;
  /** The change of the balance without the fee, signed (received positive). */
  readonly amount: Decimal;
  /** The fee of the row, signed as the exchange prints it (negative when charged; zero when none). */
  readonly fee: Decimal;
  /** Unix ms. */
  readonly time: number;
}
