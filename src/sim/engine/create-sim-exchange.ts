/**
 * Composition of the embedded exchange: market feed, matching engine and back office behind one
 * `SimExchange`. Operations go to the back office if it answers them, then to the market feed, then
 * to the engine.
 */
import type { BackOffice, BackOfficeDeps, EmbeddedExchange, MarketFeed, SimEvent } from '../contract.js';
import { createBackOffice } from '../back-office/create-back-office.js';
import { createMarketFeed } from '../market/create-market-feed.js';
import { Engine } from './engine.js';
import { Codes, reject } from './types.js';

/** Demo account UID (README). */
export const DEMO_UID = '6000000001';

/** Options of `createSimExchange`; every field is optional. */
export interface SimExchangeOptions {
  /** Seed of the synthetic market. Default 1. */
  readonly seed?: number;
  /** Time scale: exchange time runs `speed` times faster than `now` (funding, interest, candles). Default 1. */
  readonly speed?: number;
  /** Wall clock, Unix ms. Default `Date.now`. */
  readonly now?: () => number;
  /** Wall ms between engine/back office ticks once started. Default 250. */
  readonly tickMs?: number;
  /** Market feed to use instead of the synthetic one (tests). */
  readonly market?: MarketFeed;
  /** BackOffice factory to use instead of `createBackOffice` (tests). */
  readonly createBackOffice?: (deps: BackOfficeDeps) => BackOffice;
}

/** Builds the embedded exchange (nothing runs until `start()`). */
export function createSimExchange(options: SimExchangeOptions = {}): EmbeddedExchange {
  const speed = options.speed ?? 1;
  if (!(speed > 0)) throw new RangeError(`speed must be positive, got ${speed}`);
  const wall = options.now ?? Date.now;
  const t0 = wall();
  const now = speed === 1 ? wall : (): number => Math.floor(t0 + (wall() - t0) * speed);
  const market = options.market ?? createMarketFeed({ seed: options.seed ?? 1, speed, now });
  const engine = new Engine(market, now, speed, DEMO_UID);
  const backOfficeDeps: BackOfficeDeps = {
    now,
    // The clock handed over already runs at `speed`.
    speed: 1,
    priceUsdt: (coin) => market.priceUsdt(coin),
    ledger: engine.core.accounts,
    emit: (event: SimEvent) => {
      if (event.type === 'account') engine.core.touchAccount(event.uid);
      else engine.core.emit(event);
    },
  };
  const backOffice = (options.createBackOffice ?? createBackOffice)(backOfficeDeps);
  let timer: ReturnType<typeof setInterval> | null = null;

  const tick = (t: number): void => {
    engine.tick(t);
    backOffice.tick(t);
  };

  return {
    demoUid: DEMO_UID,
    market,
    venue: engine.venue,
    now,
    handle(opId, uid, params) {
      if (backOffice.handles(opId)) {
        if (uid === null) return reject(Codes.PARAM_VERIFY, `Operation ${opId} needs a signed request`);
        return engine.core.run(() => backOffice.handle(opId, uid, params));
      }
      if (market.handles(opId)) return market.handle(opId, params);
      if (engine.handles(opId)) return engine.handle(opId, uid, params);
      return reject(Codes.PARAM_MISSING, `Operation ${opId} does not exist on this exchange`);
    },
    subscribe: (listener) => engine.subscribe(listener),
    bookLevels: (category, symbol, depth) => engine.bookLevels(category, symbol, depth),
    tickerPush: (category, symbol) => market.tickerPush(category, symbol),
    candles: (category, symbol, interval, limit) => market.candles(category, symbol, interval, limit),
    accountPush: (uid) => engine.accountPush(uid),
    positionsPush: (uid) => engine.positionsPush(uid),
    hasInstrument: (category, symbol) => engine.core.instruments.find(category, symbol) !== null,
    start() {
      market.start(engine.venue);
      if (timer === null) {
        timer = setInterval(() => tick(now()), options.tickMs ?? 250);
        timer.unref();
      }
    },
    stop() {
      market.stop();
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    shockPrice(category, symbol, factor) {
      market.shockPrice(category, symbol, factor);
    },
    resetDemoAccount: () => engine.resetDemoAccount(),
    tick,
    countdownDeadline: (uid) => engine.countdownDeadline(uid),
  };
}
