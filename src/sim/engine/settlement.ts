/**
 * Settles one side of an execution: order fill totals and state, spot balances and locks,
 * futures fees, realised PnL, margin reserve and positions, the fill record and the events.
 */
import { Decimal } from 'decimal.js';
import type { EngineCore } from './core.js';
import { valueAt } from './position-math.js';
import { isSystemUid, remainingOf, ZERO, type SimFill, type SimOrder } from './types.js';

/** Releases what an order still holds (spot lock, futures margin reserve). */
export function releaseHolds(core: EngineCore, order: SimOrder): void {
  if (order.locked.gt(0)) core.accounts.lock(order.uid, order.lockCoin, order.locked.negated());
  order.locked = ZERO;
  order.reservedMargin = ZERO;
}

/**
 * Applies a fill of `qty` at `price` to `order` (as maker or taker) and records it.
 * Returns the fill (also recorded for non-system accounts).
 */
export function settleSide(core: EngineCore, order: SimOrder, qty: Decimal, price: Decimal, scope: 'maker' | 'taker', execLinkId: string): SimFill {
  const now = core.now();
  const inst = order.inst;
  const value = inst.kind === 'spot' ? qty.times(price) : valueAt(inst, qty, price);
  const rate = scope === 'maker' ? inst.makerFeeRate : inst.takerFeeRate;
  const before = remainingOf(order);
  order.filledQty = order.filledQty.plus(qty);
  order.filledValue = order.filledValue.plus(value);
  let fee = ZERO;
  let pnl = ZERO;
  const system = isSystemUid(order.uid);
  if (inst.kind === 'spot') {
    const received = order.side === 'buy' ? qty : value;
    fee = received.times(rate);
    order.feeCoin = order.side === 'buy' ? inst.baseCoin : inst.quoteCoin;
    if (!system) {
      const lockUse = order.side === 'buy' ? (order.quoteQty || order.price === null ? value : qty.times(order.price)) : qty;
      const release = Decimal.min(order.locked, lockUse);
      core.accounts.lock(order.uid, order.lockCoin, release.negated());
      order.locked = order.locked.minus(release);
      const rec = { type: 'trade', category: order.category, symbol: order.symbol, silent: true };
      if (order.side === 'buy') {
        core.accounts.change(order.uid, inst.quoteCoin, value.negated(), rec);
        core.accounts.change(order.uid, inst.baseCoin, qty.minus(fee), { ...rec, fee });
      } else {
        core.accounts.change(order.uid, inst.baseCoin, qty.negated(), rec);
        core.accounts.change(order.uid, inst.quoteCoin, value.minus(fee), { ...rec, fee });
      }
      core.touchAccount(order.uid);
    }
  } else {
    fee = value.times(rate);
    order.feeCoin = inst.marginCoin;
    if (!system) {
      if (order.reservedMargin.gt(0) && before.gt(0)) {
        const part = Decimal.min(order.reservedMargin, order.reservedMargin.times(qty).div(before));
        order.reservedMargin = order.reservedMargin.minus(part);
      }
      const effect = core.positions.applyFill(order, qty, price, fee, now);
      pnl = effect.pnl;
      for (const p of effect.touched) core.touchPosition(p);
      const rec = { type: 'trade', category: order.category, symbol: order.symbol, silent: true };
      core.accounts.change(order.uid, inst.marginCoin, pnl.minus(fee), { ...rec, fee });
      core.touchAccount(order.uid);
    }
  }
  order.fee = order.fee.plus(fee);
  order.pnl = order.pnl.plus(pnl);
  const done = remainingOf(order).lte(0);
  core.orders.transition(order, done ? 'filled' : 'partially_filled', now);
  if (done) releaseHolds(core, order);
  const fill: SimFill = { execId: core.newExecId(), execLinkId, order, price, qty, value, fee, feeCoin: order.feeCoin, pnl, scope, time: now };
  order.lastExecId = fill.execId;
  if (!system) {
    core.orders.fills.push(fill);
    core.touchFill(fill);
    core.touchOrder(order);
  }
  return fill;
}
