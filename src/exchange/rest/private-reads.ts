import type { AccountSummary, Category, Loan, Order, Position } from '../../domain/model.js';
import { accountFromWire, loanFromWire, orderFromWire, positionFromWire } from '../wire/account-mappers.js';
import { wireList, wireRecord, wireString } from '../wire/wire-values.js';
import { FUTURES_CATEGORIES } from '../wire/operations/common.js';
import type { ExchangeApi } from './facade.js';

/**
 * The account's REST reads, mapped to domain types: what the private service's resync and the
 * one-shot commands (`utadash status`, `positions`, …) both read. Each rejects with the client's
 * `ExchangeError`.
 */


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

/** The account's figures and coins (`account/assets`). */
export async function readAccount(api: ExchangeApi, now: number): Promise<AccountSummary> {
  return accountFromWire(wireRecord(await api.account.getAssets()), now);
}

/** Every open futures position (size above zero), the three futures lines read at once. */
export async function readPositions(api: ExchangeApi): Promise<readonly Position[]> {
  const lists = await Promise.all(
    FUTURES_CATEGORIES.map(async (category) => {
      const data = wireRecord(await api.position.getCurrent({ category }));
      return wireList(data.list)
        .map((r) => positionFromWire(r, category))
        .filter((p): p is Position => p !== null && p.size.gt(0));
    }),
  );
  return lists.flat();
}

/** The ongoing crypto loans. */
export async function readLoans(api: ExchangeApi): Promise<readonly Loan[]> {
  return wireList(await api.loan.getOngoing()).map(loanFromWire).filter((l): l is Loan => l !== null);
}
