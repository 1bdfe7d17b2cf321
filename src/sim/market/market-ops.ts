import { SimRejection, type SimCandle, type SimCategory } from '../contract.js';
import { CANDLE_TYPES, INTERVALS, alignTs, intervalMs } from './candles.js';
import { instrumentKey, type InstrumentDef } from './instruments.js';
import { intervalsOf, type InstrumentMarket } from './instrument-market.js';
import { category, integer, oneOf, optional, required, toQuery, unknownSymbol, type Query } from './market-params.js';
import { ANNOUNCEMENT_TYPES, COINS, FEE_GROUPS, RPI_SYMBOLS, SCORE_WEIGHTS, announcements } from './reference-data.js';

/** What the public operations read from the feed. */
export interface MarketOpsContext {
  /** Exchange time, Unix ms. */
  readonly now: () => number;
  /** Unix ms the feed started (announcements are dated from it). */
  readonly createdAt: number;
  /** Every instrument definition. */
  readonly defs: readonly InstrumentDef[];
  /** Instrument wire records with current dynamic fields, in `defs` order. */
  readonly instruments: () => readonly Readonly<Record<string, string>>[];
  /** Market data of an instrument (MARGIN resolves to SPOT), undefined if unknown. */
  readonly market: (category: SimCategory, symbol: string) => InstrumentMarket | undefined;
  /** Ticker record of an instrument (MARGIN resolves to SPOT), null if unknown. */
  readonly tickerPush: (category: SimCategory, symbol: string) => Readonly<Record<string, string>> | null;
}

/** The public market operations the feed answers. */
export interface MarketOps {
  /** True for the public market operation ids this answers. */
  handles(opId: string): boolean;
  /** Returns the reply `data`; throws `SimRejection` for bad parameters. */
  handle(opId: string, params: unknown): unknown;
}

const DAY_MS = 86_400_000;
const TICKER_CATEGORIES: readonly SimCategory[] = ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];

/** Builds the operation handlers over `ctx`. */
export function createMarketOps(ctx: MarketOpsContext): MarketOps {
  const defOf = (cat: SimCategory, symbol: string): InstrumentDef => {
    const key = instrumentKey(cat, symbol);
    const def = ctx.defs.find((d) => instrumentKey(d.category, d.symbol) === key);
    if (def === undefined) throw unknownSymbol(cat, symbol);
    return def;
  };

  const listInstruments = (q: Query, categoryRequired: boolean): unknown => {
    const cat = categoryRequired || optional(q, 'category') !== undefined ? category(q) : null;
    const sym = optional(q, 'symbol')?.toUpperCase();
    const out = ctx.instruments().filter((r) => (cat === null || r.category === cat) && (sym === undefined || r.symbol === sym));
    if (sym !== undefined && out.length === 0) throw unknownSymbol(cat ?? 'SPOT', sym);
    return out;
  };

  const tickers = (q: Query): unknown => {
    const cat = category(q, TICKER_CATEGORIES);
    const sym = optional(q, 'symbol');
    const defs = sym === undefined ? ctx.defs.filter((d) => d.category === cat) : [defOf(cat, sym)];
    const ts = String(ctx.now());
    return defs.map((d) => ({ category: cat, ...ctx.tickerPush(cat, d.symbol), ts }));
  };

  const fills = (q: Query): unknown => {
    const cat = category(q);
    const def = defOf(cat, required(q, 'symbol'));
    const limit = integer(q, 'limit', 100, 1, 100) ?? 100;
    return ctx.market(cat, def.symbol)?.fills(limit) ?? [];
  };

  /** Resolves the series and interval of a candle query, applying the Reality rules. */
  const candleSeries = (q: Query): { all: readonly SimCandle[]; interval: string } => {
    const cat = category(q);
    const def = defOf(cat, required(q, 'symbol'));
    const interval = oneOf('interval', required(q, 'interval'), INTERVALS);
    if (!intervalsOf(def).includes(interval)) {
      throw new SimRejection('40020', `Parameter interval error: ${def.symbol} is a Reality pair and serves only ${intervalsOf(def).join(', ')}`);
    }
    const type = oneOf('type', optional(q, 'type') ?? 'market', CANDLE_TYPES);
    const m = ctx.market(cat, def.symbol);
    // Types an instrument does not serve (spot, Reality) fall back to market without error.
    const series = m?.candles(type, interval) ?? m?.candles('market', interval);
    return { all: series?.list() ?? [], interval };
  };

  const candles = (q: Query): unknown => {
    const { all } = candleSeries(q);
    const start = integer(q, 'startTime', undefined);
    const end = integer(q, 'endTime', undefined);
    const limit = integer(q, 'limit', 100, 1, 1000) ?? 100;
    return lastN(all.filter((c) => inRange(c, start, end === undefined ? undefined : end + 1)), limit);
  };

  const historyCandles = (q: Query): unknown => {
    const { all, interval } = candleSeries(q);
    const now = ctx.now();
    const start = integer(q, 'startTime', undefined);
    const end = integer(q, 'endTime', undefined) ?? now;
    const limit = integer(q, 'limit', 100, 1, 100) ?? 100;
    if (start !== undefined && end < start) throw new SimRejection('40020', 'Parameter endTime error: endTime is before startTime');
    if (start !== undefined && end - start > 90 * DAY_MS) throw new SimRejection('40020', 'Parameter startTime error: startTime and endTime may be at most 90 days apart');
    // An endTime past a period boundary (even by 1 ms) rounds up to the next boundary, so the
    // candle that opened at that boundary is included.
    const open = alignTs(end, interval);
    const endExclusive = open === end ? end : open + intervalMs(interval);
    return lastN(all.filter((c) => inRange(c, start, endExclusive)), limit);
  };

  const coins = (q: Query): unknown => {
    const coin = optional(q, 'coin')?.toUpperCase();
    if (coin === undefined) return COINS;
    const hit = COINS.filter((c) => c.coin === coin);
    if (hit.length === 0) throw new SimRejection('40034', `Parameter coin does not exist: ${coin} is not listed`);
    return hit;
  };

  const feeGroup = (q: Query): unknown => {
    const cat = oneOf('category', required(q, 'category'), ['SPOT', 'FUTURES'] as const);
    const groupParam = optional(q, 'group');
    const group = groupParam === undefined ? undefined : oneOf('group', groupParam, ['GROUP_A', 'GROUP_B', 'GROUP_C'] as const);
    return FEE_GROUPS.filter((g) => g.category === cat && (group === undefined || g.group === group));
  };

  const scoreWeights = (q: Query): unknown => {
    const catParam = optional(q, 'category');
    const cat = catParam === undefined ? undefined : oneOf('category', catParam, ['SPOT', 'FUTURES'] as const);
    return SCORE_WEIGHTS.filter((w) => cat === undefined || w.category === cat);
  };

  const anns = (q: Query): unknown => {
    const typeParam = optional(q, 'annType');
    const type = typeParam === undefined ? undefined : oneOf('annType', typeParam, Object.keys(ANNOUNCEMENT_TYPES));
    return announcements(ctx.createdAt, type);
  };

  const time = (): unknown => {
    const t = ctx.now();
    return { serverTime: String(t), serverTimeMicros: `${t}000` };
  };

  const handlers: Readonly<Record<string, (q: Query) => unknown>> = {
    'market.getInstruments': (q) => listInstruments(q, true),
    'market.getPublicInstruments': (q) => listInstruments(q, false),
    'market.getRpiSymbols': () => RPI_SYMBOLS,
    'market.getTickers': tickers,
    'market.getFills': fills,
    'market.getCandles': candles,
    'market.getHistoryCandles': historyCandles,
    'market.getTime': time,
    'market.getPublicTime': time,
    // The official common Get-Server-Time page's reply has serverTime only.
    'market.getServerTime': () => ({ serverTime: String(ctx.now()) }),
    'market.getCoins': coins,
    'market.getFeeGroup': feeGroup,
    'market.getScoreWeights': scoreWeights,
    'market.getAnnouncements': anns,
  };

  return {
    handles: (opId) => Object.hasOwn(handlers, opId),
    handle(opId, params) {
      const h = handlers[opId];
      if (h === undefined) throw new SimRejection('40034', `Parameter opId does not exist: the market feed does not answer ${opId}`);
      return h(toQuery(params));
    },
  };
}

/** True if the candle opens in [start, endExclusive). */
function inRange(c: SimCandle, start: number | undefined, endExclusive: number | undefined): boolean {
  const ts = Number.parseInt(c[0], 10);
  return (start === undefined || ts >= start) && (endExclusive === undefined || ts < endExclusive);
}

function lastN<T>(items: readonly T[], n: number): readonly T[] {
  return items.length <= n ? items : items.slice(items.length - n);
}
