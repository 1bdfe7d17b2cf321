import type { Decimal } from 'decimal.js';
import { canClose, canOpen, categoryCapabilities, checkOrder, checkPrice, checkQuantity } from '../domain/instrument-rules.js';
import type { Category, MarginMode, Order, OrderType, PosSide, Side, StpMode, TimeInForce } from '../domain/model.js';
import { isFutures } from '../domain/model.js';
import { parseDecimal } from '../domain/money.js';
import type { PlaceOrderParams } from '../exchange/wire/params.js';
import type { AppState } from '../store/app-state.js';
import { symbolKey } from '../store/slices/market-slice.js';

/**
 * Order requests before they are sent: the request shape, its label, the key of the repeat guard,
 * the place-order body, and the local checks (instrument status and order rules) that refuse an
 * order with a specific reason before anything goes out.
 */

/** An order as the form (or a close action) asks for it. Prices and quantities are wire strings. */
export interface OrderRequest {
  readonly category: Category;
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  /** Limit price; required for limit orders, ignored for market orders. */
  readonly price?: string;
  /** Quantity in the instrument's quantity unit (see `quantityUnit`). */
  readonly qty: string;
  /** Default: the exchange's (gtc for limit). Not sent for market orders. */
  readonly timeInForce?: TimeInForce;
  /** Hedge mode only. */
  readonly posSide?: PosSide;
  /** One-way futures closes only (sent as `yes`). Default false. */
  readonly reduceOnly?: boolean;
  /** Futures only; default the exchange's (crossed). */
  readonly marginMode?: MarginMode;
  /** Price for a market order's minimum-value check; default the ticker's last price in the store. Never sent. */
  readonly referencePrice?: Decimal;
  /** Preset take-profit trigger price (not for coin-margined futures). */
  readonly takeProfit?: string;
  /** Preset stop-loss trigger price (not for coin-margined futures). */
  readonly stopLoss?: string;
  /** What triggers the take-profit: last trade (`market`, the exchange's default) or mark price; futures only. */
  readonly tpTriggerBy?: 'market' | 'mark';
  /** What triggers the stop-loss; futures only. */
  readonly slTriggerBy?: 'market' | 'mark';
  /** Take-profit order type (Reality pairs: market only). */
  readonly tpOrderType?: OrderType;
  /** Stop-loss order type (Reality pairs: market only). */
  readonly slOrderType?: OrderType;
  /** Take-profit limit price; sent only with `tpOrderType` limit. */
  readonly tpLimitPrice?: string;
  /** Stop-loss limit price; sent only with `slOrderType` limit. */
  readonly slLimitPrice?: string;
  /** Self-trade prevention; default the exchange's (none). */
  readonly stpMode?: StpMode;
  /** Spot only: borrow the consumed coin's shortfall; default no. */
  readonly autoBorrow?: 'yes' | 'no';
  /** Limit orders only: `yes` moves an out-of-range price to the best allowed one; default no (rejected). */
  readonly pxAmendType?: 'yes' | 'no';
  /** Reality pairs only: where it executes; default the exchange's (lit_market). */
  readonly venue?: 'internalization' | 'lit_market';
  /** Reality pairs only: gtd (the exchange's default, this session) or gtc (90 days). */
  readonly rTokenTimeInForce?: 'gtd' | 'gtc';
}

/** A price and/or quantity change of an open order (wire strings). */
export interface OrderChange {
  readonly price?: string;
  readonly qty?: string;
}

/** Human label: "buy 0.01 BTCUSDT @ 97000", "sell 1 ETHUSDT @ market (reduce-only)". */
export function orderLabel(r: Pick<OrderRequest, 'side' | 'qty' | 'symbol' | 'orderType' | 'price' | 'posSide' | 'reduceOnly'>): string {
  const at = r.orderType === 'market' ? 'market' : (r.price ?? '?');
  const tags = [r.posSide ?? '', r.reduceOnly ? 'reduce-only' : ''].filter((t) => t !== '');
  return `${r.side} ${r.qty} ${r.symbol} @ ${at}${tags.length > 0 ? ` (${tags.join(', ')})` : ''}`;
}

/** Label of an existing order ("buy 0.01 BTCUSDT @ 90000 order 123"). */
export function existingOrderLabel(o: Order): string {
  const base = orderLabel({ side: o.side, qty: o.qty.toFixed(), symbol: o.symbol, orderType: o.orderType, ...(o.price ? { price: o.price.toFixed() } : {}), ...(o.posSide ? { posSide: o.posSide } : {}), reduceOnly: o.reduceOnly });
  return `${base} order ${o.orderId}`;
}

/** Text that identifies "the same order" for the repeat guard. */
export function requestKey(r: OrderRequest): string {
  return [r.category, r.symbol, r.side, r.orderType, r.orderType === 'limit' ? (r.price ?? '') : '', r.qty, r.posSide ?? '', r.reduceOnly ? 'ro' : '', r.timeInForce ?? '', r.takeProfit ?? '', r.stopLoss ?? ''].join('|');
}

/** The place-order body of a request. */
export function placeParams(r: OrderRequest, clientOid: string): PlaceOrderParams {
  return {
    category: r.category,
    symbol: r.symbol,
    qty: r.qty,
    side: r.side,
    orderType: r.orderType,
    clientOid,
    ...(r.orderType === 'limit' && r.price !== undefined ? { price: r.price } : {}),
    ...(r.orderType === 'limit' && r.timeInForce ? { timeInForce: r.timeInForce } : {}),
    ...(r.posSide ? { posSide: r.posSide } : {}),
    ...(r.reduceOnly ? { reduceOnly: 'yes' as const } : {}),
    ...(r.marginMode && isFutures(r.category) ? { marginMode: r.marginMode } : {}),
    ...presetParams(r),
    ...(r.stpMode ? { stpMode: r.stpMode } : {}),
    ...(r.autoBorrow && r.category === 'SPOT' ? { autoBorrow: r.autoBorrow } : {}),
    ...(r.pxAmendType && r.orderType === 'limit' ? { pxAmendType: r.pxAmendType } : {}),
    ...(r.venue ? { venue: r.venue } : {}),
    ...(r.rTokenTimeInForce ? { rTokenTimeInForce: r.rTokenTimeInForce } : {}),
  };
}

/**
 * The preset TP/SL part of a place-order body: trigger prices, trigger-by (futures lines only),
 * order types, and limit prices only with a limit TP/SL order type. Nothing for coin-margined futures.
 */
function presetParams(r: OrderRequest): Partial<PlaceOrderParams> {
  if (r.category === 'COIN-FUTURES') return {};
  const futures = isFutures(r.category);
  return {
    ...(r.takeProfit ? { takeProfit: r.takeProfit } : {}),
    ...(r.stopLoss ? { stopLoss: r.stopLoss } : {}),
    ...(r.tpTriggerBy && futures ? { tpTriggerBy: r.tpTriggerBy } : {}),
    ...(r.slTriggerBy && futures ? { slTriggerBy: r.slTriggerBy } : {}),
    ...(r.tpOrderType ? { tpOrderType: r.tpOrderType } : {}),
    ...(r.slOrderType ? { slOrderType: r.slOrderType } : {}),
    ...(r.tpLimitPrice && r.tpOrderType === 'limit' ? { tpLimitPrice: r.tpLimitPrice } : {}),
    ...(r.slLimitPrice && r.slOrderType === 'limit' ? { slLimitPrice: r.slLimitPrice } : {}),
  };
}

/** True when the request reduces a position (reduce-only, a hedge close, or a spot/margin sell). */
export function isClosing(r: OrderRequest): boolean {
  if (r.reduceOnly === true) return true;
  if (r.posSide !== undefined) return (r.posSide === 'long') !== (r.side === 'buy');
  return !isFutures(r.category) && r.side === 'sell';
}

/**
 * Why this request cannot be sent, or null. Always: a positive quantity, a price on limit orders.
 * With the instrument in the store: its trading/delivery status, and (when `checkRules`) the
 * order rules. A market order without a reference price skips the minimum-value check (the
 * exchange checks it).
 */
export function placeProblem(state: AppState, r: OrderRequest, checkRules: boolean): string | null {
  const qty = parseDecimal(r.qty);
  if (qty === null || qty.lte(0)) return `quantity "${r.qty}" must be a positive plain decimal number`;
  if (r.orderType === 'limit' && (r.price === undefined || r.price === '')) return 'a limit order needs a price';
  const key = symbolKey(r);
  const inst = state.market.instruments[key];
  if (!inst) return null;
  const delivery = state.market.delivery[key] ?? null;
  const status = isClosing(r) ? canClose(inst, delivery) : canOpen(inst, delivery);
  if (status) return status;
  if (!checkRules) return null;
  const referencePrice = r.referencePrice ?? state.market.tickers[key]?.lastPrice ?? null;
  const problems = checkOrder(inst, { side: r.side, orderType: r.orderType, qty: r.qty, referencePrice, ...(r.price === undefined ? {} : { price: r.price }) }).filter((p) => p.code !== 'NO_REFERENCE_PRICE');
  return problems.length > 0 ? problems.map((p) => p.message).join('; ') : null;
}

/** Why this modify cannot be sent, or null (in-flight state is checked by the caller). */
export function modifyProblem(state: AppState, order: Order, change: OrderChange): string | null {
  if (change.price === undefined && change.qty === undefined) return `nothing to modify on order ${order.orderId}: give a new price or quantity`;
  const inst = state.market.instruments[symbolKey(order)];
  const caps = categoryCapabilities(order.category, inst?.isReality ?? false);
  if (!caps.modify) return `order ${order.orderId} cannot be modified: ${caps.reason ?? 'not supported'}`;
  if (order.reduceOnly) return `order ${order.orderId} is reduce-only and cannot be modified: cancel and place it again`;
  if (order.orderType === 'market') return `order ${order.orderId} is a market order and cannot be modified`;
  if (!inst) return null;
  const price = change.price === undefined ? order.price : parseDecimal(change.price);
  const problems = [
    ...(change.price === undefined ? [] : checkPrice(inst, change.price)),
    ...(change.qty === undefined ? [] : checkQuantity(inst, change.qty, { side: order.side, orderType: 'limit', price })),
  ];
  return problems.length > 0 ? `cannot modify order ${order.orderId}: ${problems.map((p) => p.message).join('; ')}` : null;
}
