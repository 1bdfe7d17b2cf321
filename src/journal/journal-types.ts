/**
 * The trade journal's contract (issue 19): what is recorded, and what the panel, the CLI and the
 * tests read back. The journal keeps, in a local SQLite file per account and mode, what the
 * exchange forgets after ~90 days. Storage (journal-db.ts, better-sqlite3) implements
 * `JournalStore`; the recording service (services/journal-service.ts) feeds it; the panel reads it
 * through the services, the `utadash journal` command directly.
 *
 * Money stays Decimal here; the file keeps the exchange's own decimal strings.
 */
import type { Decimal } from 'decimal.js';
import type { Category, Fill, Side } from '../domain/model.js';

/** Which account a journal belongs to: one file per account and mode (live / paper / demo never mix). */
export interface JournalIdentity {
  readonly mode: 'live' | 'paper' | 'demo';
  /** The exchange's account id (uid), or the sim's. */
  readonly account: string;
}

/**
 * A fill as the domain has it, keyed by the exchange's `execId` (seen on the socket and again in
 * the backfill: stored once). Fee paid positive, rebate negative; `pnl` null where none is reported.
 */
export type JournalFill = Fill;

/** One step of an order's life, keyed by (orderId or clientOid, kind, time). */
export interface JournalOrderEvent {
  readonly orderId: string;
  readonly clientOid: string;
  readonly category: Category;
  readonly symbol: string;
  readonly kind: 'placed' | 'modified' | 'cancelled' | 'filled' | 'rejected';
  /** One line a trader reads: side, qty, price, reason. */
  readonly detail: string;
  readonly time: number;
}

/** A financial record (funding, trading fee, …) keyed by the exchange's record id. */
export interface JournalFinancialRecord {
  readonly id: string;
  readonly category: Category | null;
  readonly symbol: string | null;
  readonly coin: string;
  readonly kind: 'funding' | 'fee' | 'other';
  /** Signed: received positive, paid negative. */
  readonly amount: Decimal;
  /** The exchange's own type text, kept as is. */
  readonly type: string;
  readonly time: number;
}

/** A loan event, keyed by `id` (the exchange's record id, or the loan id with the kind and time). */
export interface JournalLoanEvent {
  readonly id: string;
  readonly loanId: string;
  readonly kind: 'borrow' | 'repay' | 'interest' | 'collateral' | 'margin_call' | 'liquidation';
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  /** Signed amount in `coin` (interest and repayments paid are negative). */
  readonly amount: Decimal;
  readonly coin: string;
  /** The loan's ratio at the event, when known (fraction). */
  readonly ratio: Decimal | null;
  readonly time: number;
}

/** A minute's sample of the account (downsampled with age: minutes for a day, hours for a month, then days). */
export interface EquitySample {
  readonly time: number;
  /** Account equity, USD. */
  readonly equity: Decimal;
  readonly marginRatio: Decimal | null;
  /** The worst loan ratio, when any loan is open. */
  readonly worstLoanRatio: Decimal | null;
}

/** A batch of rows to record; every list optional. Rows already stored (same key) are ignored. */
export interface JournalBatch {
  readonly fills?: readonly JournalFill[];
  readonly orders?: readonly JournalOrderEvent[];
  readonly financial?: readonly JournalFinancialRecord[];
  readonly loans?: readonly JournalLoanEvent[];
  readonly equity?: readonly EquitySample[];
}

/** A time range, Unix ms, `to` exclusive. */
export interface TimeRange {
  readonly from: number;
  readonly to: number;
}

/**
 * Key of the symbol bucket for rows with no symbol (loan interest; funding the exchange reported
 * without one) in `pnlBy('symbol')`.
 */
export const JOURNAL_NO_SYMBOL = '(no symbol)';

/**
 * PnL of one bucket (a local day, an ISO week, or a symbol). Sums per settle coin are in `coin`.
 * One bucket per (key, coin); buckets with no rows are left out. Net PnL = realized − fees + funding
 * + interest.
 */
export interface PnlBucket {
  /** `2026-11-26`, `2026-W48`, or the symbol (`JOURNAL_NO_SYMBOL` for rows without one). */
  readonly key: string;
  /** The coin the sums are in (USDT for USDT-FUTURES, the fee coin for fees, …). */
  readonly coin: string;
  /** Sum of the fills' realized PnL in this coin (a fill's PnL coin: USDT / USDC for those futures, else its fee coin). */
  readonly realized: Decimal;
  /** Sum of the fills' fees in this fee coin: paid positive, rebates negative (as `JournalFill.fee`). Financial records of kind 'fee' are not added (the fills carry them). */
  readonly fees: Decimal;
  /** Sum of the funding records: received positive, paid negative. */
  readonly funding: Decimal;
  /** Sum of the loan events of kind 'interest' as recorded (paid negative). */
  readonly interest: Decimal;
  /** Fills whose PnL coin is this coin. */
  readonly fills: number;
  /** Fills with a positive / negative realized PnL. */
  readonly wins: number;
  readonly losses: number;
}

/** A filter on the fills list. */
export interface FillFilter extends TimeRange {
  readonly symbol?: string;
  readonly side?: Side;
  /** Newest first; at most this many (default 200). */
  readonly limit?: number;
}

/** What can be exported (`utadash journal export --kind`). */
export type JournalExportKind = 'fills' | 'funding' | 'loans' | 'equity' | 'orders';

/**
 * Reading the journal: the panel (through the services), the CLI, the tests. Reads see what is
 * written to the file (`flush()` first to include what is still queued), from this process or another.
 */
export interface JournalReader {
  pnlBy(by: 'day' | 'week' | 'symbol', range: TimeRange): readonly PnlBucket[];
  fills(filter: FillFilter): readonly JournalFill[];
  /** At most `maxPoints` samples across the range (evenly thinned). */
  equity(range: TimeRange, maxPoints: number): readonly EquitySample[];
  /** Rows as the exchange's strings, for CSV/JSON: one record per row, stable field names. */
  exportRows(kind: JournalExportKind, range: TimeRange): readonly Readonly<Record<string, string>>[];
  /** How many rows of each kind are stored. */
  counts(): Readonly<Record<JournalExportKind, number>>;
}

/** The journal the recording service writes to. */
export interface JournalWriter {
  /** Queues a batch; written in one transaction off the render path. Never throws: problems go to `onProblem`. */
  record(batch: JournalBatch): void;
  /** Writes what is queued now (tests, shutdown). */
  flush(): Promise<void>;
  /** The newest fill time stored, for the backfill's start (null: none). */
  newestFillTime(): number | null;
  /** Calls `listener` after each write that stored rows (the queue's own or a `flush`). Returns the unsubscribe. */
  onWritten(listener: () => void): () => void;
}

/** An open journal file. */
export interface JournalStore extends JournalReader, JournalWriter {
  readonly path: string;
  close(): Promise<void>;
}
