/**
 * Matching: an incoming order meets the opposite side of its book in price-time priority.
 * Handles gtc/ioc/fok/post_only, market orders (spot market buys spend a quote amount),
 * self-trade prevention between orders of one account, and reduce-only caps.
 */
import { Decimal } from 'decimal.js';
import type { SimTrade } from '../contract.js';
import type { EngineCore } from './core.js';
import { releaseHolds, settleSide } from './settlement.js';
import { isOpen, remainingOf, type SimOrder } from './types.js';

/** Cancels an open order: leaves the book, releases holds, state cancelled with the reason. */
export function cancelOrder(core: EngineCore, order: SimOrder, source: string, reason: string): void {
  if (!isOpen(order)) return;
  core.books.get(order.category, order.symbol).remove(order);
  releaseHolds(core, order);
  order.cancelSource = source;
  order.cancelReason = reason;
  core.orders.transition(order, 'cancelled', core.now());
  core.touchOrder(order);
  // Releasing a spot lock or a futures margin reserve changes `available`: push the account.
  core.touchAccount(order.uid);
}

function crosses(taker: SimOrder, makerPrice: Decimal | null): boolean {
  if (makerPrice === null) return false;
  if (taker.price === null) return true;
  return taker.side === 'buy' ? makerPrice.lte(taker.price) : makerPrice.gte(taker.price);
}

/** Largest quantity a close order may still fill (its position's size), or null if not a close order. */
function closeCap(core: EngineCore, order: SimOrder): Decimal | null {
  if (order.tradeSide !== 'close' || order.posSide === null) return null;
  const pos = core.positions.get(order.uid, order.category, order.symbol, order.posSide);
  return pos ? pos.size : new Decimal(0);
}

/** Base quantity the taker can still take at `price` (quote-amount orders convert, rounded down). */
function takerQtyAt(order: SimOrder, price: Decimal): Decimal {
  const left = remainingOf(order);
  if (!order.quoteQty) return left;
  return left.div(price).toDecimalPlaces(order.inst.quantityPrecision, Decimal.ROUND_DOWN);
}

/** True if a FOK order could fill completely against the book now. */
function canFillFully(core: EngineCore, order: SimOrder): boolean {
  let need = remainingOf(order);
  for (const maker of core.books.get(order.category, order.symbol).opposite(order.side)) {
    if (!crosses(order, maker.price) || maker.price === null) break;
    const avail = remainingOf(maker);
    need = need.minus(order.quoteQty ? avail.times(maker.price) : avail);
    if (need.lte(0)) return true;
  }
  return need.lte(0);
}

function reportTrade(core: EngineCore, taker: SimOrder, price: Decimal, qty: Decimal, execId: string): void {
  const category = taker.category === 'MARGIN' ? 'SPOT' : taker.category;
  const time = core.now();
  const trade: SimTrade = { category, symbol: taker.symbol, price, size: qty, side: taker.side, time, execId };
  core.market.onTrade(trade);
  core.emit({
    type: 'publicTrade',
    category,
    symbol: taker.symbol,
    trade: { i: execId, L: execId, p: price.toFixed(), v: qty.toFixed(), S: taker.side, T: String(time), isRPI: 'no' },
  });
}

/**
 * Runs an accepted order (state new, holds taken, recorded) through the book: fills, then rests
 * or is cancelled by its time-in-force. Events are collected in the caller's batch.
 */
export function submit(core: EngineCore, order: SimOrder): void {
  const book = core.books.get(order.category, order.symbol);
  const opp = book.opposite(order.side);
  const top = opp[0];
  if (order.timeInForce === 'post_only' && top && crosses(order, top.price)) {
    cancelOrder(core, order, 'system', 'post_only_cancel');
    return;
  }
  if (order.timeInForce === 'fok' && !canFillFully(core, order)) {
    cancelOrder(core, order, 'system', 'fok_not_full_cancel');
    return;
  }
  while (isOpen(order) && remainingOf(order).gt(0)) {
    const maker = opp[0];
    if (!maker || !crosses(order, maker.price) || maker.price === null) break;
    if (maker.uid === order.uid && order.stpMode !== 'none') {
      if (order.stpMode === 'cancel_maker' || order.stpMode === 'cancel_both') cancelOrder(core, maker, 'stp', 'stp_cancel_maker');
      if (order.stpMode === 'cancel_taker' || order.stpMode === 'cancel_both') {
        cancelOrder(core, order, 'stp', 'stp_cancel_taker');
        return;
      }
      continue;
    }
    const price = maker.price;
    let qty = Decimal.min(takerQtyAt(order, price), remainingOf(maker));
    const takerCap = closeCap(core, order);
    if (takerCap !== null) qty = Decimal.min(qty, takerCap);
    const makerCap = closeCap(core, maker);
    if (makerCap !== null && makerCap.lt(qty)) {
      if (makerCap.lte(0)) {
        cancelOrder(core, maker, 'system', 'reduce_only_cancel');
        continue;
      }
      qty = makerCap;
    }
    if (qty.lte(0)) break;
    const execId = core.newExecId();
    settleSide(core, maker, qty, price, 'maker', execId);
    if (isOpen(maker) && makerCap !== null && closeCap(core, maker)?.lte(0)) cancelOrder(core, maker, 'system', 'reduce_only_cancel');
    if (!isOpen(maker)) book.remove(maker);
    settleSide(core, order, qty, price, 'taker', execId);
    reportTrade(core, order, price, qty, execId);
  }
  if (!isOpen(order)) return;
  if (order.quoteQty && order.filledQty.gt(0)) {
    const next = opp[0]?.price ?? null;
    const step = new Decimal(1).div(new Decimal(10).pow(order.inst.quantityPrecision));
    if (next === null || remainingOf(order).lt(step.times(next))) {
      releaseHolds(core, order);
      core.orders.transition(order, 'filled', core.now());
      core.touchOrder(order);
      return;
    }
  }
  const cap = closeCap(core, order);
  if (cap !== null && cap.lte(0)) {
    cancelOrder(core, order, 'system', 'reduce_only_cancel');
    return;
  }
  if (order.orderType === 'market' || order.timeInForce === 'ioc' || order.timeInForce === 'fok') {
    cancelOrder(core, order, 'system', order.orderType === 'market' ? 'market_not_full_cancel' : 'ioc_not_full_cancel');
    return;
  }
  book.add(order);
  core.touchOrder(order);
}
