import { Decimal } from 'decimal.js';
import type { SimTrade } from '../contract.js';
import { CandleSeries, INTERVALS, REALITY_INTERVALS, generatePrefill, type CandleFormat } from './candles.js';
import { isFuturesCategory, type InstrumentDef } from './instruments.js';
import { createRng, deriveSeed } from '../../domain/rng.js';

/**
 * Public market state of one instrument: candles of every type and interval, recent public
 * fills, last price, mark/index price, funding rate and open interest.
 */

/** Recent public fills kept per instrument (the fills operation returns at most 100). */
export const MAX_FILLS = 200;
/** Candles generated before the feed started, per interval (1m: a day and a bit for the 24h ticker). */
export const PREFILL_COUNT = 500;
const PREFILL_1M = 1500;

/** Inputs for one instrument's market state. */
export interface InstrumentMarketOptions {
  /** The instrument. */
  readonly def: InstrumentDef;
  /** Feed seed (history and open interest derive from it). */
  readonly seed: number;
  /** Unix ms the feed started. */
  readonly createdAt: number;
  /** Fair price at start. */
  readonly fair: Decimal;
  /** Index price (base coin price) at start. */
  readonly index: Decimal;
  /** Volatility of the base coin (ratio per sqrt(second)). */
  readonly sigma: number;
}

/** The candle types an instrument serves natively (others fall back to market). */
export function candleTypesOf(def: InstrumentDef): readonly string[] {
  return isFuturesCategory(def.category) ? ['market', 'mark', 'index', 'premium'] : ['market'];
}

/** The intervals an instrument serves. */
export function intervalsOf(def: InstrumentDef): readonly string[] {
  return def.reality ? REALITY_INTERVALS : INTERVALS;
}

/** One instrument's market data. */
export class InstrumentMarket {
  /** The instrument. */
  readonly def: InstrumentDef;
  /** Price of the last trade (the start fair price before any trade). */
  lastPrice: Decimal;
  /** Smoothed mid price. */
  mark: Decimal;
  /** Base coin price. */
  index: Decimal;
  /** Current funding rate (futures), a decimal fraction per funding interval. */
  fundingRate = new Decimal('0.0001');
  /** Open interest in the quantity unit (futures). */
  openInterest: Decimal;
  private readonly series = new Map<string, Map<string, CandleSeries>>();
  private readonly recentFills: Readonly<Record<string, string>>[] = [];

  constructor(o: InstrumentMarketOptions) {
    const def = o.def;
    this.def = def;
    this.lastPrice = o.fair;
    this.mark = o.fair;
    this.index = o.index;
    this.openInterest = def.makerQty.times(20_000 + (deriveSeed(o.seed, def.category, def.symbol, 'oi') % 40_000)).toDecimalPlaces(def.quantityPrecision);
    const priceFmt: CandleFormat = { price: def.pricePrecision, volume: def.quoteSized ? 6 : def.quantityPrecision, turnover: def.quoteSized ? def.quantityPrecision : 4 };
    const premiumFmt: CandleFormat = { price: 8, volume: 0, turnover: 0 };
    const intervals = intervalsOf(def);
    const market = new Map<string, CandleSeries>();
    for (const iv of intervals) {
      const prefill = (): ReturnType<typeof generatePrefill> =>
        generatePrefill({
          rng: createRng(deriveSeed(o.seed, def.category, def.symbol, iv)),
          interval: iv,
          count: iv === '1m' ? PREFILL_1M : PREFILL_COUNT,
          endTime: o.createdAt,
          endPrice: o.fair,
          sigma: o.sigma,
          sizePerSecond: def.makerQty.times(0.3),
          quoteSized: def.quoteSized,
          tick: def.priceTick,
          format: priceFmt,
        });
      market.set(iv, new CandleSeries(iv, o.createdAt, o.fair, priceFmt, prefill));
    }
    this.series.set('market', market);
    if (!isFuturesCategory(def.category)) return;
    const ratio = o.index.div(o.fair);
    const premium0 = o.fair.minus(o.index).div(o.index);
    const derived: Record<string, { start: Decimal; fmt: CandleFormat; map: (p: string) => string }> = {
      mark: { start: o.fair, fmt: { ...priceFmt, volume: 0, turnover: 0 }, map: (p) => p },
      index: { start: o.index, fmt: { ...priceFmt, volume: 0, turnover: 0 }, map: (p) => new Decimal(p).times(ratio).toFixed(def.pricePrecision) },
      premium: { start: premium0, fmt: premiumFmt, map: () => premium0.toFixed(8) },
    };
    for (const [type, d] of Object.entries(derived)) {
      const byInterval = new Map<string, CandleSeries>();
      for (const iv of intervals) {
        const source = market.get(iv);
        const prefill = (): ReturnType<typeof generatePrefill> =>
          (source?.prefill() ?? []).map((c) => [c[0], d.map(c[1]), d.map(c[2]), d.map(c[3]), d.map(c[4]), '0', '0'] as const);
        byInterval.set(iv, new CandleSeries(iv, o.createdAt, d.start, d.fmt, prefill));
      }
      this.series.set(type, byInterval);
    }
  }

  /** The series of `type` and `interval`, or undefined if this instrument does not serve it. */
  candles(type: string, interval: string): CandleSeries | undefined {
    return this.series.get(type)?.get(interval);
  }

  /** Folds a printed trade into candles, fills, last price and open interest. */
  recordTrade(t: SimTrade): void {
    const def = this.def;
    const volume = def.quoteSized ? t.size.div(t.price) : t.size;
    const turnover = def.quoteSized ? t.size : t.size.times(t.price);
    for (const s of this.series.get('market')?.values() ?? []) s.addTrade(t.time, t.price, volume, turnover);
    this.lastPrice = t.price;
    this.recentFills.unshift({
      execId: t.execId,
      execLinkId: t.execId,
      price: t.price.toFixed(def.pricePrecision),
      size: t.size.toFixed(def.quantityPrecision),
      side: t.side,
      ts: String(t.time),
      isRPI: 'no',
    });
    if (this.recentFills.length > MAX_FILLS) this.recentFills.length = MAX_FILLS;
    if (isFuturesCategory(def.category)) {
      // Buyers mostly open, sellers mostly close: open interest drifts with the flow.
      const delta = t.side === 'buy' ? t.size.times(0.3) : t.size.times(-0.25);
      const floor = def.makerQty.times(1000);
      this.openInterest = Decimal.max(floor, this.openInterest.plus(delta)).toDecimalPlaces(def.quantityPrecision);
    }
  }

  /** Records mark, index and premium at `now` (futures), and opens the current candle of every series. */
  sample(now: number): void {
    if (isFuturesCategory(this.def.category)) {
      const premium = this.mark.minus(this.index).div(this.index);
      for (const s of this.series.get('mark')?.values() ?? []) s.sample(now, this.mark);
      for (const s of this.series.get('index')?.values() ?? []) s.sample(now, this.index);
      for (const s of this.series.get('premium')?.values() ?? []) s.sample(now, premium);
    }
    for (const s of this.series.get('market')?.values() ?? []) s.roll(now);
  }

  /** Public fills, newest first, at most `limit`. */
  fills(limit: number): readonly Readonly<Record<string, string>>[] {
    return this.recentFills.slice(0, limit);
  }
}
