import { Decimal } from 'decimal.js';
import { ratioZone, type RatioZone } from '../domain/loan-math.js';
import type { AccountSummary, Loan, Order } from '../domain/model.js';
import { worstLoan } from '../domain/risk-summary.js';
import type { FinancialRecord } from '../domain/trade-queries.js';
import type { EquitySample, JournalFinancialRecord, JournalLoanEvent, JournalOrderEvent } from '../journal/journal-types.js';
import type { Submission } from '../store/slices/orders-slice.js';

/**
 * What the trade journal records, made from what the services already see: fills, order pushes,
 * our rejected submissions, ledger rows, ongoing-loan polls and the account. Pure: no clock, no I/O
 * (the times come in as arguments), so the service and the tests share one definition of each row
 * and of each row's key (the journal stores a key once).
 */

/**
 * The journal's kind of a ledger type: `funding` for funding settlements (Bitget's
 * `CONTRACT_MAIN_SETTLE_FEE_USER_IN/OUT` and its variants, the embedded exchange's `funding_fee`),
 * `fee` for rows that are a fee alone (a liquidation fee, …), `other` for the rest (trade legs,
 * whose fees the fills already carry, transfers, interest settlements, …).
 */
export function financialKind(type: string): JournalFinancialRecord['kind'] {
  const t = type.toUpperCase();
  if (/FUNDING|SETTLE_FEE/.test(t)) return 'funding';
  if (/(^|_)FEE(_|$)/.test(t)) return 'fee';
  return 'other';
}

/** A ledger row as the journal keeps it: the amount is the balance change, fee included (paid negative). */
export function journalFinancial(r: FinancialRecord): JournalFinancialRecord {
  return { id: r.id, category: r.category, symbol: r.symbol, coin: r.coin, kind: financialKind(r.type), amount: r.amount.plus(r.fee), type: r.type, time: r.time };
}

/** The account now, as one equity sample: the loan ratio is the worst loan's as the risk line picks it (`worstLoan`: least room under its liquidation line; null when none). */
export function equitySample(summary: AccountSummary, loans: readonly Loan[], time: number): EquitySample {
  return { time, equity: summary.equity, marginRatio: summary.mgnRatio, worstLoanRatio: worstLoan(loans)?.ratio ?? null };
}

/** "buy 0.01 BTCUSDT @ 97000" (or "@ market") of an order. */
function orderText(o: Order): string {
  return `${o.side} ${o.qty.toFixed()} ${o.symbol} @ ${o.price ? o.price.toFixed() : 'market'}`;
}

/** What an order looked like when last seen: a change of price or quantity is a modification. */
interface SeenOrder {
  readonly price: string;
  readonly qty: string;
}

/** Orders remembered at most (the open ones and the recently finished); the oldest are forgotten first. */
const MAX_SEEN_ORDERS = 2000;

/**
 * An order's life from its pushes (each push is the whole order): `placed` at its first sighting
 * (timed by its creation, so seeing it again after a restart is the same row), `modified` when its
 * price or quantity changed, and `filled` or `cancelled` when it ends (timed by its last update).
 */
export class OrderEvents {
  private readonly seen = new Map<string, SeenOrder>();

  /** The events one order push adds. */
  onOrder(o: Order): JournalOrderEvent[] {
    const base = { orderId: o.orderId, clientOid: o.clientOid, category: o.category, symbol: o.symbol };
    const out: JournalOrderEvent[] = [];
    const now: SeenOrder = { price: o.price ? o.price.toFixed() : '', qty: o.qty.toFixed() };
    const before = this.seen.get(o.orderId);
    if (!before) out.push({ ...base, kind: 'placed', detail: orderText(o), time: o.createdTime || o.updatedTime });
    else if (before.price !== now.price || before.qty !== now.qty) out.push({ ...base, kind: 'modified', detail: `${orderText(o)} (was ${before.qty} @ ${before.price || 'market'})`, time: o.updatedTime });
    if (o.status === 'filled') out.push({ ...base, kind: 'filled', detail: `${o.side} ${o.cumExecQty.toFixed()} ${o.symbol} avg ${o.avgPrice.toFixed()}`, time: o.updatedTime });
    if (o.status === 'cancelled') out.push({ ...base, kind: 'cancelled', detail: `${orderText(o)}, ${o.cumExecQty.toFixed()} filled${o.cancelReason ? `: ${o.cancelReason}` : ''}`, time: o.updatedTime });
    this.seen.delete(o.orderId);
    this.seen.set(o.orderId, now);
    if (this.seen.size > MAX_SEEN_ORDERS) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return out;
  }
}

/** A rejected submission of ours as a `rejected` event (null for any other state, or one for no known symbol). */
export function rejectionEvent(s: Submission): JournalOrderEvent | null {
  if (s.state !== 'rejected' || s.category === undefined || s.symbol === undefined) return null;
  return { orderId: '', clientOid: s.clientOid, category: s.category, symbol: s.symbol, kind: 'rejected', detail: `${s.label}: ${s.error ?? 'rejected'}`, time: s.at };
}

/** The zone a loan's ratio is in (see `ratioZone`). */
function zoneOf(l: Loan): RatioZone {
  return ratioZone(l.pledgeRate, l.supRate, l.forceRate);
}

/**
 * Loan events from successive polls of the ongoing loans (the stream has no loan topic): a new loan
 * is a `borrow` (keyed by its order id alone, so a restart adds no second one), less principal a
 * `repay` (with the interest it paid), more interest an `interest` charge, another collateral amount
 * a `collateral` change, a ratio that crosses into the margin-call zone a `margin_call` (the same
 * lines as the loan alarms, `ratioZone`), and a loan gone from the list a `liquidation` when it was
 * last seen past its liquidation line, else a `repay` of what was left. Changes made while the app
 * was not running are not seen (only the borrow is).
 */
export class LoanEvents {
  private last = new Map<string, Loan>();

  /** The events one successful poll adds; `now` times the changes (the loan carries only its borrow time). */
  onLoans(loans: readonly Loan[], now: number): JournalLoanEvent[] {
    const out: JournalLoanEvent[] = [];
    const ev = (l: Loan, kind: JournalLoanEvent['kind'], amount: Decimal, coin: string, time: number, id = `${l.orderId}:${kind}:${time}`): JournalLoanEvent => ({
      id,
      loanId: l.orderId,
      kind,
      loanCoin: l.loanCoin,
      pledgeCoin: l.pledgeCoin,
      amount,
      coin,
      ratio: l.pledgeRate,
      time,
    });
    const next = new Map(loans.map((l) => [l.orderId, l] as const));
    for (const l of loans) {
      const prev = this.last.get(l.orderId);
      if (!prev) {
        out.push(ev(l, 'borrow', l.loanAmount, l.loanCoin, l.borrowTime || now, `${l.orderId}:borrow`));
        continue;
      }
      const principalPaid = prev.loanAmount.minus(l.loanAmount);
      const interestPaid = Decimal.max(0, prev.interestAmount.minus(l.interestAmount));
      if (principalPaid.gt(0)) out.push(ev(l, 'repay', principalPaid.plus(interestPaid).negated(), l.loanCoin, now));
      if (l.interestAmount.gt(prev.interestAmount)) out.push(ev(l, 'interest', l.interestAmount.minus(prev.interestAmount).negated(), l.loanCoin, now));
      if (!l.pledgeAmount.eq(prev.pledgeAmount)) out.push(ev(l, 'collateral', l.pledgeAmount.minus(prev.pledgeAmount), l.pledgeCoin, now));
      if (zoneOf(prev) === 'safe' && zoneOf(l) !== 'safe') out.push(ev(l, 'margin_call', new Decimal(0), l.loanCoin, now));
    }
    for (const [id, prev] of this.last) {
      if (next.has(id)) continue;
      const owed = prev.loanAmount.plus(prev.interestAmount).negated();
      out.push(ev(prev, zoneOf(prev) === 'liquidation' ? 'liquidation' : 'repay', owed, prev.loanCoin, now));
    }
    this.last = next;
    return out;
  }
}
