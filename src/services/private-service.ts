import type { Category, Position } from '../domain/model.js';
import { isFutures } from '../domain/model.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { readAccount, readLoans, readOpenOrders, readPositions } from '../exchange/rest/private-reads.js';
import { accountFromWire, accountUpdateFromWire, fillFromWire, isEndedPosition, orderFromWire, positionFromWire } from '../exchange/wire/account-mappers.js';
import { wireCategory, wireList, wireString } from '../exchange/wire/wire-values.js';
import type { StreamClient, StreamPush } from '../exchange/ws/stream-client.js';
import type { AppStore } from '../store/create-app-store.js';
import { DEFAULT_LOAN_POLL_MS } from '../store/slices/loans-slice.js';
import { positionKey } from '../store/slices/positions-slice.js';
import { systemIntervalTimer, type IntervalTimer } from './coalescer.js';
import { RepeatingSteps } from './repeating-steps.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';

/** Dependencies of the private-data service. */
export interface PrivateServiceDeps {
  readonly api: ExchangeApi;
  readonly stream: StreamClient;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  readonly log: (level: LogLevelUi, text: string) => void;
  /** Loan poll period, ms (default 10 000; the stream has no loan topic). */
  readonly loanPollMs?: number;
  /** Timer of the loan poll; default Node's (unref'd). Tests pass one they fire by hand. */
  readonly loanPollTimer?: IntervalTimer;
  /**
   * Pause before running again a resync whose orders, positions or assets read failed (a 429 storm,
   * 5xx replies, a server restart), ms: `baseMs` doubling up to `capMs` until a pass succeeds.
   * Defaults 1000 and 30 000. Without it the store kept what it had before the failure until the
   * next private reconnect.
   */
  readonly resyncRetry?: { readonly baseMs?: number; readonly capMs?: number };
}

const PRIVATE_TOPICS = ['order', 'fill', 'account', 'position'] as const;

/**
 * The account's own state: order, fill, account and position pushes into the store (the user's own
 * events publish at once, not coalesced), and a REST resync of open orders, positions, assets and
 * loans on start and after every private reconnect so nothing stays stale.
 */
export class PrivateService {
  private readonly offs: (() => void)[] = [];
  private loanTimer: unknown = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Failed passes in a row (drives the retry pause). */
  private failedPasses = 0;
  private syncing: Promise<void> | null = null;
  /** A resync was asked for while one ran: run again once it ends (its reads may predate the change). */
  private again = false;
  private stopped = false;
  /** Pushes seen per topic (a REST read overlapping one is not applied: `readFresh`). */
  private readonly pushCount = { account: 0, position: 0 };
  /** The resync's steps (the loan poll repeats every period): a failure logged once until it changes or the step works again. */
  private readonly steps: RepeatingSteps;

  constructor(private readonly deps: PrivateServiceDeps) {
    this.steps = new RepeatingSteps({ log: (level, text) => deps.log(level, text), prefix: 'resync', level: 'error' });
  }

  /** Subscribes the private topics and runs the first resync. */
  start(): void {
    const { stream } = this.deps;
    this.offs.push(stream.onTopic('order', (p) => this.onOrders(p)));
    this.offs.push(stream.onTopic('fill', (p) => this.onFills(p)));
    this.offs.push(stream.onTopic('account', (p) => this.onAccount(p)));
    this.offs.push(stream.onTopic('position', (p) => this.onPositions(p)));
    // After a reconnect: read at once (the screen catches up), and again once the topics are
    // subscribed — 'reconnected' comes before the subscribe frame goes out, so a change made between
    // the first read and the subscription would reach neither (an account push lost that way left
    // `available` stale for good). Reads that start after the subscription see everything before
    // it; pushes bring everything after.
    let awaitingSubscribed = false;
    this.offs.push(
      stream.events.on('reconnected', (kind) => {
        if (kind !== 'private') return;
        awaitingSubscribed = true;
        void this.resync();
      }),
    );
    this.offs.push(
      stream.events.on('health', (h) => {
        if (h.kind !== 'private' || h.state !== 'subscribed' || !awaitingSubscribed) return;
        awaitingSubscribed = false;
        void this.resync();
      }),
    );
    stream.subscribe(PRIVATE_TOPICS.map((topic) => ({ instType: 'UTA', topic })));
    void this.resync();
    this.loanTimer = (this.deps.loanPollTimer ?? systemIntervalTimer).setInterval(() => void this.pollLoans(), this.deps.loanPollMs ?? DEFAULT_LOAN_POLL_MS);
  }

  /** Stops handlers and polling. */
  stop(): void {
    this.stopped = true;
    for (const off of this.offs.splice(0)) off();
    if (this.loanTimer !== null) (this.deps.loanPollTimer ?? systemIntervalTimer).clearInterval(this.loanTimer);
    this.loanTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /**
   * Fetches open orders, positions, assets and loans over REST and merges them (one at a time).
   * A call while a resync runs schedules one more pass after it (the running pass may have read
   * before whatever prompted the call); the returned promise settles after that pass. A pass whose
   * orders, positions or assets read failed is run again later by itself (see `resyncRetry`).
   */
  resync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      let complete: boolean;
      do {
        this.again = false;
        complete = await this.doResync();
      } while (this.again && !this.stopped);
      this.scheduleRetry(complete);
    })().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  /** After a pass: a complete one ends any retry streak; an incomplete one runs again after a growing pause. */
  private scheduleRetry(complete: boolean): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (complete || this.stopped) {
      this.failedPasses = 0;
      return;
    }
    const base = this.deps.resyncRetry?.baseMs ?? 1000;
    const cap = this.deps.resyncRetry?.capMs ?? 30_000;
    const delay = Math.min(cap, base * 2 ** Math.min(this.failedPasses, 30));
    if (this.failedPasses === 0) this.deps.log('warn', `resync incomplete: trying again by itself (first in ${delay} ms, at most every ${cap} ms)`);
    this.failedPasses += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) void this.resync();
    }, delay);
    this.retryTimer.unref();
  }

  /** One pass; true when orders, positions and assets were all read (loans have their own poll). */
  private async doResync(): Promise<boolean> {
    const { api, store, now } = this.deps;
    const asOf = now();
    const orders = await this.steps.run('open orders', async () => {
      const list = await readOpenOrders(api);
      store.getState().replaceOpenOrders(list, asOf, now());
    });
    const positions = await this.steps.run('positions', async () => {
      const all = await this.readFresh('position', () => readPositions(api));
      if (all) store.getState().replacePositions(all, now());
    });
    const assets = await this.steps.run('assets', async () => {
      const account = await this.readFresh('account', () => readAccount(api, now()));
      if (account !== null) store.getState().setAccount(account, now());
    });
    await this.pollLoans();
    return orders && positions && assets;
  }

  /** Reads the ongoing loans now (after a borrow, repay or collateral change); never rejects. */
  refreshLoans(): Promise<void> {
    return this.pollLoans();
  }

  private async pollLoans(): Promise<void> {
    const ok = await this.steps.run('loans', async () => {
      this.deps.store.getState().setLoans(await readLoans(this.deps.api), this.deps.now());
    });
    // The loans shown stay, marked stale until a poll succeeds (store/freshness.ts).
    if (!ok) this.deps.store.getState().failLoansPoll(this.steps.failure('loans') ?? 'poll failed', this.deps.now());
  }

  private onOrders(push: StreamPush): void {
    for (const r of wireList(push.data)) {
      const o = orderFromWire(r);
      if (o) this.deps.store.getState().applyOrder(o, this.deps.now());
    }
  }

  private onFills(push: StreamPush): void {
    const list = wireList(push.data).map((r) => fillFromWire(r)).filter((f) => f !== null);
    if (list.length > 0) this.deps.store.getState().addFills(list, this.deps.now());
  }

  /**
   * `snapshot` is the full account and replaces it, coin list included; `update` is incremental
   * (official Account-Channel page) and may list only the coins that changed, so it is merged by coin.
   * The REST resync always replaces everything.
   */
  /**
   * A REST read of what a topic also pushes, applied only if no push of that topic arrived while it
   * was in flight: a push that lands between the exchange answering and the reply being applied is
   * newer than the reply, and replacing it with the reply would lose it for good (seen: an order's
   * margin missing from \`available\` after a reconnect). Read again then (three tries; after that
   * the pushes are the fresher source and the reply is dropped: null).
   */
  private async readFresh<T>(topic: 'account' | 'position', read: () => Promise<T>): Promise<T | null> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const before = this.pushCount[topic];
      const value = await read();
      if (this.pushCount[topic] === before) return value;
    }
    return null;
  }

  private onAccount(push: StreamPush): void {
    this.pushCount.account += 1;
    const first = wireList(push.data)[0];
    if (!first) return;
    const now = this.deps.now();
    if (push.action === 'snapshot') this.deps.store.getState().setAccount(accountFromWire(first, now), now);
    else this.deps.store.getState().mergeAccount(accountUpdateFromWire(first, now), now);
  }

  private categoryOf(symbol: string, given: unknown): Category {
    const explicit = wireCategory(given);
    if (explicit) return explicit;
    const inst = Object.values(this.deps.store.getState().market.instruments).find((i) => i.symbol === symbol && isFutures(i.category));
    return inst?.category ?? 'USDT-FUTURES';
  }

  private onPositions(push: StreamPush): void {
    this.pushCount.position += 1;
    const items = wireList(push.data);
    const mapped = items.map((r) => ({ r, p: positionFromWire(r, this.categoryOf(wireString(r.symbol), r.category)) }));
    const positions = mapped.filter((m) => m.p !== null && !isEndedPosition(m.r)).map((m) => m.p as Position);
    const ended = mapped.filter((m) => m.p !== null && isEndedPosition(m.r)).map((m) => positionKey(m.p as Position));
    if (push.action === 'snapshot') this.deps.store.getState().replacePositions(positions, this.deps.now());
    else this.deps.store.getState().applyPositions(positions, ended, this.deps.now());
  }
}
