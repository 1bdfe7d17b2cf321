import type { Decimal } from 'decimal.js';
import type { JournalBatch } from './journal-types.js';

/**
 * The journal's write queue: `record` only queues (it never writes, never throws); a timer writes
 * what is queued in one transaction, `intervalMs` after the first row, or on the next turn of the
 * event loop once `bigQueueRows` are waiting. So a store listener that records a fill returns at
 * once, and the write happens between frames.
 *
 * A write that fails (a full disk, a file locked by another process past the busy timeout, a
 * read-only file) keeps the rows, says so once through `onProblem`, and retries with a growing delay
 * (1 s doubling to 30 s); the first write that succeeds after that says so too. While the file
 * cannot be written the queue holds at most `maxQueuedRows` rows: the oldest batches go first, and
 * that is reported once as well.
 */

/** Options of a WriteQueue. */
export interface WriteQueueOptions {
  /** Writes the batches in one transaction and returns the rows newly stored (a row already stored is not); throws when nothing could be written. */
  readonly write: (batches: readonly JournalBatch[]) => number;
  /** Where problems go: one line each, for the trader. */
  readonly onProblem: (message: string) => void;
  /** The line said when a write fails (`rows`: rows kept in memory). */
  readonly describeFailure: (error: unknown, rows: number) => string;
  /** The line said when writes succeed again after a failure. */
  readonly describeRecovery: (rows: number) => string;
  /** Told after each write that stored new rows (`rows`: how many; rows already stored are not counted). */
  readonly onWritten?: (rows: number) => void;
  /** Delay from the first queued row to the write, ms. Default 250. */
  readonly intervalMs?: number;
  /** Queued rows that start a write on the next turn of the event loop. Default 2000. */
  readonly bigQueueRows?: number;
  /** Most rows kept while writes fail; older batches are dropped past it. Default 100 000. */
  readonly maxQueuedRows?: number;
  /** First retry delay after a failure, ms (doubles to `maxRetryMs`). Default 1000. */
  readonly retryMs?: number;
  /** Longest retry delay, ms. Default 30 000. */
  readonly maxRetryMs?: number;
}

/** The rows in a batch. */
export function rowsIn(batch: JournalBatch): number {
  return (batch.fills?.length ?? 0) + (batch.orders?.length ?? 0) + (batch.financial?.length ?? 0) + (batch.loans?.length ?? 0) + (batch.equity?.length ?? 0);
}

const finite = (d: Decimal | null): boolean => d === null || d.isFinite();
const okTime = (t: number): boolean => Number.isSafeInteger(t);

/** The batch without rows that cannot be stored (a time that is not a whole number, an amount that is not finite), and how many those were. */
export function storableRows(batch: JournalBatch): { readonly batch: JournalBatch; readonly dropped: number } {
  const fills = batch.fills?.filter((f) => okTime(f.time) && finite(f.price) && finite(f.qty) && finite(f.fee) && finite(f.pnl));
  const orders = batch.orders?.filter((o) => okTime(o.time));
  const financial = batch.financial?.filter((r) => okTime(r.time) && finite(r.amount));
  const loans = batch.loans?.filter((l) => okTime(l.time) && finite(l.amount) && finite(l.ratio));
  const equity = batch.equity?.filter((e) => okTime(e.time) && finite(e.equity) && finite(e.marginRatio) && finite(e.worstLoanRatio));
  const kept: JournalBatch = { fills, orders, financial, loans, equity };
  return { batch: kept, dropped: rowsIn(batch) - rowsIn(kept) };
}

/** Queues batches and writes them off the caller's stack. */
export class WriteQueue {
  private queue: JournalBatch[] = [];
  private queuedRows = 0;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  /** The current retry delay while writes fail; null while they work. */
  private retryDelay: number | null = null;
  private droppedReported = false;
  private invalidReported = false;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly bigQueueRows: number;
  private readonly maxQueuedRows: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: WriteQueueOptions) {
    this.intervalMs = options.intervalMs ?? 250;
    this.bigQueueRows = options.bigQueueRows ?? 2000;
    this.maxQueuedRows = options.maxQueuedRows ?? 100_000;
    this.retryMs = options.retryMs ?? 1000;
    this.maxRetryMs = options.maxRetryMs ?? 30_000;
  }

  /** Rows queued and not yet written. */
  get pending(): number {
    return this.queuedRows;
  }

  /** Whether the last write failed (rows wait for a retry). */
  get failing(): boolean {
    return this.retryDelay !== null;
  }

  /** Queues a batch. Never throws. */
  record(batch: JournalBatch): void {
    try {
      if (this.stopped) return;
      const { batch: kept, dropped } = storableRows(batch);
      if (dropped > 0 && !this.invalidReported) {
        this.invalidReported = true;
        this.options.onProblem(`journal: ${dropped} row(s) with a time or amount that is not a number were not recorded`);
      }
      const rows = rowsIn(kept);
      if (rows === 0) return;
      this.queue.push(kept);
      this.queuedRows += rows;
      this.bound();
      this.schedule();
    } catch (error) {
      this.options.onProblem(`journal: a batch could not be queued (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** Writes what is queued now (also while retrying). Never throws: a failure keeps the rows and is reported. */
  flush(): void {
    this.clearTimers();
    if (this.queue.length === 0) return;
    const batches = this.queue;
    const rows = this.queuedRows;
    let stored: number;
    try {
      stored = this.options.write(batches);
    } catch (error) {
      if (this.retryDelay === null) {
        this.retryDelay = this.retryMs;
        this.options.onProblem(this.options.describeFailure(error, rows));
      } else {
        this.retryDelay = Math.min(this.retryDelay * 2, this.maxRetryMs);
      }
      this.scheduleRetry();
      return;
    }
    // Batches recorded while writing (none: the write is synchronous) would be lost by a plain reset.
    this.queue = this.queue.slice(batches.length);
    this.queuedRows -= rows;
    if (this.retryDelay !== null) {
      this.retryDelay = null;
      this.droppedReported = false;
      this.options.onProblem(this.options.describeRecovery(rows));
    }
    if (stored > 0) this.options.onWritten?.(stored);
  }

  /** Stops the timers; `record` ignores rows from now on. Returns the rows still queued. */
  stop(): number {
    this.stopped = true;
    this.clearTimers();
    return this.queuedRows;
  }

  private schedule(): void {
    if (this.retryDelay !== null || this.immediate !== null) return;
    if (this.queuedRows >= this.bigQueueRows) {
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
      this.immediate = setImmediate(() => {
        this.immediate = null;
        this.flush();
      });
      this.immediate.unref();
      return;
    }
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.intervalMs);
    this.timer.unref();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryDelay === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.retryDelay);
    this.timer.unref();
  }

  private clearTimers(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.immediate !== null) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }

  /** Drops the oldest batches past `maxQueuedRows` (the newest batch always stays). */
  private bound(): void {
    let dropped = 0;
    while (this.queuedRows > this.maxQueuedRows && this.queue.length > 1) {
      const oldest = this.queue.shift();
      const rows = oldest === undefined ? 0 : rowsIn(oldest);
      this.queuedRows -= rows;
      dropped += rows;
    }
    if (dropped > 0 && !this.droppedReported) {
      this.droppedReported = true;
      this.options.onProblem(`journal: ${dropped} older row(s) dropped: the file cannot be written and at most ${this.maxQueuedRows} rows wait in memory`);
    }
  }
}
