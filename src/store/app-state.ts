import type { AccountSlice } from './slices/account-slice.js';
import type { ConnectionSlice } from './slices/connection-slice.js';
import type { CountdownSlice } from './slices/countdown-slice.js';
import type { ExtrasSlice } from './slices/extras-slice.js';
import type { FillsSlice } from './slices/fills-slice.js';
import type { LoansSlice } from './slices/loans-slice.js';
import type { MarketSlice } from './slices/market-slice.js';
import type { OrdersSlice } from './slices/orders-slice.js';
import type { PositionsSlice } from './slices/positions-slice.js';
import type { UiSlice } from './slices/ui-slice.js';

/** The whole application state: every slice's data and actions, composed in create-app-store.ts. */
export type AppState = MarketSlice & OrdersSlice & FillsSlice & AccountSlice & PositionsSlice & LoansSlice & CountdownSlice & ConnectionSlice & UiSlice & ExtrasSlice;
