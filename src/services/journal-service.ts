import { CATEGORIES, type Category, type Fill } from '../domain/model.js';
import type { FinancialRecord, FinancialRecordsQuery, HistoryPage, HistoryQuery } from '../domain/trade-queries.js';
import { fillFromWire, orderFromWire } from '../exchange/wire/account-mappers.js';
import { wireList } from '../exchange/wire/wire-values.js';
import type { ConnectionHealth } from '../exchange/ws/connection-state.js';
import type { StreamPush } from '../exchange/ws/stream-client.js';
import type { JournalBatch, JournalWriter } from '../journal/journal-types.js';
import type { AppState } from '../store/app-state.js';
import type { AppStore } from '../store/create-app-store.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { RepeatingSteps } from './repeating-steps.js';
import { equitySample, journalFinancial, LoanEvents, OrderEvents, rejectionEvent } from './journal-rows.js';

/** The exchange keeps fills, orders and the ledger this long (the history pages: 90 days), ms. */
const LOOKBACK_MS = 90 * 24 * 3_600_000;
/** One history query spans at most this much (the pages: 30 days), ms. */
const WINDOW_MS = 30 * 24 * 3_600_000;
/** Each backfill starts this much before the newest stored row: a row of the same ms, clock skew and late writes are read again (the journal ignores repeats), ms. */
const OVERLAP_MS = 5 * 60_000;
/** The look-back start is kept this far inside the exchange's 90 days, so a request is never refused as too old, ms. */
const LOOKBACK_MARGIN_MS = 10 * 60_000;
/** Rows per history page (the pages' maximum). */
const PAGE = 100;
/** Pages read per window and category at most (10 000 rows); more is logged and read on the next pass. */
const MAX_PAGES = 100;
/** The ledger's categories: the product lines and `OTHER`. */
const LEDGER_CATEGORIES: readonly (Category | 'OTHER')[] = [...CATEGORIES, 'OTHER'];

/** The sockets as the journal needs them: the private fill and order topics, and the private socket's state. */
export interface JournalStream {
  onTopic(topic: 'fill' | 'order', handler: (push: StreamPush) => void): () => void;
  onHealth(handler: (health: Pick<ConnectionHealth, 'kind' | 'state'>) => void): () => void;
}

/** Dependencies of `JournalService`. */
export interface JournalServiceDeps {
  /** The open journal (opened by the composition root). */
  readonly journal: JournalWriter;
  readonly stream: JournalStream;
  readonly store: AppStore;
  /** Fills history pages (HistoryService). */
  readonly history: { getFills(query: HistoryQuery): Promise<HistoryPage<Fill>> };
  /** Ledger pages (AccountService). */
  readonly ledger: { getFinancialRecords(query: FinancialRecordsQuery): Promise<HistoryPage<FinancialRecord>> };
  /** Unix ms clock. */
  readonly now: () => number;
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Equity sample period, ms; default 60 000. */
  readonly sampleMs?: number;
  /** Backfill and ledger poll period, ms; default 300 000. */
  readonly pollMs?: number;
  /** How far back an empty journal is filled, ms; default the exchange's 90 days. */
  readonly lookbackMs?: number;
}

/**
 * Records the trade journal (issue 19) from what the services see, off the render path: every
 * `record` call only queues (the writer batches its transactions), and nothing here runs on a store
 * update for the market. Fills come from the private fill topic and from the fills history, read by
 * cursor page on start, after every private reconnect (once the topics are subscribed again: a
 * fill before that is in the history, one after it on the socket) and every `pollMs`, from the
 * newest stored fill (less `OVERLAP_MS`) or the look-back window; the journal stores a fill seen
 * twice once. The ledger (funding, fees, …) is read the same way. Order life comes from the order
 * topic and our rejected submissions, loan events from the loan polls, equity from the account
 * every `sampleMs`. Listeners of `onWritten` hear of new rows once they are in the file.
 */
export class JournalService {
  private readonly offs: (() => void)[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly orders = new OrderEvents();
  private readonly loans = new LoanEvents();
  private readonly rejected = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private syncing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The newest fill time this service recorded (null: none yet). */
  private newestRecorded: number | null = null;
  /** The ledger is read from here on the next pass (null: not started). */
  private ledgerFrom: number | null = null;
  /** The parts of a pass, each failure logged once until it changes or the part works again. */
  private readonly steps: RepeatingSteps;

  constructor(private readonly deps: JournalServiceDeps) {
    this.steps = new RepeatingSteps({ log: (level, text) => deps.log(level, text), prefix: 'journal', suffix: ' (read again on the next pass)' });
  }

  /** Subscribes to the fill and order topics, the store and the private socket's state; the first backfill starts now. */
  start(): void {
    const { stream, store } = this.deps;
    this.offs.push(stream.onTopic('fill', (p) => this.onFills(p)));
    this.offs.push(stream.onTopic('order', (p) => this.onOrders(p)));
    let subscribed = false;
    this.offs.push(
      stream.onHealth((h) => {
        if (h.kind !== 'private') return;
        const now = h.state === 'subscribed';
        if (now && !subscribed) void this.sync();
        subscribed = now;
      }),
    );
    this.offs.push(store.subscribe((s, prev) => this.onStore(s, prev)));
    // The writer batches its transactions (250 ms); each one that stored rows is announced.
    this.offs.push(
      this.deps.journal.onWritten(() => {
        for (const l of [...this.listeners]) l();
      }),
    );
    this.onStore(store.getState(), null);
    const sample = setInterval(() => this.sampleEquity(), this.deps.sampleMs ?? 60_000);
    const poll = setInterval(() => void this.sync(), this.deps.pollMs ?? 300_000);
    sample.unref();
    poll.unref();
    this.timers.push(sample, poll);
    void this.sync();
  }

  /** Stops listening and polling, then writes what is queued. Never rejects. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.offs.splice(0)) off();
    for (const t of this.timers.splice(0)) clearInterval(t);
    await this.syncing?.catch(() => undefined);
    await this.deps.journal.flush().catch(() => undefined);
  }

  /** Calls `listener` after new rows were written to the file. Returns the unsubscribe. */
  onWritten(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * One backfill pass: the fills history from the newest stored fill and the ledger from where the
   * last pass read it. A call while a pass runs runs one more after it; the promise settles then.
   */
  sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      do {
        this.again = false;
        await this.syncOnce();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** Takes an equity sample now, when the account is known. */
  sampleEquity(): void {
    const s = this.deps.store.getState();
    if (s.account.summary) this.record({ equity: [equitySample(s.account.summary, s.loans.ongoing, this.deps.now())] });
  }

  private async syncOnce(): Promise<void> {
    const now = this.deps.now();
    const earliest = now - (this.deps.lookbackMs ?? LOOKBACK_MS) + LOOKBACK_MARGIN_MS;
    // What this service queued counts too: the writer may not have written it yet.
    const stored = this.deps.journal.newestFillTime();
    const newest = stored === null ? this.newestRecorded : Math.max(stored, this.newestRecorded ?? stored);
    const fillsFrom = Math.max(earliest, newest === null ? earliest : newest - OVERLAP_MS);
    // The ledger starts where the fills do on the first pass: what happened while the app was away.
    const ledgerFrom = Math.max(earliest, this.ledgerFrom ?? fillsFrom);
    await this.steps.run('fills history', () => this.backfill(fillsFrom, now, CATEGORIES, (q) => this.deps.history.getFills(q), (f) => f.time, (items) => this.record({ fills: items })));
    const ledger = await this.steps.run('ledger', () => this.backfill(ledgerFrom, now, LEDGER_CATEGORIES, (q) => this.deps.ledger.getFinancialRecords(q), (r) => r.time, (items) => this.record({ financial: items.map(journalFinancial) })));
    if (ledger) this.ledgerFrom = now - OVERLAP_MS;
  }

  /**
   * Reads `category` by category, newest window first (30 days each), every page from `to` back to
   * `from`, and hands each page's rows from `from` on to `keep`. A page whose oldest row is older
   * than the window's start, a short page and a page with no cursor end the window.
   */
  private async backfill<C extends string, T>(from: number, to: number, categories: readonly C[], read: (q: { category: C; limit: number; cursor?: string; startTime: number; endTime: number }) => Promise<HistoryPage<T>>, time: (row: T) => number, keep: (rows: readonly T[]) => void): Promise<void> {
    for (const category of categories) {
      if (this.stopped) return;
      for (let end = to + OVERLAP_MS; end > from && !this.stopped; end -= WINDOW_MS) {
        const start = Math.max(from, end - WINDOW_MS);
        let cursor: string | undefined;
        for (let page = 0; !this.stopped; page += 1) {
          if (page === MAX_PAGES) {
            this.deps.log('warn', `journal: ${category} has more than ${MAX_PAGES * PAGE} rows in one window; the rest is read on the next pass`);
            break;
          }
          const p = await read({ category, limit: PAGE, startTime: start, endTime: end, ...(cursor ? { cursor } : {}) });
          const rows = p.items.filter((r) => time(r) >= from);
          if (rows.length > 0) keep(rows);
          const oldest = p.items.at(-1);
          if (p.next === null || p.items.length < PAGE || !oldest || time(oldest) < start) break;
          cursor = p.next;
        }
      }
    }
  }

  private onFills(push: StreamPush): void {
    const fills = wireList(push.data)
      .map((r) => fillFromWire(r))
      .filter((f) => f !== null);
    if (fills.length > 0) this.record({ fills });
  }

  private onOrders(push: StreamPush): void {
    const events = wireList(push.data).flatMap((r) => {
      const o = orderFromWire(r);
      return o ? this.orders.onOrder(o) : [];
    });
    if (events.length > 0) this.record({ orders: events });
  }

  /** Reference checks only: a market frame changes none of these, so it costs three comparisons. */
  private onStore(s: AppState, prev: AppState | null): void {
    if (s.orders.submissions !== prev?.orders.submissions) {
      const events = Object.values(s.orders.submissions).flatMap((sub) => {
        if (this.rejected.has(sub.clientOid)) return [];
        const e = rejectionEvent(sub);
        if (e) this.rejected.add(sub.clientOid);
        return e ? [e] : [];
      });
      if (events.length > 0) this.record({ orders: events });
    }
    if (s.loans.updatedAt !== (prev?.loans.updatedAt ?? 0) && s.loans.updatedAt > 0) {
      const events = this.loans.onLoans(s.loans.ongoing, s.loans.updatedAt);
      if (events.length > 0) this.record({ loans: events });
    }
    // The first sample as soon as the account is known; then one every sampleMs.
    if (s.account.summary !== null && (prev === null || prev.account.summary === null)) this.sampleEquity();
  }

  private record(batch: JournalBatch): void {
    if (this.stopped) return;
    for (const f of batch.fills ?? []) if (this.newestRecorded === null || f.time > this.newestRecorded) this.newestRecorded = f.time;
    this.deps.journal.record(batch);
  }
}
