import { categoryCapabilities } from '../domain/instrument-rules.js';
import type { Category, Order } from '../domain/model.js';
import { isFutures } from '../domain/model.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { isExchangeError } from '../exchange/wire/errors.js';
import type { WireFuturesCategory } from '../exchange/wire/params.js';
import type { AppStore } from '../store/create-app-store.js';
import { symbolKey } from '../store/slices/market-slice.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { orderLabel, placeParams, placeProblem, type OrderRequest } from './order-request.js';
import { batchEntries, isOkCode, isUnknownOutcome, reasonOf, type BatchEntry, type OrderTransport } from './order-transport.js';
import type { PlacementWatch } from './placement-watch.js';
import { lookupOrder } from './reconcile.js';
import type { Submission } from '../store/slices/orders-slice.js';

/** Most orders in one batch request. */
export const MAX_BATCH_ORDERS = 20;

/** How one order of a batch ended. */
export interface BatchItemOutcome {
  readonly orderId: string;
  readonly clientOid: string;
  /** accepted: the exchange took this order's part; rejected: refused (here or there); unknown: check it. */
  readonly status: 'accepted' | 'rejected' | 'unknown';
  /** `code msg` from the exchange, or our reason. */
  readonly error?: string;
}

/** What a batch action resolves to (never rejects). */
export interface BatchOutcome {
  /** accepted: the request was answered (see `items`); rejected: refused as a whole; unknown: result unknown. */
  readonly status: 'accepted' | 'rejected' | 'unknown';
  /** One entry per order, in request order (for cancel-all and close-all: per order the exchange touched). */
  readonly items: readonly BatchItemOutcome[];
  /** Why the whole request was refused or is unknown. */
  readonly error?: string;
  /** False when refused here and nothing was sent. */
  readonly sent: boolean;
}

/** One order of a batch modify. */
export interface ModifyChange {
  readonly orderId: string;
  /** New limit price (wire string). */
  readonly price?: string;
  /** New quantity (wire string). */
  readonly qty?: string;
}

/** Dependencies of `OrderBatches` (built by `OrderService`). */
export interface OrderBatchesDeps {
  readonly api: ExchangeApi;
  readonly transport: OrderTransport;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  readonly log: (level: LogLevelUi, text: string) => void;
  readonly sleep: (ms: number) => Promise<void>;
  /** Reconciliation pauses; a batch with an unknown result is looked up once after the first. */
  readonly delaysMs: readonly number[];
  /** A fresh clientOid for each order of a placed batch. */
  readonly newClientOid: () => string;
  /** Watches placements whose result is unknown until the exchange proves either way. */
  readonly watch: PlacementWatch;
  /** An earlier submission of the same order still sending or unknown (a repeat is refused). */
  readonly pendingTwin: (request: OrderRequest) => Submission | null;
  /** Records that `request` was sent under `clientOid` (for `pendingTwin`). */
  readonly noteSent: (request: OrderRequest, clientOid: string) => void;
}

function itemOf(entry: BatchEntry | undefined, orderId: string, clientOid: string): BatchItemOutcome {
  if (!entry) return { orderId, clientOid, status: 'unknown', error: 'the reply has no entry for this order' };
  const ids = { orderId: entry.orderId || orderId, clientOid: entry.clientOid || clientOid };
  return isOkCode(entry.code) ? { ...ids, status: 'accepted' } : { ...ids, status: 'rejected', error: `${entry.code} ${entry.msg}`.trim() };
}

/** Batch order actions: cancel-batch, batch-modify, cancel-symbol (cancel all) and close-positions. */
export class OrderBatches {
  constructor(private readonly deps: OrderBatchesDeps) {}

  /**
   * Places up to 20 orders of one category in one request (place-batch), each with its own
   * clientOid. Every order is checked first; one refusal refuses the batch (nothing sent). When the
   * result is unknown nothing is resent: each order is looked up by its clientOid.
   */
  async placeBatch(requests: readonly OrderRequest[]): Promise<BatchOutcome> {
    const { store, log, now } = this.deps;
    const problem = this.shapeProblem(requests.map((r) => r.category), 'place');
    if (problem) return this.refuse(problem);
    for (const [i, r] of requests.entries()) {
      const why = placeProblem(store.getState(), r, true);
      if (why) return this.refuse(`refused the batch: order ${i + 1} (${orderLabel(r)}): ${why}`);
      const twin = this.deps.pendingTwin(r);
      if (twin) return this.refuse(`not sent: order ${i + 1} of the batch (${orderLabel(r)}) repeats one that is ${twin.state === 'sending' ? 'still being sent' : 'unknown and may be on the exchange'} (${twin.clientOid}); wait until it is settled`);
    }
    const oids = requests.map(() => this.deps.newClientOid());
    const track = (i: number, state: 'sending' | 'accepted' | 'rejected' | 'unknown', error: string | null = null) => {
      const r = requests[i];
      const oid = oids[i];
      if (r && oid) store.getState().trackSubmission({ clientOid: oid, state, label: orderLabel(r), error, at: now(), category: r.category, symbol: r.symbol });
    };
    requests.forEach((r, i) => {
      this.deps.noteSent(r, oids[i] ?? '');
      track(i, 'sending');
    });
    log('info', `placing a batch of ${requests.length}: ${requests.map((r, i) => `${orderLabel(r)} (${oids[i] ?? ''})`).join('; ')}`);
    const body = requests.map((r, i) => {
      const p = placeParams(r, oids[i] ?? '');
      return { category: p.category, symbol: p.symbol, qty: p.qty, side: p.side, orderType: p.orderType, ...(p.price === undefined ? {} : { price: p.price }), ...(p.timeInForce === undefined ? {} : { timeInForce: p.timeInForce }), ...(p.posSide === undefined ? {} : { posSide: p.posSide }), ...(p.clientOid === undefined ? {} : { clientOid: p.clientOid }) };
    });
    let entries: BatchEntry[] | null = null;
    let unknownReason = 'the reply has no entry for this order';
    try {
      entries = batchEntries(await this.deps.api.trade.placeBatch(body));
    } catch (error) {
      if (!isUnknownOutcome(error)) {
        requests.forEach((_, i) => track(i, 'rejected', reasonOf(error)));
        return { ...this.rejected('place batch', error), items: oids.map((oid) => ({ orderId: '', clientOid: oid, status: 'rejected' as const, error: reasonOf(error) })) };
      }
      unknownReason = reasonOf(error);
      log('warn', `place batch: result unknown (${unknownReason}); looking each order up by clientOid, not resending`);
    }
    const failedAt = now();
    // Answered entries settle their orders; an order the reply does not answer (or the whole batch
    // when the result is unknown) is watched by clientOid until the exchange proves either way.
    const pending = oids.map((oid, i) => {
      const r = requests[i];
      const entry = entries ? entries.find((e) => e.clientOid === oid) ?? (entries.length === oids.length ? entries[i] : undefined) : undefined;
      if (entry) {
        const item = itemOf(entry, '', oid);
        track(i, item.status, item.error ?? null);
        return Promise.resolve(item);
      }
      if (!r) return Promise.resolve<BatchItemOutcome>({ orderId: '', clientOid: oid, status: 'unknown', error: unknownReason });
      track(i, 'unknown', unknownReason);
      const { early } = this.deps.watch.watch({ clientOid: oid, label: orderLabel(r), category: r.category, symbol: r.symbol, failedAt, reason: unknownReason }, this.deps.delaysMs.length);
      return early.then((v): BatchItemOutcome =>
        v?.kind === 'found'
          ? { orderId: v.order.orderId, clientOid: oid, status: 'accepted' }
          : v?.kind === 'absent'
            ? { orderId: '', clientOid: oid, status: 'rejected', error: 'not placed (the exchange has no such order after its acceptance window)' }
            : { orderId: '', clientOid: oid, status: 'unknown', error: `${unknownReason}; still checking` },
      );
    });
    const items = await Promise.all(pending);
    this.summarise('place', items);
    const unknown = items.some((x) => x.status === 'unknown');
    return { status: entries === null && unknown ? 'unknown' : 'accepted', items, ...(entries === null && unknown ? { error: unknownReason } : {}), sent: true };
  }

  /** Cancels up to 20 orders of one category; per-order results, matched by orderId. */
  async cancelBatch(orders: readonly Order[]): Promise<BatchOutcome> {
    const problem = this.shapeProblem(orders.map((o) => o.category), 'cancel');
    if (problem) return this.refuse(problem);
    const category = orders[0]?.category ?? 'SPOT';
    this.deps.log('info', `cancelling ${orders.length} ${category} orders: ${orders.map((o) => o.orderId).join(', ')}`);
    try {
      const entries = await this.deps.transport.cancelBatch(category, orders.map((o) => ({ orderId: o.orderId, category: o.category, symbol: o.symbol })));
      return this.answered('cancel', orders.map((o, i) => itemOf(entries.find((e) => e.orderId === o.orderId) ?? entries[i], o.orderId, o.clientOid)));
    } catch (error) {
      if (!isUnknownOutcome(error)) return this.rejected('cancel batch', error);
      this.deps.log('warn', `cancel batch: result unknown (${reasonOf(error)}); checking each order`);
      await this.deps.sleep(this.deps.delaysMs[0] ?? 0);
      const items: BatchItemOutcome[] = [];
      for (const o of orders) {
        const r = await lookupOrder(this.deps.api, { orderId: o.orderId });
        if (r.kind === 'found') this.deps.store.getState().applyOrder(r.order, this.deps.now());
        const gone = r.kind === 'found' && (r.order.status === 'cancelled' || r.order.status === 'filled');
        items.push(gone ? { orderId: o.orderId, clientOid: o.clientOid, status: 'accepted' } : { orderId: o.orderId, clientOid: o.clientOid, status: 'unknown', error: r.kind === 'found' ? `still ${r.order.status}` : r.detail });
      }
      this.summarise('cancel', items);
      return { status: 'unknown', items, error: reasonOf(error), sent: true };
    }
  }

  /** Modifies up to 20 orders of one category; orders not open, not modifiable or with a modify in flight are refused individually. */
  async modifyBatch(changes: readonly ModifyChange[]): Promise<BatchOutcome> {
    const { store, log } = this.deps;
    const shape = this.shapeProblem(changes.map(() => null), 'modify');
    if (shape) return this.refuse(shape);
    const state = store.getState();
    const items = new Map<string, BatchItemOutcome>();
    const send: { change: ModifyChange; order: Order }[] = [];
    for (const c of changes) {
      const order = state.orders.open[c.orderId];
      const caps = order ? categoryCapabilities(order.category, state.market.instruments[symbolKey(order)]?.isReality ?? false) : null;
      const why = !order
        ? 'not open (filled, cancelled or not loaded yet)'
        : items.has(c.orderId) || send.some((s) => s.change.orderId === c.orderId)
          ? 'appears more than once in the batch'
          : state.orders.modifying[c.orderId]
            ? 'a modify is still in flight; wait for its reply'
            : c.price === undefined && c.qty === undefined
              ? 'no new price or quantity'
              : caps && !caps.modify
                ? (caps.reason ?? 'modify not supported')
                : order.reduceOnly
                  ? 'reduce-only orders cannot be modified'
                  : null;
      if (why || !order) items.set(c.orderId, { orderId: c.orderId, clientOid: order?.clientOid ?? '', status: 'rejected', error: why ?? 'not open' });
      else send.push({ change: c, order });
    }
    for (const [id, item] of items) log('warn', `modify of order ${id} refused: ${item.error ?? ''}`);
    const ordered = (sent: readonly BatchItemOutcome[]) => changes.map((c) => items.get(c.orderId) ?? sent.find((s) => s.orderId === c.orderId) ?? { orderId: c.orderId, clientOid: '', status: 'unknown' as const });
    if (send.length === 0) return { status: 'rejected', items: ordered([]), error: 'no order in the batch can be modified', sent: false };
    const categories = new Set(send.map((s) => s.order.category));
    if (categories.size > 1) return this.refuse(`a modify batch must hold orders of one category (got ${[...categories].join(', ')}); split it`);
    const category = send[0]?.order.category ?? 'SPOT';
    for (const s of send) store.getState().setModifying(s.order.orderId, true);
    log('info', `modifying ${send.length} ${category} orders: ${send.map((s) => s.order.orderId).join(', ')}`);
    try {
      const body = send.map(({ change, order }) => ({
        orderId: order.orderId,
        symbol: order.symbol,
        category: order.category as Exclude<Category, 'COIN-FUTURES'>,
        ...(change.price === undefined ? {} : { price: change.price }),
        ...(change.qty === undefined ? {} : { qty: change.qty }),
      }));
      const entries = await this.deps.transport.modifyBatch(category, body);
      const sent = send.map((s, i) => itemOf(entries.find((e) => e.orderId === s.order.orderId) ?? entries[i], s.order.orderId, s.order.clientOid));
      this.summarise('modify', sent);
      return { status: 'accepted', items: ordered(sent), sent: true };
    } catch (error) {
      if (!isUnknownOutcome(error)) return { ...this.rejected('modify batch', error), items: ordered(send.map((s) => ({ orderId: s.order.orderId, clientOid: s.order.clientOid, status: 'rejected', error: reasonOf(error) }))) };
      log('warn', `modify batch: result unknown (${reasonOf(error)}); the order stream shows what changed`);
      return { status: 'unknown', items: ordered(send.map((s) => ({ orderId: s.order.orderId, clientOid: s.order.clientOid, status: 'unknown', error: reasonOf(error) }))), error: reasonOf(error), sent: true };
    } finally {
      for (const s of send) store.getState().setModifying(s.order.orderId, false);
    }
  }

  /** Cancels every open order of a category (and symbol) in one request (cancel-symbol-order). */
  async cancelAll(category: Category, symbol?: string): Promise<BatchOutcome> {
    const what = `${category}${symbol ? ` ${symbol}` : ''}`;
    this.deps.log('info', `cancelling all ${what} orders`);
    try {
      const data = await this.deps.api.trade.cancelSymbolOrder({ category, ...(symbol ? { symbol } : {}) });
      return this.answered('cancel', batchEntries(data).map((e) => itemOf(e, e.orderId, e.clientOid)), `no open ${what} orders to cancel`);
    } catch (error) {
      return this.failed(`cancel all ${what}`, error);
    }
  }

  /** Market-closes every position of a futures category (and symbol) in one request (close-positions). */
  async closeAll(category: Category, symbol?: string): Promise<BatchOutcome> {
    if (!isFutures(category)) return this.refuse(`close all needs a futures category; ${category} has no positions`);
    const what = `${category}${symbol ? ` ${symbol}` : ''}`;
    this.deps.log('info', `closing all ${what} positions at market`);
    try {
      const data = await this.deps.api.trade.closePositions({ category: category as WireFuturesCategory, ...(symbol ? { symbol } : {}) });
      return this.answered('close', batchEntries(data).map((e) => itemOf(e, e.orderId, e.clientOid)), `no ${what} positions to close`);
    } catch (error) {
      if (isExchangeError(error, 'EXCH_REJECTED') && error.exchangeCode === '25227') {
        this.deps.log('warn', `close all ${what}: no position to close`);
        return { status: 'rejected', items: [], error: `${error.exchangeCode} no position to close`, sent: true };
      }
      return this.failed(`close all ${what}`, error);
    }
  }

  private shapeProblem(categories: readonly (Category | null)[], verb: string): string | null {
    if (categories.length === 0) return `nothing to ${verb}: the batch is empty`;
    if (categories.length > MAX_BATCH_ORDERS) return `${verb} at most ${MAX_BATCH_ORDERS} orders per batch (got ${categories.length}); split it`;
    const distinct = new Set(categories.filter((c) => c !== null));
    if (distinct.size > 1) return `a ${verb} batch must hold orders of one category (got ${[...distinct].join(', ')}); split it`;
    return null;
  }

  private refuse(why: string): BatchOutcome {
    this.deps.log('warn', why);
    return { status: 'rejected', items: [], error: why, sent: false };
  }

  private rejected(what: string, error: unknown): BatchOutcome {
    this.deps.log('error', `${what} rejected: ${reasonOf(error)}`);
    return { status: 'rejected', items: [], error: reasonOf(error), sent: true };
  }

  private failed(what: string, error: unknown): BatchOutcome {
    if (!isUnknownOutcome(error)) return this.rejected(what, error);
    this.deps.log('warn', `${what}: result unknown (${reasonOf(error)}); the order stream shows what changed`);
    return { status: 'unknown', items: [], error: reasonOf(error), sent: true };
  }

  private summarise(verb: string, items: readonly BatchItemOutcome[]): void {
    for (const i of items) if (i.status !== 'accepted') this.deps.log(i.status === 'rejected' ? 'error' : 'warn', `${verb} order ${i.orderId || i.clientOid}: ${i.status}${i.error ? ` (${i.error})` : ''}`);
    const ok = items.filter((i) => i.status === 'accepted').length;
    this.deps.log(ok === items.length ? 'ok' : 'warn', `${verb}: ${ok} of ${items.length} accepted`);
  }

  private answered(verb: string, items: readonly BatchItemOutcome[], emptyText?: string): BatchOutcome {
    if (items.length === 0 && emptyText) this.deps.log('info', emptyText);
    else this.summarise(verb, items);
    return { status: 'accepted', items, sent: true };
  }
}
