import { Decimal } from 'decimal.js';
import type { SimCandle } from '../contract.js';
import type { CandleSeries } from './candles.js';

/**
 * Rolling 24-hour statistics from the 1-minute market candles, and the ticker record built from
 * them (protocol-notes §5.1 field names).
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** 24h open, high, low, base volume and quote turnover. */
export interface Stats24h {
  readonly open: Decimal;
  readonly high: Decimal;
  readonly low: Decimal;
  readonly volume: Decimal;
  readonly turnover: Decimal;
}

interface Agg {
  open: Decimal | null;
  high: Decimal | null;
  low: Decimal | null;
  volume: Decimal;
  turnover: Decimal;
}

function fold(agg: Agg, c: SimCandle): void {
  const high = new Decimal(c[2]);
  const low = new Decimal(c[3]);
  if (agg.open === null) agg.open = new Decimal(c[1]);
  if (agg.high === null || high.gt(agg.high)) agg.high = high;
  if (agg.low === null || low.lt(agg.low)) agg.low = low;
  agg.volume = agg.volume.plus(c[5]);
  agg.turnover = agg.turnover.plus(c[6]);
}

/**
 * 24h statistics over a 1-minute series. The closed candles of the window are folded once per
 * minute and cached; the forming candle is added on every call.
 */
export class Rolling24h {
  private cachedFor = Number.NaN;
  private closed: Agg = { open: null, high: null, low: null, volume: new Decimal(0), turnover: new Decimal(0) };

  /** Statistics for the 24 hours ending at the forming candle of `series1m`; `fallback` when empty. */
  stats(series1m: CandleSeries, fallback: Decimal): Stats24h {
    const cur = series1m.latest();
    const curTs = cur === null ? 0 : Number.parseInt(cur[0], 10);
    if (curTs !== this.cachedFor) {
      this.cachedFor = curTs;
      const from = curTs - DAY_MS + MINUTE_MS;
      const agg: Agg = { open: null, high: null, low: null, volume: new Decimal(0), turnover: new Decimal(0) };
      for (const c of series1m.list()) {
        const ts = Number.parseInt(c[0], 10);
        if (ts >= from && ts < curTs) fold(agg, c);
      }
      this.closed = agg;
    }
    const all: Agg = { ...this.closed };
    if (cur !== null) fold(all, cur);
    return {
      open: all.open ?? fallback,
      high: all.high ?? fallback,
      low: all.low ?? fallback,
      volume: all.volume,
      turnover: all.turnover,
    };
  }
}

/** Start of the next funding period (Unix ms) for a funding interval of `hours`, UTC grid. */
export function nextFundingTime(now: number, hours: number): number {
  const ms = Math.max(1, hours) * 3_600_000;
  return Math.floor(now / ms) * ms + ms;
}
