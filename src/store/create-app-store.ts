import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState } from './app-state.js';
import { createAccountSlice } from './slices/account-slice.js';
import { createConnectionSlice } from './slices/connection-slice.js';
import { createCountdownSlice } from './slices/countdown-slice.js';
import { createExtrasSlice } from './slices/extras-slice.js';
import { createFillsSlice } from './slices/fills-slice.js';
import { createLoansSlice } from './slices/loans-slice.js';
import { createMarketSlice } from './slices/market-slice.js';
import { createOrdersSlice } from './slices/orders-slice.js';
import { createPositionsSlice } from './slices/positions-slice.js';
import { createUiSlice } from './slices/ui-slice.js';

/** The application store (vanilla zustand: no React inside; the UI binds to it with a thin hook). */
export type AppStore = StoreApi<AppState>;

/** Creates a fresh store with every slice composed. One per app instance or test; no singletons. */
export function createAppStore(): AppStore {
  // Each slice updates its own part of the state through the store's set (see slice.ts).
  return createStore<AppState>()((set) => ({
    ...createMarketSlice(set),
    ...createOrdersSlice(set),
    ...createFillsSlice(set),
    ...createAccountSlice(set),
    ...createPositionsSlice(set),
    ...createLoansSlice(set),
    ...createCountdownSlice(set),
    ...createConnectionSlice(set),
    ...createUiSlice(set),
    ...createExtrasSlice(set),
  }));
}
