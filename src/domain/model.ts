import type { Decimal } from 'decimal.js';

/**
 * The domain model every layer above shares. Money is `Decimal`; ids and timestamps are kept as
 * given. Wire field names (REST and websocket differ, protocol-notes §7–8) are mapped into these
 * shapes in `exchange/wire`.
 */

/** Product line. REST spells these upper case; websocket public instType is the lower-case form. */
export type Category = 'SPOT' | 'MARGIN' | 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';
/** All categories, in display order. */
export const CATEGORIES: readonly Category[] = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];
/** True for the three futures lines. */
export function isFutures(category: Category): boolean {
  return category === 'USDT-FUTURES' || category === 'COIN-FUTURES' || category === 'USDC-FUTURES';
}

export type Side = 'buy' | 'sell';
export type PosSide = 'long' | 'short';
export type HoldMode = 'one_way_mode' | 'hedge_mode';
export type MarginMode = 'crossed' | 'isolated';
export type OrderType = 'limit' | 'market';
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'post_only' | 'rpi';
export type StpMode = 'none' | 'cancel_taker' | 'cancel_maker' | 'cancel_both';
/** Order state. `live` = accepted, `new` = in matching; `filled` and `cancelled` are terminal. */
export type OrderStatus = 'live' | 'new' | 'partially_filled' | 'filled' | 'cancelled';
/** Instrument trading status (spec "Instrument trading status"). */
export type InstrumentStatus = 'listed' | 'online' | 'limit_open' | 'limit_close' | 'offline' | 'restrictedAPI';
/** Book feeds the market panel can show: the incremental full book or fixed-depth snapshots. */
export type BookDepth = 'books1' | 'books5' | 'books50' | 'books';
/** Delivery status of a delivery future (spec "Delivery status"). */
export type DeliveryStatus = 'delivery_config_period' | 'delivery_normal' | 'delivery_before' | 'delivery_period';

/** A tradable instrument and its order rules. */
export interface Instrument {
  readonly category: Category;
  readonly symbol: string;
  readonly baseCoin: string;
  readonly quoteCoin: string;
  /** Decimals a price may carry. */
  readonly pricePrecision: number;
  /** Decimals a quantity may carry. */
  readonly quantityPrecision: number;
  /** A price must be a multiple of this (futures; for spot 10^-pricePrecision). */
  readonly priceMultiplier: Decimal;
  /** A quantity must be a multiple of this (futures; for spot 10^-quantityPrecision). */
  readonly quantityMultiplier: Decimal;
  /** Smallest quantity (base coin); zero when the exchange sets none. */
  readonly minOrderQty: Decimal;
  /** Largest single limit-order quantity; zero means unlimited. */
  readonly maxOrderQty: Decimal;
  /** Smallest order value in USDT (quote). */
  readonly minOrderAmount: Decimal;
  readonly status: InstrumentStatus;
  /** Reality stock token (spot): separate limits, no modify, market-only TP/SL. */
  readonly isReality: boolean;
  readonly makerFeeRate: Decimal;
  readonly takerFeeRate: Decimal;
  /** `perpetual` or `delivery` for futures; null otherwise. */
  readonly contractType: 'perpetual' | 'delivery' | null;
  readonly maxLeverage: Decimal | null;
}

/** An order as the account sees it. */
export interface Order {
  readonly orderId: string;
  readonly clientOid: string;
  readonly category: Category;
  readonly symbol: string;
  readonly side: Side;
  readonly orderType: OrderType;
  /** Limit price; null for market orders. */
  readonly price: Decimal | null;
  readonly qty: Decimal;
  readonly cumExecQty: Decimal;
  readonly avgPrice: Decimal;
  readonly status: OrderStatus;
  readonly timeInForce: TimeInForce;
  readonly posSide: PosSide | null;
  readonly reduceOnly: boolean;
  /** Why it was cancelled, when the exchange says. */
  readonly cancelReason: string;
  /** Unix ms. */
  readonly createdTime: number;
  /** Unix ms of the last change; used to ignore stale pushes. */
  readonly updatedTime: number;
}

/** One execution of one of our orders. */
export interface Fill {
  readonly execId: string;
  readonly orderId: string;
  readonly clientOid: string;
  readonly category: Category;
  readonly symbol: string;
  readonly side: Side;
  readonly price: Decimal;
  readonly qty: Decimal;
  readonly fee: Decimal;
  readonly feeCoin: string;
  readonly scope: 'taker' | 'maker';
  /**
   * Realized PnL of this fill as the exchange reports it (`execPnl`, "Closed Position Profit and
   * Loss", in the settle coin; zero on an opening fill); null when the fill carries none.
   */
  readonly pnl: Decimal | null;
  /** Unix ms. */
  readonly time: number;
}

/** An open futures position. */
export interface Position {
  readonly category: Category;
  readonly symbol: string;
  readonly posSide: PosSide;
  readonly holdMode: HoldMode;
  readonly marginMode: MarginMode;
  readonly marginCoin: string;
  /** Total size (available + frozen), base coin (quote coin for coin-margined). */
  readonly size: Decimal;
  readonly available: Decimal;
  readonly avgPrice: Decimal;
  readonly markPrice: Decimal;
  readonly unrealisedPnl: Decimal;
  readonly leverage: Decimal;
  /** Liquidation price; zero or negative means none. */
  readonly liqPrice: Decimal;
  readonly margin: Decimal;
  readonly takeProfit: Decimal | null;
  readonly stopLoss: Decimal | null;
  /** Unix ms. */
  readonly updatedTime: number;
}

/** One coin of the unified account. */
export interface CoinAsset {
  readonly coin: string;
  readonly equity: Decimal;
  readonly balance: Decimal;
  readonly available: Decimal;
  readonly locked: Decimal;
  readonly debt: Decimal;
  readonly usdValue: Decimal;
}

/** Account-level risk figures (USD). */
export interface AccountSummary {
  readonly equity: Decimal;
  readonly effEquity: Decimal;
  readonly imr: Decimal;
  readonly mmr: Decimal;
  readonly mgnRatio: Decimal;
  readonly unrealisedPnl: Decimal;
  readonly assets: readonly CoinAsset[];
  /** Unix ms of the data. */
  readonly updatedTime: number;
}

/** The account-level figures of `AccountSummary` (everything but the coins and the time). */
export type AccountFigures = Omit<AccountSummary, 'assets' | 'updatedTime'>;

/**
 * What an `account` push with action `update` carried. Bitget's Account-Channel page calls `update`
 * incremental and does not say whether it lists every coin, so it is merged into the account:
 * each coin it carries replaces that coin, coins it does not carry are kept, and the account-level
 * figures it carries replace those (absent ones keep their value).
 */
export interface AccountUpdate {
  /** The account-level figures the push carried. */
  readonly figures: Partial<AccountFigures>;
  /** The coins the push carried, whole records (empty when it carried none). */
  readonly assets: readonly CoinAsset[];
  /** Unix ms of the data. */
  readonly updatedTime: number;
}

/** Latest ticker of an instrument. */
export interface Ticker {
  readonly category: Category;
  readonly symbol: string;
  readonly lastPrice: Decimal;
  readonly bid1Price: Decimal;
  readonly ask1Price: Decimal;
  readonly high24h: Decimal;
  readonly low24h: Decimal;
  readonly open24h: Decimal;
  /** 24 h change as a fraction (0.01 = 1%). */
  readonly change24h: Decimal;
  readonly volume24h: Decimal;
  readonly turnover24h: Decimal;
  readonly markPrice: Decimal | null;
  readonly indexPrice: Decimal | null;
  readonly fundingRate: Decimal | null;
  readonly openInterest: Decimal | null;
  readonly deliveryStatus: DeliveryStatus | null;
  /** Unix ms. */
  readonly ts: number;
}

/** One order-book level as the exchange sent it: its exact decimal strings (nothing rounded on the way to the screen). */
export interface LevelText {
  readonly price: string;
  readonly size: string;
}

/** A public trade print. */
export interface PublicTrade {
  readonly id: string;
  readonly price: Decimal;
  readonly size: Decimal;
  readonly side: Side;
  /** Unix ms. */
  readonly time: number;
}

/** Loan term: 7 days, 30 days or flexible. */
export type LoanTerm = 'SEVEN' | 'THIRTY' | 'FLEXIBLE';

/** An ongoing crypto loan. */
export interface Loan {
  readonly orderId: string;
  readonly loanCoin: string;
  readonly loanAmount: Decimal;
  readonly interestAmount: Decimal;
  readonly hourInterestRate: Decimal;
  readonly pledgeCoin: string;
  readonly pledgeAmount: Decimal;
  /** Current collateral ratio (loan value / pledge value), as a fraction. */
  readonly pledgeRate: Decimal;
  /** Margin-call ratio, fraction. */
  readonly supRate: Decimal;
  /** Liquidation ratio, fraction. */
  readonly forceRate: Decimal;
  /** Unix ms. */
  readonly borrowTime: number;
  /** Unix ms; 0 for flexible. */
  readonly expireTime: number;
}

/** Something that tells the time (Unix ms). Injected everywhere time matters. */
export interface Clock {
  now(): number;
}

/** The machine clock. */
export const systemClock: Clock = { now: () => Date.now() };
