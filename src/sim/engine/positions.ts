/**
 * Futures positions per account: hedge (long and short side by side) and one-way (one net side)
 * modes, average price, margin, fees and funding totals, and the history of closed positions.
 */
import { Decimal } from 'decimal.js';
import type { SimCategory } from '../contract.js';
import { averagePrice, valueAt, pnlAt } from './position-math.js';
import { ZERO, type EngineInstrument, type PosSide, type SimOrder } from './types.js';

/** One open (or just ended) position. */
export interface SimPosition {
  readonly positionId: string;
  readonly uid: string;
  readonly category: SimCategory;
  readonly symbol: string;
  readonly inst: EngineInstrument;
  readonly posSide: PosSide;
  readonly holdMode: 'one_way_mode' | 'hedge_mode';
  marginMode: 'crossed' | 'isolated';
  leverage: number;
  /** Instrument unit; zero once ended. */
  size: Decimal;
  avgPrice: Decimal;
  /** Initial margin held, margin coin. */
  margin: Decimal;
  /** Negative = paid. */
  openFeeTotal: Decimal;
  closeFeeTotal: Decimal;
  /** Signed funding: negative = paid. */
  totalFunding: Decimal;
  /** Realised PnL of closes, excluding fees and funding. */
  realisedPnl: Decimal;
  openTotal: Decimal;
  closeTotal: Decimal;
  closeAvg: Decimal;
  readonly createdTime: number;
  updatedTime: number;
  takeProfit: string;
  stopLoss: string;
}

/** What one fill did to positions. */
export interface FillEffect {
  /** Realised PnL (margin coin) of the closed part. */
  readonly pnl: Decimal;
  /** Positions touched (ended ones have size zero). */
  readonly touched: SimPosition[];
}

/** Every position and the closed-position history. */
export class PositionBook {
  private readonly open = new Map<string, SimPosition>();
  /** Closed positions, oldest first. */
  readonly history: SimPosition[] = [];
  private seq = 1;

  constructor(private readonly idBase: number) {}

  private key(uid: string, category: SimCategory, symbol: string, side: PosSide): string {
    return `${uid}|${category}|${symbol}|${side}`;
  }

  /** The open position on a side, or null. */
  get(uid: string, category: SimCategory, symbol: string, side: PosSide): SimPosition | null {
    return this.open.get(this.key(uid, category, symbol, side)) ?? null;
  }

  /** Open positions of an account, optionally filtered. */
  list(uid: string, category?: SimCategory, symbol?: string): SimPosition[] {
    return [...this.open.values()].filter((p) => p.uid === uid && (category === undefined || p.category === category) && (symbol === undefined || p.symbol === symbol));
  }

  /** Every open position of every account. */
  all(): SimPosition[] {
    return [...this.open.values()];
  }

  /** Drops every position and history row of an account. */
  clear(uid: string): void {
    for (const [k, p] of this.open) if (p.uid === uid) this.open.delete(k);
    for (let i = this.history.length - 1; i >= 0; i -= 1) if (this.history[i]?.uid === uid) this.history.splice(i, 1);
  }

  /**
   * Applies a fill of `order` (`qty` at `price`, `fee` paid in the margin coin).
   * Hedge: open/close the order's side. One-way: reduce the opposite side first, the rest opens.
   */
  applyFill(order: SimOrder, qty: Decimal, price: Decimal, fee: Decimal, now: number): FillEffect {
    const touched: SimPosition[] = [];
    let pnl = ZERO;
    let left = qty;
    const closeSide: PosSide | null =
      order.holdMode === 'hedge_mode' ? (order.tradeSide === 'close' ? order.posSide : null) : order.side === 'buy' ? 'short' : 'long';
    if (closeSide !== null) {
      const pos = this.get(order.uid, order.category, order.symbol, closeSide);
      if (pos) {
        const closed = Decimal.min(pos.size, left);
        const part = closed.div(qty);
        const realised = pnlAt(pos.inst, pos.posSide, closed, pos.avgPrice, price);
        pos.closeAvg = averagePrice(pos.inst, pos.closeTotal, pos.closeAvg, closed, price);
        pos.closeTotal = pos.closeTotal.plus(closed);
        pos.margin = pos.margin.minus(pos.margin.times(closed).div(pos.size));
        pos.size = pos.size.minus(closed);
        pos.realisedPnl = pos.realisedPnl.plus(realised);
        pos.closeFeeTotal = pos.closeFeeTotal.minus(fee.times(part));
        pos.updatedTime = now;
        pnl = pnl.plus(realised);
        left = left.minus(closed);
        touched.push(pos);
        if (pos.size.isZero()) this.end(pos);
      }
    }
    const mayOpen = order.holdMode === 'hedge_mode' ? order.tradeSide === 'open' : !order.reduceOnly;
    if (left.gt(0) && mayOpen) {
      const side: PosSide = order.holdMode === 'hedge_mode' && order.posSide !== null ? order.posSide : order.side === 'buy' ? 'long' : 'short';
      const pos = this.openOrGet(order, side, now);
      pos.avgPrice = averagePrice(pos.inst, pos.size, pos.avgPrice, left, price);
      pos.size = pos.size.plus(left);
      pos.openTotal = pos.openTotal.plus(left);
      pos.margin = pos.margin.plus(valueAt(pos.inst, left, price).div(pos.leverage));
      pos.openFeeTotal = pos.openFeeTotal.minus(fee.times(left).div(qty));
      pos.updatedTime = now;
      const tp = order.tpsl['takeProfit'];
      const sl = order.tpsl['stopLoss'];
      if (tp !== undefined) pos.takeProfit = tp;
      if (sl !== undefined) pos.stopLoss = sl;
      if (!touched.includes(pos)) touched.push(pos);
    }
    return { pnl, touched };
  }

  private openOrGet(order: SimOrder, side: PosSide, now: number): SimPosition {
    const existing = this.get(order.uid, order.category, order.symbol, side);
    if (existing) return existing;
    const pos: SimPosition = {
      positionId: String(this.idBase + this.seq++),
      uid: order.uid,
      category: order.category,
      symbol: order.symbol,
      inst: order.inst,
      posSide: side,
      holdMode: order.holdMode,
      marginMode: order.marginMode,
      leverage: order.leverage,
      size: ZERO,
      avgPrice: ZERO,
      margin: ZERO,
      openFeeTotal: ZERO,
      closeFeeTotal: ZERO,
      totalFunding: ZERO,
      realisedPnl: ZERO,
      openTotal: ZERO,
      closeTotal: ZERO,
      closeAvg: ZERO,
      createdTime: now,
      updatedTime: now,
      takeProfit: order.tpsl['takeProfit'] ?? '',
      stopLoss: order.tpsl['stopLoss'] ?? '',
    };
    this.open.set(this.key(order.uid, order.category, order.symbol, side), pos);
    return pos;
  }

  /** Removes an emptied position into the history. */
  end(pos: SimPosition): void {
    this.open.delete(this.key(pos.uid, pos.category, pos.symbol, pos.posSide));
    pos.size = ZERO;
    this.history.push(pos);
  }
}
