/**
 * The engine's shared state (instruments, books, orders, accounts, positions) and the event
 * batch: one action (place, cancel, tick…) collects the orders, fills, positions and accounts it
 * touched, then `flush` emits them as SimEvents in that order. System accounts emit nothing.
 */
import type { MarketFeed, SimEvent } from '../contract.js';
import { Accounts } from './accounts.js';
import { BookSet } from './books.js';
import { InstrumentTable } from './instruments.js';
import { OrderStore } from './orders.js';
import { PositionBook, type SimPosition } from './positions.js';
import { isFuturesCategory, isSystemUid, type PositionView, type SimFill, type SimOrder } from './types.js';
import { fillItem, orderItem, positionItem } from './wire-format.js';

interface Batch {
  readonly orders: SimOrder[];
  readonly fills: SimFill[];
  readonly accounts: Set<string>;
  readonly positions: SimPosition[];
}

/** State and event plumbing shared by every engine module. */
export class EngineCore {
  readonly instruments: InstrumentTable;
  readonly books = new BookSet();
  readonly orders: OrderStore;
  readonly accounts: Accounts;
  readonly positions: PositionBook;
  /** Triggered TP/SL strategy rows (history-strategy-orders), oldest first. */
  readonly strategyHistory: StrategyRow[] = [];
  private readonly listeners = new Set<(event: SimEvent) => void>();
  private batch: Batch | null = null;
  private depth = 0;
  private execSeq: number;

  /**
   * @param market the market feed (instruments, mark prices, status, trade reporting)
   * @param now exchange clock, Unix ms
   */
  constructor(
    readonly market: MarketFeed,
    readonly now: () => number,
  ) {
    const base = Math.floor(now() / 1000) * 1000;
    this.instruments = new InstrumentTable(market.instruments());
    this.orders = new OrderStore(base * 10);
    this.positions = new PositionBook(base * 10);
    this.execSeq = base * 10;
    this.accounts = new Accounts(now, (uid) => this.touchAccount(uid));
  }

  /** Adds an event listener; returns the remover. */
  subscribe(listener: (event: SimEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Emits one event to every listener now; a throwing listener does not stop the others (the first error is rethrown after). */
  emit(event: SimEvent): void {
    let failure: unknown = null;
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== null) throw failure;
  }

  /** A fresh execution id. */
  newExecId(): string {
    this.execSeq += 1;
    return String(this.execSeq);
  }

  /** Runs `fn` inside an event batch (nested calls share the outer batch) and flushes after. */
  run<T>(fn: () => T): T {
    if (this.depth === 0) this.batch = { orders: [], fills: [], accounts: new Set(), positions: [] };
    this.depth += 1;
    try {
      return fn();
    } finally {
      this.depth -= 1;
      if (this.depth === 0) this.flush();
    }
  }

  /** Records an order change (its final state in this batch is pushed). */
  touchOrder(order: SimOrder): void {
    if (isSystemUid(order.uid)) return;
    if (!this.batch) return this.run(() => this.touchOrder(order));
    if (!this.batch.orders.includes(order)) this.batch.orders.push(order);
  }

  /** Records a fill. */
  touchFill(fill: SimFill): void {
    if (isSystemUid(fill.order.uid)) return;
    if (!this.batch) return this.run(() => this.touchFill(fill));
    this.batch.fills.push(fill);
  }

  /** Records a balance change of `uid`. */
  touchAccount(uid: string): void {
    if (isSystemUid(uid)) return;
    if (!this.batch) return this.run(() => this.touchAccount(uid));
    this.batch.accounts.add(uid);
  }

  /** Records a position change (ended positions included). */
  touchPosition(pos: SimPosition): void {
    if (isSystemUid(pos.uid)) return;
    if (!this.batch) return this.run(() => this.touchPosition(pos));
    if (!this.batch.positions.includes(pos)) this.batch.positions.push(pos);
  }

  private flush(): void {
    const b = this.batch;
    this.batch = null;
    if (!b) return;
    const now = this.now();
    for (const o of b.orders) {
      this.emit({ type: 'order', uid: o.uid, order: orderItem(o) });
      if (isFuturesCategory(o.category)) for (const p of this.positions.list(o.uid, o.category, o.symbol)) if (!b.positions.includes(p)) b.positions.push(p);
    }
    for (const f of b.fills) this.emit({ type: 'fill', uid: f.order.uid, fill: fillItem(f) });
    const byUid = new Map<string, SimPosition[]>();
    for (const p of b.positions) byUid.set(p.uid, [...(byUid.get(p.uid) ?? []), p]);
    for (const [uid, list] of byUid) {
      this.emit({ type: 'position', uid, positions: list.map((p) => positionItem(p, this.positionView(p), now)) });
    }
    for (const uid of b.accounts) this.emit({ type: 'account', uid });
  }

  /** Live numbers of a position at the current mark (frozen size, mark, liquidation price…). */
  positionView: (p: SimPosition) => PositionView = () => ({ frozen: '0', markPrice: '', unrealisedPnl: '0', liqPrice: '0', mmr: '0', breakEvenPrice: '' });
}

/** One strategy-order history row of an account. */
export interface StrategyRow {
  readonly uid: string;
  readonly category: string;
  /** Numeric id for paging (the row's orderId field may be empty when the close failed). */
  readonly id: string;
  readonly time: number;
  readonly row: Readonly<Record<string, string>>;
}

