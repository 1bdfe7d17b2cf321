import { Decimal } from 'decimal.js';
import type { MarketFeed, MatchingVenue, SimCandle, SimCategory, SimTrade } from '../contract.js';
import { DEFAULT_AGENT_OPTIONS, MarketMaker, runTaker, snapTo, type AgentOptions } from './agents.js';
import { DELIVERY_SYMBOL, createInstrumentDefs, instrumentKey, instrumentRecord, isFuturesCategory, type InstrumentDef } from './instruments.js';
import { InstrumentMarket } from './instrument-market.js';
import { createMarketOps, type MarketOps } from './market-ops.js';
import { CoinWalks, deliveryState } from './price-model.js';
import { createRng, deriveSeed, type Rng } from '../../domain/rng.js';
import { buildTicker } from './ticker-record.js';
import { Rolling24h } from './tickers.js';

/** Timer functions the feed uses (default: Node's, unref'd so they never keep the process alive). */
export interface FeedTimers {
  /** Calls `fn` every `ms` wall-clock ms; returns a handle for `clearInterval`. */
  setInterval(fn: () => void, ms: number): unknown;
  /** Stops a timer from `setInterval`. */
  clearInterval(handle: unknown): void;
}

/** Options of `createMarketFeed`. */
export interface MarketFeedOptions {
  /** Seed of every random choice: same seed and same calls → same market. */
  readonly seed: number;
  /**
   * Time scale (1 = real time). `now` is expected to run `speed` times faster than the wall
   * clock; the feed divides elapsed exchange time by `speed` to pace its takers in wall time.
   */
  readonly speed: number;
  /** Exchange time, Unix ms. */
  readonly now: () => number;
  /** Timer functions (default Node's setInterval/clearInterval, unref'd). */
  readonly timers?: FeedTimers;
  /** Wall-clock ms between agent steps (default 250). */
  readonly stepMs?: number;
  /** Agent tunables (default `DEFAULT_AGENT_OPTIONS`). */
  readonly agents?: Partial<AgentOptions>;
  /**
   * Also run makers and takers on separate MARGIN books (default false: the venue is expected
   * to match MARGIN orders on the SPOT book, as the unified account does). Market data of
   * MARGIN pairs is the SPOT pair's either way.
   */
  readonly quoteMarginBooks?: boolean;
}

/** The feed plus a deterministic `step` for tests and a look at the makers. */
export interface SimMarketFeed extends MarketFeed {
  /** Runs one round at exchange time `now`: walks, agents (if started), mark, funding, candles. */
  step(now: number): void;
  /** Quotes the market maker believes rest per side on an instrument (0/0 if unknown). */
  makerQuotes(category: SimCategory, symbol: string): { readonly bids: number; readonly asks: number };
}

const nodeTimers: FeedTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** Mark price smoothing time constant (ms of exchange time). */
const MARK_TAU_MS = 3000;
/** A venue mid further than this from the fair price is not trusted for `priceUsdt`. */
const MID_TRUST = new Decimal('0.01');
const ONE = new Decimal(1);

/** Creates the synthetic market. Nothing trades until `start(venue)` (or `step` after start). */
export function createMarketFeed(options: MarketFeedOptions): SimMarketFeed {
  const { seed, speed, now } = options;
  const timers = options.timers ?? nodeTimers;
  const agentOpts: AgentOptions = { ...DEFAULT_AGENT_OPTIONS, ...options.agents };
  const createdAt = now();
  const rng: Rng = createRng(deriveSeed(seed, 'feed'));
  const walks = new CoinWalks(createRng(deriveSeed(seed, 'walks')));
  const defs = createInstrumentDefs(createdAt);
  const markets = new Map<string, InstrumentMarket>();
  const makers = new Map<string, MarketMaker>();
  const rolling = new Map<string, Rolling24h>();
  let venue: MatchingVenue | null = null;
  let handle: unknown = null;
  let lastStep = createdAt;
  let deliveryCycle = 0;

  const coinPrice = (def: InstrumentDef): Decimal => walks.price(def.baseCoin) ?? ONE;
  const fairOf = (def: InstrumentDef): Decimal => snapTo(coinPrice(def).times(def.basis), def.priceTick, 'nearest');
  const indexOf = (def: InstrumentDef): Decimal => coinPrice(def).toDecimalPlaces(def.pricePrecision);
  /** MARGIN pairs trade on the SPOT book and share its market data. */
  const dataKey = (category: SimCategory, symbol: string): string => instrumentKey(category === 'MARGIN' ? 'SPOT' : category, symbol);

  const marginDefs: InstrumentDef[] = [];
  for (const def of defs) {
    if (def.category === 'MARGIN') {
      if (options.quoteMarginBooks === true) {
        marginDefs.push(def);
        makers.set(instrumentKey(def.category, def.symbol), new MarketMaker(def, createRng(deriveSeed(seed, 'maker', def.category, def.symbol)), agentOpts));
      }
      continue;
    }
    const key = instrumentKey(def.category, def.symbol);
    markets.set(key, new InstrumentMarket({ def, seed, createdAt, fair: fairOf(def), index: indexOf(def), sigma: walks.sigma(def.baseCoin) }));
    makers.set(key, new MarketMaker(def, createRng(deriveSeed(seed, 'maker', key)), agentOpts));
    rolling.set(key, new Rolling24h());
  }
  const defByKey = new Map(defs.map((d) => [instrumentKey(d.category, d.symbol), d]));
  const marketOf = (category: SimCategory, symbol: string): InstrumentMarket | undefined => markets.get(dataKey(category, symbol));

  const status = (category: SimCategory, symbol: string): { status: string; deliveryStatus: string | null } | null => {
    const def = defByKey.get(instrumentKey(category, symbol));
    if (def === undefined) return null;
    if (def.kind !== 'delivery') return { status: def.baseStatus, deliveryStatus: null };
    return { status: def.baseStatus, deliveryStatus: deliveryState(createdAt, speed, now()).deliveryStatus };
  };

  const instruments = (): readonly Readonly<Record<string, string>>[] =>
    defs.map((def) => {
      if (def.kind !== 'delivery') return instrumentRecord(def, { status: def.baseStatus });
      const d = deliveryState(createdAt, speed, now());
      return instrumentRecord(def, { status: def.baseStatus, deliveryTime: d.deliveryTime, deliveryStartTime: d.deliveryStartTime });
    });

  const tickerPush = (category: SimCategory, symbol: string): Readonly<Record<string, string>> | null => {
    const key = dataKey(category, symbol);
    const m = markets.get(key);
    const roll = rolling.get(key);
    const series = m?.candles('market', '1m');
    if (m === undefined || roll === undefined || series === undefined) return null;
    const t = now();
    return buildTicker({
      market: m,
      stats: roll.stats(series, m.lastPrice),
      venue,
      maker: makers.get(key) ?? null,
      now: t,
      delivery: m.def.kind === 'delivery' ? deliveryState(createdAt, speed, t) : null,
    });
  };

  const candles = (category: SimCategory, symbol: string, interval: string, limit: number): readonly SimCandle[] => {
    const s = marketOf(category, symbol)?.candles('market', interval);
    if (s === undefined) return [];
    const all = s.list();
    return limit >= all.length ? all : all.slice(all.length - limit);
  };

  const priceUsdt = (coin: string): Decimal => {
    const c = coin.toUpperCase();
    if (c === 'USDT' || c === 'USDC' || c === 'USD') return ONE;
    const base = c === 'AAPL' ? 'RAAPL' : c;
    const fair = walks.price(base);
    if (fair === null) return new Decimal(0);
    const ref = markets.get(instrumentKey('SPOT', `${base}USDT`)) ?? markets.get(instrumentKey('USDT-FUTURES', `${base}USDT`));
    if (venue === null || ref === undefined) return fair;
    const bid = venue.bestBid(ref.def.category, ref.def.symbol);
    const ask = venue.bestAsk(ref.def.category, ref.def.symbol);
    if (bid === null || ask === null) return fair;
    const mid = bid.plus(ask).div(2).div(ref.def.basis);
    return mid.minus(fair).abs().div(fair).lte(MID_TRUST) ? mid : fair;
  };

  const step = (t: number): void => {
    const dt = Math.max(0, t - lastStep);
    lastStep = Math.max(lastStep, t);
    walks.step(dt);
    const wallSeconds = dt / 1000 / Math.max(speed, 1e-9);
    const alpha = 1 - Math.exp(-dt / MARK_TAU_MS);
    const delivery = deliveryState(createdAt, speed, t);
    for (const [key, m] of markets) {
      const def = m.def;
      const fair = fairOf(def);
      const maker = makers.get(key);
      const closed = def.kind === 'delivery' && delivery.deliveryStatus === 'delivery_period';
      // Quotes come off for the delivery period and return in full for the fresh contract.
      if (def.kind === 'delivery' && venue !== null && maker !== undefined) {
        if (closed) maker.cancelAll(venue);
        if (delivery.cycle !== deliveryCycle) maker.markUrgent();
      }
      if (venue !== null && maker !== undefined && !closed) {
        maker.requote(venue, fair);
        runTaker(venue, def, rng, fair, wallSeconds, agentOpts);
      }
      const bid = venue?.bestBid(def.category, def.symbol) ?? null;
      const ask = venue?.bestAsk(def.category, def.symbol) ?? null;
      const mid = bid !== null && ask !== null ? bid.plus(ask).div(2) : fair;
      m.mark = snapTo(m.mark.plus(mid.minus(m.mark).times(alpha)), def.priceTick, 'nearest');
      m.index = indexOf(def);
      if (isFuturesCategory(def.category)) {
        const premium = m.mark.minus(m.index).div(m.index);
        const target = new Decimal('0.0001').plus(premium.times(0.3)).plus(rng.normal() * 0.00002);
        const next = m.fundingRate.plus(target.minus(m.fundingRate).times(Math.min(1, alpha)));
        m.fundingRate = Decimal.min(0.0075, Decimal.max(-0.0075, next)).toDecimalPlaces(6);
      }
      m.sample(t);
    }
    for (const def of marginDefs) {
      const maker = makers.get(instrumentKey(def.category, def.symbol));
      if (venue === null || maker === undefined) continue;
      maker.requote(venue, fairOf(def));
      runTaker(venue, def, rng, fairOf(def), wallSeconds, agentOpts);
    }
    deliveryCycle = delivery.cycle;
  };

  const shockPrice = (category: SimCategory, symbol: string, factor: Decimal): void => {
    const def = defByKey.get(instrumentKey(category, symbol));
    if (def === undefined) return;
    walks.shock(def.baseCoin, factor);
    for (const m of markets.values()) {
      if (m.def.baseCoin !== def.baseCoin) continue;
      m.mark = fairOf(m.def);
      m.index = indexOf(m.def);
    }
    for (const d of defs) {
      const maker = makers.get(instrumentKey(d.category, d.symbol));
      if (d.baseCoin !== def.baseCoin || maker === undefined) continue;
      maker.markUrgent();
      if (venue !== null) maker.requote(venue, fairOf(d));
    }
  };

  const ops: MarketOps = createMarketOps({
    now,
    createdAt,
    defs,
    instruments,
    market: marketOf,
    tickerPush,
  });

  return {
    instruments,
    start(v: MatchingVenue): void {
      venue = v;
      if (handle !== null) return;
      step(now());
      handle = timers.setInterval(() => step(now()), options.stepMs ?? 250);
    },
    stop(): void {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
    onTrade(trade: SimTrade): void {
      marketOf(trade.category, trade.symbol)?.recordTrade(trade);
    },
    markPrice: (category, symbol) => marketOf(category, symbol)?.mark ?? null,
    priceUsdt,
    shockPrice,
    status,
    tickerPush,
    candles,
    handles: (opId) => ops.handles(opId),
    handle: (opId, params) => ops.handle(opId, params),
    step,
    makerQuotes: (category, symbol) => makers.get(instrumentKey(category, symbol))?.quoteCount() ?? { bids: 0, asks: 0 },
  };
}
