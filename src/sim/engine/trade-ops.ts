/**
 * Order operations after placement: modify, cancel, batch place/modify/cancel, cancel by symbol,
 * close positions and cancel-reality-order. Replies are wire objects.
 */
import { SimRejection } from '../contract.js';
import type { EngineCore } from './core.js';
import { cancelOrder, submit } from './matching.js';
import { asBatch, optCategory, optDec, optEnum, optStr, reqCategory, scaleOf, type Params } from './params.js';
import { applyPriceBand, assertStatus, placeOrder } from './place.js';
import { valueAt } from './position-math.js';
import { markOf } from './risk.js';
import { Codes, isFuturesCategory, reject, remainingOf, ZERO, type SimOrder } from './types.js';

/** Batch size limit for place, modify and cancel. */
export const MAX_BATCH = 20;

/**
 * A batch entry reply. `orderId` is null when no order stands behind the entry: a refused entry
 * sent without one, or a one-way reduce-only order that replaced earlier ones (the Place-Batch page
 * returns null there); a refused entry sent with an orderId echoes it.
 */
export interface BatchEntry {
  readonly orderId: string | null;
  readonly clientOid: string;
  readonly code: string;
  readonly msg: string;
}

function ack(o: SimOrder): { orderId: string; clientOid: string } {
  return { orderId: o.orderId, clientOid: o.clientOid };
}

/** Cancels one order by orderId (wins) or clientOid. */
export function cancelOne(core: EngineCore, uid: string, p: Params): { orderId: string; clientOid: string } {
  const orderId = optStr(p, 'orderId');
  const clientOid = optStr(p, 'clientOid');
  if (orderId === undefined && clientOid === undefined) reject(Codes.PARAM_VERIFY, 'Parameter verification failed: orderId or clientOid is required');
  const order = core.orders.requireOpen(uid, orderId, clientOid, 'cancelled');
  const category = optCategory(p);
  if (category !== undefined && category !== order.category) reject(Codes.ORDER_NOT_FOUND, `Order does not exist: ${order.orderId} is a ${order.category} order, not ${category}`);
  assertStatus(core, order.category, order.symbol, 'cancel');
  core.run(() => cancelOrder(core, order, 'user', 'user_cancel'));
  return ack(order);
}

function modifyCore(core: EngineCore, order: SimOrder, p: Params): void {
  if (order.category === 'COIN-FUTURES' || order.inst.isReality)
    reject(Codes.NOT_SUPPORTED, `Modify is not supported for ${order.category === 'COIN-FUTURES' ? 'COIN-FUTURES' : 'Reality'} orders: cancel and place again`);
  if (order.reduceOnly) reject(Codes.NOT_SUPPORTED, 'Reduce-only orders cannot be modified: cancel and place again');
  if (order.orderType === 'market') reject(Codes.NOT_SUPPORTED, 'Market orders cannot be modified');
  const newQty = optDec(p, 'qty');
  const newPrice = optDec(p, 'price');
  const tpslKeys = ['takeProfit', 'stopLoss', 'tpTriggerBy', 'slTriggerBy', 'tpOrderType', 'slOrderType', 'tpLimitPrice', 'slLimitPrice'];
  const tpslSent = tpslKeys.filter((k) => optStr(p, k) !== undefined);
  if (newQty === undefined && newPrice === undefined && tpslSent.length === 0) reject(Codes.PARAM_VERIFY, 'Parameter verification failed: send qty or price (or a TP/SL field) to modify');
  const inst = order.inst;
  if (newPrice !== undefined && (newPrice.lte(0) || scaleOf(newPrice) > inst.pricePrecision)) reject(Codes.PARAM_ERROR, `Parameter price error: a positive price with at most ${inst.pricePrecision} decimals`);
  if (newQty !== undefined && (newQty.lte(0) || scaleOf(newQty) > inst.quantityPrecision)) reject(Codes.PARAM_ERROR, `Parameter qty error: a positive qty with at most ${inst.quantityPrecision} decimals`);
  if (newQty !== undefined && newQty.lt(order.filledQty)) reject(Codes.PARAM_ERROR, `Parameter qty error: ${newQty.toFixed()} is below the filled ${order.filledQty.toFixed()}`);
  assertStatus(core, order.category, order.symbol, order.tradeSide === 'close' ? 'close' : 'open');
  const amend = optEnum(p, 'pxAmendType', ['yes', 'no'] as const) === 'yes';
  const price = newPrice ? applyPriceBand(inst, order.side, newPrice, markOf(core, inst), amend) : order.price ?? ZERO;
  const qty = newQty ?? order.qty;
  const left = qty.minus(order.filledQty);
  if (inst.kind === 'spot') {
    const need = order.side === 'buy' ? left.times(price) : left;
    if (core.accounts.available(order.uid, order.lockCoin).plus(order.locked).lt(need) && order.category !== 'MARGIN')
      reject(Codes.INSUFFICIENT_BALANCE, `Insufficient balance: the modified order needs ${need.toFixed()} ${order.lockCoin}`);
    core.accounts.lock(order.uid, order.lockCoin, need.minus(order.locked));
    order.locked = need;
    core.touchAccount(order.uid);
  } else if (order.tradeSide === 'open') {
    const reserve = valueAt(inst, left, price).div(order.leverage);
    const avail = core.accounts.available(order.uid, inst.marginCoin).plus(order.reservedMargin);
    if (avail.lt(reserve)) reject(Codes.MAX_OPEN, `The order size is greater than the max open size: the modified order needs ${reserve.toFixed(4)} ${inst.marginCoin}`);
    order.reservedMargin = reserve;
  }
  for (const k of tpslKeys) {
    const v = optStr(p, k);
    if (v !== undefined) order.tpsl[k] = v === '0' && (k === 'takeProfit' || k === 'stopLoss') ? '' : v;
  }
  const losesPriority = (order.price !== null && !price.eq(order.price)) || (newQty !== undefined && newQty.gt(order.qty));
  const book = core.books.get(order.category, order.symbol);
  book.remove(order);
  order.price = price;
  order.qty = qty;
  order.updatedTime = core.now();
  if (losesPriority) order.seq = core.orders.newSeq();
  core.touchOrder(order);
  if (remainingOf(order).lte(0)) {
    order.locked = ZERO;
    core.orders.transition(order, 'filled', core.now());
    return;
  }
  submit(core, order);
}

/** Modifies one order; with autoCancel=yes a refused modification cancels the order and the refusal carries requestId. */
export function modifyOne(core: EngineCore, uid: string, p: Params): { orderId: string; clientOid: string } {
  const orderId = optStr(p, 'orderId');
  const clientOid = optStr(p, 'clientOid');
  if (orderId === undefined && clientOid === undefined) reject(Codes.PARAM_VERIFY, 'Parameter verification failed: orderId or clientOid is required');
  const order = core.orders.requireOpen(uid, orderId, clientOid, 'modified');
  const autoCancel = optEnum(p, 'autoCancel', ['yes', 'no'] as const) === 'yes';
  const requestId = optStr(p, 'requestId');
  if (requestId !== undefined && !/^\d{1,18}$/.test(requestId)) reject(Codes.PARAM_ERROR, 'Parameter requestId error: up to 18 digits');
  return core.run(() => {
    try {
      modifyCore(core, order, p);
    } catch (err) {
      if (!(err instanceof SimRejection) || !autoCancel) throw err;
      cancelOrder(core, order, 'user', 'modify_failed_auto_cancel');
      throw new SimRejection(err.code, `${err.message}; the order was cancelled (autoCancel=yes)${requestId !== undefined ? `, requestId ${requestId}` : ''}`);
    }
    return ack(order);
  });
}

function entry(fn: () => { orderId: string | null; clientOid: string }, p: Params): BatchEntry {
  try {
    const r = fn();
    return { ...r, code: '00000', msg: 'success' };
  } catch (err) {
    if (!(err instanceof SimRejection)) throw err;
    return { orderId: optStrSafe(p, 'orderId') ?? null, clientOid: optStrSafe(p, 'clientOid') ?? '', code: err.code, msg: err.message };
  }
}

function optStrSafe(p: Params, key: string): string | undefined {
  const v = p[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function sameCategory(items: readonly Params[]): void {
  const cats = new Set(items.map((i) => String(i['category'] ?? '').toUpperCase()));
  if (cats.size > 1) reject(Codes.PARAM_ERROR, 'Parameter category error: every order of a batch must share one category');
  const first = items[0];
  if (first) reqCategory(first);
}

/** place-batch: up to 20 orders of one category; per-order code/msg. */
export function placeBatch(core: EngineCore, uid: string, params: unknown): BatchEntry[] {
  const items = asBatch(params, MAX_BATCH);
  sameCategory(items);
  return core.run(() => items.map((p) => entry(() => placeOrder(core, uid, p, true), p)));
}

/** batch-modify-order: up to 20 orders of one line, each at most once. */
export function modifyBatch(core: EngineCore, uid: string, params: unknown): BatchEntry[] {
  const items = asBatch(params, MAX_BATCH);
  const seen = new Set<string>();
  for (const p of items) {
    const key = optStrSafe(p, 'orderId') ?? `c:${optStrSafe(p, 'clientOid') ?? ''}`;
    if (seen.has(key)) reject(Codes.PARAM_ERROR, `Parameter error: order ${key.replace(/^c:/, '')} appears more than once in the batch`);
    seen.add(key);
  }
  return core.run(() => items.map((p) => entry(() => modifyOne(core, uid, p), p)));
}

/** cancel-batch: up to 20 orders of one category; per-order code/msg. */
export function cancelBatch(core: EngineCore, uid: string, params: unknown): BatchEntry[] {
  const items = asBatch(params, MAX_BATCH);
  sameCategory(items);
  return core.run(() => items.map((p) => entry(() => cancelOne(core, uid, p), p)));
}

/** cancel-symbol-order: every open order of a category (and symbol). */
export function cancelSymbol(core: EngineCore, uid: string, p: Params): { list: BatchEntry[] } {
  const category = reqCategory(p);
  const symbol = optStr(p, 'symbol');
  const targets = core.orders.openOf(uid).filter((o) => o.category === category && (symbol === undefined || o.symbol === symbol));
  return core.run(() => ({
    list: targets.map((o) =>
      entry(() => {
        assertStatus(core, o.category, o.symbol, 'cancel');
        cancelOrder(core, o, 'user', 'user_cancel');
        return ack(o);
      }, { orderId: o.orderId, clientOid: o.clientOid }),
    ),
  }));
}

/** close-positions: market-closes every matching position (25227 if none). */
export function closePositions(core: EngineCore, uid: string, p: Params): { list: BatchEntry[] } {
  const category = reqCategory(p, 'category', true);
  const symbol = optStr(p, 'symbol');
  const posSide = optEnum(p, 'posSide', ['long', 'short'] as const);
  const targets = core.positions.list(uid, category, symbol).filter((x) => posSide === undefined || x.posSide === posSide);
  if (targets.length === 0) reject(Codes.NO_POSITION, `No position to close in ${category}${symbol ? ` ${symbol}` : ''}${posSide ? ` (${posSide})` : ''}`);
  const hedge = core.accounts.settings(uid).holdMode === 'hedge_mode';
  return core.run(() => {
    const list: BatchEntry[] = [];
    for (const pos of targets) {
      for (const o of core.orders.openOf(uid)) if (o.category === category && o.symbol === pos.symbol && o.tradeSide === 'close' && o.posSide === pos.posSide) cancelOrder(core, o, 'user', 'close_position_cancel');
      const order: Params = { category, symbol: pos.symbol, side: pos.posSide === 'long' ? 'sell' : 'buy', orderType: 'market', qty: pos.size.toFixed(), ...(hedge ? { posSide: pos.posSide } : { reduceOnly: 'yes' }) };
      list.push(entry(() => placeOrder(core, uid, order), order));
    }
    return { list };
  });
}

/** cancel-reality-order: cancel on SPOT/MARGIN; clientOid "" when not sent. */
export function cancelReality(core: EngineCore, uid: string, p: Params): { orderId: string; clientOid: string } {
  const category = optCategory(p) ?? 'SPOT';
  if (isFuturesCategory(category)) reject(Codes.PARAM_ERROR, 'Parameter category error: cancel-reality-order accepts SPOT or MARGIN');
  const r = cancelOne(core, uid, { ...p, category });
  return { orderId: r.orderId, clientOid: optStr(p, 'clientOid') ?? '' };
}
