/**
 * The seam between the embedded exchange's state (engine, accounts, loans, market) and its
 * transports (HTTP and websocket servers). The state side answers operations with wire-format
 * `data` and emits events; the transport side routes, authenticates, rate-limits and pushes.
 */

/** A refusal the exchange answers with an error envelope. */
export class SimRejection extends Error {
  override readonly name = 'SimRejection';
  /** Exchange error code as a string, e.g. "25204", "40020". */
  readonly code: string;
  /** HTTP status of the error reply (400 for business errors). */
  readonly httpStatus: number;
  constructor(code: string, message: string, httpStatus = 400) {
    super(message);
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

/** Wire categories (REST, upper case). */
export type SimCategory = 'SPOT' | 'MARGIN' | 'USDT-FUTURES' | 'COIN-FUTURES' | 'USDC-FUTURES';

/** One price level as wire strings: [price, size]. */
export type SimLevel = readonly [string, string];

/** Events the state side emits. Private events carry the account UID they belong to. */
export type SimEvent =
  /** A public trade printed. `trade` is a `publicTrade` item (i, L, p, v, S, T, isRPI). */
  | { readonly type: 'publicTrade'; readonly category: SimCategory; readonly symbol: string; readonly trade: Readonly<Record<string, string>> }
  /** An order changed; `order` is the full `order` topic item (protocol-notes §7.3, lower-case category). */
  | { readonly type: 'order'; readonly uid: string; readonly order: Readonly<Record<string, unknown>> }
  /** A fill; `fill` is a `fill` topic item (§7.4). */
  | { readonly type: 'fill'; readonly uid: string; readonly fill: Readonly<Record<string, unknown>> }
  /** Balances changed: the server pushes `accountPush(uid)`. */
  | { readonly type: 'account'; readonly uid: string }
  /** Positions changed; `positions` are `position` topic items (§7.2) that changed (ended ones included). */
  | { readonly type: 'position'; readonly uid: string; readonly positions: readonly Readonly<Record<string, unknown>>[] };

/** Candle as the REST array [ts, open, high, low, close, volume, turnover]. */
export type SimCandle = readonly [string, string, string, string, string, string, string];

/** What the transports need from the exchange state. */
export interface SimExchange {
  /** Demo account UID the demo API key belongs to. */
  readonly demoUid: string;
  /**
   * Answers one REST operation (id from the operations table) for `uid` (null for public calls).
   * Returns the reply `data` in wire format; throws `SimRejection` for refusals.
   */
  handle(opId: string, uid: string | null, params: unknown): unknown;
  /** Subscribes to events; returns the unsubscribe function. */
  subscribe(listener: (event: SimEvent) => void): () => void;
  /** Book levels (bids descending, asks ascending), up to `depth` per side, as wire strings. */
  bookLevels(category: SimCategory, symbol: string, depth: number): { readonly bids: readonly SimLevel[]; readonly asks: readonly SimLevel[] };
  /** The `ticker` topic item for an instrument (protocol-notes §5.1), or null if unknown. */
  tickerPush(category: SimCategory, symbol: string): Readonly<Record<string, string>> | null;
  /** Candles for a `kline` push, oldest first; `limit` most recent. */
  candles(category: SimCategory, symbol: string, interval: string, limit: number): readonly SimCandle[];
  /** The `account` topic item for `uid` (§7.1). */
  accountPush(uid: string): Readonly<Record<string, unknown>>;
  /** All non-zero `position` topic items for `uid` (§7.2). */
  positionsPush(uid: string): readonly Readonly<Record<string, unknown>>[];
  /** True if the instrument exists (public subscription check). */
  hasInstrument(category: SimCategory, symbol: string): boolean;
  /** Starts the synthetic market and the timers (funding, interest, countdown, delivery). */
  start(): void;
  /** Stops every timer; the state stays readable. */
  stop(): void;
}

/**
 * Balances the back office (loans and account-admin operations) moves through; owned by the engine.
 * Amounts are Decimal strings' Decimal values; coins are upper case.
 */
export interface BalanceLedger {
  /** Free balance of `coin` for `uid` (zero if none). */
  available(uid: string, coin: string): import('decimal.js').Decimal;
  /** Adds `amount` of `coin` (emits an account event). */
  credit(uid: string, coin: string, amount: import('decimal.js').Decimal, reason: string): void;
  /** Removes `amount`; throws SimRejection("25202", "Insufficient balance") if not available. */
  debit(uid: string, coin: string, amount: import('decimal.js').Decimal, reason: string): void;
}

/** What the back office needs from the rest of the exchange. */
export interface BackOfficeDeps {
  /** Exchange time, Unix ms (follows `--speed` where the owner scales it). */
  readonly now: () => number;
  /** Time scale: 1 = real time; 60 = an hour of interest every minute. */
  readonly speed: number;
  /** USDT value of one unit of `coin` at the current market (USDT itself = 1). */
  readonly priceUsdt: (coin: string) => import('decimal.js').Decimal;
  readonly ledger: BalanceLedger;
  readonly emit: (event: SimEvent) => void;
}

/** Loans, sub-accounts, withdrawals, announcements and the other operations outside matching. */
export interface BackOffice {
  /** True if this back office answers `opId`. */
  handles(opId: string): boolean;
  /** Answers `opId` like `SimExchange.handle`. */
  handle(opId: string, uid: string | null, params: unknown): unknown;
  /** Runs time-driven work up to `now`: interest accrual, ratio checks, liquidation. */
  tick(now: number): void;
}

/** Which side of the book. */
export type SimSide = 'buy' | 'sell';

/**
 * What the matching engine offers the synthetic market's agents (market makers and takers).
 * Agents trade from system accounts with unlimited balance; their fills print public trades.
 */
export interface MatchingVenue {
  /** Rests a post-only limit order for the market-maker account; null if it would cross or the book is closed. */
  placeMakerOrder(category: SimCategory, symbol: string, side: SimSide, price: import('decimal.js').Decimal, qty: import('decimal.js').Decimal): string | null;
  /** Cancels a market-maker order (no-op if already gone). */
  cancelMakerOrder(category: SimCategory, symbol: string, orderId: string): void;
  /** Sends an IOC market order for the taker account. */
  takerMarketOrder(category: SimCategory, symbol: string, side: SimSide, qty: import('decimal.js').Decimal): void;
  bestBid(category: SimCategory, symbol: string): import('decimal.js').Decimal | null;
  bestAsk(category: SimCategory, symbol: string): import('decimal.js').Decimal | null;
}

/** One trade printed by the engine, as the market feed learns of it. */
export interface SimTrade {
  readonly category: SimCategory;
  readonly symbol: string;
  readonly price: import('decimal.js').Decimal;
  readonly size: import('decimal.js').Decimal;
  /** Taker side. */
  readonly side: SimSide;
  /** Unix ms. */
  readonly time: number;
  readonly execId: string;
}

/**
 * The synthetic market and public data: instruments, agents, tickers, candles, mark/index prices,
 * and the public market operations. Implemented in src/sim/market; used by the engine.
 */
export interface MarketFeed {
  /** Instruments as wire records (InstrumentResponse fields, strings), every category. */
  instruments(): readonly Readonly<Record<string, string>>[];
  /** Starts the agents on the venue (timers scaled by speed). */
  start(venue: MatchingVenue): void;
  stop(): void;
  /** The engine reports every trade here (candles, last price, volume, public trade push). */
  onTrade(trade: SimTrade): void;
  /** Mark price used for PnL, margin and liquidation; null if unknown. */
  markPrice(category: SimCategory, symbol: string): import('decimal.js').Decimal | null;
  /** USDT value of one unit of a coin (USDT, USDC = 1). */
  priceUsdt(coin: string): import('decimal.js').Decimal;
  /** Moves an instrument's fair price by `factor` (0.7 = -30%) at once: a test and demo shock. */
  shockPrice(category: SimCategory, symbol: string, factor: import('decimal.js').Decimal): void;
  /** Current status and delivery status (they change over time for the delivery future). */
  status(category: SimCategory, symbol: string): { readonly status: string; readonly deliveryStatus: string | null } | null;
  tickerPush(category: SimCategory, symbol: string): Readonly<Record<string, string>> | null;
  candles(category: SimCategory, symbol: string, interval: string, limit: number): readonly SimCandle[];
  /** True if this feed answers `opId` (the public market operations). */
  handles(opId: string): boolean;
  handle(opId: string, params: unknown): unknown;
}

/**
 * The embedded exchange as `createSimExchange` builds it: the transport contract plus controls
 * for demos, scenarios and tests. Transports only need `SimExchange`.
 */
export interface EmbeddedExchange extends SimExchange {
  /** The synthetic market feed inside (mark prices, candles, agents). */
  readonly market: MarketFeed;
  /** Exchange time, Unix ms (runs `speed` times faster than the injected clock). */
  now(): number;
  /** Moves an instrument's price by `factor` at once (0.7 = −30%); liquidations follow on the next tick. */
  shockPrice(category: SimCategory, symbol: string, factor: import('decimal.js').Decimal): void;
  /** Restores the demo account: orders and positions dropped, opening balances (100000 USDT, 2 BTC, 20 ETH, 10000 USDC, 1000 BGB). */
  resetDemoAccount(): void;
  /** Runs the time-driven work up to exchange time `now`: countdown, funding, liquidation, back office interest. */
  tick(now: number): void;
  /** Countdown-cancel-all deadline of `uid` in exchange ms, or null when disarmed. */
  countdownDeadline(uid: string): number | null;
  /** The venue the market's agents trade on (for scenarios that want to trade as the market). */
  readonly venue: MatchingVenue;
}
