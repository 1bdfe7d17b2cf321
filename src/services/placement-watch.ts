import type { Category, Order } from '../domain/model.js';
import { formatClock } from '../domain/time-format.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { orderFromWire } from '../exchange/wire/account-mappers.js';
import { wireList, wireRecord } from '../exchange/wire/wire-values.js';
import type { AppStore } from '../store/create-app-store.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import { lookupOrder, type LookupResult } from './reconcile.js';

/**
 * Placements whose result is unknown, watched until the exchange proves either way (issue 16).
 *
 * - **Found**: order-info by clientOid, or the order stream, shows the order → accepted.
 * - **Not placed**: only when the exchange can no longer take the request — its acceptance window
 *   (ACCESS-TIMESTAMP within 30 s of server time, protocol-notes §1.4; the socket trade op states no
 *   expiry, so the same bound is used, see docs/conformance.md) plus a margin has passed since the
 *   last moment the request could have been signed — AND order-info, the open orders and the order
 *   history of its symbol all lack the clientOid.
 * - Until then it stays **unknown**: lookups continue with backoff; an order that appears later
 *   (even after "not placed") corrects the submission, the event log and the audit log.
 * Nothing here ever sends the placement again.
 */

/** The exchange's timestamp window for a signed request, ms (protocol-notes §1.4). */
export const ACCEPT_WINDOW_MS = 30_000;
/** Added to the window for clock error between us and the exchange, ms. */
export const PROOF_MARGIN_MS = 5_000;
/** Pauses before each lookup, ms; the last repeats while the order stays unknown. */
export const WATCH_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000, 8000, 15_000, 30_000];
/** How long a "not placed" verdict keeps listening to the order stream for a late appearance, ms. */
const CORRECTION_WATCH_MS = 15 * 60_000;

/** One placement to watch. */
export interface WatchedPlacement {
  readonly clientOid: string;
  readonly label: string;
  readonly category: Category;
  readonly symbol: string;
  /** Local Unix ms when the send failed: every signature of the request was made before it. */
  readonly failedAt: number;
  /** Why the result is unknown (first line of the log). */
  readonly reason: string;
}

/** How a watched placement ended. */
export type WatchVerdict = { readonly kind: 'found'; readonly order: Order } | { readonly kind: 'absent'; readonly detail: string } | { readonly kind: 'stopped' };

/** What a correction tells the audit log. */
export interface ReconciledEvent {
  readonly clientOid: string;
  readonly result: 'accepted' | 'not-placed';
  readonly orderId?: string;
  /** True when it contradicts an earlier "not placed". */
  readonly correction: boolean;
  readonly detail: string;
}

/** Dependencies of `PlacementWatch`. */
export interface PlacementWatchDeps {
  readonly api: ExchangeApi;
  readonly store: AppStore;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Pauses before each lookup; default `WATCH_DELAYS_MS` (the last repeats). */
  readonly delaysMs?: readonly number[];
  /** Told of every verdict and correction (the audit log); default none. */
  readonly onReconciled?: (event: ReconciledEvent) => void;
}

interface Entry {
  readonly p: WatchedPlacement;
  /** Resolves the verdict promise. */
  readonly settle: (v: WatchVerdict) => void;
  done: boolean;
}

/** Watches unknown placements; one loop per placement, one store subscription for all. */
export class PlacementWatch {
  private readonly entries = new Map<string, Entry>();
  /** clientOid → verdict time, for placements called "not placed" (a late appearance corrects them). */
  private readonly absent = new Map<string, { label: string; at: number }>();
  private readonly unsubscribe: () => void;
  private stopped = false;

  constructor(private readonly deps: PlacementWatchDeps) {
    this.unsubscribe = deps.store.subscribe((s, prev) => {
      if (s.orders.open === prev.orders.open && s.orders.recent === prev.orders.recent) return;
      if (this.entries.size === 0 && this.absent.size === 0) return;
      for (const o of [...Object.values(s.orders.open), ...s.orders.recent]) this.seen(o);
    });
  }

  /** clientOids still unknown. */
  pending(): readonly string[] {
    return [...this.entries.keys()];
  }

  /** The moment after which the exchange can no longer take this placement (local ms). */
  static deadline(p: Pick<WatchedPlacement, 'failedAt'>): number {
    return p.failedAt + ACCEPT_WINDOW_MS + PROOF_MARGIN_MS;
  }

  /**
   * Starts watching; `verdict` resolves when proven (never rejects). `early` resolves after the
   * first `earlyLookups` lookups: with the verdict if there is one by then, else null.
   */
  watch(p: WatchedPlacement, earlyLookups = 4): { verdict: Promise<WatchVerdict>; early: Promise<WatchVerdict | null> } {
    let settle: (v: WatchVerdict) => void = () => undefined;
    const verdict = new Promise<WatchVerdict>((resolve) => {
      settle = resolve;
    });
    const entry: Entry = { p, settle, done: false };
    this.entries.set(p.clientOid, entry);
    let earlyDone: (v: WatchVerdict | null) => void = () => undefined;
    const early = new Promise<WatchVerdict | null>((resolve) => {
      earlyDone = resolve;
    });
    void verdict.then((v) => earlyDone(v));
    void this.loop(entry, earlyLookups, () => earlyDone(null));
    return { verdict, early };
  }

  /** Stops every loop and the store subscription (shutdown). */
  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    for (const e of this.entries.values()) this.finish(e, { kind: 'stopped' });
  }

  private finish(e: Entry, v: WatchVerdict): void {
    if (e.done) return;
    e.done = true;
    this.entries.delete(e.p.clientOid);
    e.settle(v);
  }

  private track(p: WatchedPlacement, state: 'accepted' | 'unknown' | 'rejected', error: string | null): void {
    this.deps.store.getState().trackSubmission({ clientOid: p.clientOid, state, label: p.label, error, at: this.deps.now(), category: p.category, symbol: p.symbol });
  }

  /** An order from the stream (or a lookup): settles a watched placement or corrects a verdict. */
  private seen(o: Order): void {
    if (o.clientOid === '') return;
    const e = this.entries.get(o.clientOid);
    if (e) {
      this.found(e, o, 'the order stream');
      return;
    }
    const gone = this.absent.get(o.clientOid);
    if (!gone) return;
    this.absent.delete(o.clientOid);
    this.deps.store.getState().trackSubmission({ clientOid: o.clientOid, state: 'accepted', label: gone.label, error: null, at: this.deps.now() });
    const detail = `correction: ${gone.label} (${o.clientOid}) was reported not placed at ${formatClock(gone.at)}, but the exchange has order ${o.orderId} (${o.status})`;
    this.deps.log('error', detail);
    this.deps.onReconciled?.({ clientOid: o.clientOid, result: 'accepted', orderId: o.orderId, correction: true, detail });
  }

  private found(e: Entry, order: Order, where: string): void {
    if (e.done) return;
    const { p } = e;
    this.track(p, 'accepted', null);
    const detail = `confirmed ${p.label}: the exchange has order ${order.orderId} (${order.status}), found by ${where}`;
    this.deps.log('ok', detail);
    this.deps.onReconciled?.({ clientOid: p.clientOid, result: 'accepted', orderId: order.orderId, correction: false, detail });
    this.finish(e, { kind: 'found', order });
  }

  private async loop(e: Entry, earlyLookups: number, earlyOver: () => void): Promise<void> {
    const { p } = e;
    const delays = this.deps.delaysMs ?? WATCH_DELAYS_MS;
    const deadline = PlacementWatch.deadline(p);
    for (let i = 0; !e.done && !this.stopped; i += 1) {
      await this.deps.sleep(delays[Math.min(i, delays.length - 1)] ?? 1000);
      if (e.done || this.stopped) return;
      const r = this.storeOrder(p.clientOid) ?? (await lookupOrder(this.deps.api, { clientOid: p.clientOid }));
      if (r.kind === 'found') {
        this.deps.store.getState().applyOrder(r.order, this.deps.now());
        this.found(e, r.order, 'clientOid');
        return;
      }
      if (e.done) return;
      if (r.kind === 'absent' && this.deps.now() >= deadline) {
        const proof = await this.absentEverywhere(p);
        if (e.done) return;
        if (proof.kind === 'found') {
          this.deps.store.getState().applyOrder(proof.order, this.deps.now());
          this.found(e, proof.order, 'the open orders / history');
          return;
        }
        if (proof.kind === 'absent') {
          this.notPlaced(e, i + 1);
          return;
        }
      }
      const waiting =
        r.kind === 'absent'
          ? `not found yet; the exchange could still take it until ${formatClock(deadline)}`
          : `lookup failed (${r.detail}); still checking`;
      this.track(p, 'unknown', `${p.reason}: ${waiting}`);
      if (i + 1 === earlyLookups) earlyOver();
    }
  }

  private notPlaced(e: Entry, attempts: number): void {
    const { p } = e;
    const why = 'not placed (the exchange has no such order after its acceptance window)';
    this.track(p, 'rejected', why);
    const detail = `${p.label} was not placed: no order ${p.clientOid} by clientOid, in open orders or in history ${Math.round((this.deps.now() - p.failedAt) / 1000)} s after the send failed (window ${ACCEPT_WINDOW_MS / 1000} s, ${attempts} checks); nothing was resent`;
    this.deps.log('error', detail);
    this.deps.onReconciled?.({ clientOid: p.clientOid, result: 'not-placed', correction: false, detail });
    this.absent.set(p.clientOid, { label: p.label, at: this.deps.now() });
    const cutoff = this.deps.now() - CORRECTION_WATCH_MS;
    for (const [k, v] of this.absent) if (v.at < cutoff) this.absent.delete(k);
    this.finish(e, { kind: 'absent', detail });
  }

  /** The order with this clientOid if the order stream already delivered it. */
  private storeOrder(clientOid: string): LookupResult | null {
    const o = this.deps.store.getState().orders;
    const hit = Object.values(o.open).find((x) => x.clientOid === clientOid) ?? o.recent.find((x) => x.clientOid === clientOid);
    return hit ? { kind: 'found', order: hit } : null;
  }

  /** Open orders and order history of the placement's symbol, searched for its clientOid. */
  private async absentEverywhere(p: WatchedPlacement): Promise<LookupResult> {
    try {
      for (const read of [
        () => this.deps.api.trade.getUnfilledOrders({ category: p.category, symbol: p.symbol, limit: '100' }),
        () => this.deps.api.trade.getHistoryOrders({ category: p.category, symbol: p.symbol, limit: '100' }),
      ]) {
        for (const raw of wireList(wireRecord(await read()).list)) {
          const order = orderFromWire(wireRecord(raw));
          if (order?.clientOid === p.clientOid) return { kind: 'found', order };
        }
      }
      return { kind: 'absent', detail: 'not in open orders or history' };
    } catch (error) {
      return { kind: 'error', detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
