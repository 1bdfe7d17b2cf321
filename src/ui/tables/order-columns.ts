import { Decimal } from 'decimal.js';
import { fit, fitLeft, fmtPrice, fmtQty } from '../../domain/format.js';
import type { Category, Instrument, Order } from '../../domain/model.js';
import { formatClock } from '../../domain/time-format.js';
import { fitByPriority, type PrioritizedColumn } from './fit-columns.js';

/** Four-letter category codes for narrow tables: SPOT, MRGN, USDT, COIN, USDC. */
export const CATEGORY_SHORT: Readonly<Record<Category, string>> = {
  SPOT: 'SPOT',
  MARGIN: 'MRGN',
  'USDT-FUTURES': 'USDT',
  'COIN-FUTURES': 'COIN',
  'USDC-FUTURES': 'USDC',
};

/** One column of the open-orders table. */
export interface OrderColumn extends PrioritizedColumn {
  readonly id: 'time' | 'cat' | 'symbol' | 'side' | 'sideShort' | 'type' | 'price' | 'qty' | 'filled' | 'status';
  readonly title: string;
  /** Numbers are right-aligned. */
  readonly right: boolean;
}

const ALL: readonly OrderColumn[] = [
  { id: 'time', title: 'time', width: 8, right: false, priority: 8 },
  { id: 'cat', title: 'cat', width: 4, right: false, priority: 7 },
  { id: 'symbol', title: 'symbol', width: 10, right: false, priority: 1 },
  { id: 'side', title: 'side', width: 4, right: false, priority: 3 },
  { id: 'sideShort', title: 's', width: 1, right: false, priority: 3 },
  { id: 'type', title: 'type', width: 4, right: false, priority: 9 },
  { id: 'price', title: 'price', width: 11, right: true, priority: 2 },
  { id: 'qty', title: 'qty', width: 8, right: true, priority: 4 },
  { id: 'filled', title: 'filled', width: 6, right: true, priority: 6 },
  { id: 'status', title: 'status', width: 7, right: false, priority: 5 },
];

/** Width of the flag column (`>` cursor, `*` selected, `~` modify in flight) before the data columns. */
export const FLAG_WIDTH = 3;

/**
 * The columns that fit `width` cells (flags + one space between columns), keeping the lowest
 * priorities, in display order.
 */
export function orderColumns(width: number): readonly OrderColumn[] {
  // `sideShort` (b/s) stands in for `side` only when the full column does not fit.
  return fitByPriority(ALL, width - FLAG_WIDTH, (c, kept) => c.id === 'sideShort' && [...kept].some((k) => k.id === 'side')).columns;
}

/** The header line for `columns`. */
export function orderHeader(columns: readonly OrderColumn[]): string {
  return ' '.repeat(FLAG_WIDTH) + columns.map((c) => ' ' + (c.right ? fitLeft(c.title, c.width) : fit(c.title, c.width))).join('');
}

function statusText(order: Order, modifying: boolean): string {
  if (modifying) return 'modify…';
  return order.status === 'partially_filled' ? 'partial' : order.status;
}

function filledPct(order: Order): string {
  if (order.qty.lte(0)) return '-';
  const pct = order.cumExecQty.div(order.qty).times(100);
  return `${pct.toDecimalPlaces(0, Decimal.ROUND_FLOOR).toFixed(0)}%`;
}

function cellText(c: OrderColumn, order: Order, inst: Instrument | undefined, modifying: boolean): string {
  switch (c.id) {
    case 'time':
      return formatClock(order.createdTime);
    case 'cat':
      return CATEGORY_SHORT[order.category];
    case 'symbol':
      return order.symbol;
    case 'side':
      return order.side;
    case 'sideShort':
      return order.side === 'buy' ? 'b' : 's';
    case 'type':
      return order.orderType === 'limit' ? 'lmt' : 'mkt';
    case 'price':
      return order.price === null ? 'market' : inst ? fmtPrice(order.price, inst.pricePrecision) : order.price.toFixed();
    case 'qty':
      return inst ? fmtQty(order.qty, inst.quantityPrecision) : order.qty.toFixed();
    case 'filled':
      return filledPct(order);
    case 'status':
      return statusText(order, modifying);
  }
}

/** One table line: flags then every column, each exactly its width (numbers right-aligned). */
export function orderLine(columns: readonly OrderColumn[], order: Order, inst: Instrument | undefined, flags: { readonly cursor: boolean; readonly selected: boolean; readonly modifying: boolean }): string {
  const flag = `${flags.cursor ? '>' : ' '}${flags.selected ? '*' : ' '}${flags.modifying ? '~' : ' '}`;
  return flag + columns.map((c) => ' ' + (c.right ? fitLeft(cellText(c, order, inst, flags.modifying), c.width) : fit(cellText(c, order, inst, flags.modifying), c.width))).join('');
}

/** Open orders newest first (createdTime, then orderId, descending). */
export function sortOrders(orders: readonly Order[]): readonly Order[] {
  return [...orders].sort((a, b) => b.createdTime - a.createdTime || (a.orderId < b.orderId ? 1 : a.orderId > b.orderId ? -1 : 0));
}
