import type { Category, Order } from '../../domain/model.js';
import { orderFromWire } from '../wire/account-mappers.js';
import { wireList, wireRecord, wireString } from '../wire/wire-values.js';
import type { ExchangeApi } from './facade.js';

/** Every open order (cursor pages of 100, at most 10 pages), optionally of one category and symbol. */
export async function readOpenOrders(api: ExchangeApi, scope: { readonly category?: Category; readonly symbol?: string } = {}): Promise<readonly Order[]> {
  const list: Order[] = [];
  let cursor = '';
  for (let page = 0; page < 10; page += 1) {
    const data = wireRecord(await api.trade.getUnfilledOrders({ limit: '100', ...scope, ...(cursor ? { cursor } : {}) }));
    const items = wireList(data.list);
    for (const r of items) {
      const o = orderFromWire(r);
      if (o) list.push(o);
    }
    cursor = wireString(data.cursor);
    if (items.length < 100 || !cursor) break;
  }
  return list;
}
