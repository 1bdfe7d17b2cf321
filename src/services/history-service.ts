import type { Fill, Order } from '../domain/model.js';
import type { HistoryPage, HistoryQuery } from '../domain/trade-queries.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import { fillsFromWire, historyOrdersFromWire, pageQueryToWire } from '../exchange/wire/trade-query-mappers.js';
import type { HistoryServices } from './app-services.js';

/** Dependencies of `HistoryService`. */
export interface HistoryServiceDeps {
  /** The exchange's operations. */
  readonly api: ExchangeApi;
}

/** Order and fill history, one cursor page at a time, newest first (the exchange's last 90 days). */
export class HistoryService implements HistoryServices {
  constructor(private readonly deps: HistoryServiceDeps) {}

  /** One page of finished and open orders (`trade.getHistoryOrders`); rejects with the exchange's or the mapper's error. */
  async getHistoryOrders(query: HistoryQuery): Promise<HistoryPage<Order>> {
    return historyOrdersFromWire(await this.deps.api.trade.getHistoryOrders(pageQueryToWire(query)), query.category);
  }

  /** One page of fills (`trade.getFills`); rejects with the exchange's or the mapper's error. */
  async getFills(query: HistoryQuery): Promise<HistoryPage<Fill>> {
    return fillsFromWire(await this.deps.api.trade.getFills(pageQueryToWire(query)), query.category);
  }
}
