import type { Decimal } from 'decimal.js';
import type { Candle } from '../../domain/candle.js';
import type { Category, DeliveryStatus, Instrument, LevelText, PublicTrade, Ticker } from '../../domain/model.js';
import { appendSample, type PriceSample } from '../../domain/sparkline.js';
import type { SliceCreator } from '../slice.js';

/** An instrument reference: category plus symbol. */
export interface SymbolRef {
  readonly category: Category;
  readonly symbol: string;
}

/** `CATEGORY:SYMBOL`, the key every market map uses. */
export function symbolKey(ref: SymbolRef): string {
  return `${ref.category}:${ref.symbol}`;
}

/** One book level as the exchange sent it (wire strings kept for display) plus cumulative size. */
export interface BookLevelView extends LevelText {
  /** Cumulative size from the best level to this one, inclusive. */
  readonly cum: Decimal;
}

/** An immutable snapshot of the top of one order book, published at most ~10 times a second. */
export interface BookView {
  /** Best first (highest price). */
  readonly bids: readonly BookLevelView[];
  /** Best first (lowest price). */
  readonly asks: readonly BookLevelView[];
  /** Exchange sequence number as text (may exceed 2^53). */
  readonly seq: string;
  /** Which topic fed it: books (full, incremental) or books1/5/50 snapshots. */
  readonly source: 'books' | 'books1' | 'books5' | 'books50';
  /** Unix ms of the last applied frame. */
  readonly updatedAt: number;
  /** False while the book is being rebuilt after a gap (show it as stale). */
  readonly synced: boolean;
}

/** Market data the screen shows. Maps are keyed by `symbolKey`. */
export interface MarketData {
  readonly instruments: Readonly<Record<string, Instrument>>;
  readonly tickers: Readonly<Record<string, Ticker>>;
  readonly books: Readonly<Record<string, BookView>>;
  /** Newest first, at most `MAX_TRADES` per symbol. */
  readonly trades: Readonly<Record<string, readonly PublicTrade[]>>;
  /** Oldest first, keyed by `symbolKey:interval:type`. */
  readonly candles: Readonly<Record<string, readonly Candle[]>>;
  /** Unix ms each candle series (same keys as `candles`) was last written, snapshot or update. */
  readonly candlesAt: Readonly<Record<string, number>>;
  /** Delivery status per symbol where the ticker carries one. */
  readonly delivery: Readonly<Record<string, DeliveryStatus>>;
  /** The focused instrument. */
  readonly selected: SymbolRef;
  /** Symbols the watchlist shows, in order (set by the market service once it streams their tickers). */
  readonly watchlist: readonly SymbolRef[];
  /** Recent last prices per ticker key, oldest first: one sample a second, at most `SPARK_SAMPLES` (the watchlist's sparklines). */
  readonly history: Readonly<Record<string, readonly PriceSample[]>>;
  /** Unix ms of the last change to any market data (0 = never). */
  readonly updatedAt: number;
}

/** Public trades kept per symbol. */
export const MAX_TRADES = 100;
/** Candles kept per series. */
export const MAX_CANDLES = 500;

/** Market slice: data plus synchronous actions (no I/O). */
export interface MarketSlice {
  readonly market: MarketData;
  /** Replaces the instruments of the categories present in `list`. */
  setInstruments(list: readonly Instrument[], now: number): void;
  /** Stores tickers (a coalesced batch). */
  setTickers(list: readonly Ticker[], now: number): void;
  /** Publishes new book snapshots (a coalesced batch keyed by `symbolKey`). */
  setBooks(books: Readonly<Record<string, BookView>>, now: number): void;
  /** Prepends new public trades (each list newest first). */
  addTrades(key: string, trades: readonly PublicTrade[], now: number): void;
  /** Replaces (snapshot) or merges (update, by start time) a candle series. */
  applyCandles(seriesKey: string, candles: readonly Candle[], mode: 'snapshot' | 'update', now: number): void;
  /** Moves the focus to another instrument. */
  selectSymbol(ref: SymbolRef): void;
  /** Replaces the watchlist's symbols. */
  setWatchlist(list: readonly SymbolRef[]): void;
}

/** The instrument shown before anything is selected. */
export const DEFAULT_SYMBOL: SymbolRef = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' };

/** Builds the market slice. */
export const createMarketSlice: SliceCreator<MarketSlice> = (set) => ({
  market: { instruments: {}, tickers: {}, books: {}, trades: {}, candles: {}, candlesAt: {}, delivery: {}, selected: DEFAULT_SYMBOL, watchlist: [], history: {}, updatedAt: 0 },
  setInstruments: (list, now) =>
    set((s) => {
      const categories = new Set(list.map((i) => i.category));
      const instruments: Record<string, Instrument> = {};
      for (const [k, v] of Object.entries(s.market.instruments)) if (!categories.has(v.category)) instruments[k] = v;
      for (const i of list) instruments[symbolKey(i)] = i;
      return { market: { ...s.market, instruments, updatedAt: now } };
    }),
  setTickers: (list, now) =>
    set((s) => {
      if (list.length === 0) return {};
      const tickers = { ...s.market.tickers };
      let delivery = s.market.delivery;
      const history = { ...s.market.history };
      for (const t of list) {
        const key = symbolKey(t);
        tickers[key] = t;
        if (t.lastPrice.gt(0)) history[key] = appendSample(history[key] ?? [], t.lastPrice, now);
        if (t.deliveryStatus && delivery[key] !== t.deliveryStatus) delivery = { ...delivery, [key]: t.deliveryStatus };
      }
      return { market: { ...s.market, tickers, delivery, history, updatedAt: now } };
    }),
  setBooks: (books, now) =>
    set((s) => (Object.keys(books).length === 0 ? {} : { market: { ...s.market, books: { ...s.market.books, ...books }, updatedAt: now } })),
  addTrades: (key, trades, now) =>
    set((s) => {
      if (trades.length === 0) return {};
      const seen = new Set(trades.map((t) => t.id));
      const kept = (s.market.trades[key] ?? []).filter((t) => !seen.has(t.id));
      const merged = [...trades, ...kept].slice(0, MAX_TRADES);
      return { market: { ...s.market, trades: { ...s.market.trades, [key]: merged }, updatedAt: now } };
    }),
  applyCandles: (seriesKey, candles, mode, now) =>
    set((s) => {
      let next: Candle[];
      if (mode === 'snapshot') next = [...candles];
      else {
        const byStart = new Map((s.market.candles[seriesKey] ?? []).map((c) => [c.start, c]));
        for (const c of candles) byStart.set(c.start, c);
        next = [...byStart.values()].sort((a, b) => a.start - b.start);
      }
      return { market: { ...s.market, candles: { ...s.market.candles, [seriesKey]: next.slice(-MAX_CANDLES) }, candlesAt: { ...s.market.candlesAt, [seriesKey]: now }, updatedAt: now } };
    }),
  selectSymbol: (ref) => set((s) => ({ market: { ...s.market, selected: { category: ref.category, symbol: ref.symbol } } })),
  setWatchlist: (list) => set((s) => ({ market: { ...s.market, watchlist: list.map((r) => ({ category: r.category, symbol: r.symbol })) } })),
});
