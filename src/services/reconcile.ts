import type { Order } from '../domain/model.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { isExchangeError } from '../exchange/wire/errors.js';
import { orderFromWire } from '../exchange/wire/account-mappers.js';
import type { OrderRef } from '../exchange/wire/params.js';
import { wireRecord } from '../exchange/wire/wire-values.js';

/**
 * Looking an order up after a write whose result is unknown (spec place-order rule 6): ask
 * order-info by clientOid or orderId a few times with growing pauses. Nothing here ever sends the
 * write again.
 */

/** Exchange codes meaning "no such order" (V3 `25204`; classic `43001`, `40768`). */
export const ORDER_NOT_FOUND_CODES: ReadonlySet<string> = new Set(['25204', '43001', '40768']);

/** Pauses before each lookup, ms (default 0.5 s, 1 s, 2 s, 4 s: four lookups over 7.5 s). */
export const DEFAULT_RECONCILE_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

/** What one lookup found. */
export type LookupResult =
  /** The exchange (or the order stream) has the order. */
  | { readonly kind: 'found'; readonly order: Order }
  /** The exchange answered that no such order exists. */
  | { readonly kind: 'absent'; readonly detail: string }
  /** The lookup itself failed (network, rate limit, odd reply): nothing learnt. */
  | { readonly kind: 'error'; readonly detail: string };

/** One order-info query, mapped to a `LookupResult` (never throws). */
export async function lookupOrder(api: ExchangeApi, ref: OrderRef): Promise<LookupResult> {
  try {
    const data = await api.trade.getOrderInfo(ref);
    if (data === null || data === undefined) return { kind: 'absent', detail: 'order-info returned no order' };
    const order = orderFromWire(wireRecord(data));
    if (order) return { kind: 'found', order };
    if (Object.keys(wireRecord(data)).length === 0) return { kind: 'absent', detail: 'order-info returned an empty record' };
    return { kind: 'error', detail: 'order-info returned a record that is not an order' };
  } catch (error) {
    if (isExchangeError(error, 'EXCH_REJECTED') && error.exchangeCode !== undefined && ORDER_NOT_FOUND_CODES.has(error.exchangeCode)) {
      return { kind: 'absent', detail: `${error.exchangeCode} ${error.exchangeMsg ?? ''}`.trim() };
    }
    return { kind: 'error', detail: error instanceof Error ? error.message : String(error) };
  }
}

/** How `pollOrder` waits and how often it asks. */
export interface PollOptions {
  /** Pause before each lookup, ms; the number of entries is the number of lookups. */
  readonly delaysMs: readonly number[];
  /** Waits `ms` (injected: instant in tests). */
  readonly sleep: (ms: number) => Promise<void>;
}

/** What `pollOrder` ended with. */
export interface PollOutcome {
  /** The last lookup's result (null when `delaysMs` is empty). */
  readonly last: LookupResult | null;
  /** Lookups made. */
  readonly attempts: number;
  /** True when `done` accepted a result before the lookups ran out. */
  readonly settled: boolean;
}

/**
 * Looks the order up once after each pause in `delaysMs` until `done(result)` is true; returns the
 * accepting result, or the last one when none was accepted.
 */
export async function pollOrder(lookup: () => Promise<LookupResult>, done: (result: LookupResult) => boolean, options: PollOptions): Promise<PollOutcome> {
  let last: LookupResult | null = null;
  let attempts = 0;
  for (const delay of options.delaysMs) {
    await options.sleep(delay);
    last = await lookup();
    attempts += 1;
    if (done(last)) return { last, attempts, settled: true };
  }
  return { last, attempts, settled: false };
}

/** A sleep on a real, unref'd timer (the default outside tests). */
export function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });
}
