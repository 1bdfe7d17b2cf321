import type { Category, Order } from '../../domain/model.js';
import type { SliceCreator } from '../slice.js';

/** What we know of an order we sent, keyed by its clientOid, until the exchange's state takes over. */
export interface Submission {
  readonly clientOid: string;
  /** `sending`: no reply yet; `accepted`: acknowledged; `unknown`: the exchange could not say (reconciling); `rejected`: refused. */
  readonly state: 'sending' | 'accepted' | 'unknown' | 'rejected';
  /** Human summary, e.g. "buy 0.01 BTCUSDT @ 97000". */
  readonly label: string;
  /** Exchange code and message when rejected. */
  readonly error: string | null;
  /** Unix ms. */
  readonly at: number;
  /** The product line the order was for (the trade journal records a rejection with it); absent when not known. */
  readonly category?: Category;
  /** The symbol the order was for; absent when not known. */
  readonly symbol?: string;
}

/** Orders as the account sees them. */
export interface OrdersData {
  /** Open orders (live, new, partially_filled) keyed by orderId. */
  readonly open: Readonly<Record<string, Order>>;
  /** Recently finished orders (filled, cancelled), newest first, bounded. */
  readonly recent: readonly Order[];
  /** Our own submissions by clientOid (bounded). */
  readonly submissions: Readonly<Record<string, Submission>>;
  /** orderIds with a modify request in flight: another modify waits until it returns. */
  readonly modifying: Readonly<Record<string, true>>;
  /** Unix ms of the last change (0 = never synced). */
  readonly updatedAt: number;
}

/** Finished orders kept. */
export const MAX_RECENT_ORDERS = 200;
/** Submissions kept. */
export const MAX_SUBMISSIONS = 200;

/** Orders slice. */
export interface OrdersSlice {
  readonly orders: OrdersData;
  /** Applies one full-state order push (the order topic always sends the whole order). */
  applyOrder(order: Order, now: number): void;
  /**
   * Merges a REST snapshot of open orders taken at `asOf`: orders missing from it and not updated
   * after `asOf` are gone (filled or cancelled while we were not listening) and are dropped.
   */
  replaceOpenOrders(list: readonly Order[], asOf: number, now: number): void;
  /** Records or updates one of our submissions. */
  trackSubmission(submission: Submission): void;
  /** Marks a modify in flight (true) or finished (false) for an order. */
  setModifying(orderId: string, inFlight: boolean): void;
}

function isTerminal(order: Order): boolean {
  return order.status === 'filled' || order.status === 'cancelled';
}

function pushRecent(recent: readonly Order[], order: Order): readonly Order[] {
  return [order, ...recent.filter((o) => o.orderId !== order.orderId)].slice(0, MAX_RECENT_ORDERS);
}

/** Builds the orders slice. */
export const createOrdersSlice: SliceCreator<OrdersSlice> = (set) => ({
  orders: { open: {}, recent: [], submissions: {}, modifying: {}, updatedAt: 0 },
  applyOrder: (order, now) =>
    set((s) => {
      const current = s.orders.open[order.orderId];
      // Terminal states are final; an older push than what we hold is stale.
      if (!current && s.orders.recent.some((o) => o.orderId === order.orderId)) return {};
      if (current && order.updatedTime < current.updatedTime) return {};
      const open = { ...s.orders.open };
      let recent = s.orders.recent;
      if (isTerminal(order)) {
        delete open[order.orderId];
        recent = pushRecent(recent, order);
      } else open[order.orderId] = order;
      return { orders: { ...s.orders, open, recent, updatedAt: now } };
    }),
  replaceOpenOrders: (list, asOf, now) =>
    set((s) => {
      const open: Record<string, Order> = {};
      for (const o of list) if (!isTerminal(o)) open[o.orderId] = o;
      for (const [id, o] of Object.entries(s.orders.open)) {
        const fresher = o.updatedTime > asOf;
        const snap = open[id];
        if (fresher && (!snap || snap.updatedTime < o.updatedTime)) open[id] = o;
      }
      const recentIds = new Set(s.orders.recent.map((o) => o.orderId));
      for (const id of Object.keys(open)) if (recentIds.has(id)) delete open[id];
      return { orders: { ...s.orders, open, updatedAt: now } };
    }),
  trackSubmission: (submission) =>
    set((s) => {
      const entries = Object.entries({ ...s.orders.submissions, [submission.clientOid]: submission });
      entries.sort((a, b) => b[1].at - a[1].at);
      return { orders: { ...s.orders, submissions: Object.fromEntries(entries.slice(0, MAX_SUBMISSIONS)) } };
    }),
  setModifying: (orderId, inFlight) =>
    set((s) => {
      const modifying = { ...s.orders.modifying };
      if (inFlight) modifying[orderId] = true;
      else delete modifying[orderId];
      return { orders: { ...s.orders, modifying } };
    }),
});
