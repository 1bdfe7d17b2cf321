import { Decimal } from 'decimal.js';
import { BTC_PERP } from '../domain/instruments.testkit.js';
import type { Instrument, Order } from '../domain/model.js';
import { createExchangeApi, type ExchangeApi, type OperationCaller } from '../exchange/rest/facade.js';
import { ExchangeError, type ExchangeErrorCode } from '../exchange/wire/errors.js';
import type { OperationId } from '../exchange/wire/operations.js';
import type { WsTradeArg, WsTradeReply, WsTradeTopic } from '../exchange/ws/ws-trade.js';
import { createAppStore, type AppStore } from '../store/create-app-store.js';
import { OrderService, type OrderServiceDeps } from './order-service.js';
import type { OrderSocket } from './order-transport.js';

/**
 * Test doubles for the order service: a scripted operation caller behind the real `ExchangeApi`
 * facade, a scripted socket trade channel, and a harness that records sleeps and log lines.
 */

/** Answers one operation (return data, or throw an ExchangeError). */
export type FakeHandler = (params: unknown) => unknown;

/** A recorded operation call. */
export interface FakeCall {
  readonly id: OperationId;
  readonly params: unknown;
}

/** A scripted `OperationCaller`: unscripted operations fail the test loudly. */
export class FakeCaller implements OperationCaller {
  readonly calls: FakeCall[] = [];
  readonly handlers = new Map<OperationId, FakeHandler>();

  /** Scripts `id`. */
  on(id: OperationId, handler: FakeHandler): this {
    this.handlers.set(id, handler);
    return this;
  }

  /** Calls of one operation. */
  callsOf(id: OperationId): unknown[] {
    return this.calls.filter((c) => c.id === id).map((c) => c.params);
  }

  call(id: OperationId, params: unknown): Promise<unknown> {
    this.calls.push({ id, params });
    const handler = this.handlers.get(id);
    if (!handler) return Promise.reject(new Error(`unexpected call ${id}`));
    try {
      return Promise.resolve(handler(params));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** An exchange refusal as the REST client raises it. */
export function rejection(exchangeCode: string, exchangeMsg: string): ExchangeError {
  return new ExchangeError('EXCH_REJECTED', `rejected by the exchange (${exchangeCode} "${exchangeMsg}")`, { exchangeCode, exchangeMsg, httpStatus: 400 });
}

/** Any other ExchangeError. */
export function exchangeError(code: ExchangeErrorCode, message = `fake ${code}`): ExchangeError {
  return new ExchangeError(code, message);
}

/** A recorded socket request. */
export interface SocketRequest {
  readonly topic: WsTradeTopic;
  readonly category: string;
  readonly args: readonly WsTradeArg[];
}

/** A scripted socket trade channel. Default reply: success echoing each arg's ids. */
export class FakeSocket implements OrderSocket {
  readonly requests: SocketRequest[] = [];
  reply: (req: SocketRequest) => Promise<WsTradeReply> = (req) =>
    Promise.resolve({ id: String(this.requests.length), topic: req.topic, code: '0', msg: 'success', args: req.args.map((a, i) => ({ orderId: typeof a.orderId === 'string' ? a.orderId : `9${i}`, clientOid: a.clientOid ?? '' })) });

  submitOrder(category: string, order: WsTradeArg): Promise<WsTradeReply> {
    return this.request('place-order', category, [order]);
  }
  amendOrder(category: string, change: WsTradeArg): Promise<WsTradeReply> {
    return this.request('modify-order', category, [change]);
  }
  cancelOrder(category: string, target: WsTradeArg): Promise<WsTradeReply> {
    return this.request('cancel-order', category, [target]);
  }
  amendBatch(category: string, changes: readonly WsTradeArg[]): Promise<WsTradeReply> {
    return this.request('batch-modify', category, changes);
  }
  cancelBatch(category: string, targets: readonly WsTradeArg[]): Promise<WsTradeReply> {
    return this.request('batch-cancel', category, targets);
  }

  private request(topic: WsTradeTopic, category: string, args: readonly WsTradeArg[]): Promise<WsTradeReply> {
    const req = { topic, category, args };
    this.requests.push(req);
    return this.reply(req);
  }
}

/** BTCUSDT perpetual rules: the shared perpetual with a 0.1 price step and 100x leverage. */
export function btcInstrument(overrides: Partial<Instrument> = {}): Instrument {
  return { ...BTC_PERP, priceMultiplier: new Decimal('0.1'), maxLeverage: new Decimal('100'), ...overrides };
}

/** An open BTCUSDT limit order. */
export function openOrder(orderId: string, overrides: Partial<Order> = {}): Order {
  return {
    orderId,
    clientOid: `c-${orderId}`,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    price: new Decimal('90000'),
    qty: new Decimal('0.01'),
    cumExecQty: new Decimal(0),
    avgPrice: new Decimal(0),
    status: 'live',
    timeInForce: 'gtc',
    posSide: null,
    reduceOnly: false,
    cancelReason: '',
    createdTime: 1000,
    updatedTime: 1000,
    ...overrides,
  };
}

/** The REST order-info record of an order. */
export function orderRecord(o: { orderId: string; clientOid: string; price?: string; qty?: string; status?: string; updatedTime?: number }): Record<string, string> {
  return {
    orderId: o.orderId,
    clientOid: o.clientOid,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    price: o.price ?? '90000',
    qty: o.qty ?? '0.01',
    cumExecQty: '0',
    avgPrice: '0',
    orderStatus: o.status ?? 'live',
    timeInForce: 'gtc',
    reduceOnly: 'NO',
    createdTime: '1000',
    updatedTime: String(o.updatedTime ?? 2000),
  };
}

/** Everything a test needs around one `OrderService`. */
export interface Harness {
  readonly service: OrderService;
  readonly caller: FakeCaller;
  readonly api: ExchangeApi;
  readonly store: AppStore;
  readonly sleeps: number[];
  /** The event log texts, oldest first. */
  logTexts(): string[];
  /** Sets the clock (Unix ms). */
  setNow(ms: number): void;
  /** Resolves when `pred(state)` holds (checked now and on every store change). */
  until(pred: (s: ReturnType<AppStore['getState']>) => boolean): Promise<void>;
}

/**
 * Builds a service over fakes; `socket` null = REST only. A sleep is recorded, moves the clock by
 * its length and resolves on the next turn of the event loop (so a watch that never settles cannot
 * starve the test; `service.stop()` ends it).
 */
export function harness(opts: { socket?: FakeSocket | null; deps?: Partial<OrderServiceDeps> } = {}): Harness {
  const caller = new FakeCaller();
  const api = createExchangeApi(caller);
  const store = createAppStore();
  const sleeps: number[] = [];
  let now = 1_000_000;
  let n = 0;
  const service = new OrderService({
    api,
    wsTrade: opts.socket ?? null,
    store,
    now: () => now,
    log: (level, text) => store.getState().logEvent(level, text, now),
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return new Promise((resolve) => setImmediate(resolve));
    },
    newClientOid: () => `ud-test-${(n += 1)}`,
    ...opts.deps,
  });
  return {
    service,
    caller,
    api,
    store,
    sleeps,
    logTexts: () => store.getState().ui.log.map((e) => `${e.level}: ${e.text}`),
    setNow: (ms) => {
      now = ms;
    },
    until: (pred) =>
      new Promise<void>((resolve) => {
        if (pred(store.getState())) return resolve();
        const off = store.subscribe((st) => {
          if (!pred(st)) return;
          off();
          resolve();
        });
      }),
  };
}
