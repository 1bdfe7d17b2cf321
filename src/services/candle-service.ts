import { CANDLE_INTERVALS, type Candle, type CandleInterval, type CandleType } from '../domain/candle.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { candleFromWire } from '../exchange/wire/market-mappers.js';
import type { StreamClient, StreamPush } from '../exchange/ws/stream-client.js';
import type { StreamArg } from '../exchange/ws/topics.js';
import type { AppStore } from '../store/create-app-store.js';
import { symbolKey, type SymbolRef } from '../store/slices/market-slice.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { systemIntervalTimer, type IntervalTimer } from './coalescer.js';
import { publicInstType } from './market-service.js';

/** Every candle type; only `market` is streamed, the others come over REST. */
export const CANDLE_TYPES: readonly CandleType[] = ['market', 'mark', 'index', 'premium'];
/** The only intervals Reality stock pairs serve (spec "Candle queries"). */
export const REALITY_CANDLE_INTERVALS: readonly CandleInterval[] = ['1m', '5m', '15m', '1H', '4H', '1D'];

/** The intervals and types an instrument offers: Reality pairs get six intervals and market candles only. */
export function candleChoices(isReality: boolean): { readonly intervals: readonly CandleInterval[]; readonly types: readonly CandleType[] } {
  return isReality ? { intervals: REALITY_CANDLE_INTERVALS, types: ['market'] } : { intervals: CANDLE_INTERVALS, types: CANDLE_TYPES };
}

/** Store key of a candle series: `CATEGORY:SYMBOL:interval:type` (see `MarketData.candles`). */
export function candleSeriesKey(ref: SymbolRef, interval: CandleInterval, type: CandleType): string {
  return `${symbolKey(ref)}:${interval}:${type}`;
}

/** The series being shown. */
export interface CandleSeries {
  readonly ref: SymbolRef;
  readonly interval: CandleInterval;
  readonly type: CandleType;
}

/** Dependencies of the candle service. */
export interface CandleServiceDeps {
  readonly api: ExchangeApi;
  readonly stream: StreamClient;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  /** Writes to the event log (and the file log). */
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Timer seam for the REST refresh of mark/index/premium series (default Node timers, unref'd). */
  readonly timer?: IntervalTimer;
  /** Refresh period of a REST-fed series, ms (default 5000). */
  readonly refreshMs?: number;
  /** Candles fetched when a REST series loads (default 100: the spec gives both 100 and 1000 as the maximum). */
  readonly restLimit?: number;
  /** Move the series along when the store's focused symbol changes (default true). */
  readonly followSelection?: boolean;
  /** Interval shown first (default `1m`). */
  readonly initialInterval?: CandleInterval;
}

/**
 * Candles of the focused symbol into the store (`applyCandles`, key `candleSeriesKey`). Market
 * candles stream over the public `kline` topic (a ~500-candle snapshot, then updates; the stream
 * replays the subscription and the snapshot after a reconnect). Mark, index and premium candles exist
 * only over REST (`market.getCandles` with `type`), loaded on selection and refreshed every
 * `refreshMs`. Reality pairs are held to their six intervals and market type.
 */
export class CandleService {
  private current: CandleSeries;
  private subscribed: StreamArg | null = null;
  private readonly offs: (() => void)[] = [];
  private refreshHandle: unknown = null;
  /** Bumped on every series change so late REST replies for an old series are dropped. */
  private generation = 0;
  private readonly timer: IntervalTimer;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: CandleServiceDeps) {
    this.timer = deps.timer ?? systemIntervalTimer;
    this.current = { ref: deps.store.getState().market.selected, interval: deps.initialInterval ?? '1m', type: 'market' };
  }

  /** Starts listening and loads the initial series (the focused symbol). Resolves after a REST load, if any. */
  async start(): Promise<void> {
    this.offs.push(this.deps.stream.onTopic('kline', (p) => this.onKline(p)));
    if (this.deps.followSelection !== false) {
      this.offs.push(
        this.deps.store.subscribe((s, prev) => {
          if (s.market.selected !== prev.market.selected) void this.setSeries(s.market.selected, this.current.interval, this.current.type);
        }),
      );
    }
    await this.apply(this.current, true);
  }

  /** The series in use (after the Reality rules). */
  series(): CandleSeries {
    return this.current;
  }

  /**
   * Calls `listener` after every series change (including one that follows the focused symbol or a
   * Reality adjustment). Fits React's `useSyncExternalStore(onChange, series)`: `series()` keeps its
   * identity until the next change. Returns an unsubscribe function.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Store key of the series in use. */
  seriesKey(): string {
    return candleSeriesKey(this.current.ref, this.current.interval, this.current.type);
  }

  /** Intervals and types the focused instrument offers (cycle through these in the UI). */
  choices(): { readonly intervals: readonly CandleInterval[]; readonly types: readonly CandleType[] } {
    return candleChoices(this.isReality(this.current.ref));
  }

  /**
   * Shows another series. A Reality pair asked for another interval gets the nearest longer one it
   * serves, and market candles for any type (both logged). Resolves once a REST-fed series has loaded
   * (or failed: the reason goes to the event log); never rejects.
   */
  async setSeries(ref: SymbolRef, interval: CandleInterval, type: CandleType): Promise<void> {
    await this.apply({ ref: { category: ref.category, symbol: ref.symbol }, interval, type }, false);
  }

  /** Drops the subscription, the refresh timer and every handler. */
  stop(): void {
    for (const off of this.offs.splice(0)) off();
    this.listeners.clear();
    this.stopRefresh();
    if (this.subscribed) this.deps.stream.unsubscribe([this.subscribed]);
    this.subscribed = null;
    this.generation += 1;
  }

  private isReality(ref: SymbolRef): boolean {
    return this.deps.store.getState().market.instruments[symbolKey(ref)]?.isReality === true;
  }

  private allowed(wanted: CandleSeries): CandleSeries {
    if (!this.isReality(wanted.ref)) return wanted;
    let { interval, type } = wanted;
    if (!REALITY_CANDLE_INTERVALS.includes(interval)) {
      const from = CANDLE_INTERVALS.indexOf(interval);
      interval = REALITY_CANDLE_INTERVALS.find((iv) => CANDLE_INTERVALS.indexOf(iv) >= from) ?? '1D';
      this.deps.log('info', `candles ${wanted.ref.symbol}: Reality pairs serve only ${REALITY_CANDLE_INTERVALS.join(' ')}; showing ${interval}`);
    }
    if (type !== 'market') {
      this.deps.log('info', `candles ${wanted.ref.symbol}: Reality pairs have market candles only; showing market`);
      type = 'market';
    }
    return { ref: wanted.ref, interval, type };
  }

  private async apply(wanted: CandleSeries, initial: boolean): Promise<void> {
    const next = this.allowed(wanted);
    const same = !initial && candleSeriesKey(next.ref, next.interval, next.type) === this.seriesKey();
    if (same) return;
    this.current = next;
    this.generation += 1;
    for (const l of [...this.listeners]) l();
    this.stopRefresh();
    const arg = next.type === 'market' ? this.klineArg(next) : null;
    if (this.subscribed && (!arg || this.argText(arg) !== this.argText(this.subscribed))) {
      this.deps.stream.unsubscribe([this.subscribed]);
      this.subscribed = null;
    }
    if (arg) {
      if (!this.subscribed) this.deps.stream.subscribe([arg]);
      this.subscribed = arg;
      return;
    }
    const gen = this.generation;
    await this.load(this.deps.restLimit ?? 100, 'snapshot');
    // Another series may have been chosen while this one loaded: it owns the refresh now.
    if (gen !== this.generation) return;
    this.refreshHandle = this.timer.setInterval(() => {
      if (gen === this.generation) void this.load(2, 'update');
    }, this.deps.refreshMs ?? 5000);
  }

  private stopRefresh(): void {
    if (this.refreshHandle !== null) this.timer.clearInterval(this.refreshHandle);
    this.refreshHandle = null;
  }

  private klineArg(s: CandleSeries): StreamArg {
    return { instType: publicInstType(s.ref.category), topic: 'kline', symbol: s.ref.symbol, interval: s.interval };
  }

  private argText(a: StreamArg): string {
    return `${a.instType}|${a.symbol ?? ''}|${a.interval ?? ''}`;
  }

  /** Fetches the newest `limit` candles of the current (REST-fed) series and writes them to the store. */
  private async load(limit: number, mode: 'snapshot' | 'update'): Promise<void> {
    const s = this.current;
    const gen = this.generation;
    const key = this.seriesKey();
    // Margin trades on the spot book: its candles are the spot pair's.
    const category = s.ref.category === 'MARGIN' ? 'SPOT' : s.ref.category;
    try {
      const data = await this.deps.api.market.getCandles({ category, symbol: s.ref.symbol, interval: s.interval, type: s.type, limit: String(limit) });
      if (gen !== this.generation) return;
      const list = Array.isArray(data) ? data.map(candleFromWire).filter((c): c is Candle => c !== null) : [];
      list.sort((a, b) => a.start - b.start);
      this.deps.store.getState().applyCandles(key, list, mode, this.deps.now());
    } catch (error) {
      if (gen !== this.generation) return;
      this.deps.log('warn', `candles ${s.type} ${s.ref.symbol} ${s.interval}: ${(error as Error).message}`);
    }
  }

  private onKline(push: StreamPush): void {
    const arg = this.subscribed;
    if (!arg || push.arg.instType !== arg.instType || push.arg.symbol !== arg.symbol || push.arg.interval !== arg.interval) return;
    const list = Array.isArray(push.data) ? push.data.map(candleFromWire).filter((c): c is Candle => c !== null) : [];
    if (list.length === 0 && push.action !== 'snapshot') return;
    list.sort((a, b) => a.start - b.start);
    this.deps.store.getState().applyCandles(this.seriesKey(), list, push.action === 'snapshot' ? 'snapshot' : 'update', this.deps.now());
  }
}
