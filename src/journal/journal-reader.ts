import type { Database, Statement } from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import type { Category, Side } from '../domain/model.js';
import type { EquitySample, FillFilter, JournalExportKind, JournalFill, TimeRange } from './journal-types.js';

/**
 * The journal's lists: fills with a filter, the equity curve thinned, rows for export, counts.
 * (PnL sums: journal-pnl.ts.)
 */

/** Field names of each export kind, in column order (the CSV header). */
export const EXPORT_FIELDS: Readonly<Record<JournalExportKind, readonly string[]>> = {
  fills: ['time', 'timeUtc', 'execId', 'orderId', 'clientOid', 'category', 'symbol', 'side', 'price', 'qty', 'fee', 'feeCoin', 'scope', 'pnl'],
  funding: ['time', 'timeUtc', 'id', 'kind', 'category', 'symbol', 'coin', 'amount', 'type'],
  loans: ['time', 'timeUtc', 'id', 'loanId', 'kind', 'loanCoin', 'pledgeCoin', 'amount', 'coin', 'ratio'],
  equity: ['time', 'timeUtc', 'equity', 'marginRatio', 'worstLoanRatio'],
  orders: ['time', 'timeUtc', 'orderId', 'clientOid', 'category', 'symbol', 'kind', 'detail'],
};

/** The SQL of each export kind: columns aliased to the field names, oldest first. */
const EXPORT_SQL: Readonly<Record<JournalExportKind, string>> = {
  fills: `SELECT time, exec_id AS execId, order_id AS orderId, client_oid AS clientOid, category, symbol, side, price, qty, fee, fee_coin AS feeCoin, scope, pnl
    FROM fills WHERE time >= ? AND time < ? ORDER BY time, exec_id`,
  funding: 'SELECT time, id, kind, category, symbol, coin, amount, type FROM financial WHERE time >= ? AND time < ? ORDER BY time, id',
  loans: `SELECT time, id, loan_id AS loanId, kind, loan_coin AS loanCoin, pledge_coin AS pledgeCoin, amount, coin, ratio
    FROM loans WHERE time >= ? AND time < ? ORDER BY time, id`,
  equity: 'SELECT time, equity, margin_ratio AS marginRatio, worst_loan_ratio AS worstLoanRatio FROM equity WHERE time >= ? AND time < ? ORDER BY time',
  orders: `SELECT time, order_id AS orderId, client_oid AS clientOid, category, symbol, kind, detail
    FROM orders WHERE time >= ? AND time < ? ORDER BY time, order_ref, kind`,
};

/** The table of each export kind (for counts). */
const TABLE: Readonly<Record<JournalExportKind, string>> = { fills: 'fills', funding: 'financial', loans: 'loans', equity: 'equity', orders: 'orders' };

/** The export kinds, in a fixed order. */
export const EXPORT_KINDS: readonly JournalExportKind[] = ['fills', 'funding', 'loans', 'equity', 'orders'];

/** Default and largest `limit` of `fills()`. */
const FILLS_LIMIT = { default: 200, max: 100_000 } as const;

interface FillRow {
  readonly exec_id: string;
  readonly order_id: string;
  readonly client_oid: string;
  readonly category: string;
  readonly symbol: string;
  readonly side: string;
  readonly price: string;
  readonly qty: string;
  readonly fee: string;
  readonly fee_coin: string;
  readonly scope: string;
  readonly pnl: string | null;
  readonly time: number;
}

interface EquityRow {
  readonly time: number;
  readonly equity: string;
  readonly margin_ratio: string | null;
  readonly worst_loan_ratio: string | null;
}

const dec = (text: string | null): Decimal | null => (text === null ? null : new Decimal(text));

/** The list queries over one open file. */
export class ListQueries {
  private readonly fillList: Statement;
  private readonly equityList: Statement;
  private readonly exports: Readonly<Record<JournalExportKind, Statement>>;
  private readonly countAll: Statement;
  private readonly newestFill: Statement;

  constructor(db: Database) {
    this.fillList = db.prepare(`SELECT exec_id, order_id, client_oid, category, symbol, side, price, qty, fee, fee_coin, scope, pnl, time FROM fills
      WHERE time >= @from AND time < @to AND (@symbol IS NULL OR symbol = @symbol) AND (@side IS NULL OR side = @side)
      ORDER BY time DESC, exec_id DESC LIMIT @limit`);
    this.equityList = db.prepare('SELECT time, equity, margin_ratio, worst_loan_ratio FROM equity WHERE time >= ? AND time < ? ORDER BY time');
    this.exports = {
      fills: db.prepare(EXPORT_SQL.fills),
      funding: db.prepare(EXPORT_SQL.funding),
      loans: db.prepare(EXPORT_SQL.loans),
      equity: db.prepare(EXPORT_SQL.equity),
      orders: db.prepare(EXPORT_SQL.orders),
    };
    this.countAll = db.prepare(`SELECT ${EXPORT_KINDS.map((k) => `(SELECT count(*) FROM ${TABLE[k]}) AS ${k}`).join(', ')}`);
    this.newestFill = db.prepare('SELECT max(time) AS t FROM fills');
  }

  /** Fills in the filter's range, newest first, at most `limit` (default 200). */
  fills(filter: FillFilter): JournalFill[] {
    const limit = Math.min(Math.max(0, Math.floor(filter.limit ?? FILLS_LIMIT.default)), FILLS_LIMIT.max);
    const rows = this.fillList.all({ from: filter.from, to: filter.to, symbol: filter.symbol ?? null, side: filter.side ?? null, limit }) as FillRow[];
    return rows.map((r) => ({
      execId: r.exec_id,
      orderId: r.order_id,
      clientOid: r.client_oid,
      // The file holds what this layer wrote from typed rows.
      category: r.category as Category,
      symbol: r.symbol,
      side: r.side as Side,
      price: new Decimal(r.price),
      qty: new Decimal(r.qty),
      fee: new Decimal(r.fee),
      feeCoin: r.fee_coin,
      scope: r.scope === 'maker' ? 'maker' : 'taker',
      pnl: dec(r.pnl),
      time: r.time,
    }));
  }

  /** Equity samples in the range, at most `maxPoints`: the last sample of each of `maxPoints` equal time slots. */
  equity(range: TimeRange, maxPoints: number): EquitySample[] {
    const rows = this.equityList.all(range.from, range.to) as EquityRow[];
    const points = Math.floor(maxPoints);
    const first = rows[0];
    const last = rows.at(-1);
    if (points <= 0 || first === undefined || last === undefined) return [];
    let kept = rows;
    if (rows.length > points) {
      const span = last.time - first.time + 1;
      kept = rows.filter((r, i) => {
        const next = rows[i + 1];
        return next === undefined || slotOf(next.time, first.time, span, points) !== slotOf(r.time, first.time, span, points);
      });
    }
    return kept.map((r) => ({ time: r.time, equity: new Decimal(r.equity), marginRatio: dec(r.margin_ratio), worstLoanRatio: dec(r.worst_loan_ratio) }));
  }

  /** Rows of a kind in the range, oldest first, as strings under EXPORT_FIELDS (null: ''). */
  exportRows(kind: JournalExportKind, range: TimeRange): Record<string, string>[] {
    const rows = this.exports[kind].all(range.from, range.to) as Record<string, string | number | null>[];
    const fields = EXPORT_FIELDS[kind];
    return rows.map((row) => {
      const out: Record<string, string> = {};
      for (const field of fields) {
        const time = typeof row.time === 'number' ? row.time : 0;
        const value = field === 'timeUtc' ? new Date(time).toISOString() : row[field];
        out[field] = value === null || value === undefined ? '' : String(value);
      }
      return out;
    });
  }

  /** Rows stored of each kind. */
  counts(): Record<JournalExportKind, number> {
    return this.countAll.get() as Record<JournalExportKind, number>;
  }

  /** The newest fill time stored (null: none). */
  newestFillTime(): number | null {
    return (this.newestFill.get() as { t: number | null }).t;
  }
}

/** The slot (0 … points−1) of `time` among `points` equal slots of `span` ms from `start`. */
function slotOf(time: number, start: number, span: number, points: number): number {
  return Math.floor(((time - start) / span) * points);
}
