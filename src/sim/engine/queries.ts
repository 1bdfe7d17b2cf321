/**
 * Read operations: order-info, unfilled-orders, history-orders, fills, current-position,
 * history-position, the legacy all-position and history-strategy-orders. Lists are newest
 * first; `cursor` is the smallest id of the page and the next page holds smaller ids.
 */
import type { EngineCore } from './core.js';
import { optCategory, optEnum, optInt, optStr, reqCategory, type Params } from './params.js';
import { snapshotOf, viewOf } from './risk.js';
import { Codes, isOpen, reject } from './types.js';
import { fillRest, orderRest, positionHistory, positionLegacy, positionRest, str } from './wire-format.js';

interface Page<T> {
  readonly list: T[];
  readonly cursor: string;
}

/** Newest-first page of `rows` by numeric id with cursor/limit/time filters. */
export function page<T>(rows: readonly T[], id: (row: T) => string, time: (row: T) => number, p: Params): Page<T> {
  const limit = optInt(p, 'limit', 1, 100) ?? 100;
  const cursor = optStr(p, 'cursor');
  const start = optInt(p, 'startTime', 0, Number.MAX_SAFE_INTEGER);
  const end = optInt(p, 'endTime', 0, Number.MAX_SAFE_INTEGER);
  if (cursor !== undefined && !/^\d+$/.test(cursor)) reject(Codes.PARAM_ERROR, 'Parameter cursor error: pass the cursor of the previous reply');
  const big = (s: string): bigint => BigInt(s);
  const sorted = rows
    .filter((r) => (cursor === undefined || big(id(r)) < big(cursor)) && (start === undefined || time(r) >= start) && (end === undefined || time(r) <= end))
    .sort((a, b) => (big(id(b)) > big(id(a)) ? 1 : -1));
  const list = sorted.slice(0, limit);
  const last = list[list.length - 1];
  return { list, cursor: last ? id(last) : '' };
}

/** order-info: one order by orderId or clientOid (25204 if unknown). */
export function orderInfo(core: EngineCore, uid: string, p: Params): Record<string, unknown> {
  const orderId = optStr(p, 'orderId');
  const clientOid = optStr(p, 'clientOid');
  if (orderId === undefined && clientOid === undefined) reject(Codes.PARAM_VERIFY, 'Parameter verification failed: orderId or clientOid is required');
  const o = core.orders.find(uid, orderId, clientOid);
  if (!o) return reject(Codes.ORDER_NOT_FOUND, `Order does not exist: no order with ${orderId !== undefined ? `orderId ${orderId}` : `clientOid ${clientOid ?? ''}`}`);
  return orderRest(o);
}

function orderList(core: EngineCore, uid: string, p: Params, open: boolean): Page<Record<string, unknown>> {
  const category = open ? optCategory(p) : reqCategory(p);
  const symbol = optStr(p, 'symbol');
  const orderId = optStr(p, 'orderId');
  const rows = core.orders.orders.filter(
    (o) => o.uid === uid && isOpen(o) === open && (category === undefined || o.category === category) && (symbol === undefined || o.symbol === symbol) && (orderId === undefined || o.orderId === orderId),
  );
  const pg = page(rows, (o) => o.orderId, (o) => o.createdTime, p);
  return { list: pg.list.map((o) => orderRest(o, open ? 'open' : 'any')), cursor: pg.cursor };
}

/** unfilled-orders (category optional). */
export function unfilledOrders(core: EngineCore, uid: string, p: Params): Page<Record<string, unknown>> {
  return orderList(core, uid, p, true);
}

/** history-orders (category required): filled and cancelled orders. */
export function historyOrders(core: EngineCore, uid: string, p: Params): Page<Record<string, unknown>> {
  return orderList(core, uid, p, false);
}

/** fills, filtered by category, symbol, orderId. */
export function fills(core: EngineCore, uid: string, p: Params): Page<Record<string, unknown>> {
  const category = optCategory(p);
  const symbol = optStr(p, 'symbol');
  const orderId = optStr(p, 'orderId');
  const rows = core.orders.fills.filter(
    (f) => f.order.uid === uid && (category === undefined || f.order.category === category) && (symbol === undefined || f.order.symbol === symbol) && (orderId === undefined || f.order.orderId === orderId),
  );
  const pg = page(rows, (f) => f.execId, (f) => f.time, p);
  return { list: pg.list.map(fillRest), cursor: pg.cursor };
}

/** current-position (futures category required). */
export function currentPosition(core: EngineCore, uid: string, p: Params): { list: Record<string, unknown>[] } {
  const category = reqCategory(p, 'category', true);
  const symbol = optStr(p, 'symbol');
  const posSide = optEnum(p, 'posSide', ['long', 'short'] as const);
  const list = core.positions
    .list(uid, category, symbol)
    .filter((x) => posSide === undefined || x.posSide === posSide)
    .sort((a, b) => b.updatedTime - a.updatedTime)
    .map((x) => positionRest(x, viewOf(core, x)));
  return { list };
}

/** history-position (closed positions). */
export function historyPosition(core: EngineCore, uid: string, p: Params): Page<Record<string, unknown>> {
  const category = optCategory(p);
  const symbol = optStr(p, 'symbol');
  const rows = core.positions.history.filter((x) => x.uid === uid && (category === undefined || x.category === category) && (symbol === undefined || x.symbol === symbol));
  const pg = page(rows, (x) => x.positionId, (x) => x.updatedTime, p);
  return { list: pg.list.map(positionHistory), cursor: pg.cursor };
}

/** Legacy v2 all-position: array of current positions (productType required). */
export function allPositionLegacy(core: EngineCore, uid: string, p: Params): Record<string, unknown>[] {
  const category = reqCategory(p, 'productType', true);
  const marginCoin = optStr(p, 'marginCoin')?.toUpperCase();
  const snap = snapshotOf(core, uid);
  const ratio = snap.equityUsd.gt(0) ? str(snap.mmrUsd.div(snap.equityUsd).toDecimalPlaces(4)) : '0';
  return core.positions
    .list(uid, category)
    .filter((x) => marginCoin === undefined || x.inst.marginCoin === marginCoin)
    .sort((a, b) => b.updatedTime - a.updatedTime)
    .map((x) => positionLegacy(x, viewOf(core, x), ratio));
}

/** history-strategy-orders: triggered TP/SL presets as `tpsl` rows; other types have none here. */
export function historyStrategyOrders(core: EngineCore, uid: string, p: Params): { list: Record<string, string>[]; cursor: number } {
  const category = reqCategory(p);
  const type = optEnum(p, 'type', ['tpsl', 'trigger', 'oco', 'trailing_stop', 'iceberg', 'twap'] as const);
  if (type !== undefined && type !== 'tpsl') return { list: [], cursor: 0 };
  const rows = core.strategyHistory.filter((r) => r.uid === uid && r.category === category);
  const pg = page(rows, (r) => r.id, (r) => r.time, p);
  return { list: pg.list.map((r) => ({ ...r.row })), cursor: pg.cursor === '' ? 0 : Number(pg.cursor) };
}
