import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { harness, lastOrderEvent } from './engine.testkit.js';

type Ack = { orderId: string | null; clientOid: string };
const spot = (extra: Record<string, string>): Record<string, string> => ({ category: 'SPOT', symbol: 'BTCUSDT', ...extra });

function info(h: ReturnType<typeof harness>, orderId: string): Record<string, unknown> {
  return h.call('trade.getOrderInfo', { orderId }) as Record<string, unknown>;
}

describe('matching', () => {
  it('rests a gtc limit order as new, locks quote coin, and a full cross fills it', () => {
    const h = harness();
    const ack = h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '49000', qty: '0.1' })) as Ack;
    expect(ack.orderId).toMatch(/^\d+$/);
    const id = ack.orderId ?? '';
    expect(info(h, id)['orderStatus']).toBe('new');
    expect(lastOrderEvent(h, id)?.['orderStatus']).toBe('new');
    expect(lastOrderEvent(h, id)?.['category']).toBe('spot');
    const assets = h.call('account.getAssets', {}) as { assets: { coin: string; locked: string; available: string }[] };
    expect(assets.assets.find((a) => a.coin === 'USDT')).toMatchObject({ locked: '4900', available: '95100' });
    expect(h.ex.bookLevels('SPOT', 'BTCUSDT', 5).bids).toEqual([['49000.00', '0.100000']]);
    // The market taker sells into it: the user is maker.
    h.clear();
    h.ex.venue.takerMarketOrder('SPOT', 'BTCUSDT', 'sell', new Decimal('0.1'));
    expect(info(h, id)).toMatchObject({ orderStatus: 'filled', cumExecQty: '0.1', cumExecValue: '4900', avgPrice: '49000' });
    const fill = h.of('fill')[0]?.fill;
    expect(fill).toMatchObject({ category: 'spot', tradeScope: 'maker', execQty: '0.1', execPrice: '49000', feeDetail: [{ feeCoin: 'BTC', fee: '0.0001' }] });
    expect(h.of('account').length).toBe(1);
    expect(h.of('publicTrade')[0]?.trade).toMatchObject({ p: '49000', v: '0.1', S: 'sell' });
    expect(h.market.trades).toHaveLength(1);
    const after = h.call('account.getAssets', {}) as { assets: { coin: string; balance: string; locked: string }[] };
    expect(after.assets.find((a) => a.coin === 'USDT')).toMatchObject({ balance: '95100', locked: '0' });
    expect(after.assets.find((a) => a.coin === 'BTC')).toMatchObject({ balance: '2.0999' });
  });

  it('the order topic carries tradeId: empty before a fill, then the execId of the latest fill (spec: one per fill)', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '49000', qty: '0.1' })) as Ack).orderId ?? '';
    expect(lastOrderEvent(h, id)?.['tradeId']).toBe('');
    const execIds: unknown[] = [];
    for (const qty of ['0.04', '0.06']) {
      h.clear();
      h.ex.venue.takerMarketOrder('SPOT', 'BTCUSDT', 'sell', new Decimal(qty));
      const fill = h.of('fill')[0]?.fill;
      expect(fill?.['execQty']).toBe(qty);
      expect(lastOrderEvent(h, id)?.['tradeId']).toBe(fill?.['execId']);
      execIds.push(fill?.['execId']);
    }
    expect(new Set(execIds).size).toBe(2);
  });

  it('fills across levels in price-time priority and leaves a partial fill resting', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50010', '0.2');
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '0.1');
    const id = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '50010', qty: '0.5' })) as Ack).orderId ?? '';
    const o = info(h, id);
    expect(o).toMatchObject({ orderStatus: 'partially_filled', cumExecQty: '0.3' });
    const prices = h.of('fill').map((f) => f.fill['execPrice']);
    expect(prices).toEqual(['50000', '50010']);
    expect(h.ex.bookLevels('SPOT', 'BTCUSDT', 5).bids).toEqual([['50010.00', '0.200000']]);
    // A later order fills the rest: partially_filled → filled.
    h.ex.venue.takerMarketOrder('SPOT', 'BTCUSDT', 'sell', new Decimal('0.2'));
    expect(info(h, id)['orderStatus']).toBe('filled');
  });

  it('earlier orders at one price fill first', () => {
    const h = harness();
    const a = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '49000', qty: '0.1', clientOid: 'first' })) as Ack).orderId ?? '';
    const b = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '49000', qty: '0.1', clientOid: 'second' })) as Ack).orderId ?? '';
    h.ex.venue.takerMarketOrder('SPOT', 'BTCUSDT', 'sell', new Decimal('0.1'));
    expect(info(h, a)['orderStatus']).toBe('filled');
    expect(info(h, b)['orderStatus']).toBe('new');
  });

  it('ioc fills what it can and cancels the rest', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '0.1');
    const id = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '50000', qty: '0.3', timeInForce: 'ioc' })) as Ack).orderId ?? '';
    expect(info(h, id)).toMatchObject({ orderStatus: 'cancelled', cumExecQty: '0.1', cancelReason: 'ioc_not_full_cancel' });
    expect(lastOrderEvent(h, id)).toMatchObject({ orderStatus: 'cancelled', cancelSource: 'system' });
    const usdt = (h.call('account.getAssets', {}) as { assets: { coin: string; locked: string }[] }).assets.find((a) => a.coin === 'USDT');
    expect(usdt?.locked).toBe('0');
  });

  it('an ioc with no liquidity is one cancelled push', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '50000', qty: '0.3', timeInForce: 'ioc' })) as Ack).orderId ?? '';
    const pushes = h.of('order').filter((e) => e.order['orderId'] === id);
    expect(pushes.map((e) => e.order['orderStatus'])).toEqual(['cancelled']);
    expect(h.of('fill')).toHaveLength(0);
  });

  it('fok fills all or nothing', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '0.1');
    const miss = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '50000', qty: '0.2', timeInForce: 'fok' })) as Ack).orderId ?? '';
    expect(info(h, miss)).toMatchObject({ orderStatus: 'cancelled', cumExecQty: '0', cancelReason: 'fok_not_full_cancel' });
    expect(h.ex.bookLevels('SPOT', 'BTCUSDT', 5).asks).toEqual([['50000.00', '0.100000']]);
    const hit = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '50000', qty: '0.1', timeInForce: 'fok' })) as Ack).orderId ?? '';
    expect(info(h, hit)['orderStatus']).toBe('filled');
  });

  it('post_only rests when passive and is cancelled when it would cross', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '0.1');
    const rest = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '49990', qty: '0.1', timeInForce: 'post_only' })) as Ack).orderId ?? '';
    expect(info(h, rest)['orderStatus']).toBe('new');
    const cross = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '50000', qty: '0.1', timeInForce: 'post_only' })) as Ack).orderId ?? '';
    expect(info(h, cross)).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'post_only_cancel', cumExecQty: '0' });
  });

  it('a spot market buy spends a quote amount', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '1');
    const id = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'market', qty: '1000' })) as Ack).orderId ?? '';
    expect(info(h, id)).toMatchObject({ orderStatus: 'filled', cumExecQty: '0.02', cumExecValue: '1000', amount: '1000', timeInForce: 'ioc' });
  });

  it('a market order without liquidity is cancelled', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', spot({ side: 'sell', orderType: 'market', qty: '0.1' })) as Ack).orderId ?? '';
    expect(info(h, id)).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'market_not_full_cancel' });
  });

  it.each([
    ['cancel_taker', 'new', 'cancelled'],
    ['cancel_maker', 'cancelled', 'new'],
    ['cancel_both', 'cancelled', 'cancelled'],
  ])('self-trade prevention %s', (stpMode, makerState, takerState) => {
    const h = harness();
    const maker = (h.call('trade.placeOrder', spot({ side: 'sell', orderType: 'limit', price: '51000', qty: '0.1' })) as Ack).orderId ?? '';
    const taker = (h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '51000', qty: '0.1', stpMode })) as Ack).orderId ?? '';
    expect(info(h, maker)['orderStatus']).toBe(makerState);
    expect(info(h, taker)['orderStatus']).toBe(takerState);
    expect(h.of('fill')).toHaveLength(0);
    const cancelled = [maker, taker].map((id) => info(h, id)).filter((o) => o['orderStatus'] === 'cancelled');
    for (const o of cancelled) expect(String(o['cancelReason'])).toMatch(/^stp_cancel/);
  });

  it('stpMode none lets an account trade with itself', () => {
    const h = harness();
    const maker = (h.call('trade.placeOrder', spot({ side: 'sell', orderType: 'limit', price: '51000', qty: '0.1' })) as Ack).orderId ?? '';
    h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '51000', qty: '0.1' }));
    expect(info(h, maker)['orderStatus']).toBe('filled');
    expect(h.of('fill')).toHaveLength(2);
  });

  it('margin orders borrow: the balance goes negative and shows as debt', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '5');
    h.call('trade.placeOrder', { category: 'MARGIN', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '50000', qty: '2.5' });
    const usdt = (h.call('account.getAssets', {}) as { assets: { coin: string; balance: string; debt: string }[] }).assets.find((a) => a.coin === 'USDT');
    expect(usdt).toMatchObject({ balance: '-25000', debt: '25000' });
  });

  it('refuses spot orders the balance cannot cover (25202)', () => {
    const h = harness();
    const err = h.fail('trade.placeOrder', spot({ side: 'sell', orderType: 'limit', price: '50000', qty: '3' }));
    expect(err.code).toBe('25202');
    expect(h.of('order')).toHaveLength(0);
  });
});
