import type { SymbolRef } from '../store/slices/market-slice.js';

/** Book feeds the market panel can show: the incremental full book or fixed-depth snapshots. */
export type BookDepth = 'books1' | 'books5' | 'books50' | 'books';

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
  /** Stops every connection and timer. Resolves when done; never rejects. */
  shutdown(): Promise<void>;
}
