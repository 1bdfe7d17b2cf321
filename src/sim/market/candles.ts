import { Decimal } from 'decimal.js';
import type { SimCandle } from '../contract.js';
import type { Rng } from '../../domain/rng.js';

/**
 * Candle series built from trades (market type) or from sampled values (mark, index, premium),
 * with a lazily generated history before the feed started so charts are never empty.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

/** Interval name → length in ms. */
export const INTERVAL_MS: Readonly<Record<string, number>> = {
  '1m': MIN,
  '3m': 3 * MIN,
  '5m': 5 * MIN,
  '15m': 15 * MIN,
  '30m': 30 * MIN,
  '1H': HOUR,
  '4H': 4 * HOUR,
  '6H': 6 * HOUR,
  '12H': 12 * HOUR,
  '1D': 24 * HOUR,
};

/** Every interval, shortest first. */
export const INTERVALS: readonly string[] = Object.keys(INTERVAL_MS);

/** The only intervals Reality stock pairs serve. */
export const REALITY_INTERVALS: readonly string[] = ['1m', '5m', '15m', '1H', '4H', '1D'];

/** Candle types; `market` is the default. */
export const CANDLE_TYPES: readonly string[] = ['market', 'mark', 'index', 'premium'];

/** 6H, 12H and 1D candles open on the UTC+8 grid (1D at 16:00 UTC). */
const UTC8_INTERVALS = new Set(['6H', '12H', '1D']);
const UTC8_OFFSET = 8 * HOUR;

/** Length of `interval` in ms; throws for unknown names (callers validate first). */
export function intervalMs(interval: string): number {
  const ms = INTERVAL_MS[interval];
  if (ms === undefined) throw new RangeError(`unknown candle interval "${interval}"`);
  return ms;
}

/** Open time (Unix ms) of the `interval` candle containing `ts`. */
export function alignTs(ts: number, interval: string): number {
  const ms = intervalMs(interval);
  const off = UTC8_INTERVALS.has(interval) ? UTC8_OFFSET : 0;
  return Math.floor((ts + off) / ms) * ms - off;
}

/** Decimals used when a candle is written as strings. */
export interface CandleFormat {
  /** Decimals of open/high/low/close. */
  readonly price: number;
  /** Decimals of the base-coin volume. */
  readonly volume: number;
  /** Decimals of the quote-coin turnover. */
  readonly turnover: number;
}

interface LiveCandle {
  ts: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
  turnover: Decimal;
}

const ZERO = new Decimal(0);

function toWire(c: LiveCandle, f: CandleFormat): SimCandle {
  return [
    String(c.ts),
    c.open.toFixed(f.price),
    c.high.toFixed(f.price),
    c.low.toFixed(f.price),
    c.close.toFixed(f.price),
    c.volume.toFixed(f.volume),
    c.turnover.toFixed(f.turnover),
  ];
}

/** Most closed candles a series keeps after the feed started (older ones are dropped). */
export const MAX_LIVE_CANDLES = 2000;

/**
 * One series: (instrument, type, interval). Live candles start at the period containing
 * `liveStart` (flat at `startPrice`); `prefill` supplies earlier candles (called at most once, on first read).
 */
export class CandleSeries {
  /** Interval name, e.g. `1m`, `1D`. */
  readonly interval: string;
  private readonly format: CandleFormat;
  private readonly prefillSource: () => readonly SimCandle[];
  private prefillCache: readonly SimCandle[] | null = null;
  private readonly closed: SimCandle[] = [];
  private current: LiveCandle | null = null;
  private lastClose: Decimal;
  private trimmed = false;

  constructor(interval: string, liveStart: number, startPrice: Decimal, format: CandleFormat, prefill: () => readonly SimCandle[]) {
    this.interval = interval;
    this.format = format;
    this.prefillSource = prefill;
    this.lastClose = startPrice;
    this.candleAt(liveStart);
  }

  /** Folds a trade (price, base volume, quote turnover) at `ts` into the series. */
  addTrade(ts: number, price: Decimal, volume: Decimal, turnover: Decimal): void {
    const c = this.candleAt(ts);
    if (c === null) return;
    if (price.gt(c.high)) c.high = price;
    if (price.lt(c.low)) c.low = price;
    c.close = price;
    c.volume = c.volume.plus(volume);
    c.turnover = c.turnover.plus(turnover);
    this.lastClose = price;
  }

  /** Records a sampled value (mark, index, premium) at `ts`; no volume. */
  sample(ts: number, value: Decimal): void {
    this.addTrade(ts, value, ZERO, ZERO);
  }

  /** Makes sure the candle containing `now` exists (flat from the last close if nothing traded). */
  roll(now: number): void {
    this.candleAt(now);
  }

  /** Last close (or the start price before anything happened). */
  close(): Decimal {
    return this.lastClose;
  }

  /** The candle currently forming, as wire strings (null only before the first roll). */
  latest(): SimCandle | null {
    return this.current === null ? null : toWire(this.current, this.format);
  }

  /** Every candle, oldest first: generated history, closed live candles, then the current one. */
  list(): readonly SimCandle[] {
    // Once old live candles were dropped, the history no longer joins up: leave it out.
    const out: SimCandle[] = this.trimmed ? [] : [...this.prefill()];
    out.push(...this.closed);
    if (this.current !== null) out.push(toWire(this.current, this.format));
    return out;
  }

  /** The generated history before the feed started (memoised). */
  prefill(): readonly SimCandle[] {
    if (this.prefillCache === null) this.prefillCache = this.prefillSource();
    return this.prefillCache;
  }

  private candleAt(ts: number): LiveCandle | null {
    const open = alignTs(ts, this.interval);
    const cur = this.current;
    if (cur !== null && open < cur.ts) return null; // late trade for a closed candle: ignored
    if (cur !== null && open === cur.ts) return cur;
    const ms = intervalMs(this.interval);
    if (cur !== null) {
      this.closed.push(toWire(cur, this.format));
      // Fill quiet periods with flat candles so the chart has no holes.
      let gap = cur.ts + ms;
      let filled = 0;
      while (gap < open && filled < MAX_LIVE_CANDLES) {
        this.closed.push(toWire(this.flat(gap), this.format));
        gap += ms;
        filled += 1;
      }
      if (this.closed.length > MAX_LIVE_CANDLES) {
        this.closed.splice(0, this.closed.length - MAX_LIVE_CANDLES);
        this.trimmed = true;
      }
    }
    this.current = this.flat(open);
    return this.current;
  }

  private flat(ts: number): LiveCandle {
    const p = this.lastClose;
    return { ts, open: p, high: p, low: p, close: p, volume: ZERO, turnover: ZERO };
  }
}

/** Inputs of a generated candle history. */
export interface PrefillOptions {
  /** Random source of this series (derive one per instrument and interval). */
  readonly rng: Rng;
  /** Interval name. */
  readonly interval: string;
  /** Number of candles to generate. */
  readonly count: number;
  /** The history ends just before the candle containing this time (Unix ms). */
  readonly endTime: number;
  /** Close of the newest generated candle. */
  readonly endPrice: Decimal;
  /** Random-walk deviation per sqrt(second) (a ratio, e.g. 0.00012). */
  readonly sigma: number;
  /** Mean traded size per second, in the instrument's quantity unit. */
  readonly sizePerSecond: Decimal;
  /** True when size is in the quote coin (coin-margined contracts): volume = size / price. */
  readonly quoteSized: boolean;
  /** Price grid the candle prices snap to. */
  readonly tick: Decimal;
  /** Decimals of the written candles. */
  readonly format: CandleFormat;
}

/**
 * A price grid as exact integers: `tick` = `units` × 10^-`scale` (0.5 → 5, 1). Prices on it are whole
 * numbers of ticks; `text` writes one with `decimals` places exactly (Decimal only when the format has
 * fewer places than the tick, which then rounds as Decimal does).
 */
class TickGrid {
  private readonly units: bigint;
  private readonly scale: number;

  constructor(private readonly tick: Decimal) {
    this.scale = tick.decimalPlaces();
    this.units = BigInt(tick.times(new Decimal(10).pow(this.scale)).toFixed(0));
  }

  /**
   * Nearest whole number of ticks to a price (half up). A count, not money: exact as a JS number
   * while it is a safe integer (a BTC price on a 0.1 tick is about a million), refused beyond that.
   */
  ticksOf(price: Decimal): number {
    const count = price.div(this.tick).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    if (count.abs().gt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${price.toFixed()} is too many ticks of ${this.tick.toFixed()} to count exactly`);
    return count.toNumber();
  }

  /** `ticks` × tick as a Decimal. */
  value(ticks: number): Decimal {
    return new Decimal(ticks).times(this.tick);
  }

  /** `ticks` × tick written with `decimals` places. */
  text(ticks: number, decimals: number): string {
    if (decimals < this.scale) return this.value(ticks).toFixed(decimals);
    const digits = (BigInt(ticks) * this.units).toString().padStart(this.scale + 1, '0');
    const whole = this.scale === 0 ? digits : digits.slice(0, -this.scale);
    const frac = (this.scale === 0 ? '' : digits.slice(-this.scale)).padEnd(decimals, '0');
    return decimals === 0 ? whole : `${whole}.${frac}`;
  }
}

/**
 * Generates `count` plausible candles (a backward random walk ending at `endPrice`), oldest first.
 * Prices walk on the tick grid as whole numbers of ticks (exact; a day of 1-minute candles for ten
 * symbols used to take half a second of decimal arithmetic on the thread the dashboard shares with
 * the embedded exchange); volume and turnover stay decimal.
 */
export function generatePrefill(o: PrefillOptions): readonly SimCandle[] {
  const ms = intervalMs(o.interval);
  const seconds = ms / 1000;
  const stepSigma = Math.min(o.sigma * Math.sqrt(seconds), 0.06);
  const grid = new TickGrid(o.tick);
  const out: SimCandle[] = [];
  let close = grid.ticksOf(o.endPrice);
  let ts = alignTs(o.endTime, o.interval) - ms;
  const meanSize = o.sizePerSecond.times(seconds);
  for (let i = 0; i < o.count; i += 1) {
    const r = o.rng.normal() * stepSigma;
    const open = Math.max(1, Math.round(close * Math.exp(-r)));
    const hi = Math.round(Math.max(open, close) * (1 + Math.abs(o.rng.normal()) * stepSigma * 0.35));
    const lo = Math.max(1, Math.round(Math.min(open, close) * (1 - Math.abs(o.rng.normal()) * stepSigma * 0.35)));
    const size = meanSize.times(o.rng.range(0.35, 1.65));
    const avg = grid.value(open + close).div(2);
    const volume = o.quoteSized ? size.div(avg) : size;
    const turnover = o.quoteSized ? size : size.times(avg);
    out.push([
      String(ts),
      grid.text(open, o.format.price),
      grid.text(hi, o.format.price),
      grid.text(lo, o.format.price),
      grid.text(close, o.format.price),
      volume.toFixed(o.format.volume),
      turnover.toFixed(o.format.turnover),
    ]);
    close = open;
    ts -= ms;
  }
  return out.reverse();
}
