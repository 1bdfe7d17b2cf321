import { useEffect, useState } from 'react';
import { categoryCapabilities } from '../../domain/instrument-rules.js';
import type { Category, Order } from '../../domain/model.js';
import type { TradingServices } from '../../services/app-services.js';
import type { BatchOutcome, ModifyChange } from '../../services/order-batch.js';
import type { OrderChange } from '../../services/order-request.js';
import type { OrderOutcome } from '../../services/order-service.js';
import { Command } from '../keys/commands.js';
import { ORDERS_OVERLAYS } from '../keys/areas/orders.js';
import { useAppContext } from './app-context.js';
import { useAppStore } from './use-app-store.js';
import { useModal } from './use-modal.js';
import { useCommand } from './use-commands.js';
import type { OrderSelection } from './use-order-selection.js';

/** A question waiting for y/n, and what runs on yes. */
export interface OrderConfirm {
  readonly question: string;
  readonly details: readonly string[];
  readonly run: () => void;
}

/** Which modal the orders panel shows. */
export type OrderMode =
  | { readonly kind: 'none' }
  | { readonly kind: 'confirm'; readonly confirm: OrderConfirm }
  | { readonly kind: 'edit'; readonly orderId: string }
  | { readonly kind: 'batchEdit' }
  | { readonly kind: 'history'; readonly category: Category };

/** A modal of the orders panel that is open. */
type OpenOrderMode = Exclude<OrderMode, { readonly kind: 'none' }>;

/** What the panel renders from the actions hook. */
export interface OrderActions {
  /** The open modal; `none` also when the store's overlay was closed elsewhere. */
  readonly mode: OrderMode;
  readonly results: OrderResults | null;
  /** Closes the modal (and the store overlay). */
  close(): void;
  /** Sends a single modify from the edit form. */
  submitEdit(orderId: string, change: OrderChange): void;
  /** Asks, then sends a batch modify from the batch form. */
  submitBatchEdit(changes: readonly ModifyChange[]): void;
}

/** One order's result of an action. */
export interface OrderResultItem {
  readonly orderId: string;
  readonly status: 'accepted' | 'rejected' | 'unknown';
  /** Exchange `code msg` or our reason. */
  readonly error?: string;
}

/** The last action's outcome, shown until the next action. */
export interface OrderResults {
  /** What was done, e.g. "cancel 3 orders". */
  readonly title: string;
  /** True until the services resolve. */
  readonly pending: boolean;
  /** Whole-request problem (refused or unknown as a whole), or null. */
  readonly error: string | null;
  readonly items: readonly OrderResultItem[];
}

/** Human label of an existing order: "buy 0.01 BTCUSDT @ 97000 (id 123)". */
export function orderSummary(order: Order): string {
  const at = order.price === null ? 'market' : order.price.toFixed();
  return `${order.side} ${order.qty.toFixed()} ${order.symbol} @ ${at} (id ${order.orderId})`;
}

/** Reason shown for every action when the session has no API keys. */
export const READ_ONLY_REASON = 'no API keys: read-only';

function fromOutcome(o: OrderOutcome, orderId: string): OrderResults['items'] {
  return [{ orderId: o.orderId ?? orderId, status: o.status, ...(o.error ? { error: o.error } : {}) }];
}

/**
 * The orders panel's commands: modify, cancel, cancel-all on a symbol, selection, batch cancel and
 * modify, history, and the confirm modal; results of the last action are kept until the next one.
 */
export function useOrderActions(sel: OrderSelection): OrderActions {
  const { store, services } = useAppContext();
  const trading: TradingServices | null = services.trading;
  const modifying = useAppStore((s) => s.orders.modifying);
  const instruments = useAppStore((s) => s.market.instruments);
  const open = useAppStore((s) => s.orders.open);
  const [results, setResults] = useState<OrderResults | null>(null);
  const modal = useModal<OpenOrderMode>((m) => (m.kind === 'confirm' ? ORDERS_OVERLAYS.confirm : m.kind === 'history' ? ORDERS_OVERLAYS.history : ORDERS_OVERLAYS.edit));
  const setMode = (m: OrderMode) => (m.kind === 'none' ? modal.close() : modal.open(m));
  const close = () => modal.close();
  const shownMode: OrderMode = modal.shown ?? { kind: 'none' };

  const perform = (title: string, action: () => Promise<{ items: OrderResults['items']; error: string | null }>) => {
    setResults({ title, pending: true, error: null, items: [] });
    void action().then(
      (r) => setResults({ title, pending: false, error: r.error, items: r.items }),
      // The services resolve by contract; a rejection still ends "sending…" with its reason.
      (e: unknown) => setResults({ title, pending: false, error: `unknown: ${e instanceof Error ? e.message : String(e)}`, items: [] }),
    );
  };
  const batch = (title: string, call: () => Promise<BatchOutcome>) => perform(title, async () => {
    const b = await call();
    return { items: b.items, error: b.status === 'accepted' ? null : `${b.status}: ${b.error ?? 'no reason given'}` };
  });
  const ask = (question: string, details: readonly string[], run: () => void) => {
    setResults(null);
    setMode({ kind: 'confirm', confirm: { question, details, run } });
  };

  const gone = shownMode.kind === 'edit' && !open[shownMode.orderId] ? shownMode.orderId : null;
  useEffect(() => {
    if (gone === null) return;
    setMode({ kind: 'none' });
    setResults({ title: `modify ${gone}`, pending: false, error: 'the order is no longer open (filled or cancelled); nothing was sent', items: [] });
    // setMode is recreated each render; `gone` is the trigger.
  }, [gone]);

  // Handlers take the order under the cursor as it is now: a move earlier in the same burst of keys
  // (one stdin chunk, before the next render) must not leave x or e acting on the previous order.
  const needKeys = () => (trading ? null : READ_ONLY_REASON);
  const needOrder = () => needKeys() ?? (sel.currentNow() ? null : 'no open orders');
  const modifyReason = (o: Order): string | null => {
    const caps = categoryCapabilities(o.category, instruments[`${o.category}:${o.symbol}`]?.isReality ?? false);
    if (!caps.modify) return caps.reason ?? `${o.category} orders cannot be modified`;
    if (o.orderType === 'market') return 'market orders cannot be modified';
    if (o.reduceOnly) return 'reduce-only orders cannot be modified: cancel and place again';
    if (modifying[o.orderId]) return `a modify of order ${o.orderId} is in flight; wait for its result`;
    return null;
  };

  useCommand(Command.ORDERS_CURSOR_UP, () => sel.move(-1));
  useCommand(Command.ORDERS_CURSOR_DOWN, () => sel.move(1));
  useCommand(Command.ORDERS_PAGE_UP, () => sel.page(-1));
  useCommand(Command.ORDERS_PAGE_DOWN, () => sel.page(1));
  useCommand(Command.ORDERS_HOME, () => sel.jump('first'));
  useCommand(Command.ORDERS_END, () => sel.jump('last'));
  useCommand(
    Command.ORDERS_MODIFY,
    () => {
      const cur = sel.currentNow();
      if (!cur) return;
      setResults(null);
      setMode({ kind: 'edit', orderId: cur.orderId });
    },
    () => {
      const cur = sel.currentNow();
      return needOrder() ?? (cur ? modifyReason(cur) : null);
    },
  );
  useCommand(
    Command.ORDERS_CANCEL,
    () => {
      const cur = sel.currentNow();
      if (!cur || !trading) return;
      ask('Cancel this order?', [orderSummary(cur)], () => perform(`cancel ${cur.orderId}`, async () => ({ items: fromOutcome(await trading.cancelOrder(cur), cur.orderId), error: null })));
    },
    needOrder,
  );
  useCommand(
    Command.ORDERS_CANCEL_SYMBOL,
    () => {
      const cur = sel.currentNow();
      if (!cur || !trading) return;
      const { category, symbol } = cur;
      const n = Object.values(open).filter((o) => o.category === category && o.symbol === symbol).length;
      ask(`Cancel ALL ${symbol} orders (${category})?`, [`${n} open order${n === 1 ? '' : 's'} on ${symbol} will be cancelled.`], () =>
        batch(`cancel all ${symbol}`, () => trading.cancelAll(category, symbol)),
      );
    },
    needOrder,
  );
  useCommand(Command.ORDERS_TOGGLE_SELECT, () => sel.toggle(), () => needKeys() ?? sel.toggleProblem());
  const needSelection = () => needKeys() ?? (sel.selectedNow().length === 0 ? 'select orders with Space first' : null);
  useCommand(
    Command.ORDERS_BATCH_CANCEL,
    () => {
      if (!trading) return;
      const orders = sel.selectedNow();
      ask(`Cancel ${orders.length} selected order${orders.length === 1 ? '' : 's'}?`, orders.slice(0, 3).map(orderSummary).concat(orders.length > 3 ? [`…and ${orders.length - 3} more`] : []), () => {
        sel.clear();
        batch(`cancel ${orders.length} orders`, () => trading.cancelBatch(orders));
      });
    },
    needSelection,
  );
  useCommand(
    Command.ORDERS_BATCH_MODIFY,
    () => {
      setResults(null);
      setMode({ kind: 'batchEdit' });
    },
    () => needSelection() ?? sel.selectedNow().map(modifyReason).find((r) => r !== null) ?? null,
  );
  useCommand(Command.ORDERS_HISTORY, () => setMode({ kind: 'history', category: sel.currentNow()?.category ?? 'USDT-FUTURES' }));
  useCommand(Command.ORDERS_CLEAR, () => {
    sel.clear();
    setResults(null);
  });
  useCommand(Command.ORDERS_CONFIRM_YES, () => {
    const m = modal.now();
    const run = m?.kind === 'confirm' ? m.confirm.run : null;
    close();
    run?.();
  });
  useCommand(Command.ORDERS_CONFIRM_NO, close);

  return {
    mode: shownMode,
    results,
    close,
    // Enter in the form reviews; the confirmation's y sends (Enter never sends).
    submitEdit: (orderId, change) => {
      if (!trading) return;
      const what = [change.price === undefined ? '' : `price ${change.price}`, change.qty === undefined ? '' : `qty ${change.qty}`].filter((t) => t !== '').join(', ');
      const order = open[orderId];
      ask(`Modify ${order ? orderSummary(order) : orderId}?`, [`send: ${what}`], () => {
        perform(`modify ${orderId} (${what})`, async () => ({ items: fromOutcome(await trading.modifyOrder(orderId, change), orderId), error: null }));
      });
    },
    submitBatchEdit: (changes) => {
      if (!trading) return;
      const line = (c: ModifyChange) => `${c.orderId}: ${[c.price === undefined ? '' : `price → ${c.price}`, c.qty === undefined ? '' : `qty → ${c.qty}`].filter((t) => t !== '').join(', ')}`;
      ask(`Modify ${changes.length} order${changes.length === 1 ? '' : 's'}?`, changes.slice(0, 3).map(line).concat(changes.length > 3 ? [`…and ${changes.length - 3} more`] : []), () => {
        sel.clear();
        batch(`modify ${changes.length} orders`, () => trading.modifyBatch(changes));
      });
    },
  };
}
