/**
 * The matching engine facade: answers the trade.*, position.*, account.* (engine part) and
 * order-book operations, drives time-based work (funding, liquidation, countdown), exposes the
 * venue for the market's agents and the push items the transports send.
 */
import type { MarketFeed, SimCategory, SimEvent, SimLevel } from '../contract.js';
import * as acct from './account-ops.js';
import { DEMO_BALANCES } from './accounts.js';
import { EngineCore } from './core.js';
import { checkLiquidations, Countdown, FundingClock, settleDeliveries } from './lifecycle.js';
import { asParams, optInt, reqCategory, reqStr, type Params } from './params.js';
import { cancelOrder } from './matching.js';
import { placeOrder } from './place.js';
import * as q from './queries.js';
import { reservedMargin, viewOf } from './risk.js';
import { checkPresets } from './tpsl.js';
import * as ops from './trade-ops.js';
import { Codes, reject } from './types.js';
import { EngineVenue } from './venue.js';
import { positionItem } from './wire-format.js';

type Handler = (uid: string, p: unknown) => unknown;

/** The engine. */
export class Engine {
  readonly core: EngineCore;
  readonly venue: EngineVenue;
  private readonly countdown: Countdown;
  private readonly funding: FundingClock;
  private readonly handlers: ReadonlyMap<string, Handler>;

  /**
   * @param market the market feed
   * @param now exchange clock, Unix ms
   * @param speed how much faster `now` runs than real time (countdown windows stay real seconds)
   * @param demoUid the demo account, seeded with DEMO_BALANCES
   */
  constructor(
    market: MarketFeed,
    now: () => number,
    speed: number,
    readonly demoUid: string,
  ) {
    this.core = new EngineCore(market, now);
    this.core.accounts.reserved = (uid, coin) => reservedMargin(this.core, uid, coin);
    this.core.positionView = (p) => viewOf(this.core, p);
    this.funding = new FundingClock();
    this.countdown = new Countdown(speed);
    this.venue = new EngineVenue(this.core, (category, symbol) => {
      const st = market.status(category === 'MARGIN' ? 'SPOT' : category, symbol);
      return !st || (st.status !== 'offline' && st.deliveryStatus !== 'delivery_period');
    });
    this.core.accounts.seed(demoUid, DEMO_BALANCES);
    const c = this.core;
    const P = (p: unknown): Params => asParams(p);
    this.handlers = new Map<string, Handler>([
      ['trade.placeOrder', (u, p) => placeOrder(c, u, P(p))],
      ['trade.modifyOrder', (u, p) => ops.modifyOne(c, u, P(p))],
      ['trade.cancelOrder', (u, p) => ops.cancelOne(c, u, P(p))],
      ['trade.countdownCancelAll', (u, p) => this.setCountdown(u, P(p))],
      ['trade.placeBatch', (u, p) => ops.placeBatch(c, u, p)],
      ['trade.batchModifyOrder', (u, p) => ops.modifyBatch(c, u, p)],
      ['trade.cancelBatch', (u, p) => ops.cancelBatch(c, u, p)],
      ['trade.cancelRealityOrder', (u, p) => ops.cancelReality(c, u, P(p))],
      ['trade.cancelSymbolOrder', (u, p) => ops.cancelSymbol(c, u, P(p))],
      ['trade.closePositions', (u, p) => ops.closePositions(c, u, P(p))],
      ['trade.getOrderInfo', (u, p) => q.orderInfo(c, u, P(p))],
      ['trade.getUnfilledOrders', (u, p) => q.unfilledOrders(c, u, P(p))],
      ['trade.getHistoryOrders', (u, p) => q.historyOrders(c, u, P(p))],
      ['trade.getFills', (u, p) => q.fills(c, u, P(p))],
      ['trade.getHistoryStrategyOrders', (u, p) => q.historyStrategyOrders(c, u, P(p))],
      ['position.getCurrent', (u, p) => q.currentPosition(c, u, P(p))],
      ['position.getHistory', (u, p) => q.historyPosition(c, u, P(p))],
      ['position.getAllLegacy', (u, p) => q.allPositionLegacy(c, u, P(p))],
      ['account.getMaxOpenAvailable', (u, p) => acct.maxOpenAvailable(c, u, P(p))],
      ['account.getAssets', (u) => acct.assets(c, u)],
      ['account.getDeltaInfo', (u) => acct.deltaInfo(c, u)],
      ['account.getSettings', (u) => acct.settings(c, u)],
      ['account.adjustAccountMode', (u, p) => acct.adjustAccountMode(c, u, P(p))],
      ['account.setHoldMode', (u, p) => acct.setHoldMode(c, u, P(p))],
      ['account.setLeverage', (u, p) => acct.setLeverage(c, u, P(p))],
      ['account.getMaxTransferable', (u, p) => acct.maxTransferable(c, u, P(p))],
      ['account.getFinancialRecords', (u, p) => acct.financialRecords(c, u, P(p))],
    ]);
  }

  /** True if the engine answers `opId`. */
  handles(opId: string): boolean {
    return this.handlers.has(opId) || opId === 'market.getOrderbook' || opId === 'market.getRpiOrderbook';
  }

  /** Answers an operation (private ones need a uid). */
  handle(opId: string, uid: string | null, params: unknown): unknown {
    if (opId === 'market.getOrderbook' || opId === 'market.getRpiOrderbook') return this.orderbook(asParams(params), opId === 'market.getRpiOrderbook');
    const h = this.handlers.get(opId);
    if (!h) return reject(Codes.PARAM_MISSING, `Operation ${opId} does not exist on this exchange`);
    if (uid === null) return reject(Codes.PARAM_VERIFY, `Operation ${opId} needs a signed request`);
    return h(uid, params);
  }

  private setCountdown(uid: string, p: Params): string {
    const seconds = optInt(p, 'countdown', 0, 60);
    if (seconds === undefined) return reject(Codes.PARAM_VERIFY, 'Parameter verification failed: countdown is required (5 to 60 seconds, 0 disables)');
    if (seconds !== 0 && seconds < 5) reject(Codes.PARAM_ERROR, 'Parameter countdown error: 5 to 60 seconds, or 0 to disable');
    this.countdown.set(uid, seconds, this.core.now());
    return 'success';
  }

  /** Countdown deadline of an account (Unix ms) or null when off. */
  countdownDeadline(uid: string): number | null {
    return this.countdown.deadline(uid);
  }

  private orderbook(p: Params, rpi: boolean): Record<string, unknown> {
    const category = reqCategory(p);
    const inst = this.core.instruments.get(category, reqStr(p, 'symbol'));
    const limit = optInt(p, 'limit', 1, 1000) ?? 5;
    const { bids, asks } = this.bookLevels(category, inst.symbol, limit);
    const widen = (l: SimLevel): readonly string[] => (rpi ? [l[0], l[1], '0'] : l);
    return { a: asks.map(widen), b: bids.map(widen), ts: String(this.core.now()) };
  }

  /** Aggregated book levels (bids descending, asks ascending) as wire strings. */
  bookLevels(category: SimCategory, symbol: string, depth: number): { bids: SimLevel[]; asks: SimLevel[] } {
    const inst = this.core.instruments.find(category, symbol);
    const book = this.core.books.get(category, inst?.symbol ?? symbol);
    return book.levels(depth, inst?.pricePrecision ?? 8, inst?.quantityPrecision ?? 8);
  }

  /** Runs time-based work up to `now`: countdown, funding, TP/SL presets, liquidation, delivery. */
  tick(now: number): void {
    this.countdown.tick(this.core, now);
    this.funding.tick(this.core, now);
    checkPresets(this.core);
    checkLiquidations(this.core);
    settleDeliveries(this.core);
    this.venue.prune();
  }

  /** The `account` topic item. */
  accountPush(uid: string): Record<string, unknown> {
    return acct.accountPush(this.core, uid);
  }

  /** Non-zero `position` topic items. */
  positionsPush(uid: string): Record<string, unknown>[] {
    const now = this.core.now();
    return this.core.positions.list(uid).map((p) => positionItem(p, viewOf(this.core, p), now));
  }

  /**
   * Restores the demo account: open orders cancelled (cancelSource "reset") and forgotten,
   * positions pushed as ended and dropped, countdown off, opening balances (DEMO_BALANCES).
   */
  resetDemoAccount(): void {
    const uid = this.demoUid;
    const c = this.core;
    c.run(() => {
      for (const o of c.orders.openOf(uid)) cancelOrder(c, o, 'reset', 'reset');
      for (const p of c.positions.list(uid)) {
        c.positions.end(p);
        c.touchPosition(p);
      }
      c.orders.clear(uid);
      c.positions.clear(uid);
      for (let i = c.strategyHistory.length - 1; i >= 0; i -= 1) if (c.strategyHistory[i]?.uid === uid) c.strategyHistory.splice(i, 1);
      this.countdown.set(uid, 0, c.now());
      c.accounts.seed(uid, DEMO_BALANCES);
    });
  }

  /** Adds an event listener. */
  subscribe(listener: (event: SimEvent) => void): () => void {
    return this.core.subscribe(listener);
  }
}
