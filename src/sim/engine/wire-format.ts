/**
 * Wire records of orders, fills and positions, in the websocket field names (protocol-notes
 * §7.2–7.4, lower-case category) and the REST ones (§8.1–8.3, upper-case category, YES/NO).
 */
import { Decimal } from 'decimal.js';
import type { SimPosition } from './positions.js';
import type { PositionView, SimFill, SimOrder } from './types.js';

function fixed(d: Decimal, places: number): string {
  return d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed();
}

/** Plain decimal string (no exponent, trailing zeros trimmed). */
export function str(d: Decimal): string {
  return d.toDecimalPlaces(12, Decimal.ROUND_HALF_UP).toFixed();
}

function avgPriceOf(o: SimOrder): string {
  if (o.filledQty.isZero()) return '0';
  const avg = o.inst.kind === 'inverse' ? o.filledQty.div(o.filledValue) : o.filledValue.div(o.filledQty);
  return fixed(avg, o.inst.pricePrecision + 2);
}

function holdSideOf(o: SimOrder): string {
  return o.posSide ?? '';
}

function tradeSideOf(o: SimOrder): string {
  if (o.tradeSide === '') return '';
  if (o.holdMode === 'one_way_mode') return `${o.side}_single`;
  return o.tradeSide;
}

/** `feeDetail` of a fill or order: a fee charged prints positive, a rebate negative (the official fills and order examples, and a live fills sample, print a taker fee positive). */
function feeDetail(coin: string, fee: Decimal): { feeCoin: string; fee: string }[] {
  return fee.isZero() ? [] : [{ feeCoin: coin, fee: str(fee) }];
}

/** Order quantity fields: `qty` (instrument unit) and `amount` (quote for spot market buys). */
function qtyFields(o: SimOrder): { qty: string; amount: string } {
  if (o.quoteQty) return { qty: '', amount: str(o.qty) };
  return { qty: str(o.qty), amount: o.price && o.inst.kind === 'spot' ? str(o.qty.times(o.price)) : '' };
}

/**
 * Preset TP/SL fields of an order ("" when unset). The websocket spells the two prices
 * `takeprofit`/`stoploss`, REST `takeProfit`/`stopLoss`; the other six keys are the same.
 */
function tpslFields(o: SimOrder, casing: 'ws' | 'rest'): Record<string, string> {
  const t = o.tpsl;
  const tp = t['takeProfit'] ?? '';
  const sl = t['stopLoss'] ?? '';
  return {
    ...(casing === 'ws' ? { takeprofit: tp, stoploss: sl } : { takeProfit: tp, stopLoss: sl }),
    tpTriggerBy: t['tpTriggerBy'] ?? '',
    slTriggerBy: t['slTriggerBy'] ?? '',
    tpOrderType: t['tpOrderType'] ?? '',
    slOrderType: t['slOrderType'] ?? '',
    tpLimitPrice: t['tpLimitPrice'] ?? '',
    slLimitPrice: t['slLimitPrice'] ?? '',
  };
}

/** The `order` topic item (§7.3). */
export function orderItem(o: SimOrder): Record<string, unknown> {
  return {
    category: o.category.toLowerCase(),
    symbol: o.symbol,
    orderId: o.orderId,
    clientOid: o.clientOid,
    price: o.price ? str(o.price) : '',
    ...qtyFields(o),
    holdMode: o.inst.kind === 'spot' ? '' : o.holdMode,
    holdSide: holdSideOf(o),
    tradeSide: tradeSideOf(o),
    delegateType: o.execType,
    orderType: o.orderType,
    timeInForce: o.orderType === 'market' ? 'ioc' : o.timeInForce,
    side: o.side,
    marginMode: o.inst.kind === 'spot' ? '' : o.marginMode,
    marginCoin: o.inst.kind === 'spot' ? '' : o.inst.marginCoin,
    reduceOnly: o.reduceOnly ? 'yes' : 'no',
    cumExecQty: str(o.filledQty),
    cumExecValue: str(o.filledValue),
    avgPrice: avgPriceOf(o),
    totalProfit: str(o.pnl),
    orderStatus: o.state,
    cancelReason: o.cancelReason,
    cancelSource: o.cancelSource,
    tradeId: o.lastExecId,
    leverage: o.inst.kind === 'spot' ? '' : String(o.leverage),
    feeDetail: feeDetail(o.feeCoin, o.fee),
    stpMode: o.stpMode,
    ...tpslFields(o, 'ws'),
    createdTime: String(o.createdTime),
    updatedTime: String(o.updatedTime),
  };
}

/**
 * The REST order object (§8.1): order-info and history-orders (`scope` "any"), unfilled-orders
 * (`scope` "open": without cancelReason and execType, which only the other two carry).
 */
export function orderRest(o: SimOrder, scope: 'any' | 'open' = 'any'): Record<string, unknown> {
  return {
    orderId: o.orderId,
    clientOid: o.clientOid,
    category: o.category,
    symbol: o.symbol,
    orderType: o.orderType,
    side: o.side,
    price: o.price ? str(o.price) : '',
    ...qtyFields(o),
    timeInForce: o.orderType === 'market' ? 'ioc' : o.timeInForce,
    cumExecQty: str(o.filledQty),
    cumExecValue: str(o.filledValue),
    avgPrice: avgPriceOf(o),
    orderStatus: o.state,
    posSide: o.posSide ?? '',
    holdMode: o.inst.kind === 'spot' ? '' : o.holdMode,
    tradeSide: tradeSideOf(o),
    delegateType: o.execType,
    reduceOnly: o.reduceOnly ? 'YES' : 'NO',
    marginMode: o.inst.kind === 'spot' ? '' : o.marginMode,
    feeDetail: o.fee.isZero() ? [{ feeCoin: null, fee: null }] : feeDetail(o.feeCoin, o.fee),
    stpMode: o.stpMode,
    ...(scope === 'open' ? {} : { cancelReason: o.cancelReason, execType: o.execType }),
    ...tpslFields(o, 'rest'),
    createdTime: String(o.createdTime),
    updatedTime: String(o.updatedTime),
  };
}

function fillCommon(f: SimFill): Record<string, unknown> {
  const o = f.order;
  return {
    orderId: o.orderId,
    clientOid: o.clientOid,
    execId: f.execId,
    execLinkId: f.execLinkId,
    symbol: o.symbol,
    orderType: o.orderType,
    side: o.side,
    execPrice: str(f.price),
    execQty: str(f.qty),
    execValue: str(f.value),
    execPnl: str(f.pnl),
    tradeScope: f.scope,
    tradeSide: tradeSideOf(o),
    feeDetail: feeDetail(f.feeCoin, f.fee),
    isRPI: 'no',
  };
}

/** The `fill` topic item (§7.4). */
export function fillItem(f: SimFill): Record<string, unknown> {
  return { category: f.order.category.toLowerCase(), holdSide: holdSideOf(f.order), ...fillCommon(f), execTime: String(f.time), updatedTime: String(f.time) };
}

/** The REST fill (§8.2). */
export function fillRest(f: SimFill): Record<string, unknown> {
  return { category: f.order.category, ...fillCommon(f), createdTime: String(f.time), updatedTime: String(f.time) };
}

function profitRate(p: SimPosition, upnl: string): string {
  if (p.margin.isZero()) return '0';
  return fixed(new Decimal(upnl).div(p.margin), 4);
}

/** The `position` topic item (§7.2); ended positions carry zero sizes. */
export function positionItem(p: SimPosition, v: PositionView, now: number): Record<string, unknown> {
  const ended = p.size.isZero();
  return {
    symbol: p.symbol,
    marginCoin: p.inst.marginCoin,
    marginSize: ended ? '0' : str(p.margin),
    marginMode: p.marginMode,
    posSide: p.posSide,
    holdMode: p.holdMode,
    positionStatus: ended ? 'ended' : 'opening',
    size: str(p.size),
    available: ended ? '0' : str(p.size.minus(v.frozen)),
    frozen: ended ? '0' : v.frozen,
    avgPrice: ended ? '' : str(p.avgPrice),
    leverage: String(p.leverage),
    curRealisedPnl: str(p.realisedPnl),
    unrealisedPnl: ended ? '' : v.unrealisedPnl,
    liqPrice: ended ? '' : v.liqPrice,
    mmr: ended ? '' : v.mmr,
    markPrice: v.markPrice,
    breakEvenPrice: ended ? '' : v.breakEvenPrice,
    profitRate: ended ? '' : profitRate(p, v.unrealisedPnl),
    openFeeTotal: str(p.openFeeTotal),
    closeFeeTotal: str(p.closeFeeTotal),
    totalFundingFee: p.totalFunding.isZero() ? '' : str(p.totalFunding),
    cashDividend: '0',
    createdTime: String(p.createdTime),
    updatedTime: String(Math.max(p.updatedTime, ended ? now : 0)),
  };
}

/** The REST current-position row (§8.3). */
export function positionRest(p: SimPosition, v: PositionView): Record<string, unknown> {
  return {
    category: p.category,
    symbol: p.symbol,
    marginCoin: p.inst.marginCoin,
    holdMode: p.holdMode,
    posSide: p.posSide,
    marginMode: p.marginMode,
    positionBalance: str(p.margin),
    available: str(p.size.minus(v.frozen)),
    frozen: v.frozen,
    total: str(p.size),
    leverage: String(p.leverage),
    curRealisedPnl: str(p.realisedPnl),
    avgPrice: str(p.avgPrice),
    positionStatus: 'normal',
    unrealisedPnl: v.unrealisedPnl,
    liquidationPrice: v.liqPrice,
    mmr: v.mmr,
    profitRate: profitRate(p, v.unrealisedPnl),
    markPrice: v.markPrice,
    breakEvenPrice: v.breakEvenPrice,
    totalFunding: p.totalFunding.isZero() ? '' : str(p.totalFunding),
    openFeeTotal: str(p.openFeeTotal),
    closeFeeTotal: str(p.closeFeeTotal),
    createdTime: String(p.createdTime),
    updatedTime: String(p.updatedTime),
  };
}

/** The legacy v2 all-position row (spec "Current position"). */
export function positionLegacy(p: SimPosition, v: PositionView, marginRatio: string): Record<string, unknown> {
  return {
    symbol: p.symbol,
    marginCoin: p.inst.marginCoin,
    holdSide: p.posSide,
    openDelegateSize: '0',
    marginSize: str(p.margin),
    available: str(p.size.minus(v.frozen)),
    locked: v.frozen,
    total: str(p.size),
    leverage: String(p.leverage),
    achievedProfits: str(p.realisedPnl),
    openPriceAvg: str(p.avgPrice),
    marginMode: p.marginMode,
    posMode: p.holdMode,
    unrealizedPL: v.unrealisedPnl,
    liquidationPrice: v.liqPrice,
    keepMarginRate: '',
    markPrice: v.markPrice,
    marginRatio,
    breakEvenPrice: v.breakEvenPrice,
    totalFee: p.totalFunding.isZero() ? '' : str(p.totalFunding),
    deductedFee: str(p.openFeeTotal.plus(p.closeFeeTotal).negated()),
    cashDividend: '0',
    grant: '',
    assetMode: 'union',
    autoMargin: 'off',
    takeProfit: p.takeProfit,
    stopLoss: p.stopLoss,
    takeProfitId: '',
    stopLossId: '',
    cTime: String(p.createdTime),
    uTime: String(p.updatedTime),
  };
}

/** The history-position row (spec "Historical position"). */
export function positionHistory(p: SimPosition): Record<string, unknown> {
  const net = p.realisedPnl.plus(p.openFeeTotal).plus(p.closeFeeTotal).plus(p.totalFunding);
  return {
    positionId: p.positionId,
    category: p.category,
    symbol: p.symbol,
    marginCoin: p.inst.marginCoin,
    holdMode: p.holdMode,
    posSide: p.posSide,
    marginMode: p.marginMode,
    openPriceAvg: str(p.avgPrice),
    closePriceAvg: str(p.closeAvg),
    openTotalPos: str(p.openTotal),
    closeTotalPos: str(p.closeTotal),
    cumRealisedPnl: str(p.realisedPnl),
    netProfit: str(net),
    totalFunding: p.totalFunding.isZero() ? '' : str(p.totalFunding),
    openFeeTotal: str(p.openFeeTotal),
    closeFeeTotal: str(p.closeFeeTotal),
    cashDividend: '0',
    createdTime: String(p.createdTime),
    updatedTime: String(p.updatedTime),
  };
}
