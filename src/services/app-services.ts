import type { BorrowReceipt, BorrowRequest, LoanCoins, LoanInterestQuery, LoanInterestQuote, PledgeChangeReceipt, PledgeChangeRequest, RepayReceipt, RepayRequest } from '../domain/loan-quotes.js';
import type { BookDepth, Fill, Order } from '../domain/model.js';
import type { HistoryPage, HistoryQuery, MaxOpen, MaxOpenQuery } from '../domain/trade-queries.js';
import type { EquitySample, FillFilter, JournalExportKind, JournalFill, PnlBucket, TimeRange } from '../journal/journal-types.js';
import type { PnlTotals } from '../journal/journal-summary.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import type { AlertRuleServices } from './alert-rule-services.js';
import type { CandleService } from './candle-service.js';
import type { OperationCatalog } from './operation-catalog.js';
import type { OrderService } from './order-service.js';

export type { BookDepth } from '../domain/model.js';
export type { EquitySample, FillFilter, JournalFill, PnlBucket, TimeRange } from '../journal/journal-types.js';

/**
 * Order entry and management (see OrderService: every call resolves, never rejects).
 * `reducePosition` (partial and limit closes) is optional in the type only, so test doubles written
 * before it still fit; the OrderService the app runs always has it, and the UI says so when absent.
 */
export type TradingServices = Pick<OrderService, 'submitOrder' | 'submitBatch' | 'modifyOrder' | 'cancelOrder' | 'cancelAll' | 'cancelBatch' | 'modifyBatch' | 'closePosition' | 'closeAll'> &
  Partial<Pick<OrderService, 'reducePosition'>>;

/** The dead-man countdown (countdown-cancel-all), renewed by the service while health allows. */
export interface CountdownServices {
  /** Arms (or re-arms) with a window of 5–60 s; resolves with null on success or the reason it failed. */
  arm(windowSec: number): Promise<string | null>;
  /** Disarms ("0"); resolves with null on success or the reason it failed. */
  disarm(): Promise<string | null>;
  /** The error of the last arm or disarm that failed (undefined after one that worked): what a script's exit status is made from. */
  lastFailure(): unknown;
}

/** The candle chart's series (market candles from the stream, mark/index/premium over REST). */
export type CandleServices = Pick<CandleService, 'series' | 'choices' | 'setSeries' | 'onChange'>;

/**
 * Crypto loans in domain terms (LoanService). Every method rejects with the exchange's or the
 * reply mapper's error (its message is the reason to show); the writes are sent as given, so the
 * caller reviews them and asks for confirmation first. The REST client audits every write.
 */
export interface LoanServices {
  /** Every loanable coin's rates and limits and every pledge coin's ratios (fractions). */
  getCoins(): Promise<LoanCoins>;
  /** The exchange's estimate for a collateral amount: the loan it allows and the interest per hour. */
  getInterest(query: LoanInterestQuery): Promise<LoanInterestQuote>;
  /** Borrows against collateral. */
  submitBorrow(req: BorrowRequest): Promise<BorrowReceipt>;
  /** Repays a loan in part or in full. */
  submitRepay(req: RepayRequest): Promise<RepayReceipt>;
  /** Adds collateral to, or withdraws collateral from, a loan. */
  submitPledgeChange(req: PledgeChangeRequest): Promise<PledgeChangeReceipt>;
}

/** Account reads asked on demand (AccountService); each rejects with the reason. */
export interface AccountQueries {
  /** How much can be opened for a symbol, side, order type and (limit) price. */
  getMaxOpen(query: MaxOpenQuery): Promise<MaxOpen>;
}

/** Order and fill history by cursor page, newest first (HistoryService); each rejects with the reason. */
export interface HistoryServices {
  /** One page of finished and open orders of a category. */
  getHistoryOrders(query: HistoryQuery): Promise<HistoryPage<Order>>;
  /** One page of fills of a category. */
  getFills(query: HistoryQuery): Promise<HistoryPage<Fill>>;
}

/**
 * The trade journal as the panel reads it (issue 19): queries of the local file, never of the
 * exchange, so they work offline and in a replay. Each call answers from the file as it is now and
 * never throws: a read that fails answers empty and `problem` says why. `onChange` tells of new rows
 * once they are written (never of market data), `version` counts those writes.
 */
export interface JournalServices {
  /** The file read. */
  readonly path: string;
  /** True when this session records into it; false when it is only read (a replay). */
  readonly recording: boolean;
  /** Realized PnL, fees, funding, loan interest, fills, wins and losses per local day, ISO week or symbol, per coin. */
  pnlBy(by: 'day' | 'week' | 'symbol', range: TimeRange): readonly PnlBucket[];
  /** Fills newest first, filtered by symbol and side. */
  fills(filter: FillFilter): readonly JournalFill[];
  /** At most `maxPoints` equity samples across the range, oldest first. */
  equity(range: TimeRange, maxPoints: number): readonly EquitySample[];
  /** How many rows of each kind are stored. */
  counts(): Readonly<Record<JournalExportKind, number>>;
  /** Totals per coin of `buckets` (exact sums, as `utadash journal stats` prints them), sorted by coin. */
  totals(buckets: readonly PnlBucket[]): readonly PnlTotals[];
  /** Why the last read failed; null when it did not. */
  problem(): string | null;
  /** Calls `listener` after new rows were written. Returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** Writes so far: changes exactly when `onChange` fires. */
  version(): number;
}

/**
 * Any operation of the table by id, for the desk view's raw operation browser only (validated like
 * every call). Everything else asks the typed services above; lint keeps other UI code off this.
 */
export interface ExchangeCalls {
  /** Calls operation `id` with wire params; rejects with the exchange's or the validator's message. */
  call(id: string, params: unknown): Promise<unknown>;
}

/**
 * What the UI may ask of the services layer. The UI imports this type only; the instance arrives
 * through a React context built by the composition root (cli/main.ts).
 */
export interface AppServices {
  /** Focuses another instrument and moves the market subscriptions to it. */
  selectSymbol(ref: SymbolRef): void;
  /** Switches the focused book's feed. */
  setBookDepth(depth: BookDepth): void;
  /** The book feed in use. */
  bookDepth(): BookDepth;
  /** Instruments in picker order (category, then symbol). */
  symbols(): readonly SymbolRef[];
  /** Order entry; null when the session has no keys. */
  readonly trading: TradingServices | null;
  /** The dead-man countdown; null when the session has no keys. */
  readonly countdown: CountdownServices | null;
  /** Candle series for the chart. */
  readonly candles: CandleServices | null;
  /** Alert rules at run time: list, add, remove (the palette's alert commands). Optional in the type only, so test doubles need not build it; absent = the commands say so. */
  readonly alerts?: AlertRuleServices;
  /** Crypto loans: rates, the interest estimate, borrow, repay and collateral changes. */
  readonly loans: LoanServices;
  /** Account reads on demand (max open available). */
  readonly account: AccountQueries;
  /** Order and fill history pages. */
  readonly history: HistoryServices;
  /** The trade journal; null with `--no-journal`. Optional in the type only, so test doubles need not build it; absent reads as none. */
  readonly journal?: JournalServices | null;
  /** Generic operation calls: the desk view's raw operation browser only. */
  readonly exchange: ExchangeCalls;
  /** The operations table as forms: names, paths, fields, and the validator's check before sending. */
  readonly catalog: OperationCatalog;
  /** Stops every connection and timer. Resolves when done; never rejects. */
  shutdown(): Promise<void>;
}
