import { ExchangeError, isUnknownResultCode } from '../wire/errors.js';
import { systemTimers, type TimerHandle, type Timers } from './connection-state.js';
import type { InboundFrame } from './frame.js';
import type { StreamConnection } from './stream-connection.js';

/** Order entry over the private socket (protocol-notes §4.7). Replies are matched only by `id`. */

/** WS trade topics. */
export type WsTradeTopic = 'place-order' | 'batch-place' | 'cancel-order' | 'batch-cancel' | 'modify-order' | 'batch-modify';

/** One request arg, with the REST field names (except `takeprofit`/`stoploss`, lower case on WS). Values are wire strings. */
export type WsTradeArg = Readonly<Record<string, unknown>>;

/** A successful reply. */
export interface WsTradeReply {
  /** The request id it answers. */
  readonly id: string;
  /** The topic echoed by the exchange. */
  readonly topic: string;
  /** Per-order results, e.g. `{symbol, orderId, clientOid, cTime}`. */
  readonly args: readonly unknown[];
  /** "0" on success. */
  readonly code: string;
  /** Exchange message, e.g. "success". */
  readonly msg: string;
}

/** Options of `WsTrade`. */
export interface WsTradeOptions {
  /** The private connection (must be `private`; requests need it logged in). */
  readonly connection: StreamConnection;
  /** Timer seam; default the globals. */
  readonly timers?: Timers;
  /** How long to wait for the reply before rejecting with `EXCH_UNKNOWN_RESULT`, ms. Default 5000. */
  readonly replyTimeoutMs?: number;
  /** Request id generator; default a per-instance prefix plus a counter. Ids must be unique per socket. */
  readonly newId?: () => string;
  /** Told about every request handed to the socket and how it ended (audit log); default none. */
  readonly observer?: WsTradeObserver;
  /**
   * The user's API-broker code: the top-level `apiCode` of place-order and batch-place (the socket
   * form of `X-CHANNEL-API-CODE`, official Place-Order-Channel page). Default none.
   */
  readonly apiCode?: string;
}

/** The socket topics that place orders, the only ones that carry `apiCode`. */
const PLACEMENT_TOPICS: ReadonlySet<string> = new Set(['place-order', 'batch-place']);

/** One trade request as handed to the socket. */
export interface WsTradeRequestInfo {
  /** Request id. */
  readonly id: string;
  readonly topic: WsTradeTopic;
  /** Category as sent (lower case). */
  readonly category: string;
  /** The request args (orders, changes or cancel targets). */
  readonly args: readonly WsTradeArg[];
}

/**
 * Watches order entry over the socket. Called synchronously; a throwing observer is ignored.
 * `onOutcome` gets either the reply (success) or the error the request was rejected with.
 */
export interface WsTradeObserver {
  /** The request was handed to the socket. */
  onSend?(request: WsTradeRequestInfo): void;
  /** The request ended: a reply, or the error (`EXCH_REJECTED`, `EXCH_UNKNOWN_RESULT`). */
  onOutcome?(request: WsTradeRequestInfo, outcome: { readonly reply: WsTradeReply } | { readonly error: ExchangeError }): void;
}

/** Most orders in one batch request (§4.7). */
export const MAX_WS_BATCH = 20;

interface Pending {
  readonly topic: WsTradeTopic;
  readonly clientOids: readonly string[];
  readonly resolve: (reply: WsTradeReply) => void;
  readonly reject: (error: ExchangeError) => void;
  readonly timer: TimerHandle;
}

let instanceCounter = 0;

/** Place, modify and cancel orders over the private socket. */
export class WsTrade {
  private readonly pending = new Map<string, Pending>();
  private readonly timers: Timers;
  private readonly newId: () => string;
  private readonly unsubscribe: (() => void)[];

  /** @param options see `WsTradeOptions`. */
  constructor(private readonly options: WsTradeOptions) {
    if (options.connection.kind !== 'private') throw new Error('WsTrade needs the private connection (kind "private")');
    this.timers = options.timers ?? systemTimers;
    instanceCounter += 1;
    const prefix = `u${instanceCounter.toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
    let n = 0;
    this.newId = options.newId ?? (() => `${prefix}-${(n += 1)}`);
    this.unsubscribe = [
      options.connection.events.on('frame', (frame) => this.onFrame(frame)),
      options.connection.events.on('down', (cause) => this.failAll(cause)),
    ];
  }

  /** Requests waiting for a reply. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Places one order (`place-order`). `category` may be REST upper case; it is sent lower case. */
  submitOrder(category: string, order: WsTradeArg): Promise<WsTradeReply> {
    return this.request(category, 'place-order', [order]);
  }

  /** Modifies one order (`modify-order`). An ack does not prove the modify succeeded (§4.7). */
  amendOrder(category: string, change: WsTradeArg): Promise<WsTradeReply> {
    return this.request(category, 'modify-order', [change]);
  }

  /** Cancels one order (`cancel-order`) by orderId or clientOid. */
  cancelOrder(category: string, target: WsTradeArg): Promise<WsTradeReply> {
    return this.request(category, 'cancel-order', [target]);
  }

  /** Places up to 20 orders (`batch-place`). */
  submitBatch(category: string, orders: readonly WsTradeArg[]): Promise<WsTradeReply> {
    return this.request(category, 'batch-place', orders);
  }

  /** Modifies up to 20 orders (`batch-modify`). */
  amendBatch(category: string, changes: readonly WsTradeArg[]): Promise<WsTradeReply> {
    return this.request(category, 'batch-modify', changes);
  }

  /** Cancels up to 20 orders (`batch-cancel`). */
  cancelBatch(category: string, targets: readonly WsTradeArg[]): Promise<WsTradeReply> {
    return this.request(category, 'batch-cancel', targets);
  }

  /**
   * Sends `{"op":"trade","id","category","topic","args"}` and waits for the reply with that id.
   * Rejects with `ExchangeError`:
   * - `EXCH_VALIDATION`: empty args or more than 20; nothing sent.
   * - `EXCH_NETWORK`: the private socket is not logged in; nothing sent.
   * - `EXCH_UNKNOWN_RESULT`: no reply in time, the socket dropped, or codes 40010/40725/45001; reconcile by clientOid.
   * - `EXCH_REJECTED`: every other exchange code (`exchangeCode`, `exchangeMsg`).
   */
  request(category: string, topic: WsTradeTopic, args: readonly WsTradeArg[]): Promise<WsTradeReply> {
    const clientOids = args.map((a) => a.clientOid).filter((c): c is string => typeof c === 'string' && c !== '');
    const details = clientOids.length === 1 ? { clientOid: clientOids[0], clientOids } : { clientOids };
    if (args.length === 0 || args.length > MAX_WS_BATCH) {
      return Promise.reject(new ExchangeError('EXCH_VALIDATION', `a WS ${topic} request needs 1 to ${MAX_WS_BATCH} args, got ${args.length}; split the batch`, details));
    }
    const id = this.newId();
    if (this.pending.has(id)) return Promise.reject(new ExchangeError('EXCH_VALIDATION', `WS trade id "${id}" is already in flight; ids must be unique`, details));
    return new Promise<WsTradeReply>((resolve, reject) => {
      const apiCode = this.options.apiCode !== undefined && PLACEMENT_TOPICS.has(topic) ? { apiCode: this.options.apiCode } : {};
      const payload = { op: 'trade', id, category: category.toLowerCase(), topic, ...apiCode, args };
      const info: WsTradeRequestInfo = { id, topic, category: payload.category, args };
      const observed = {
        resolve: (reply: WsTradeReply) => {
          this.notify((o) => o.onOutcome?.(info, { reply }));
          resolve(reply);
        },
        reject: (error: ExchangeError) => {
          this.notify((o) => o.onOutcome?.(info, { error }));
          reject(error);
        },
      };
      const timer = this.timers.setTimeout(() => {
        if (!this.pending.delete(id)) return;
        observed.reject(new ExchangeError('EXCH_UNKNOWN_RESULT', `no reply to WS ${topic} (id ${id}) within ${this.replyTimeoutMs} ms; the result is unknown, look the order up by clientOid`, details));
      }, this.replyTimeoutMs);
      this.pending.set(id, { topic, clientOids, resolve: observed.resolve, reject: observed.reject, timer });
      if (!this.options.connection.sendRequest(payload)) {
        this.pending.delete(id);
        this.timers.clearTimeout(timer);
        const state = this.options.connection.getHealth().state;
        // Not sent: nothing to audit (the caller falls back to REST, which is audited there).
        reject(new ExchangeError('EXCH_NETWORK', `the private socket is not ready (state ${state}); the ${topic} request was not sent`, details));
        return;
      }
      this.notify((o) => o.onSend?.(info));
    });
  }

  /** Calls the observer; one that throws is ignored (observing must never break order entry). */
  private notify(fn: (o: WsTradeObserver) => void): void {
    const observer = this.options.observer;
    if (!observer) return;
    try {
      fn(observer);
    } catch {
      // The observer's failure is its own business.
    }
  }

  /** Stops listening and rejects everything in flight with `EXCH_UNKNOWN_RESULT`. */
  dispose(): void {
    for (const off of this.unsubscribe) off();
    this.failAll(new Error('WsTrade disposed'));
  }

  private get replyTimeoutMs(): number {
    return this.options.replyTimeoutMs ?? 5000;
  }

  private onFrame(frame: InboundFrame): void {
    if (frame.kind !== 'trade' && frame.kind !== 'error') return;
    if (frame.id === undefined) return;
    const entry = this.pending.get(frame.id);
    if (!entry) return;
    this.pending.delete(frame.id);
    this.timers.clearTimeout(entry.timer);
    const details = { exchangeCode: frame.code, exchangeMsg: frame.msg, clientOids: entry.clientOids, clientOid: entry.clientOids.length === 1 ? entry.clientOids[0] : undefined };
    if (frame.kind === 'trade' && (frame.code === '0' || frame.code === '00000')) {
      entry.resolve({ id: frame.id, topic: frame.topic, args: frame.args, code: frame.code, msg: frame.msg });
      return;
    }
    if (isUnknownResultCode(frame.code)) {
      entry.reject(new ExchangeError('EXCH_UNKNOWN_RESULT', `WS ${entry.topic} answered ${frame.code} (${frame.msg}); the result is unknown, look the order up by clientOid`, details));
      return;
    }
    entry.reject(new ExchangeError('EXCH_REJECTED', `WS ${entry.topic} rejected: ${frame.code} ${frame.msg}`, details));
  }

  private failAll(cause: unknown): void {
    const entries = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, entry] of entries) {
      this.timers.clearTimeout(entry.timer);
      entry.reject(
        new ExchangeError('EXCH_UNKNOWN_RESULT', `the private socket went away before the reply to WS ${entry.topic} (id ${id}); the result is unknown, look the order up by clientOid`, {
          cause,
          clientOids: entry.clientOids,
          clientOid: entry.clientOids.length === 1 ? entry.clientOids[0] : undefined,
        }),
      );
    }
  }
}
