import { SimRejection, type SimCandle, type SimCategory, type SimEvent, type SimExchange, type SimLevel } from '../../../src/sim/contract.js';
import type { OperationSpec } from '../../../src/exchange/wire/operation-types.js';
import { routesFromList, type OperationRoutes } from '../../../src/sim/server/routes.js';

/**
 * A small in-memory `SimExchange` for the transport tests: settable books, a few operations, and
 * an `emit` to drive pushes. Not a matching engine.
 */
export class FakeExchange implements SimExchange {
  readonly demoUid = '6000000001';
  /** Operations called, in order: [opId, uid, params]. */
  readonly calls: [string, string | null, unknown][] = [];
  private readonly listeners = new Set<(e: SimEvent) => void>();
  private readonly books = new Map<string, { bids: SimLevel[]; asks: SimLevel[] }>();
  private readonly tickers = new Map<string, Record<string, string>>();
  private nextOrder = 1000;
  /** Open order ids. */
  readonly orders = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {
    for (const k of ['SPOT|BTCUSDT', 'USDT-FUTURES|BTCUSDT', 'COIN-FUTURES|BTCUSD_CM']) {
      this.books.set(k, { bids: [['100', '1'], ['99', '2']], asks: [['101', '1'], ['102', '2']] });
      this.tickers.set(k, { lastPrice: '100.5' });
    }
  }

  /** Replaces a book's levels. */
  setBook(category: SimCategory, symbol: string, bids: SimLevel[], asks: SimLevel[]): void {
    this.books.set(`${category}|${symbol}`, { bids, asks });
  }

  /** Replaces a ticker item. */
  setTicker(category: SimCategory, symbol: string, item: Record<string, string>): void {
    this.tickers.set(`${category}|${symbol}`, item);
  }

  /** Emits an event to the transports. */
  emit(event: SimEvent): void {
    for (const l of this.listeners) l(event);
  }

  handle(opId: string, uid: string | null, params: unknown): unknown {
    this.calls.push([opId, uid, params]);
    const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    switch (opId) {
      case 'market.getTime':
        return { serverTime: String(this.now()) };
      case 'account.getAssets':
        return { accountEquity: '1000', assets: [] };
      case 'trade.placeOrder':
        return this.place(uid ?? '', p);
      case 'trade.placeBatch':
        return (Array.isArray(params) ? params : []).map((item: Record<string, unknown>) => ({ ...this.place(uid ?? '', item), code: '00000', msg: 'success' }));
      case 'trade.cancelOrder': {
        const id = typeof p['orderId'] === 'string' ? p['orderId'] : '';
        if (!this.orders.delete(id)) throw new SimRejection('25204', 'Order does not exist');
        return { orderId: id, clientOid: '' };
      }
      default:
        throw new SimRejection('40404', `fake exchange does not serve ${opId}`);
    }
  }

  private place(uid: string, p: Record<string, unknown>): { orderId: string; clientOid: string } {
    const orderId = String(this.nextOrder++);
    const clientOid = typeof p['clientOid'] === 'string' ? p['clientOid'] : `c${orderId}`;
    this.orders.add(orderId);
    this.emit({ type: 'order', uid, order: { orderId, clientOid, symbol: String(p['symbol']), orderStatus: 'live', category: String(p['category']).toLowerCase() } });
    this.emit({ type: 'account', uid });
    return { orderId, clientOid };
  }

  subscribe(listener: (event: SimEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  bookLevels(category: SimCategory, symbol: string, depth: number): { bids: readonly SimLevel[]; asks: readonly SimLevel[] } {
    const b = this.books.get(`${category}|${symbol}`) ?? { bids: [], asks: [] };
    return { bids: b.bids.slice(0, depth), asks: b.asks.slice(0, depth) };
  }

  tickerPush(category: SimCategory, symbol: string): Readonly<Record<string, string>> | null {
    return this.tickers.get(`${category}|${symbol}`) ?? null;
  }

  candles(_category: SimCategory, _symbol: string, _interval: string, limit: number): readonly SimCandle[] {
    const out: SimCandle[] = [];
    const n = Math.min(limit, 500);
    for (let i = 0; i < n; i++) out.push([String(1_700_000_000_000 + (i + 500 - n) * 60_000), '1', '2', '0.5', '1.5', '10', '15']);
    return out;
  }

  accountPush(uid: string): Readonly<Record<string, unknown>> {
    return { totalEquity: '1000', uid, coin: [] };
  }

  positionsPush(): readonly Readonly<Record<string, unknown>>[] {
    return [];
  }

  hasInstrument(category: SimCategory, symbol: string): boolean {
    return this.books.has(`${category}|${symbol}`);
  }

  start(): void {}
  stop(): void {}
}

function op(id: string, method: 'GET' | 'POST', path: string, auth: 'public' | 'private', bucket: string, perSecond: number): OperationSpec {
  return {
    id,
    method,
    path,
    auth,
    permission: '',
    rate: { bucket, perSecond, scope: auth === 'private' ? 'uid' : 'ip' },
    request: { fields: {} },
    reply: 'object',
    write: method === 'POST',
    part: 'B',
    summary: id,
  };
}

/** A few operations routed like the real table, with a validator that requires `symbol` on orders. */
export function fakeRoutes(): OperationRoutes {
  return routesFromList(
    [
      op('market.getTime', 'GET', '/api/v3/public/time', 'public', 'market.time', 20),
      op('account.getAssets', 'GET', '/api/v3/account/assets', 'private', 'account.assets', 20),
      op('trade.placeOrder', 'POST', '/api/v3/trade/place-order', 'private', 'trade.order', 10),
      op('trade.cancelOrder', 'POST', '/api/v3/trade/cancel-order', 'private', 'trade.order', 10),
      op('trade.placeBatch', 'POST', '/api/v3/trade/place-batch', 'private', 'trade.batch', 5),
    ],
    (o, params) => {
      if (o.id !== 'trade.placeOrder') return null;
      const p = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
      return typeof p['symbol'] === 'string' ? null : { code: '40017', msg: 'Parameter verification failed: symbol is required' };
    },
  );
}
