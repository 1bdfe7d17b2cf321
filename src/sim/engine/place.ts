/**
 * Order placement: validation (instrument, status, precision, minimums, hold-mode mapping,
 * clientOid, open-order limit), balance and margin checks, holds, then matching.
 */
import { Decimal } from 'decimal.js';
import type { SimCategory, SimSide } from '../contract.js';
import type { EngineCore } from './core.js';
import { cancelOrder, submit } from './matching.js';
import { CLIENT_OID_RE, optDec, optEnum, optStr, reqCategory, reqStr, scaleOf, type Params } from './params.js';
import { valueAt } from './position-math.js';
import { newOrderRecord } from './order-record.js';
import { markOf, snapshotOf } from './risk.js';
import { Codes, isFuturesCategory, reject, ZERO, type EngineInstrument, type PosSide, type SimOrder } from './types.js';

/** Acknowledgement of a placement; `orderId` null when a one-way reduce-only order replaced earlier ones. */
export interface PlaceAck {
  readonly orderId: string | null;
  readonly clientOid: string;
}

/** Margin-account borrowing limit: account equity times this, in USD. */
const MARGIN_BORROW_FACTOR = new Decimal(3);

/** Refuses an action the instrument's status or delivery status forbids (40309). */
export function assertStatus(core: EngineCore, category: SimCategory, symbol: string, action: 'open' | 'close' | 'cancel'): void {
  const st = core.market.status(category === 'MARGIN' ? 'SPOT' : category, symbol);
  if (!st) return;
  const refuse = (why: string): never => reject(Codes.SYMBOL_STATUS, `${symbol} ${why}; the ${action} is refused`);
  if (st.deliveryStatus === 'delivery_period') refuse('is delivering (delivery_period: opening, closing and cancelling are forbidden)');
  if (action === 'cancel') return;
  if (st.status === 'offline' || st.status === 'listed') refuse(`is not trading (status ${st.status})`);
  if (st.status === 'restrictedAPI') refuse('restricts API orders (status restrictedAPI)');
  if (action === 'open' && st.status === 'limit_open') refuse('restricts opening (status limit_open)');
  if (action === 'close' && st.status === 'limit_close') refuse('restricts closing (status limit_close)');
  if (action === 'open' && st.deliveryStatus === 'delivery_before') refuse('is in the last minutes before delivery (delivery_before: opening is forbidden)');
}

interface Mapping {
  readonly posSide: PosSide | null;
  readonly sentPosSide: PosSide | null;
  readonly tradeSide: 'open' | 'close' | '';
  readonly reduceOnly: boolean;
}

function mapPosition(core: EngineCore, uid: string, inst: EngineInstrument, side: SimSide, p: Params, batch: boolean): Mapping {
  const posSideSent = optEnum(p, 'posSide', ['long', 'short'] as const);
  const reduceOnly = optEnum(p, 'reduceOnly', ['yes', 'no', 'YES', 'NO'] as const)?.toLowerCase() === 'yes';
  if (!isFuturesCategory(inst.category)) {
    if (posSideSent) reject(Codes.PARAM_ERROR, 'Parameter posSide error: posSide applies to futures only');
    if (reduceOnly) reject(Codes.PARAM_ERROR, 'Parameter reduceOnly error: reduceOnly applies to futures only');
    return { posSide: null, sentPosSide: null, tradeSide: '', reduceOnly: false };
  }
  if (batch && reduceOnly) reject(Codes.PARAM_ERROR, 'Parameter reduceOnly error: batch placement does not support reduce-only orders; place them singly');
  const hedge = core.accounts.settings(uid).holdMode === 'hedge_mode';
  if (hedge) {
    if (!posSideSent) return reject(Codes.POS_SIDE_MODE, 'posSide is required in hedge mode: send long or short');
    if (reduceOnly) reject(Codes.PARAM_ERROR, 'Parameter reduceOnly error: reduceOnly is for one-way mode; in hedge mode close with side and posSide');
    const opening = (side === 'buy') === (posSideSent === 'long');
    return { posSide: posSideSent, sentPosSide: posSideSent, tradeSide: opening ? 'open' : 'close', reduceOnly: false };
  }
  if (posSideSent) reject(Codes.POS_SIDE_MODE, 'posSide must not be sent in one-way mode: leave it out (or switch to hedge mode)');
  if (reduceOnly) return { posSide: side === 'sell' ? 'long' : 'short', sentPosSide: null, tradeSide: 'close', reduceOnly: true };
  return { posSide: side === 'buy' ? 'long' : 'short', sentPosSide: null, tradeSide: 'open', reduceOnly: false };
}

function checkPrecision(inst: EngineInstrument, price: Decimal | null, qty: Decimal, quoteQty: boolean): void {
  if (price && scaleOf(price) > inst.pricePrecision) reject(Codes.PARAM_ERROR, `Parameter price error: ${inst.symbol} prices have at most ${inst.pricePrecision} decimals`);
  const qp = quoteQty ? inst.quotePrecision : inst.quantityPrecision;
  if (scaleOf(qty) > qp) reject(Codes.PARAM_ERROR, `Parameter qty error: ${inst.symbol} ${quoteQty ? 'market-buy amounts' : 'quantities'} have at most ${qp} decimals`);
  if (!quoteQty && inst.minOrderQty.gt(0) && qty.lt(inst.minOrderQty)) reject(Codes.BELOW_MIN_QTY, `qty ${qty.toFixed()} is below the minimum order quantity ${inst.minOrderQty.toFixed()} of ${inst.symbol}`);
}

/**
 * Price band: a buy above mark × (1 + buyLimitPriceRatio) or a sell below mark × (1 − sellLimitPriceRatio)
 * is refused (40020), or with pxAmendType=yes moved to the band's edge. Returns the price to use.
 */
export function applyPriceBand(inst: EngineInstrument, side: SimSide, price: Decimal, mark: Decimal | null, amend: boolean): Decimal {
  if (!mark) return price;
  const one = new Decimal(1);
  if (side === 'buy' && inst.buyLimitPriceRatio.gt(0)) {
    const top = mark.times(one.plus(inst.buyLimitPriceRatio)).toDecimalPlaces(inst.pricePrecision, Decimal.ROUND_DOWN);
    if (price.gt(top)) return amend ? top : reject(Codes.PARAM_ERROR, `Parameter price error: buy price ${price.toFixed()} is above the limit ${top.toFixed()} (mark × (1 + ${inst.buyLimitPriceRatio.toFixed()})); lower it or send pxAmendType=yes`);
  }
  if (side === 'sell' && inst.sellLimitPriceRatio.gt(0)) {
    const floor = mark.times(one.minus(inst.sellLimitPriceRatio)).toDecimalPlaces(inst.pricePrecision, Decimal.ROUND_UP);
    if (price.lt(floor)) return amend ? floor : reject(Codes.PARAM_ERROR, `Parameter price error: sell price ${price.toFixed()} is below the limit ${floor.toFixed()} (mark × (1 − ${inst.sellLimitPriceRatio.toFixed()})); raise it or send pxAmendType=yes`);
  }
  return price;
}

/** Takes the spot/margin lock (25202 if not affordable). */
function takeSpotHold(core: EngineCore, order: SimOrder, refPrice: Decimal | null): void {
  const inst = order.inst;
  const buy = order.side === 'buy';
  const coin = buy ? inst.quoteCoin : inst.baseCoin;
  const need = buy ? (order.quoteQty ? order.qty : order.qty.times(order.price ?? ZERO)) : order.qty;
  const value = order.quoteQty ? order.qty : refPrice ? order.qty.times(refPrice) : null;
  if (value && inst.minOrderAmount.gt(0) && value.lt(inst.minOrderAmount))
    reject(Codes.BELOW_MIN_AMOUNT, `Order value is below the minimum amount ${inst.minOrderAmount.toFixed()} ${inst.quoteCoin} of ${inst.symbol}`);
  let room = core.accounts.available(order.uid, coin);
  if (order.category === 'MARGIN') {
    const px = core.market.priceUsdt(coin);
    const snap = snapshotOf(core, order.uid);
    const debtUsd = snap.coins.reduce((s, c) => s.plus(c.debt.times(core.market.priceUsdt(c.coin))), ZERO);
    if (px.gt(0)) room = room.plus(Decimal.max(ZERO, snap.equityUsd.times(MARGIN_BORROW_FACTOR).minus(debtUsd)).div(px));
  }
  if (room.lt(need)) reject(Codes.INSUFFICIENT_BALANCE, `Insufficient balance: the order needs ${need.toFixed()} ${coin}, ${core.accounts.available(order.uid, coin).toFixed()} available`);
  order.lockCoin = coin;
  order.locked = need;
  core.accounts.lock(order.uid, coin, need);
  core.touchAccount(order.uid);
}

/** Reserves opening margin (25203 when no margin at all, 40762 when the size exceeds it). */
function takeFuturesHold(core: EngineCore, order: SimOrder, refPrice: Decimal): void {
  if (order.tradeSide === 'close') return;
  const inst = order.inst;
  const value = valueAt(inst, order.qty, refPrice);
  if (inst.kind === 'linear' && inst.minOrderAmount.gt(0) && value.lt(inst.minOrderAmount))
    reject(Codes.BELOW_MIN_AMOUNT, `Order value ${value.toFixed(2)} is below the minimum amount ${inst.minOrderAmount.toFixed()} ${inst.quoteCoin} of ${inst.symbol}`);
  const need = value.div(order.leverage).plus(value.times(inst.takerFeeRate));
  const avail = core.accounts.available(order.uid, inst.marginCoin);
  if (avail.lte(0)) reject(Codes.INSUFFICIENT_MARGIN, `Insufficient margin: no ${inst.marginCoin} available for ${inst.symbol}`);
  if (avail.lt(need)) reject(Codes.MAX_OPEN, `The order size is greater than the max open size: needs ${need.toFixed(4)} ${inst.marginCoin} margin, ${avail.toFixed(4)} available`);
  order.reservedMargin = value.div(order.leverage);
  core.touchAccount(order.uid);
}

/** One-way reduce-only rule 4: returns true if earlier reduce-only orders were replaced; caps qty. */
function applyReduceOnlyRule(core: EngineCore, order: SimOrder): boolean {
  if (!order.reduceOnly || order.posSide === null) return false;
  const pos = core.positions.get(order.uid, order.category, order.symbol, order.posSide);
  if (!pos) return reject(Codes.NO_POSITION, `No position to close: there is no ${order.posSide} ${order.symbol} position for this reduce-only order`);
  const earlier = core.orders.openOf(order.uid).filter((o) => o.reduceOnly && o.category === order.category && o.symbol === order.symbol && o.posSide === order.posSide);
  const pending = earlier.reduce((s, o) => s.plus(o.qty.minus(o.filledQty)), ZERO);
  let replaced = false;
  if (earlier.length > 0 && pending.plus(order.qty).gt(pos.size)) {
    for (const o of earlier) cancelOrder(core, o, 'system', 'reduce_only_replaced');
    replaced = true;
  }
  if (order.qty.gt(pos.size)) order.qty = pos.size;
  return replaced;
}

/** Places one order for `uid` (batch: reduce-only and preset TP/SL refused). */
export function placeOrder(core: EngineCore, uid: string, p: Params, batch = false): PlaceAck {
  const category = reqCategory(p);
  const inst = core.instruments.get(category, reqStr(p, 'symbol'));
  const side = optEnum(p, 'side', ['buy', 'sell'] as const) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: side is required (buy or sell)');
  const orderType = optEnum(p, 'orderType', ['limit', 'market'] as const) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: orderType is required (limit or market)');
  const qty = optDec(p, 'qty') ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: qty is required');
  if (qty.lte(0)) reject(Codes.PARAM_ERROR, 'Parameter qty error: qty must be greater than 0');
  let price: Decimal | null = null;
  if (orderType === 'limit') {
    price = optDec(p, 'price') ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: price is required for limit orders');
    if (price.lte(0)) reject(Codes.PARAM_ERROR, 'Parameter price error: price must be greater than 0');
    if (scaleOf(price) <= inst.pricePrecision) price = applyPriceBand(inst, side, price, markOf(core, inst), optEnum(p, 'pxAmendType', ['yes', 'no'] as const) === 'yes');
  }
  const tifSent = optEnum(p, 'timeInForce', ['gtc', 'ioc', 'fok', 'post_only', 'rpi'] as const);
  if (tifSent === 'rpi') reject(Codes.PARAM_ERROR, 'Parameter timeInForce error: rpi needs the RPI market-maker permission, which this account lacks');
  const timeInForce = orderType === 'market' ? 'ioc' : (tifSent ?? 'gtc');
  const stpMode = optEnum(p, 'stpMode', ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'] as const) ?? 'none';
  const marginMode = optEnum(p, 'marginMode', ['crossed', 'isolated'] as const) ?? 'crossed';
  const clientOid = optStr(p, 'clientOid') ?? '';
  if (clientOid !== '' && !CLIENT_OID_RE.test(clientOid)) reject(Codes.PARAM_ERROR, 'Parameter clientOid error: 1 to 32 of letters, digits and . : / _ - # + space');
  const tpsl: Record<string, string> = {};
  for (const k of ['takeProfit', 'stopLoss', 'tpTriggerBy', 'slTriggerBy', 'tpOrderType', 'slOrderType', 'tpLimitPrice', 'slLimitPrice']) {
    const v = optStr(p, k);
    if (v !== undefined) tpsl[k] = v;
  }
  if ((tpsl['takeProfit'] !== undefined || tpsl['stopLoss'] !== undefined) && (batch || category === 'COIN-FUTURES'))
    reject(Codes.PARAM_ERROR, `Preset take-profit/stop-loss is not supported ${batch ? 'in batch placement' : 'on COIN-FUTURES'}`);
  const map = mapPosition(core, uid, inst, side, p, batch);
  assertStatus(core, category, inst.symbol, map.tradeSide === 'close' ? 'close' : 'open');
  const quoteQty = inst.kind === 'spot' && orderType === 'market' && side === 'buy';
  checkPrecision(inst, price, qty, quoteQty);
  core.orders.assertClientOidFree(uid, clientOid);
  core.orders.assertLineRoom({ uid, category });
  const settings = core.accounts.settings(uid);
  const order = newOrderRecord(core, {
    clientOid,
    uid,
    inst,
    side,
    orderType,
    timeInForce,
    price,
    qty,
    quoteQty,
    posSide: map.posSide,
    sentPosSide: map.sentPosSide,
    holdMode: settings.holdMode,
    tradeSide: map.tradeSide,
    reduceOnly: map.reduceOnly,
    stpMode,
    marginMode,
    leverage: isFuturesCategory(category) ? core.accounts.leverageOf(uid, category, inst.symbol) : settings.coinLeverage.get(inst.quoteCoin) ?? 3,
    tpsl,
  });
  return core.run(() => {
    const refPrice = price ?? markOf(core, inst) ?? core.books.get(category, inst.symbol).best(side === 'buy' ? 'sell' : 'buy');
    let replaced = false;
    if (isFuturesCategory(category)) {
      if (map.tradeSide === 'close' && !map.reduceOnly && map.posSide) {
        const pos = core.positions.get(uid, category, inst.symbol, map.posSide);
        if (!pos) reject(Codes.NO_POSITION, `No position to close: there is no ${map.posSide} ${inst.symbol} position`);
        const free = pos.size.minus(core.orders.frozenFor(uid, category, inst.symbol, map.posSide));
        if (qty.gt(free)) reject(Codes.POSITION_NOT_ENOUGH, `Not enough position is available: ${free.toFixed()} of ${inst.symbol} ${map.posSide} can be closed`);
      }
      replaced = applyReduceOnlyRule(core, order);
      if (!refPrice) return reject(Codes.MAX_OPEN, `No price for ${inst.symbol} yet: place a limit order`);
      takeFuturesHold(core, order, refPrice);
    } else takeSpotHold(core, order, refPrice);
    core.orders.add(order);
    core.touchOrder(order);
    submit(core, order);
    return { orderId: replaced ? null : order.orderId, clientOid };
  });
}

