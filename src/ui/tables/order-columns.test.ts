import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/model.js';
import { orderColumns, orderHeader, orderLine, sortOrders } from './order-columns.js';

const d = (s: string) => new Decimal(s);
const base: Order = {
  orderId: '1', clientOid: 'c1', category: 'MARGIN', symbol: '1000PEPEUSDT', side: 'sell', orderType: 'limit', price: d('0.0123456'), qty: d('123456789'),
  cumExecQty: d('61728394.5'), avgPrice: d('0'), status: 'partially_filled', timeInForce: 'gtc', posSide: null, reduceOnly: false, cancelReason: '',
  createdTime: 1_700_000_000_000, updatedTime: 1_700_000_000_000,
};

describe('order columns', () => {
  it('keep symbol, price and a side marker at the 30-column minimum, and every column from ~80', () => {
    expect(orderColumns(28).map((c) => c.id)).toEqual(['symbol', 'sideShort', 'price']);
    expect(orderColumns(48).map((c) => c.id)).toEqual(['symbol', 'side', 'price', 'qty', 'status']);
    expect(orderColumns(98).map((c) => c.id)).toEqual(['time', 'cat', 'symbol', 'side', 'type', 'price', 'qty', 'filled', 'status']);
  });
  it('render every line exactly as wide as the header, cutting long values', () => {
    for (const w of [28, 48, 98]) {
      const cols = orderColumns(w);
      const line = orderLine(cols, base, undefined, { cursor: true, selected: true, modifying: true });
      expect(line.length).toBe(orderHeader(cols).length);
      expect(line.length).toBeLessThanOrEqual(w);
      expect(line.startsWith('>*~')).toBe(true);
    }
    const wide = orderLine(orderColumns(98), base, undefined, { cursor: false, selected: false, modifying: false });
    expect(wide).toContain('MRGN 1000PEPEU… sell lmt ');
    expect(wide).toContain(' 50% partial');
    expect(orderLine(orderColumns(98), base, undefined, { cursor: false, selected: false, modifying: true })).toContain('modify…');
  });
  it('sort newest first', () => {
    const a = { ...base, orderId: 'a', createdTime: 1 };
    const b = { ...base, orderId: 'b', createdTime: 2 };
    expect(sortOrders([a, b]).map((o) => o.orderId)).toEqual(['b', 'a']);
  });
});
