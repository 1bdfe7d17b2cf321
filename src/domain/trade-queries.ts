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
}

/** One page of a cursor-paged history, newest first. */
export interface HistoryPage<T> {
  readonly items: readonly T[];
  /** Pass as `cursor` for older rows; null when the exchange gave none (the oldest page). */
  readonly next: HistoryCursor | null;
}
