import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { harness } from './engine.testkit.js';
import { canTransition } from './orders.js';

type Ack = { orderId: string | null; clientOid: string };
type Page = { list: Record<string, unknown>[]; cursor: string };

describe('order state machine', () => {
  it('allows the spec transitions and keeps terminal states final', () => {
    expect(canTransition('new', 'partially_filled')).toBe(true);
    expect(canTransition('new', 'filled')).toBe(true);
    expect(canTransition('new', 'cancelled')).toBe(true);
    expect(canTransition('partially_filled', 'partially_filled')).toBe(true);
    expect(canTransition('partially_filled', 'filled')).toBe(true);
    expect(canTransition('partially_filled', 'cancelled')).toBe(true);
    for (const to of ['new', 'partially_filled', 'filled', 'cancelled'] as const) {
      expect(canTransition('filled', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
    }
  });

  it('partially_filled stays partially_filled while quantity remains', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '49000', qty: '0.3' }) as Ack).orderId ?? '';
    h.ex.venue.takerMarketOrder('SPOT', 'BTCUSDT', 'sell', new Decimal('0.1'));
    h.ex.venue.takerMarketOrder('SPOT', 'BTCUSDT', 'sell', new Decimal('0.1'));
    const states = h.of('order').filter((e) => e.order['orderId'] === id).map((e) => e.order['orderStatus']);
    expect(states).toEqual(['new', 'partially_filled', 'partially_filled']);
  });
});

describe('queries', () => {
  it('pages unfilled orders newest first with a cursor', () => {
    const h = harness();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((h.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: String(40000 + i), qty: '0.01' }) as Ack).orderId ?? '');
    const first = h.call('trade.getUnfilledOrders', { limit: '2' }) as Page;
    expect(first.list.map((o) => o['orderId'])).toEqual([ids[4], ids[3]]);
    expect(first.cursor).toBe(ids[3]);
    const second = h.call('trade.getUnfilledOrders', { limit: '2', cursor: first.cursor }) as Page;
    expect(second.list.map((o) => o['orderId'])).toEqual([ids[2], ids[1]]);
    const row = first.list[0];
    expect(row).toMatchObject({ category: 'SPOT', orderStatus: 'new', reduceOnly: 'NO', feeDetail: [{ feeCoin: null, fee: null }] });
  });

  it('history-orders needs a category and lists closed orders; fills page too', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '1');
    const id = (h.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '50000', qty: '0.01' }) as Ack).orderId ?? '';
    expect(h.fail('trade.getHistoryOrders', {}).code).toBe('40017');
    const hist = h.call('trade.getHistoryOrders', { category: 'SPOT' }) as Page;
    expect(hist.list.map((o) => o['orderId'])).toEqual([id]);
    expect(hist.list[0]).toMatchObject({ orderStatus: 'filled', execType: 'normal' });
    const fills = h.call('trade.getFills', { orderId: id }) as Page;
    expect(fills.list[0]).toMatchObject({ orderId: id, category: 'SPOT', tradeScope: 'taker', execQty: '0.01' });
    expect(fills.cursor).toBe(fills.list[0]?.['execId']);
  });

  it('answers order-info by clientOid and 25204 for unknown ids', () => {
    const h = harness();
    h.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01', clientOid: 'x1' });
    expect((h.call('trade.getOrderInfo', { clientOid: 'x1' }) as Record<string, unknown>)['clientOid']).toBe('x1');
    expect(h.fail('trade.getOrderInfo', { orderId: '123' }).code).toBe('25204');
  });

  it('legacy all-position uses v2 names', () => {
    const h = harness();
    h.maker('USDT-FUTURES', 'BTCUSDT', 'sell', '50000', '1');
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.1' });
    const rows = h.call('position.getAllLegacy', { productType: 'USDT-FUTURES' }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long', total: '0.1', openPriceAvg: '50000', posMode: 'one_way_mode', marginMode: 'crossed' });
  });

  it('answers settings, max-open-available, max-transferable, delta-info and strategy history', () => {
    const h = harness();
    expect(h.call('account.getSettings', {})).toMatchObject({ uid: h.uid, accountMode: 'unified', holdMode: 'one_way_mode', accountLevel: 'advanced' });
    expect(h.call('account.getMaxOpenAvailable', { category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '50000' })).toMatchObject({ available: '100000', maxOpen: '2' });
    expect(h.call('account.getMaxTransferable', { coin: 'btc' })).toMatchObject({ coin: 'BTC', maxTransfer: '2' });
    expect(h.call('account.adjustAccountMode', { mode: 'advanced', deltaSwitch: 'yes' })).toBeNull();
    const delta = h.call('account.getDeltaInfo', {}) as { list: { coin: string }[] };
    expect(delta.list.map((c) => c.coin)).toContain('BTC');
    expect(h.call('trade.getHistoryStrategyOrders', { category: 'USDT-FUTURES', type: 'twap' })).toEqual({ list: [], cursor: 0 });
    const book = h.call('market.getOrderbook', { category: 'SPOT', symbol: 'BTCUSDT', limit: '5' }) as Record<string, unknown>;
    expect(book).toMatchObject({ a: [], b: [] });
  });
});
