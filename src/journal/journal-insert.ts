import type { Database, Statement } from 'better-sqlite3';
import type { Decimal } from 'decimal.js';
import type { Category } from '../domain/model.js';
import { decimalText, shadowOf, type ShadowParts } from './exact-sum.js';
import { DAY_MS, HOUR_MS, prepareRollups, RollupDeltas, type RollupStatements } from './journal-rollups.js';
import type { EquitySample, JournalBatch, JournalFill, JournalFinancialRecord, JournalLoanEvent, JournalOrderEvent } from './journal-types.js';

/**
 * Writing batches into the file: one write transaction (`BEGIN IMMEDIATE`) per call, every row
 * `INSERT OR IGNORE` on the exchange's ids, and the equity samples' downsampling when it is due.
 * Synchronous (better-sqlite3): the writer (journal-writer.ts) calls it from a timer, never from a
 * store listener.
 */

/** The coin a fill's realized PnL is in: the settle coin (USDT / USDC futures), else its fee coin (coin-margined futures settle and pay fees in the base coin). */
export function pnlCoinOf(category: Category, feeCoin: string): string {
  if (category === 'USDT-FUTURES') return 'USDT';
  if (category === 'USDC-FUTURES') return 'USDC';
  return feeCoin;
}


/** How equity samples thin with age: every sample for a day, one an hour to 30 days, then one a day. */
export const EQUITY_KEEP = {
  /** Samples younger than this stay as written (ms). */
  allFor: DAY_MS,
  /** Then one sample per UTC hour (the hour's last) until this age (ms). */
  hourlyFor: 30 * DAY_MS,
} as const;

/** Named parameters of an amount's shadow columns. */
function shadowParams(prefix: string, parts: ShadowParts | null): Record<string, bigint | number | null> {
  return { [`${prefix}_units`]: parts?.units ?? null, [`${prefix}_micro`]: parts?.micro ?? null, [`${prefix}_pico`]: parts?.pico ?? null };
}

const optText = (value: Decimal | null): string | null => (value === null ? null : decimalText(value));

/** Prepared statements over one open file. */
export class JournalInserter {
  private readonly fill: Statement;
  private readonly rollups: RollupStatements;
  private readonly order: Statement;
  private readonly financial: Statement;
  private readonly loan: Statement;
  private readonly equity: Statement;
  private readonly pruneHourly: Statement;
  private readonly pruneDaily: Statement;

  constructor(private readonly db: Database) {
    this.fill = db.prepare(`INSERT OR IGNORE INTO fills (exec_id, order_id, client_oid, category, symbol, side, price, qty, fee, fee_coin, scope, pnl, pnl_coin, time, win, loss, inexact,
      pnl_units, pnl_micro, pnl_pico, fee_units, fee_micro, fee_pico) VALUES (@exec_id, @order_id, @client_oid, @category, @symbol, @side, @price, @qty, @fee, @fee_coin, @scope, @pnl, @pnl_coin,
      @time, @win, @loss, @inexact, @pnl_units, @pnl_micro, @pnl_pico, @fee_units, @fee_micro, @fee_pico)`);
    this.rollups = prepareRollups(db);
    this.order = db.prepare(`INSERT OR IGNORE INTO orders (order_ref, kind, time, order_id, client_oid, category, symbol, detail)
      VALUES (@order_ref, @kind, @time, @order_id, @client_oid, @category, @symbol, @detail)`);
    this.financial = db.prepare(`INSERT OR IGNORE INTO financial (id, category, symbol, coin, kind, amount, type, time, amount_units, amount_micro, amount_pico)
      VALUES (@id, @category, @symbol, @coin, @kind, @amount, @type, @time, @amount_units, @amount_micro, @amount_pico)`);
    this.loan = db.prepare(`INSERT OR IGNORE INTO loans (id, loan_id, kind, loan_coin, pledge_coin, amount, coin, ratio, time, amount_units, amount_micro, amount_pico)
      VALUES (@id, @loan_id, @kind, @loan_coin, @pledge_coin, @amount, @coin, @ratio, @time, @amount_units, @amount_micro, @amount_pico)`);
    this.equity = db.prepare('INSERT OR IGNORE INTO equity (time, equity, margin_ratio, worst_loan_ratio) VALUES (?, ?, ?, ?)');
    this.pruneHourly = db.prepare(`DELETE FROM equity WHERE time < @young AND time >= @old AND time NOT IN
      (SELECT max(time) FROM equity WHERE time < @young AND time >= @old GROUP BY time / ${HOUR_MS})`);
    this.pruneDaily = db.prepare(`DELETE FROM equity WHERE time < @old AND time NOT IN (SELECT max(time) FROM equity WHERE time < @old GROUP BY time / ${DAY_MS})`);
  }

  /**
   * Writes the batches in one transaction; with `pruneAt`, thins the equity samples as of that Unix
   * ms in the same transaction. Returns the rows newly stored. Throws what SQLite throws (nothing is
   * written then).
   */
  write(batches: readonly JournalBatch[], pruneAt: number | null = null): number {
    return this.db
      .transaction(() => {
        let stored = 0;
        const deltas = new RollupDeltas();
        for (const batch of batches) {
          for (const f of batch.fills ?? []) stored += this.writeFill(f, deltas);
          for (const o of batch.orders ?? []) stored += this.writeOrder(o);
          for (const r of batch.financial ?? []) stored += this.writeFinancial(r, deltas);
          for (const l of batch.loans ?? []) stored += this.writeLoan(l, deltas);
          for (const e of batch.equity ?? []) stored += this.writeEquity(e);
        }
        deltas.write(this.rollups);
        if (pruneAt !== null) this.prune(pruneAt);
        return stored;
      })
      .immediate();
  }

  /** Thins the equity samples as of `now` (EQUITY_KEEP); returns the samples deleted. */
  prune(now: number): number {
    const young = now - EQUITY_KEEP.allFor;
    const old = now - EQUITY_KEEP.hourlyFor;
    return this.pruneHourly.run({ young, old }).changes + this.pruneDaily.run({ old }).changes;
  }

  private writeFill(f: JournalFill, deltas: RollupDeltas): number {
    const pnl = optText(f.pnl);
    const fee = decimalText(f.fee);
    const pnlCoin = pnlCoinOf(f.category, f.feeCoin);
    const pnlShadow = pnl === null ? null : shadowOf(pnl);
    const feeShadow = shadowOf(fee);
    const win = f.pnl?.gt(0) === true ? 1 : 0;
    const loss = f.pnl?.lt(0) === true ? 1 : 0;
    const inexact = (pnl !== null && pnlShadow === null) || feeShadow === null;
    const changes = this.fill.run({
      exec_id: f.execId,
      order_id: f.orderId,
      client_oid: f.clientOid,
      category: f.category,
      symbol: f.symbol,
      side: f.side,
      price: decimalText(f.price),
      qty: decimalText(f.qty),
      fee,
      fee_coin: f.feeCoin,
      scope: f.scope,
      pnl,
      pnl_coin: pnlCoin,
      time: f.time,
      win,
      loss,
      inexact: inexact ? 1 : 0,
      ...shadowParams('pnl', pnlShadow),
      ...shadowParams('fee', feeShadow),
    }).changes;
    if (changes > 0) {
      deltas.add(f.time, f.symbol, pnlCoin, 'realized', pnlShadow, { fills: 1, wins: win, losses: loss });
      deltas.add(f.time, f.symbol, f.feeCoin, 'fee', feeShadow, null);
    }
    return changes;
  }

  private writeOrder(o: JournalOrderEvent): number {
    return this.order.run({
      order_ref: o.orderId !== '' ? o.orderId : o.clientOid,
      kind: o.kind,
      time: o.time,
      order_id: o.orderId,
      client_oid: o.clientOid,
      category: o.category,
      symbol: o.symbol,
      detail: o.detail,
    }).changes;
  }

  private writeFinancial(r: JournalFinancialRecord, deltas: RollupDeltas): number {
    const amount = decimalText(r.amount);
    const shadow = shadowOf(amount);
    const changes = this.financial.run({ id: r.id, category: r.category, symbol: r.symbol, coin: r.coin, kind: r.kind, amount, type: r.type, time: r.time, ...shadowParams('amount', shadow) })
      .changes;
    if (changes > 0 && r.kind === 'funding') deltas.add(r.time, r.symbol, r.coin, 'funding', shadow, null);
    return changes;
  }

  private writeLoan(l: JournalLoanEvent, deltas: RollupDeltas): number {
    const amount = decimalText(l.amount);
    const shadow = shadowOf(amount);
    const changes = this.loan.run({
      id: l.id,
      loan_id: l.loanId,
      kind: l.kind,
      loan_coin: l.loanCoin,
      pledge_coin: l.pledgeCoin,
      amount,
      coin: l.coin,
      ratio: optText(l.ratio),
      time: l.time,
      ...shadowParams('amount', shadow),
    }).changes;
    if (changes > 0 && l.kind === 'interest') deltas.add(l.time, null, l.coin, 'interest', shadow, null);
    return changes;
  }

  private writeEquity(e: EquitySample): number {
    return this.equity.run(e.time, decimalText(e.equity), optText(e.marginRatio), optText(e.worstLoanRatio)).changes;
  }
}
