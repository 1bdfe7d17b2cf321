import { isQuoteQuantity } from '../../domain/instrument-rules.js';
import { DEFAULT_ORDER_GUARDS, orderWarnings, type OrderGuardInput, type OrderGuardLimits, type OrderGuardResult } from '../../domain/order-warnings.js';
import type { OrderRequest } from '../../services/order-request.js';
import type { AppState } from '../../store/app-state.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { useAppContext } from './app-context.js';
import { useAppStore } from './use-app-store.js';

/**
 * Feeds the order guards (`domain/order-warnings.ts`) from the store: the book's age and sync
 * state, the mark (or last) price, the account data's age, and the instrument's quantity unit.
 */

/**
 * Age of the account data at `now`, ms; null when none was ever received. While the private
 * stream is subscribed the exchange pushes every account change (and a snapshot on subscribe),
 * so the data is current (age 0) however long ago it last changed; otherwise it is as old as the
 * last snapshot or push.
 */
export function accountAgeMs(state: AppState, now: number): number | null {
  if (state.account.summary === null) return null;
  if (state.connection.private.state === 'subscribed') return 0;
  return Math.max(0, now - state.account.updatedAt);
}

/** The guards' input for `request` from the store at `now`; null when the instrument is unknown. */
export function orderGuardInput(state: AppState, request: OrderRequest, now: number): OrderGuardInput | null {
  const key = symbolKey(request);
  const inst = state.market.instruments[key];
  if (!inst) return null;
  const book = state.market.books[key];
  const ticker = state.market.tickers[key];
  const mark = ticker?.markPrice && ticker.markPrice.gt(0) ? ticker.markPrice : null;
  const last = ticker && ticker.lastPrice.gt(0) ? ticker.lastPrice : null;
  return {
    symbol: request.symbol,
    side: request.side,
    orderType: request.orderType,
    ...(request.price !== undefined ? { price: request.price } : {}),
    qty: request.qty,
    qtyUnit: isQuoteQuantity(inst, request.side, request.orderType) ? 'quote' : 'base',
    quoteCoin: inst.quoteCoin,
    markPrice: mark ?? last,
    markSource: mark ? 'mark' : 'last',
    bookAgeMs: book && book.updatedAt > 0 ? Math.max(0, now - book.updatedAt) : null,
    bookSynced: book?.synced ?? true,
    accountAgeMs: accountAgeMs(state, now),
  };
}

/** Checks `request` against the guards with the store at `now`. */
export function checkOrderGuards(state: AppState, request: OrderRequest, now: number, limits: OrderGuardLimits = DEFAULT_ORDER_GUARDS): OrderGuardResult {
  const input = orderGuardInput(state, request, now);
  if (input === null) return { refusal: `rules of ${request.symbol} are not loaded yet`, warnings: [] };
  return orderWarnings(input, limits);
}

/**
 * The guards as the ticket uses them: `check(request)` reads the store and the clock at call time,
 * with the context's `orderGuards` limits (default `DEFAULT_ORDER_GUARDS`). The hook subscribes to
 * the account's age inputs so an open confirmation re-renders when they change (the ticket already
 * re-renders when a best price or the last price changes, and every second with the panel's `now`,
 * which is what the book's and ticker's ages need).
 */
export function useOrderGuards(): (request: OrderRequest) => OrderGuardResult {
  const { store, now, orderGuards } = useAppContext();
  useAppStore((s) => s.account.updatedAt);
  useAppStore((s) => s.connection.private.state);
  const limits = orderGuards ?? DEFAULT_ORDER_GUARDS;
  return (request) => checkOrderGuards(store.getState(), request, now(), limits);
}
