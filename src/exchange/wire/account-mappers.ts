import type { Decimal } from 'decimal.js';
import type { AccountFigures, AccountSummary, AccountUpdate, Category, CoinAsset, Fill, HoldMode, Loan, MarginMode, Order, OrderStatus, OrderType, PosSide, Position, TimeInForce } from '../../domain/model.js';
import { wireBool, wireCategory, wireDecimal, wireDecimalOrNull, wireInt, wireList, wireString, type WireRecord } from './wire-values.js';

/**
 * Private records → domain. REST (protocol-notes §8) and websocket (§7) spell several fields
 * differently; each mapper reads both spellings so one domain shape comes out.
 */

const ORDER_STATUS: Readonly<Record<string, OrderStatus>> = {
  live: 'live', new: 'new', partially_filled: 'partially_filled', filled: 'filled', cancelled: 'cancelled', canceled: 'cancelled',
};
const TIF: readonly TimeInForce[] = ['gtc', 'ioc', 'fok', 'post_only', 'rpi'];

function posSideOf(value: unknown): PosSide | null {
  const s = wireString(value).toLowerCase();
  return s === 'long' || s === 'short' ? s : null;
}

/** An order record: REST order-info / unfilled / history item, or an `order` push item. */
export function orderFromWire(r: WireRecord, fallbackCategory?: Category): Order | null {
  const orderId = wireString(r.orderId);
  const category = wireCategory(r.category) ?? fallbackCategory ?? null;
  const status = ORDER_STATUS[wireString(r.orderStatus ?? r.state ?? r.status).toLowerCase()];
  if (!orderId || !category || !status) return null;
  const tif = wireString(r.timeInForce).toLowerCase();
  const orderType: OrderType = wireString(r.orderType).toLowerCase() === 'market' ? 'market' : 'limit';
  const price = wireDecimalOrNull(r.price);
  return {
    orderId,
    clientOid: wireString(r.clientOid),
    category,
    symbol: wireString(r.symbol),
    side: wireString(r.side).toLowerCase() === 'sell' ? 'sell' : 'buy',
    orderType,
    price: orderType === 'market' || (price && price.isZero()) ? null : price,
    qty: wireDecimal(r.qty),
    cumExecQty: wireDecimal(r.cumExecQty),
    avgPrice: wireDecimal(r.avgPrice),
    status,
    timeInForce: (TIF as readonly string[]).includes(tif) ? (tif as TimeInForce) : 'gtc',
    posSide: posSideOf(r.posSide ?? r.holdSide),
    reduceOnly: wireBool(r.reduceOnly),
    cancelReason: wireString(r.cancelReason ?? r.cancelSource),
    createdTime: wireInt(r.createdTime),
    updatedTime: wireInt(r.updatedTime) || wireInt(r.createdTime),
  };
}

/** A fill: REST fills item or a `fill` push item; `execPnl` (absent or empty: null) is its realized PnL. */
export function fillFromWire(r: WireRecord, fallbackCategory?: Category): Fill | null {
  const execId = wireString(r.execId);
  const category = wireCategory(r.category) ?? fallbackCategory ?? null;
  if (!execId || !category) return null;
  const fees = wireList(r.feeDetail);
  const fee = fees.reduce((sum, f) => sum.plus(wireDecimal(f.fee)), wireDecimal(undefined));
  return {
    execId,
    orderId: wireString(r.orderId),
    clientOid: wireString(r.clientOid),
    category,
    symbol: wireString(r.symbol),
    side: wireString(r.side).toLowerCase() === 'sell' ? 'sell' : 'buy',
    price: wireDecimal(r.execPrice),
    qty: wireDecimal(r.execQty),
    fee,
    feeCoin: wireString(fees[0]?.feeCoin),
    scope: wireString(r.tradeScope).toLowerCase() === 'maker' ? 'maker' : 'taker',
    // The same name on the REST fills page and the fill topic (protocol-notes §7.4, §8.2).
    pnl: wireDecimalOrNull(r.execPnl),
    time: wireInt(r.execTime) || wireInt(r.createdTime) || wireInt(r.updatedTime),
  };
}

/** True when a `position` push item reports the position closed. */
export function isEndedPosition(r: WireRecord): boolean {
  return wireString(r.positionStatus).toLowerCase() === 'ended';
}

/** A position: REST current-position item or a `position` push item (which may lack a category). */
export function positionFromWire(r: WireRecord, fallbackCategory?: Category): Position | null {
  const symbol = wireString(r.symbol);
  const posSide = posSideOf(r.posSide ?? r.holdSide);
  const category = wireCategory(r.category) ?? fallbackCategory ?? null;
  if (!symbol || !posSide || !category) return null;
  const available = wireDecimal(r.available);
  const size = wireDecimalOrNull(r.size) ?? wireDecimalOrNull(r.total) ?? available.plus(wireDecimal(r.frozen));
  const holdMode: HoldMode = wireString(r.holdMode) === 'hedge_mode' ? 'hedge_mode' : 'one_way_mode';
  const marginMode: MarginMode = wireString(r.marginMode) === 'isolated' ? 'isolated' : 'crossed';
  return {
    category,
    symbol,
    posSide,
    holdMode,
    marginMode,
    marginCoin: wireString(r.marginCoin),
    size,
    available,
    avgPrice: wireDecimal(r.avgPrice ?? r.openPriceAvg),
    markPrice: wireDecimal(r.markPrice),
    unrealisedPnl: wireDecimal(r.unrealisedPnl ?? r.unrealizedPL),
    leverage: wireDecimal(r.leverage),
    liqPrice: wireDecimal(r.liqPrice ?? r.liquidationPrice),
    margin: wireDecimal(r.marginSize ?? r.positionBalance),
    takeProfit: wireDecimalOrNull(r.takeProfit ?? r.takeprofit),
    stopLoss: wireDecimalOrNull(r.stopLoss ?? r.stoploss),
    updatedTime: wireInt(r.updatedTime),
  };
}

function assetFromWire(r: WireRecord): CoinAsset {
  return {
    coin: wireString(r.coin),
    equity: wireDecimal(r.equity),
    balance: wireDecimal(r.balance),
    available: wireDecimal(r.available),
    locked: wireDecimal(r.locked),
    debt: wireDecimal(r.debt ?? r.debts),
    usdValue: wireDecimal(r.usdValue),
  };
}

/** Account figures: REST `account/assets` data or the `account` push item. */
export function accountFromWire(r: WireRecord, now: number): AccountSummary {
  return {
    equity: wireDecimal(r.accountEquity ?? r.totalEquity),
    effEquity: wireDecimal(r.effEquity),
    imr: wireDecimal(r.imr),
    mmr: wireDecimal(r.mmr),
    mgnRatio: wireDecimal(r.mgnRatio),
    unrealisedPnl: wireDecimal(r.unrealisedPnl ?? r.unrealisedPnL),
    assets: wireList(r.assets ?? r.coin).map(assetFromWire).filter((a) => a.coin !== ''),
    updatedTime: wireInt(r.updatedTime) || now,
  };
}

/**
 * An `account` push item with action `update` (official Account-Channel page: incremental data):
 * only the account-level figures it carries, and the coins it carries (`coin`, or `assets`).
 */
export function accountUpdateFromWire(r: WireRecord, now: number): AccountUpdate {
  const wire: Record<keyof AccountFigures, unknown> = {
    equity: r.accountEquity ?? r.totalEquity,
    effEquity: r.effEquity,
    imr: r.imr,
    mmr: r.mmr,
    mgnRatio: r.mgnRatio,
    unrealisedPnl: r.unrealisedPnl ?? r.unrealisedPnL,
  };
  const figures: Partial<Record<keyof AccountFigures, Decimal>> = {};
  for (const key of Object.keys(wire) as (keyof AccountFigures)[]) {
    const value = wireDecimalOrNull(wire[key]);
    if (value !== null) figures[key] = value;
  }
  return {
    figures,
    assets: wireList(r.assets ?? r.coin).map(assetFromWire).filter((a) => a.coin !== ''),
    updatedTime: wireInt(r.updatedTime) || now,
  };
}

/**
 * Collateral ratios of an ongoing loan as fractions (0.7797). The official Get-Borrow-Ongoing page's
 * example prints them in percent (pledgeRate "77.97", supRate "85", forceRate "91") while Get Loan
 * Coins prints fractions (0.65, 0.75, 0.91), and the page's table says neither. A liquidation ratio
 * above 1 can only be a percent (a fraction above 1 is a loan worth more than its collateral), so
 * such a record is read as percent; either way the domain holds fractions.
 */
function loanRatios(r: WireRecord): Pick<Loan, 'pledgeRate' | 'supRate' | 'forceRate'> {
  const force = wireDecimal(r.forceRate);
  const scale = force.gt(1) ? 100 : 1;
  return { pledgeRate: wireDecimal(r.pledgeRate).div(scale), supRate: wireDecimal(r.supRate).div(scale), forceRate: force.div(scale) };
}

/** An ongoing borrow order; ratios as fractions (see `loanRatios`). */
export function loanFromWire(r: WireRecord): Loan | null {
  const orderId = wireString(r.orderId);
  if (!orderId) return null;
  return {
    orderId,
    loanCoin: wireString(r.loanCoin),
    loanAmount: wireDecimal(r.loanAmount),
    interestAmount: wireDecimal(r.interestAmount),
    hourInterestRate: wireDecimal(r.hourInterestRate),
    pledgeCoin: wireString(r.pledgeCoin),
    pledgeAmount: wireDecimal(r.pledgeAmount),
    ...loanRatios(r),
    borrowTime: wireInt(r.borrowTime),
    expireTime: wireInt(r.expireTime),
  };
}
