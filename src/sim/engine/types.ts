/**
 * Internal records of the embedded exchange's engine: instruments as the engine reads them,
 * orders, fills and positions. Quantities and prices are `Decimal`; times are Unix ms numbers.
 */
import { Decimal } from 'decimal.js';
import { SimRejection, type SimCategory, type SimSide } from '../contract.js';

/** Zero, shared. */
export const ZERO = new Decimal(0);

/** UID of the market-maker system account (unlimited balance, no events). */
export const MAKER_UID = 'sys-market-maker';
/** UID of the taker system account (unlimited balance, no events). */
export const TAKER_UID = 'sys-market-taker';

/** True for the system accounts whose balances are unlimited and which emit no private events. */
export function isSystemUid(uid: string): boolean {
  return uid === MAKER_UID || uid === TAKER_UID;
}

/** True for the three futures lines. */
export function isFuturesCategory(category: SimCategory): boolean {
  return category === 'USDT-FUTURES' || category === 'COIN-FUTURES' || category === 'USDC-FUTURES';
}

/** Open-order limit line: futures, or spot and margin together. */
export function lineOf(category: SimCategory): 'futures' | 'spot' {
  return isFuturesCategory(category) ? 'futures' : 'spot';
}

/** Throws a `SimRejection` with the given exchange code and message. */
export function reject(code: string, message: string): never {
  throw new SimRejection(code, message);
}

/** Error codes the engine answers with (documented in the helper report). */
export const Codes = {
  /** Parameter does not exist (unknown symbol, unknown order field value). */
  PARAM_MISSING: '40034',
  /** Parameter verification failed (required field missing). */
  PARAM_VERIFY: '40017',
  /** Parameter error (bad value). */
  PARAM_ERROR: '40020',
  INSUFFICIENT_BALANCE: '25202',
  INSUFFICIENT_MARGIN: '25203',
  ORDER_NOT_FOUND: '25204',
  NO_POSITION: '25227',
  MAX_OPEN: '40762',
  /** Close size exceeds the position's available size. */
  POSITION_NOT_ENOUGH: '40757',
  /** posSide sent in one-way mode or missing in hedge mode. */
  POS_SIDE_MODE: '40774',
  /** clientOid already used by an open order of the account. */
  DUPLICATE_CLIENT_OID: '40786',
  /** Hold mode cannot change while positions or open orders exist. */
  HOLD_MODE_BUSY: '40920',
  /** 400 open orders on the line (futures, or spot+margin). */
  OPEN_ORDER_LIMIT: '43116',
  /** Instrument status or delivery status forbids the action. */
  SYMBOL_STATUS: '40309',
  /** Operation not supported for this instrument (modify on COIN-FUTURES or Reality pairs). */
  NOT_SUPPORTED: '40054',
  /** Quantity below the instrument minimum. */
  BELOW_MIN_QTY: '45111',
  /** Order value below the instrument minimum amount. */
  BELOW_MIN_AMOUNT: '45110',
} as const;

/** How the engine sees one instrument (parsed from the market feed's wire records). */
export interface EngineInstrument {
  readonly category: SimCategory;
  readonly symbol: string;
  readonly baseCoin: string;
  readonly quoteCoin: string;
  /** Coin the line settles in: quote for spot/USDT/USDC lines, base for coin-margined futures. */
  readonly marginCoin: string;
  /** linear: qty in base coin; inverse (COIN-FUTURES): qty in quote (USD) units. */
  readonly kind: 'spot' | 'linear' | 'inverse';
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  /** Decimals of a spot market-buy quote amount. */
  readonly quotePrecision: number;
  readonly minOrderQty: Decimal;
  /** Minimum order value in quote coin (USDT). */
  readonly minOrderAmount: Decimal;
  readonly makerFeeRate: Decimal;
  readonly takerFeeRate: Decimal;
  /** Hours between funding settlements (futures). */
  readonly fundInterval: number;
  readonly maxLeverage: number;
  readonly isReality: boolean;
  /** Highest buy price = mark × (1 + ratio); 0 = no band. */
  readonly buyLimitPriceRatio: Decimal;
  /** Lowest sell price = mark × (1 − ratio); 0 = no band. */
  readonly sellLimitPriceRatio: Decimal;
}

/** Wire order status words (REST `orderStatus`, WS). */
export type OrderState = 'new' | 'partially_filled' | 'filled' | 'cancelled';

/** Position side. */
export type PosSide = 'long' | 'short';

/** One order, any account. */
export interface SimOrder {
  readonly orderId: string;
  readonly clientOid: string;
  readonly uid: string;
  readonly category: SimCategory;
  readonly symbol: string;
  readonly inst: EngineInstrument;
  readonly side: SimSide;
  readonly orderType: 'limit' | 'market';
  readonly timeInForce: 'gtc' | 'ioc' | 'fok' | 'post_only';
  price: Decimal | null;
  /** Ordered quantity in the instrument unit; for a spot market buy: quote amount. */
  qty: Decimal;
  /** True when `qty` is a quote amount (spot/margin market buy). */
  readonly quoteQty: boolean;
  /** Filled quantity in the instrument unit. */
  filledQty: Decimal;
  /** Filled value: quote coin (spot, linear) or base coin (inverse). */
  filledValue: Decimal;
  /** Fee paid so far (positive = paid). */
  fee: Decimal;
  feeCoin: string;
  /** Position side the order acts on (futures); null for spot/margin. */
  readonly posSide: PosSide | null;
  /** Hedge mode: "long"/"short" sent; one-way: null. */
  readonly sentPosSide: PosSide | null;
  readonly holdMode: 'one_way_mode' | 'hedge_mode';
  /** open or close (futures); empty for spot. */
  readonly tradeSide: 'open' | 'close' | '';
  readonly reduceOnly: boolean;
  readonly stpMode: 'none' | 'cancel_taker' | 'cancel_maker' | 'cancel_both';
  readonly marginMode: 'crossed' | 'isolated';
  readonly leverage: number;
  state: OrderState;
  cancelReason: string;
  cancelSource: string;
  readonly execType: 'normal' | 'liquidation' | 'delivery';
  readonly createdTime: number;
  updatedTime: number;
  /** Time-priority sequence (lower = earlier); renewed when price changes or qty grows. */
  seq: number;
  /** Spot/margin lock: coin and amount still locked for the open remainder. */
  lockCoin: string;
  locked: Decimal;
  /** Futures open-order margin still reserved. */
  reservedMargin: Decimal;
  /** Preset TP/SL (wire strings, "" when unset). */
  tpsl: Record<string, string>;
  /** Realised PnL of fills (closing orders). */
  pnl: Decimal;
  /** execId of the order's latest fill ("" before the first): the order topic's `tradeId`. */
  lastExecId: string;
}

/** One execution of one order. */
export interface SimFill {
  readonly execId: string;
  readonly execLinkId: string;
  readonly order: SimOrder;
  readonly price: Decimal;
  /** Instrument unit. */
  readonly qty: Decimal;
  /** Quote coin (spot, linear) or base coin (inverse). */
  readonly value: Decimal;
  readonly fee: Decimal;
  readonly feeCoin: string;
  readonly pnl: Decimal;
  readonly scope: 'taker' | 'maker';
  readonly time: number;
}

/** Opposite side. */
export function opposite(side: SimSide): SimSide {
  return side === 'buy' ? 'sell' : 'buy';
}

/** Open (not terminal) order. */
export function isOpen(order: SimOrder): boolean {
  return order.state === 'new' || order.state === 'partially_filled';
}

/** Quantity still to fill, in the order's own unit (quote amount for spot market buys). */
export function remainingOf(order: SimOrder): Decimal {
  const done = order.quoteQty ? order.filledValue : order.filledQty;
  const left = order.qty.minus(done);
  return left.isNegative() ? ZERO : left;
}

/** Mark-dependent numbers of a position as wire strings. */
export interface PositionView {
  readonly frozen: string;
  readonly markPrice: string;
  readonly unrealisedPnl: string;
  readonly liqPrice: string;
  readonly mmr: string;
  readonly breakEvenPrice: string;
}
