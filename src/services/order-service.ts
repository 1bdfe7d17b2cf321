import type { Category, Order, Position } from '../domain/model.js';
import { canCancel } from '../domain/instrument-rules.js';
import { checkReduce, closePositionOrder } from '../domain/position-mapping.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import type { AppStore } from '../store/create-app-store.js';
import { symbolKey } from '../store/slices/market-slice.js';
import type { Submission } from '../store/slices/orders-slice.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { createClientOidGenerator } from './client-oid.js';
import { OrderBatches, type BatchOutcome, type ModifyChange } from './order-batch.js';
import { existingOrderLabel, modifyProblem, orderLabel, placeParams, placeProblem, requestKey, type OrderChange, type OrderRequest } from './order-request.js';
import { isUnknownOutcome, OrderTransport, reasonOf, type OrderSocket } from './order-transport.js';
import { PlacementWatch, WATCH_DELAYS_MS, type ReconciledEvent } from './placement-watch.js';
import { DEFAULT_RECONCILE_DELAYS_MS, lookupOrder, pollOrder, realSleep, type LookupResult } from './reconcile.js';

/** How an order action ended. */
export type OutcomeStatus = 'accepted' | 'rejected' | 'unknown';

/** What `submitOrder`, `modifyOrder`, `cancelOrder` and `closePosition` resolve to (they never reject). */
export interface OrderOutcome {
  /** accepted: the exchange has it; rejected: refused (or provably not placed); unknown: the user must check. */
  readonly status: OutcomeStatus;
  /** The exchange's order id when known. */
  readonly orderId?: string;
  /** The order's clientOid ('' when refused before one was assigned). */
  readonly clientOid: string;
  /** Why it was refused or is unknown. */
  readonly error?: string;
  /** False when refused here and nothing went to the exchange. */
  readonly sent: boolean;
}

/** Dependencies of `OrderService`. */
export interface OrderServiceDeps {
  readonly api: ExchangeApi;
  /** Order entry over the private socket; null/absent = REST only. REST stays the fallback. */
  readonly wsTrade?: OrderSocket | null;
  /** True while the private socket is logged in; default: try the socket whenever there is one. */
  readonly socketReady?: () => boolean;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  /** Writes to the event log (and the file log). */
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Waits `ms`; default a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Pauses before each reconciliation lookup, ms; default 500, 1000, 2000, 4000. */
  readonly reconcileDelaysMs?: readonly number[];
  /** clientOid generator; default `createClientOidGenerator({now})`. */
  readonly newClientOid?: () => string;
  /** Pauses before each lookup of an unknown placement (the last repeats until proven); default the reconcile pauses, then `WATCH_DELAYS_MS`' longer ones. */
  readonly watchDelaysMs?: readonly number[];
  /** Told of every reconciliation verdict and correction (the audit log); default none. */
  readonly onReconciled?: (event: ReconciledEvent) => void;
}

function refused(error: string, clientOid = ''): OrderOutcome {
  return { status: 'rejected', clientOid, error, sent: false };
}

/**
 * Places, modifies and cancels orders safely. Every order carries a clientOid and is tracked as a
 * Submission; a write whose result is unknown is never sent again but looked up by clientOid (or
 * orderId) with growing pauses. Every action and every refusal goes to the event log.
 */
export class OrderService {
  private readonly transport: OrderTransport;
  private readonly batches: OrderBatches;
  private readonly newClientOid: () => string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly delays: readonly number[];
  private readonly watch: PlacementWatch;
  /** requestKey → clientOids sent with it; a key whose submission is sending or unknown blocks a repeat. */
  private readonly sentKeys = new Map<string, string[]>();

  constructor(private readonly deps: OrderServiceDeps) {
    this.transport = new OrderTransport({
      api: deps.api,
      socket: deps.wsTrade ?? null,
      ...(deps.socketReady ? { socketReady: deps.socketReady } : {}),
      onSocketRefused: (category, reason) => deps.log('warn', `the private socket refused a ${category} order request before it ran (${reason}); sent over REST with the same clientOid`),
    });
    this.newClientOid = deps.newClientOid ?? createClientOidGenerator({ now: deps.now });
    this.sleep = deps.sleep ?? realSleep;
    this.delays = deps.reconcileDelaysMs ?? DEFAULT_RECONCILE_DELAYS_MS;
    this.watch = new PlacementWatch({ api: deps.api, store: deps.store, now: deps.now, sleep: this.sleep, log: deps.log, delaysMs: deps.watchDelaysMs ?? [...this.delays, ...WATCH_DELAYS_MS.filter((d) => d > (this.delays.at(-1) ?? 0))], ...(deps.onReconciled ? { onReconciled: deps.onReconciled } : {}) });
    this.batches = new OrderBatches({ api: deps.api, transport: this.transport, store: deps.store, now: deps.now, log: deps.log, sleep: this.sleep, delaysMs: this.delays, newClientOid: this.newClientOid, watch: this.watch, pendingTwin: (r) => this.pendingTwin(r), noteSent: (r, oid) => this.noteSent(r, oid) });
  }

  /** clientOids of placements still unknown (looked up until proven). */
  unknownPlacements(): readonly string[] {
    return this.watch.pending();
  }

  /** Stops the lookups of unknown placements (shutdown). */
  stop(): void {
    this.watch.stop();
  }

  /**
   * An earlier submission of the same order (symbol, side, type, price, qty, intent) that is still
   * sending or unknown: sending this one too could put two orders on the exchange.
   */
  pendingTwin(request: OrderRequest): Submission | null {
    const subs = this.deps.store.getState().orders.submissions;
    for (const oid of this.sentKeys.get(requestKey(request)) ?? []) {
      const s = subs[oid];
      if (s && (s.state === 'sending' || s.state === 'unknown')) return s;
    }
    return null;
  }

  private noteSent(request: OrderRequest, clientOid: string): void {
    const key = requestKey(request);
    const subs = this.deps.store.getState().orders.submissions;
    const live = (this.sentKeys.get(key) ?? []).filter((oid) => subs[oid]?.state === 'sending' || subs[oid]?.state === 'unknown');
    this.sentKeys.set(key, [...live, clientOid]);
    if (this.sentKeys.size > 500) for (const [k, oids] of this.sentKeys) if (!oids.some((oid) => subs[oid]?.state === 'sending' || subs[oid]?.state === 'unknown')) this.sentKeys.delete(k);
  }

  /** Places one order. Refused locally (nothing sent) on rule violations or a repeat while the first is still sending. */
  async submitOrder(request: OrderRequest): Promise<OrderOutcome> {
    return this.place(request, orderLabel(request), true);
  }

  /** Closes a whole position at market (hedge: side + posSide; one-way: opposite side + reduce-only). */
  async closePosition(position: Position): Promise<OrderOutcome> {
    const o = closePositionOrder(position);
    if (!o) {
      const why = `nothing to close on ${position.symbol} ${position.posSide}: no available size (close orders may hold it; cancel them first)`;
      this.deps.log('warn', why);
      return refused(why);
    }
    const request: OrderRequest = { category: o.category, symbol: o.symbol, side: o.side, orderType: 'market', qty: o.qty, marginMode: o.marginMode, ...(o.posSide ? { posSide: o.posSide } : {}), ...(o.reduceOnly ? { reduceOnly: true } : {}) };
    return this.place(request, `close ${position.posSide} ${o.qty} ${o.symbol} @ market`, false);
  }

  /**
   * Closes part (or all) of a position: `qty` in the position's unit (or a percent of its size,
   * `50%`), at market, or at the limit `price`. Hedge: closing side + posSide; one-way: opposite
   * side + reduce-only. Checked first (`checkReduce`: at most the available size, the instrument's
   * step and minimums, the price on the tick); a refusal names the rule and sends nothing. Sent
   * like every order: its own clientOid, the repeat guard, and an unknown result looked up, never resent.
   */
  async reducePosition(position: Position, part: { readonly qty: string; readonly price?: string }): Promise<OrderOutcome> {
    const state = this.deps.store.getState();
    const check = checkReduce(position, state.market.instruments[symbolKey(position)], part.qty, part.price ?? '');
    const o = check.order;
    if (!o) return this.refuse(`not sent: close ${part.qty} of ${position.symbol} ${position.posSide}: ${check.qty ?? check.price ?? 'invalid'}`);
    const request: OrderRequest = {
      category: o.category,
      symbol: o.symbol,
      side: o.side,
      orderType: o.orderType,
      qty: o.qty,
      marginMode: o.marginMode,
      ...(o.price === undefined ? {} : { price: o.price }),
      ...(o.posSide ? { posSide: o.posSide } : {}),
      ...(o.reduceOnly ? { reduceOnly: true } : {}),
    };
    // The rules were checked above (with the minimums waived for a close of everything available).
    return this.place(request, `close ${position.posSide} ${o.qty} ${o.symbol} @ ${o.price ?? 'market'}`, false);
  }

  /** Modifies price and/or qty of an open order. One modify per order at a time; a second is refused at once. */
  async modifyOrder(orderId: string, change: OrderChange): Promise<OrderOutcome> {
    const { store, log } = this.deps;
    const state = store.getState();
    const order = state.orders.open[orderId];
    if (!order) return this.refuse(`cannot modify order ${orderId}: it is not open (filled, cancelled or not loaded yet)`);
    const problem = modifyProblem(state, order, change) ?? (state.orders.modifying[orderId] ? `a modify of order ${orderId} is still in flight; wait for its reply before changing it again` : null);
    if (problem) return this.refuse(problem, order.clientOid);
    const what = [change.price === undefined ? '' : `price ${order.price?.toFixed() ?? 'market'} → ${change.price}`, change.qty === undefined ? '' : `qty ${order.qty.toFixed()} → ${change.qty}`].filter((t) => t !== '').join(', ');
    state.setModifying(orderId, true);
    log('info', `modifying ${order.symbol} order ${orderId}: ${what}`);
    try {
      const params = { orderId, ...(change.price === undefined ? {} : { price: change.price }), ...(change.qty === undefined ? {} : { qty: change.qty }) };
      await this.transport.modify(order.category, order.category === 'COIN-FUTURES' ? params : { ...params, category: order.category, symbol: order.symbol });
      log('ok', `modify of order ${orderId} accepted for processing (${what}); the order stream shows the result`);
      return { status: 'accepted', orderId, clientOid: order.clientOid, sent: true };
    } catch (error) {
      if (!isUnknownOutcome(error)) {
        log('error', `modify of order ${orderId} rejected: ${reasonOf(error)}`);
        return { status: 'rejected', orderId, clientOid: order.clientOid, error: reasonOf(error), sent: true };
      }
      log('warn', `modify of order ${orderId}: result unknown (${reasonOf(error)}); checking the order, not resending`);
      const shows = (o: Order) => (change.price === undefined || (o.price !== null && o.price.eq(change.price))) && (change.qty === undefined || o.qty.eq(change.qty));
      const poll = await this.pollExisting(orderId, (o) => shows(o) || o.status === 'filled' || o.status === 'cancelled');
      if (poll.kind === 'found' && shows(poll.order)) {
        log('ok', `modify of order ${orderId} confirmed: the order shows ${what}`);
        return { status: 'accepted', orderId, clientOid: order.clientOid, sent: true };
      }
      const why = poll.kind === 'found' ? `order ${orderId} is ${poll.order.status} and does not show ${what}` : `order ${orderId} could not be checked (${poll.detail})`;
      log('error', `modify of order ${orderId} still unknown: ${why}; check the order before modifying again`);
      return { status: 'unknown', orderId, clientOid: order.clientOid, error: why, sent: true };
    } finally {
      store.getState().setModifying(orderId, false);
    }
  }

  /** Cancels one order. */
  async cancelOrder(order: Order): Promise<OrderOutcome> {
    const { store, log } = this.deps;
    const key = symbolKey(order);
    const inst = store.getState().market.instruments[key];
    const blocked = inst ? canCancel(inst, store.getState().market.delivery[key] ?? null) : null;
    if (blocked) return this.refuse(`cannot cancel order ${order.orderId}: ${blocked}`, order.clientOid);
    const label = existingOrderLabel(order);
    log('info', `cancelling ${label}`);
    try {
      await this.transport.cancel(order.category, order.symbol, order.orderId, inst?.isReality ?? false);
      log('ok', `cancel of ${label} accepted`);
      return { status: 'accepted', orderId: order.orderId, clientOid: order.clientOid, sent: true };
    } catch (error) {
      if (!isUnknownOutcome(error)) {
        log('error', `cancel of ${label} rejected: ${reasonOf(error)}`);
        return { status: 'rejected', orderId: order.orderId, clientOid: order.clientOid, error: reasonOf(error), sent: true };
      }
      log('warn', `cancel of ${label}: result unknown (${reasonOf(error)}); checking the order`);
      const poll = await this.pollExisting(order.orderId, (o) => o.status === 'cancelled' || o.status === 'filled');
      if (poll.kind === 'found' && (poll.order.status === 'cancelled' || poll.order.status === 'filled')) {
        log('ok', `cancel of ${label} confirmed: the order is ${poll.order.status}`);
        return { status: 'accepted', orderId: order.orderId, clientOid: order.clientOid, sent: true };
      }
      const why = poll.kind === 'found' ? `order ${order.orderId} is still ${poll.order.status}` : `order ${order.orderId} could not be checked (${poll.detail})`;
      log('error', `cancel of ${label} still unknown: ${why}; cancel again if you still want it gone`);
      return { status: 'unknown', orderId: order.orderId, clientOid: order.clientOid, error: why, sent: true };
    }
  }

  /** Places up to 20 orders of one category in one request (a ladder); each carries its own clientOid; per-order results. */
  submitBatch(requests: readonly OrderRequest[]): Promise<BatchOutcome> {
    return this.batches.placeBatch(requests);
  }

  /** Cancels every open order of a category (and symbol) in one request; per-order results. */
  cancelAll(category: Category, symbol?: string): Promise<BatchOutcome> {
    return this.batches.cancelAll(category, symbol);
  }

  /** Cancels up to 20 orders of one category in one request; per-order results. */
  cancelBatch(orders: readonly Order[]): Promise<BatchOutcome> {
    return this.batches.cancelBatch(orders);
  }

  /** Modifies up to 20 orders of one category in one request; orders with a modify in flight are refused individually. */
  modifyBatch(changes: readonly ModifyChange[]): Promise<BatchOutcome> {
    return this.batches.modifyBatch(changes);
  }

  /** Market-closes every position of a futures category (close-positions). */
  closeAll(category: Category, symbol?: string): Promise<BatchOutcome> {
    return this.batches.closeAll(category, symbol);
  }

  private refuse(why: string, clientOid = ''): OrderOutcome {
    this.deps.log('warn', why);
    return refused(why, clientOid);
  }

  private track(clientOid: string, state: Submission['state'], label: string, error: string | null = null, ref?: Pick<OrderRequest, 'category' | 'symbol'>): void {
    this.deps.store.getState().trackSubmission({ clientOid, state, label, error, at: this.deps.now(), ...(ref ? { category: ref.category, symbol: ref.symbol } : {}) });
  }

  private async place(request: OrderRequest, label: string, checkRules: boolean): Promise<OrderOutcome> {
    const { log } = this.deps;
    const twin = this.pendingTwin(request);
    if (twin) {
      const what = twin.state === 'sending' ? 'is still being sent' : 'is unknown and may be on the exchange';
      return this.refuse(`not sent: the same order ${what}; wait for the check (placed or not placed) or change the order — ${label} (${twin.clientOid})`, twin.clientOid);
    }
    const problem = placeProblem(this.deps.store.getState(), request, checkRules);
    if (problem) return this.refuse(`refused ${label}: ${problem}`);
    const clientOid = this.newClientOid();
    this.noteSent(request, clientOid);
    this.track(clientOid, 'sending', label, null, request);
    log('info', `placing ${label} (${clientOid})`);
    try {
      const ack = await this.transport.place(placeParams(request, clientOid));
      this.track(clientOid, 'accepted', label, null, request);
      const id = ack.orderId === null ? 'no order id: it replaced an earlier reduce-only order' : `order ${ack.orderId}`;
      log('ok', `placed ${label} (${clientOid}): ${id}${ack.via === 'socket' ? ' via the socket' : ''}`);
      return { status: 'accepted', clientOid, sent: true, ...(ack.orderId === null ? {} : { orderId: ack.orderId }) };
    } catch (error) {
      if (!isUnknownOutcome(error)) {
        const reason = reasonOf(error);
        this.track(clientOid, 'rejected', label, reason, request);
        log('error', `rejected ${label}: ${reason}`);
        return { status: 'rejected', clientOid, error: reason, sent: true };
      }
      return this.reconcilePlacement(request, clientOid, label, reasonOf(error));
    }
  }

  /**
   * A placement whose result is unknown: watched until the exchange proves either way (see
   * `PlacementWatch`). Resolves after the first lookups with what is known by then; the watch goes
   * on in the background and the submission follows it.
   */
  private async reconcilePlacement(request: OrderRequest, clientOid: string, label: string, reason: string): Promise<OrderOutcome> {
    const { now, log } = this.deps;
    this.track(clientOid, 'unknown', label, reason, request);
    log('warn', `result unknown for ${label} (${clientOid}): ${reason}; looking it up by clientOid, not resending`);
    const { early } = this.watch.watch({ clientOid, label, category: request.category, symbol: request.symbol, failedAt: now(), reason }, this.delays.length);
    const v = await early;
    if (v?.kind === 'found') return { status: 'accepted', orderId: v.order.orderId, clientOid, sent: true };
    if (v?.kind === 'absent') return { status: 'rejected', clientOid, error: 'not placed (the exchange has no such order after its acceptance window)', sent: true };
    const why = `still unknown: ${this.deps.store.getState().orders.submissions[clientOid]?.error ?? reason}`;
    log('warn', `${label} (${clientOid}) is ${why}; still checking, nothing resent — the same order cannot be sent until it is settled`);
    return { status: 'unknown', clientOid, error: why, sent: true };
  }

  /** Polls order-info by orderId until `done`, applying every order found to the store. */
  private async pollExisting(orderId: string, done: (o: Order) => boolean): Promise<LookupResult> {
    const lookup = async (): Promise<LookupResult> => {
      const r = await lookupOrder(this.deps.api, { orderId });
      if (r.kind === 'found') this.deps.store.getState().applyOrder(r.order, this.deps.now());
      return r;
    };
    const poll = await pollOrder(lookup, (r) => r.kind === 'found' && done(r.order), { delaysMs: this.delays, sleep: this.sleep });
    return poll.last ?? { kind: 'error', detail: 'no lookups configured' };
  }
}
