import type { Category } from '../domain/model.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { ExchangeError } from '../exchange/wire/errors.js';
import type { BatchModifyItemParams, CancelBatchItemParams, ModifyOrderParams, PlaceOrderParams } from '../exchange/wire/params.js';
import { wireList, wireRecord, wireString, type WireRecord } from '../exchange/wire/wire-values.js';
import type { WsTrade, WsTradeArg, WsTradeReply } from '../exchange/ws/ws-trade.js';

/**
 * How order writes reach the exchange: over the private socket when it is ready (`WsTrade`), else
 * over REST. A socket request that provably did not run falls back to REST with the same params
 * (same clientOid): one the socket never sent (`EXCH_NETWORK`: socket not ready), and one the socket
 * refused with a parameter error (the official socket pages accept all five categories, but a live
 * socket op that does not take one refuses it before anything runs; a category refused that way
 * goes straight to REST from then on). Every other failure is returned to the caller, and nothing
 * is ever sent twice: an unknown result is never re-sent.
 */

/** The part of `WsTrade` the order service uses (a fake in tests). */
export type OrderSocket = Pick<WsTrade, 'submitOrder' | 'amendOrder' | 'cancelOrder' | 'amendBatch' | 'cancelBatch'>;

/** Which path carried a request. */
export type Via = 'socket' | 'rest';

/** An order acknowledgement: `orderId` null when a one-way reduce-only order replaced an earlier one. */
export interface OrderAck {
  readonly orderId: string | null;
  readonly clientOid: string;
  readonly via: Via;
}

/** One entry of a batch reply (place-batch, batch-modify, cancel-batch, cancel-symbol, close-positions). */
export interface BatchEntry {
  readonly orderId: string;
  readonly clientOid: string;
  /** Exchange code of this entry; '' when the reply carries none (success). */
  readonly code: string;
  readonly msg: string;
}

/** True for an entry code meaning success ('' when absent, "0", "00000"). */
export function isOkCode(code: string): boolean {
  return code === '' || code === '0' || code === '00000';
}

/**
 * True when a failed write may still have happened: `EXCH_UNKNOWN_RESULT`, an unreadable reply,
 * or anything that is not an `ExchangeError` (an unexpected failure after handing the request over).
 */
export function isUnknownOutcome(error: unknown): boolean {
  if (!(error instanceof ExchangeError)) return true;
  return error.code === 'EXCH_UNKNOWN_RESULT' || error.code === 'EXCH_BAD_REPLY';
}

/** Short reason text for the log and the Submission: `code msg` for exchange refusals, else the message. */
export function reasonOf(error: unknown): string {
  if (error instanceof ExchangeError && error.exchangeCode !== undefined && error.code === 'EXCH_REJECTED') return `${error.exchangeCode} ${error.exchangeMsg ?? ''}`.trim();
  return error instanceof Error ? error.message : String(error);
}

function entryOf(r: WireRecord): BatchEntry {
  return { orderId: wireString(r.orderId), clientOid: wireString(r.clientOid), code: wireString(r.code), msg: wireString(r.msg) };
}

/** Batch entries from REST data (an array, or `{list:[…]}`) or a socket reply's `args`. */
export function batchEntries(data: unknown): BatchEntry[] {
  return wireList(Array.isArray(data) ? data : wireRecord(data).list).map(entryOf);
}

/** The socket arg of a REST body: the category travels at the top level of the socket frame; TP/SL keys are lower case there. */
function socketArg(params: object): WsTradeArg {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'category' || v === undefined) continue;
    out[k === 'takeProfit' ? 'takeprofit' : k === 'stopLoss' ? 'stoploss' : k] = v;
  }
  return out;
}

/** Parameter-error codes of Bitget's error table: the request was refused before it ran. */
const PARAMETER_ERROR_CODES: ReadonlySet<string> = new Set(['40017', '40019', '40020', '40034', '400172', '25200']);

/** True when the socket refused the request outright with a parameter error (nothing ran). */
function isSocketParameterRefusal(error: unknown): error is ExchangeError {
  return error instanceof ExchangeError && error.code === 'EXCH_REJECTED' && PARAMETER_ERROR_CODES.has(error.exchangeCode ?? '');
}

/** Options of `OrderTransport`. */
export interface OrderTransportOptions {
  readonly api: ExchangeApi;
  /** The socket trade channel; null = REST only. */
  readonly socket: OrderSocket | null;
  /** True while the private socket is logged in; default: always try the socket first. */
  readonly socketReady?: () => boolean;
  /** Told when a socket refusal sends a request over REST instead; default none. */
  readonly onSocketRefused?: (category: Category, reason: string) => void;
}

/** Order writes over the socket (preferred) or REST. */
export class OrderTransport {
  /** Categories the socket refused as a parameter error naming the category: REST only from then on. */
  private readonly restOnly = new Set<Category>();

  constructor(private readonly options: OrderTransportOptions) {}

  /** Places one order. */
  async place(params: PlaceOrderParams): Promise<OrderAck> {
    const r = await this.send(
      params.category,
      true,
      (s) => s.submitOrder(params.category, socketArg(params)),
      () => this.options.api.trade.placeOrder(params),
    );
    return this.ack(r.data, r.via, params.clientOid ?? '');
  }

  /** Modifies one order (needs `category` for the socket path). */
  async modify(category: Category, params: ModifyOrderParams): Promise<OrderAck> {
    const r = await this.send(
      category,
      true,
      (s) => s.amendOrder(category, socketArg(params)),
      () => this.options.api.trade.modifyOrder(params),
    );
    return this.ack(r.data, r.via, params.clientOid ?? '');
  }

  /** Cancels one order; `symbol` goes with the socket request; `reality` pairs use cancel-reality-order. */
  async cancel(category: Category, symbol: string, orderId: string, reality = false): Promise<OrderAck> {
    // Reality (rToken) pairs have their own cancel path (cancel-reality-order), REST only.
    if (reality && (category === 'SPOT' || category === 'MARGIN')) return this.ack(await this.options.api.trade.cancelRealityOrder({ orderId, symbol }), 'rest', '');
    const r = await this.send(
      category,
      true,
      (s) => s.cancelOrder(category, { orderId, symbol }),
      () => this.options.api.trade.cancelOrder({ orderId }),
    );
    return this.ack(r.data, r.via, '');
  }

  /** Cancels up to 20 orders of one category; per-order entries. */
  async cancelBatch(category: Category, items: readonly CancelBatchItemParams[]): Promise<BatchEntry[]> {
    const r = await this.send(
      category,
      false,
      (s) => s.cancelBatch(category, items.map((i) => socketArg(i))),
      () => this.options.api.trade.cancelBatch(items),
    );
    return batchEntries(r.data);
  }

  /** Modifies up to 20 orders of one business line; per-order entries. */
  async modifyBatch(category: Category, items: readonly BatchModifyItemParams[]): Promise<BatchEntry[]> {
    const r = await this.send(
      category,
      false,
      (s) => s.amendBatch(category, items.map((i) => socketArg(i))),
      () => this.options.api.trade.batchModifyOrder(items),
    );
    return batchEntries(r.data);
  }

  private ack(data: unknown, via: Via, sentOid: string): OrderAck {
    const rec = wireRecord(data);
    const orderId = wireString(rec.orderId);
    return { orderId: orderId === '' ? null : orderId, clientOid: wireString(rec.clientOid) || sentOid, via };
  }

  /** Socket first when there is one and it is ready; REST when it is not, or provably did not run it. */
  private async send(category: Category, single: boolean, viaSocket: (s: OrderSocket) => Promise<WsTradeReply>, viaRest: () => Promise<unknown>): Promise<{ data: unknown; via: Via }> {
    const { socket, socketReady } = this.options;
    if (socket && !this.restOnly.has(category) && (socketReady?.() ?? true)) {
      try {
        const reply = await viaSocket(socket);
        // A single-order reply carries its ack as args[0]; batch replies carry one entry per order.
        return { data: single ? reply.args[0] : reply.args, via: 'socket' };
      } catch (error) {
        if (isSocketParameterRefusal(error)) {
          if (/category/i.test(error.exchangeMsg ?? '')) this.restOnly.add(category);
          this.options.onSocketRefused?.(category, `${error.exchangeCode ?? ''} ${error.exchangeMsg ?? ''}`.trim());
        } else if (!(error instanceof ExchangeError && error.code === 'EXCH_NETWORK')) throw error;
      }
    }
    return { data: await viaRest(), via: 'rest' };
  }
}
