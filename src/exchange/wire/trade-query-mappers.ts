import type { Category, Fill, Order } from '../../domain/model.js';
import type { HistoryPage, MaxOpen, MaxOpenQuery } from '../../domain/trade-queries.js';
import { fillFromWire, orderFromWire } from './account-mappers.js';
import type { OperationParams } from './params.js';
import { badReply, optionalDecimal, optionalText, replyRecord, replyRecords, requiredText } from './reply-check.js';
import type { WireRecord } from './wire-values.js';

/**
 * Account and trade queries the ticket and the history overlay ask, domain ⇄ wire: max open
 * available (protocol-notes, "Max open available") and the cursor-paged history orders and fills
 * (§8.1–8.2). A reply of the wrong shape is an `EXCH_BAD_REPLY` naming the field.
 */

const MAX_OPEN = 'account.getMaxOpenAvailable';

/** The `account.getMaxOpenAvailable` body; the price only when given. */
export function maxOpenToWire(q: MaxOpenQuery): OperationParams['account.getMaxOpenAvailable'] {
  return { category: q.category, symbol: q.symbol, orderType: q.orderType, side: q.side, ...(q.price === undefined ? {} : { price: q.price.toFixed() }) };
}

/** A max-open-available reply; empty strings (the spot sample's `maxOpen`) read as unknown, and a reply with neither figure is an error. */
export function maxOpenFromWire(data: unknown): MaxOpen {
  const r = replyRecord(MAX_OPEN, data);
  const available = optionalDecimal(MAX_OPEN, r, 'available');
  const maxOpen = optionalDecimal(MAX_OPEN, r, 'maxOpen');
  if (available === null && maxOpen === null) throw badReply(MAX_OPEN, 'neither available nor maxOpen is given');
  return { available, maxOpen };
}

/** One page of a cursor-paged read as the wire takes it: numbers as text, the cursor only past the newest page, the time window only when given. */
export interface PageQueryWire<C extends string> {
  readonly category: C;
  readonly limit: string;
  readonly cursor?: string;
  readonly startTime?: string;
  readonly endTime?: string;
}

/** The wire query of one page of any cursor-paged history (orders, fills, the financial records). */
export function pageQueryToWire<C extends string>(q: { readonly category: C; readonly limit: number; readonly cursor?: string; readonly startTime?: number; readonly endTime?: number }): PageQueryWire<C> {
  return {
    category: q.category,
    limit: String(q.limit),
    ...(q.cursor === undefined || q.cursor === '' ? {} : { cursor: q.cursor }),
    ...(q.startTime === undefined ? {} : { startTime: String(q.startTime) }),
    ...(q.endTime === undefined ? {} : { endTime: String(q.endTime) }),
  };
}

/** `{list, cursor}` of a paged reply (history orders, fills, the ledger); the cursor may be a number (the spec: "numeric cursor") or "" (none). */
export function page(opId: string, data: unknown): { readonly list: readonly WireRecord[]; readonly next: string | null } {
  const r = replyRecord(opId, data);
  return { list: replyRecords(opId, r, 'list'), next: optionalText(opId, r, 'cursor') };
}

/** The status names `orderFromWire` knows; another one is an error here, not a silently dropped row. */
const KNOWN_STATUS = new Set(['live', 'new', 'partially_filled', 'filled', 'cancelled', 'canceled']);

/** A `trade.getHistoryOrders` reply; a record without a category takes the one asked for. */
export function historyOrdersFromWire(data: unknown, category: Category): HistoryPage<Order> {
  const op = 'trade.getHistoryOrders';
  const p = page(op, data);
  const items = p.list.map((r, i) => {
    const where = `list[${i}].`;
    requiredText(op, r, 'orderId', where);
    const status = requiredText(op, r, 'orderStatus', where);
    if (!KNOWN_STATUS.has(status.toLowerCase())) throw badReply(op, `${where}orderStatus ${JSON.stringify(status)} is not a known order status`);
    const order = orderFromWire(r, category);
    if (order === null) throw badReply(op, `list[${i}] is not an order record`);
    return order;
  });
  return { items, next: p.next };
}

/** A `trade.getFills` reply; a record without a category takes the one asked for. */
export function fillsFromWire(data: unknown, category: Category): HistoryPage<Fill> {
  const op = 'trade.getFills';
  const p = page(op, data);
  const items = p.list.map((r, i) => {
    const where = `list[${i}].`;
    requiredText(op, r, 'execId', where);
    for (const field of ['execPrice', 'execQty']) if (optionalDecimal(op, r, field, where) === null) throw badReply(op, `${where}${field} is missing`);
    const fill = fillFromWire(r, category);
    if (fill === null) throw badReply(op, `list[${i}] is not a fill record`);
    return fill;
  });
  return { items, next: p.next };
}
