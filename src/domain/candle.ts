import type { Decimal } from 'decimal.js';

/** Candle price series: traded price (market), mark, index, or premium. */
export type CandleType = 'market' | 'mark' | 'index' | 'premium';

/** Candle intervals the exchange offers. */
export const CANDLE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1H', '4H', '6H', '12H', '1D'] as const;
/** One candle interval. */
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** One candle. */
export interface Candle {
  /** Open time, Unix ms. */
  readonly start: number;
  readonly open: Decimal;
  readonly high: Decimal;
  readonly low: Decimal;
  readonly close: Decimal;
  /** Volume in the base coin. */
  readonly volume: Decimal;
}
