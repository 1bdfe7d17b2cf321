import type { SymbolRef } from '../store/slices/market-slice.js';
import type { CandleService } from './candle-service.js';
import type { OperationCatalog } from './operation-catalog.js';
import type { OrderService } from './order-service.js';

/** Book feeds the market panel can show: the incremental full book or fixed-depth snapshots. */
export type BookDepth = 'books1' | 'books5' | 'books50' | 'books';

/**
 * Order entry and management (see OrderService: every call resolves, never rejects).
 * `reducePosition` (partial and limit closes) is optional in the type only, so test doubles written
 * before it still fit; the OrderService the app runs always has it, and the UI says so when absent.
 */
export type TradingServices = Pick<OrderService, 'submitOrder' | 'submitBatch' | 'modifyOrder' | 'cancelOrder' | 'cancelAll' | 'cancelBatch' | 'modifyBatch' | 'closePosition' | 'closeAll'> &
  Partial<Pick<OrderService, 'reducePosition'>>;

/** The dead-man countdown (countdown-cancel-all), renewed by the service while health allows. */
export interface CountdownServices {
  /** Arms (or re-arms) with a window of 5–60 s; resolves with null on success or the reason it failed. */
  arm(windowSec: number): Promise<string | null>;
  /** Disarms ("0"); resolves with null on success or the reason it failed. */
  disarm(): Promise<string | null>;
}

/** The candle chart's series (market candles from the stream, mark/index/premium over REST). */
export type CandleServices = Pick<CandleService, 'series' | 'choices' | 'setSeries' | 'onChange'>;

/** Any operation of the table by id, for reference and administration screens (validated like every call). */
export interface ExchangeCalls {
  /** Calls operation `id` with wire params; rejects with the exchange's or the validator's message. */
  call(id: string, params: unknown): Promise<unknown>;
}

/**
 * What the UI may ask of the services layer. The UI imports this type only; the instance arrives
 * through a React context built by the composition root (cli/main.ts).
 */
export interface AppServices {
  /** Focuses another instrument and moves the market subscriptions to it. */
  selectSymbol(ref: SymbolRef): void;
  /** Switches the focused book's feed. */
  setBookDepth(depth: BookDepth): void;
  /** The book feed in use. */
  bookDepth(): BookDepth;
  /** Instruments in picker order (category, then symbol). */
  symbols(): readonly SymbolRef[];
  /** Order entry; null when the session has no keys. */
  readonly trading: TradingServices | null;
  /** The dead-man countdown; null when the session has no keys. */
  readonly countdown: CountdownServices | null;
  /** Candle series for the chart. */
  readonly candles: CandleServices | null;
  /** Generic operation calls (history, reference data, administration). */
  readonly exchange: ExchangeCalls;
  /** The operations table as forms: names, paths, fields, and the validator's check before sending. */
  readonly catalog: OperationCatalog;
  /** Stops every connection and timer. Resolves when done; never rejects. */
  shutdown(): Promise<void>;
}
