import { Decimal } from 'decimal.js';
import { timeBucket } from '../../src/domain/time-format.js';
import { pnlCoinOf } from '../../src/journal/journal-insert.js';
import {
  JOURNAL_NO_SYMBOL,
  type EquitySample,
  type FillFilter,
  type JournalBatch,
  type JournalExportKind,
  type JournalFill,
  type JournalFinancialRecord,
  type JournalLoanEvent,
  type JournalOrderEvent,
  type JournalStore,
  type PnlBucket,
  type TimeRange,
} from '../../src/journal/journal-types.js';

/**
 * A `JournalStore` in memory for unit tests: the same keys as the file (a fill by `execId`, an
 * order event by order id or clientOid with its kind and time, a ledger row or loan event by `id`,
 * an equity sample by its time; a row already stored is ignored), `record` only queues, and the
 * queue is written on the next turn of the event loop or by `flush`, as the real writer does after
 * its 250 ms; `onWritten` listeners hear of each write. The queries follow the contract's words (journal-types.ts) in the
 * plainest way; the file's own queries are tested in src/journal.
 */
export class MemoryJournal implements JournalStore {
  readonly path: string;
  readonly fillRows = new Map<string, JournalFill>();
  readonly orderRows = new Map<string, JournalOrderEvent>();
  readonly financialRows = new Map<string, JournalFinancialRecord>();
  readonly loanRows = new Map<string, JournalLoanEvent>();
  readonly equityRows = new Map<number, EquitySample>();
  /** Every batch recorded, in order (written or not). */
  readonly recorded: JournalBatch[] = [];
  private queued: JournalBatch[] = [];
  /** Times `flush` ran. */
  flushes = 0;
  closed = false;

  constructor(path = ':memory-journal:') {
    this.path = path;
  }

  private readonly written = new Set<() => void>();
  private pending: NodeJS.Immediate | null = null;

  record(batch: JournalBatch): void {
    this.recorded.push(batch);
    this.queued.push(batch);
    if (this.pending === null) {
      this.pending = setImmediate(() => this.writeQueued());
      this.pending.unref();
    }
  }

  flush(): Promise<void> {
    this.flushes += 1;
    this.writeQueued();
    return Promise.resolve();
  }

  onWritten(listener: () => void): () => void {
    this.written.add(listener);
    return () => this.written.delete(listener);
  }

  private writeQueued(): void {
    if (this.pending !== null) clearImmediate(this.pending);
    this.pending = null;
    const batches = this.queued.splice(0);
    for (const b of batches) this.write(b);
    if (batches.length > 0) for (const listener of [...this.written]) listener();
  }

  newestFillTime(): number | null {
    let newest: number | null = null;
    for (const f of this.fillRows.values()) newest = newest === null || f.time > newest ? f.time : newest;
    return newest;
  }

  close(): Promise<void> {
    this.closed = true;
    return this.flush();
  }

  pnlBy(by: 'day' | 'week' | 'symbol', range: TimeRange): readonly PnlBucket[] {
    const table = new Map<string, { key: string; coin: string; realized: Decimal; fees: Decimal; funding: Decimal; interest: Decimal; fills: number; wins: number; losses: number }>();
    const keyOf = (time: number, symbol: string | null) => (by === 'symbol' ? (symbol ?? JOURNAL_NO_SYMBOL) : timeBucket(time, by === 'day' ? 'day' : 'isoWeek').key);
    const at = (key: string, coin: string) => {
      const k = `${key}\u0000${coin}`;
      let row = table.get(k);
      if (!row) table.set(k, (row = { key, coin, realized: new Decimal(0), fees: new Decimal(0), funding: new Decimal(0), interest: new Decimal(0), fills: 0, wins: 0, losses: 0 }));
      return row;
    };
    const inRange = (t: number) => t >= range.from && t < range.to;
    for (const f of this.fillRows.values()) {
      if (!inRange(f.time)) continue;
      const key = keyOf(f.time, f.symbol);
      const pnl = at(key, pnlCoinOf(f.category, f.feeCoin));
      pnl.realized = pnl.realized.plus(f.pnl ?? 0);
      pnl.fills += 1;
      if (f.pnl?.gt(0)) pnl.wins += 1;
      if (f.pnl?.lt(0)) pnl.losses += 1;
      const fee = at(key, f.feeCoin);
      fee.fees = fee.fees.plus(f.fee);
    }
    for (const r of this.financialRows.values()) {
      if (r.kind !== 'funding' || !inRange(r.time)) continue;
      const row = at(keyOf(r.time, r.symbol), r.coin);
      row.funding = row.funding.plus(r.amount);
    }
    for (const l of this.loanRows.values()) {
      if (l.kind !== 'interest' || !inRange(l.time)) continue;
      const row = at(keyOf(l.time, null), l.coin);
      row.interest = row.interest.plus(l.amount);
    }
    return [...table.values()].sort((a, b) => (a.key === b.key ? a.coin.localeCompare(b.coin) : a.key.localeCompare(b.key)));
  }

  fills(filter: FillFilter): readonly JournalFill[] {
    return [...this.fillRows.values()]
      .filter((f) => f.time >= filter.from && f.time < filter.to && (filter.symbol === undefined || f.symbol === filter.symbol) && (filter.side === undefined || f.side === filter.side))
      .sort((a, b) => b.time - a.time)
      .slice(0, filter.limit ?? 200);
  }

  equity(range: TimeRange, maxPoints: number): readonly EquitySample[] {
    const all = [...this.equityRows.values()].filter((e) => e.time >= range.from && e.time < range.to).sort((a, b) => a.time - b.time);
    if (all.length <= maxPoints) return all;
    const step = all.length / maxPoints;
    return Array.from({ length: maxPoints }, (_, i) => all[Math.floor(i * step)]).filter((e): e is EquitySample => e !== undefined);
  }

  exportRows(kind: JournalExportKind, range: TimeRange): readonly Readonly<Record<string, string>>[] {
    const inRange = (t: number) => t >= range.from && t < range.to;
    switch (kind) {
      case 'fills':
        return [...this.fillRows.values()].filter((f) => inRange(f.time)).map((f) => ({ execId: f.execId, symbol: f.symbol, side: f.side, price: f.price.toFixed(), qty: f.qty.toFixed(), fee: f.fee.toFixed(), pnl: f.pnl?.toFixed() ?? '', time: String(f.time) }));
      case 'funding':
        return [...this.financialRows.values()].filter((r) => r.kind === 'funding' && inRange(r.time)).map((r) => ({ id: r.id, coin: r.coin, amount: r.amount.toFixed(), time: String(r.time) }));
      case 'loans':
        return [...this.loanRows.values()].filter((l) => inRange(l.time)).map((l) => ({ id: l.id, kind: l.kind, amount: l.amount.toFixed(), time: String(l.time) }));
      case 'equity':
        return [...this.equityRows.values()].filter((e) => inRange(e.time)).map((e) => ({ time: String(e.time), equity: e.equity.toFixed() }));
      case 'orders':
        return [...this.orderRows.values()].filter((o) => inRange(o.time)).map((o) => ({ orderId: o.orderId, clientOid: o.clientOid, kind: o.kind, detail: o.detail, time: String(o.time) }));
    }
  }

  counts(): Readonly<Record<JournalExportKind, number>> {
    return { fills: this.fillRows.size, funding: [...this.financialRows.values()].filter((r) => r.kind === 'funding').length, loans: this.loanRows.size, equity: this.equityRows.size, orders: this.orderRows.size };
  }

  private write(b: JournalBatch): void {
    for (const f of b.fills ?? []) if (!this.fillRows.has(f.execId)) this.fillRows.set(f.execId, f);
    for (const o of b.orders ?? []) {
      const key = `${o.orderId || o.clientOid}|${o.kind}|${o.time}`;
      if (!this.orderRows.has(key)) this.orderRows.set(key, o);
    }
    for (const r of b.financial ?? []) if (!this.financialRows.has(r.id)) this.financialRows.set(r.id, r);
    for (const l of b.loans ?? []) if (!this.loanRows.has(l.id)) this.loanRows.set(l.id, l);
    for (const e of b.equity ?? []) if (!this.equityRows.has(e.time)) this.equityRows.set(e.time, e);
  }
}
