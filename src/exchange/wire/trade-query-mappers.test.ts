import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { badReplyMessage as badReply } from '../../../test/helpers/bad-reply.js';
import { goldenReplyData as golden } from '../../../test/helpers/golden.js';
import { fillsFromWire, historyOrdersFromWire, maxOpenFromWire, maxOpenToWire, pageQueryToWire } from './trade-query-mappers.js';

const text = (v: Decimal | null | undefined) => (v === null || v === undefined ? v : v.toFixed());

describe('account.getMaxOpenAvailable ⇄ MaxOpen', () => {
  it('sends a limit query with its price and a market query without one', () => {
    expect(maxOpenToWire({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: new Decimal('97000') })).toStrictEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '97000' });
    expect(maxOpenToWire({ category: 'SPOT', symbol: 'BTCUSDT', orderType: 'market', side: 'sell' })).toStrictEqual({ category: 'SPOT', symbol: 'BTCUSDT', orderType: 'market', side: 'sell' });
  });

  it('reads the page\'s spot example (maxOpen empty: unknown) and a futures reply', () => {
    const spot = maxOpenFromWire(golden('account.getMaxOpenAvailable'));
    expect([spot.available, spot.maxOpen].map(text)).toEqual(['52.008255', null]);
    const fut = maxOpenFromWire({ available: '1000', maxOpen: '0.0103', buyOpenCost: '' });
    expect([fut.available, fut.maxOpen].map(text)).toEqual(['1000', '0.0103']);
  });

  it('names what is wrong with a bad reply', () => {
    expect(badReply(() => maxOpenFromWire(null))).toBe('account.getMaxOpenAvailable reply: expected an object, got null');
    expect(badReply(() => maxOpenFromWire('1000'))).toBe('account.getMaxOpenAvailable reply: expected an object, got "1000"');
    expect(badReply(() => maxOpenFromWire({ available: '', maxOpen: '' }))).toBe('account.getMaxOpenAvailable reply: neither available nor maxOpen is given');
    expect(badReply(() => maxOpenFromWire({ available: 'lots', maxOpen: '2' }))).toBe('account.getMaxOpenAvailable reply: available is not a number ("lots")');
  });
});

describe('pageQueryToWire (history orders, fills, the ledger)', () => {
  it('asks the newest page without a cursor and an older one with it', () => {
    expect(pageQueryToWire({ category: 'SPOT', limit: 15 })).toStrictEqual({ category: 'SPOT', limit: '15' });
    expect(pageQueryToWire({ category: 'SPOT', limit: 15, cursor: '1002' })).toStrictEqual({ category: 'SPOT', limit: '15', cursor: '1002' });
  });

  it('sends the category, the limit as text, and the cursor and window only when given', () => {
    expect(pageQueryToWire({ category: 'OTHER', limit: 100 })).toStrictEqual({ category: 'OTHER', limit: '100' });
    expect(pageQueryToWire({ category: 'USDT-FUTURES', limit: 50, cursor: '12', startTime: 1_000, endTime: 2_000 })).toStrictEqual({
      category: 'USDT-FUTURES',
      limit: '50',
      cursor: '12',
      startTime: '1000',
      endTime: '2000',
    });
  });
});

describe('history pages ⇄ HistoryPage', () => {
  it('reads the page\'s history-orders example into orders, with the next cursor', () => {
    const p = historyOrdersFromWire(golden('trade.getHistoryOrders'), 'SPOT');
    expect(p.next).toBe('1233319323918499840');
    expect(p.items).toHaveLength(1);
    expect(p.items[0]).toMatchObject({ orderId: '111111111111111111', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'sell', orderType: 'limit', status: 'filled', posSide: 'long', createdTime: 1730181468493 });
    expect([p.items[0]?.price, p.items[0]?.qty, p.items[0]?.cumExecQty, p.items[0]?.avgPrice].map(text)).toEqual(['49534.4', '0.429', '0.429', '49534.4']);
  });

  it('reads the page\'s fills example; a numeric cursor, an empty one (the oldest page) and a record without a category', () => {
    const p = fillsFromWire(golden('trade.getFills'), 'SPOT');
    expect(p.next).toBe('131111111111111111');
    expect(p.items[0]).toMatchObject({ execId: '131111111111111111', category: 'USDT-FUTURES', side: 'sell', scope: 'taker', feeCoin: 'USDT', time: 1750141421721 });
    expect([p.items[0]?.price, p.items[0]?.qty, p.items[0]?.fee, p.items[0]?.pnl ?? null].map(text)).toEqual(['106950.1', '0.01', '0.6417006', '-0.002']);
    expect(fillsFromWire({ list: [], cursor: 42 }, 'SPOT').next).toBe('42');
    expect(historyOrdersFromWire({ list: [{ orderId: '7', orderStatus: 'live', symbol: 'ETHUSDT' }], cursor: '' }, 'MARGIN')).toMatchObject({ items: [{ orderId: '7', category: 'MARGIN', status: 'live' }], next: null });
  });

  it('names what is wrong with a bad page or record', () => {
    expect(badReply(() => historyOrdersFromWire({ cursor: '1' }, 'SPOT'))).toBe('trade.getHistoryOrders reply: list is not a list (missing)');
    expect(badReply(() => historyOrdersFromWire({ list: [{ orderStatus: 'filled' }] }, 'SPOT'))).toBe('trade.getHistoryOrders reply: list[0].orderId is missing');
    expect(badReply(() => historyOrdersFromWire({ list: [{ orderId: '1', orderStatus: 'exploded' }] }, 'SPOT'))).toBe('trade.getHistoryOrders reply: list[0].orderStatus "exploded" is not a known order status');
    expect(badReply(() => historyOrdersFromWire({ list: [], cursor: { at: 1 } }, 'SPOT'))).toBe('trade.getHistoryOrders reply: cursor is not a text (an object)');
    expect(badReply(() => fillsFromWire({ list: [{ execId: 'e1', execPrice: '1' }] }, 'SPOT'))).toBe('trade.getFills reply: list[0].execQty is missing');
    expect(badReply(() => fillsFromWire({ list: [{ execId: 'e1', execPrice: 'x', execQty: '1' }] }, 'SPOT'))).toBe('trade.getFills reply: list[0].execPrice is not a number ("x")');
  });
});
