import { describe, expect, it } from 'vitest';
import { harness, lastOrderEvent } from './engine.testkit.js';

type Ack = { orderId: string | null; clientOid: string };
type Entry = Ack & { code: string; msg: string };
const spot = (extra: Record<string, string>): Record<string, string> => ({ category: 'SPOT', symbol: 'BTCUSDT', ...extra });
const buy = (price: string, extra: Record<string, string> = {}): Record<string, string> => spot({ side: 'buy', orderType: 'limit', price, qty: '0.01', ...extra });

function info(h: ReturnType<typeof harness>, orderId: string): Record<string, unknown> {
  return h.call('trade.getOrderInfo', { orderId }) as Record<string, unknown>;
}

describe('cancel', () => {
  it('cancels an open order (new → cancelled) with one push, and refuses to cancel it again', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    h.clear();
    expect(h.call('trade.cancelOrder', { category: 'SPOT', orderId: id })).toEqual({ orderId: id, clientOid: '' });
    expect(lastOrderEvent(h, id)).toMatchObject({ orderStatus: 'cancelled', cancelSource: 'user' });
    expect(h.of('account')).toHaveLength(1);
    expect(h.ex.bookLevels('SPOT', 'BTCUSDT', 5).bids).toEqual([]);
    const again = h.fail('trade.cancelOrder', { orderId: id });
    expect(again.code).toBe('25204');
    expect(again.message).toContain('already cancelled');
  });

  it('cancels a partially filled order (partially_filled → cancelled)', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '0.004');
    const id = (h.call('trade.placeOrder', buy('50000')) as Ack).orderId ?? '';
    expect(info(h, id)['orderStatus']).toBe('partially_filled');
    h.call('trade.cancelOrder', { orderId: id });
    expect(info(h, id)).toMatchObject({ orderStatus: 'cancelled', cumExecQty: '0.004' });
  });

  it('refuses to cancel a filled order and an unknown one (25204)', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '1');
    const id = (h.call('trade.placeOrder', buy('50000')) as Ack).orderId ?? '';
    expect(h.fail('trade.cancelOrder', { orderId: id }).code).toBe('25204');
    expect(h.fail('trade.cancelOrder', { orderId: '1' }).code).toBe('25204');
    expect(h.fail('trade.cancelOrder', {}).code).toBe('40017');
  });

  it('finds an order by clientOid', () => {
    const h = harness();
    const ack = h.call('trade.placeOrder', buy('49000', { clientOid: 'my-1' })) as Ack;
    expect(h.call('trade.cancelOrder', { clientOid: 'my-1' })).toEqual(ack);
  });
});

describe('clientOid', () => {
  it('is unique among open orders (40786) and free again once the order is closed', () => {
    const h = harness();
    h.call('trade.placeOrder', buy('49000', { clientOid: 'dup' }));
    const err = h.fail('trade.placeOrder', buy('48000', { clientOid: 'dup' }));
    expect(err.code).toBe('40786');
    h.call('trade.cancelOrder', { clientOid: 'dup' });
    expect((h.call('trade.placeOrder', buy('48000', { clientOid: 'dup' })) as Ack).orderId).toMatch(/^\d+$/);
    expect(h.fail('trade.placeOrder', buy('48000', { clientOid: 'bad*chars' })).code).toBe('40020');
  });
});

describe('modify', () => {
  it('changes price and qty, keeps the order open and pushes it', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    h.clear();
    h.call('trade.modifyOrder', { orderId: id, price: '48000', qty: '0.02' });
    expect(info(h, id)).toMatchObject({ price: '48000', qty: '0.02', orderStatus: 'new' });
    expect(lastOrderEvent(h, id)).toMatchObject({ price: '48000', qty: '0.02' });
    const usdt = (h.call('account.getAssets', {}) as { assets: { coin: string; locked: string }[] }).assets.find((a) => a.coin === 'USDT');
    expect(usdt?.locked).toBe('960');
  });

  it('a modified price that crosses trades', () => {
    const h = harness();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '1');
    const id = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    h.call('trade.modifyOrder', { orderId: id, price: '50000' });
    expect(info(h, id)['orderStatus']).toBe('filled');
  });

  it('refuses filled and cancelled orders, COIN-FUTURES and Reality pairs', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    h.call('trade.cancelOrder', { orderId: id });
    expect(h.fail('trade.modifyOrder', { orderId: id, price: '1' }).code).toBe('25204');
    const cm = (h.call('trade.placeOrder', { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', side: 'buy', orderType: 'limit', price: '40000', qty: '100' }) as Ack).orderId ?? '';
    expect(h.fail('trade.modifyOrder', { orderId: cm, price: '40001' }).code).toBe('40054');
    h.maker('SPOT', 'RAAPLUSDT', 'sell', '200', '10');
    const r = (h.call('trade.placeOrder', { category: 'SPOT', symbol: 'RAAPLUSDT', side: 'buy', orderType: 'limit', price: '190', qty: '1' }) as Ack).orderId ?? '';
    expect(h.fail('trade.modifyOrder', { orderId: r, price: '191' }).code).toBe('40054');
  });

  it('autoCancel=yes cancels the order when the modification is refused', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    const err = h.fail('trade.modifyOrder', { orderId: id, price: '49000.123', autoCancel: 'yes', requestId: '42' });
    expect(err.code).toBe('40020');
    expect(err.message).toContain('requestId 42');
    expect(info(h, id)['orderStatus']).toBe('cancelled');
    expect(h.fail('trade.modifyOrder', { orderId: id, price: '48000' }).code).toBe('25204');
  });

  it('without autoCancel a refused modification leaves the order alone', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    h.fail('trade.modifyOrder', { orderId: id, price: '49000.123' });
    expect(info(h, id)).toMatchObject({ orderStatus: 'new', price: '49000' });
  });
});

describe('batches', () => {
  it('place-batch answers per order, with partial success', () => {
    const h = harness();
    const out = h.call('trade.placeBatch', [buy('49000', { clientOid: 'a' }), buy('49000', { clientOid: 'a' }), spot({ side: 'buy', orderType: 'limit', price: '1', qty: '999999' })]) as Entry[];
    expect(out.map((e) => e.code)).toEqual(['00000', '40786', '25202']);
    expect(out[0]?.orderId).toMatch(/^\d+$/);
    expect(out[1]).toMatchObject({ orderId: null, clientOid: 'a' });
    expect((h.call('trade.getUnfilledOrders', {}) as { list: unknown[] }).list).toHaveLength(1);
  });

  it('refuses batches over 20 orders and mixed categories', () => {
    const h = harness();
    expect(h.fail('trade.placeBatch', Array.from({ length: 21 }, () => buy('49000'))).code).toBe('40020');
    expect(h.fail('trade.placeBatch', [buy('49000'), { ...buy('49000'), category: 'MARGIN' }]).code).toBe('40020');
    expect(h.fail('trade.placeBatch', {}).code).toBe('40017');
  });

  it('cancel-batch and batch-modify answer per order', () => {
    const h = harness();
    const a = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    const c = h.call('trade.cancelBatch', [{ category: 'SPOT', symbol: 'BTCUSDT', orderId: a }, { category: 'SPOT', symbol: 'BTCUSDT', orderId: '5' }]) as Entry[];
    expect(c.map((e) => e.code)).toEqual(['00000', '25204']);
    const b = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    const m = h.call('trade.batchModifyOrder', [{ orderId: b, price: '48500' }, { orderId: a, price: '48500' }]) as Entry[];
    expect(m.map((e) => e.code)).toEqual(['00000', '25204']);
    expect(h.fail('trade.batchModifyOrder', [{ orderId: b, price: '1' }, { orderId: b, price: '2' }]).code).toBe('40020');
  });

  it('cancel-symbol-order cancels every open order of a symbol', () => {
    const h = harness();
    h.call('trade.placeOrder', buy('49000'));
    h.call('trade.placeOrder', buy('48000'));
    h.call('trade.placeOrder', { category: 'SPOT', symbol: 'ETHUSDT', side: 'buy', orderType: 'limit', price: '2000', qty: '0.1' });
    const out = h.call('trade.cancelSymbolOrder', { category: 'SPOT', symbol: 'BTCUSDT' }) as { list: Entry[] };
    expect(out.list).toHaveLength(2);
    expect((h.call('trade.getUnfilledOrders', {}) as { list: unknown[] }).list).toHaveLength(1);
  });
});

describe('limits and status rules', () => {
  it('allows 400 open spot+margin orders and refuses the 401st', () => {
    const h = harness();
    for (let i = 0; i < 400; i += 1) h.call('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '100', qty: '0.01' }));
    expect(h.fail('trade.placeOrder', { category: 'MARGIN', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100', qty: '0.01' }).code).toBe('43116');
    // The futures line is separate.
    expect((h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' }) as Ack).orderId).toMatch(/^\d+$/);
  });

  it('limit_open refuses opening but allows closing', () => {
    const h = harness();
    h.maker('USDT-FUTURES', 'BTCUSDT', 'sell', '50000', '1');
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.1' });
    h.market.statuses.set('USDT-FUTURES|BTCUSDT', { status: 'limit_open', deliveryStatus: null });
    expect(h.fail('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' }).code).toBe('40309');
    expect((h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'sell', orderType: 'limit', price: '60000', qty: '0.1', reduceOnly: 'yes' }) as Ack).orderId).toMatch(/^\d+$/);
  });

  it('delivery_before refuses opening; delivery_period refuses cancelling too', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT260327', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' }) as Ack).orderId ?? '';
    h.market.statuses.set('USDT-FUTURES|BTCUSDT260327', { status: 'online', deliveryStatus: 'delivery_before' });
    expect(h.fail('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT260327', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' }).code).toBe('40309');
    h.market.statuses.set('USDT-FUTURES|BTCUSDT260327', { status: 'online', deliveryStatus: 'delivery_period' });
    expect(h.fail('trade.cancelOrder', { orderId: id }).code).toBe('40309');
  });

  it('refuses prices outside the band, or moves them to its edge with pxAmendType=yes', () => {
    const h = harness();
    const err = h.fail('trade.placeOrder', buy('53000'));
    expect(err.code).toBe('40020');
    expect(err.message).toContain('52500');
    const id = (h.call('trade.placeOrder', buy('53000', { pxAmendType: 'yes' })) as Ack).orderId ?? '';
    expect(info(h, id)['price']).toBe('52500');
    expect(h.fail('trade.placeOrder', spot({ side: 'sell', orderType: 'limit', price: '47000', qty: '0.01' })).code).toBe('40020');
    const rest = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    expect(h.fail('trade.modifyOrder', { orderId: rest, price: '60000' }).code).toBe('40020');
  });

  it('refuses orders below the minimum amount (45110) and off-precision quantities (40020)', () => {
    const h = harness();
    expect(h.fail('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '49000', qty: '0.00001' })).code).toBe('45110');
    expect(h.fail('trade.placeOrder', spot({ side: 'buy', orderType: 'market', qty: '0.5' })).code).toBe('45110');
    expect(h.fail('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '49000', qty: '0.0001' }).code).toBe('40020');
    expect(h.fail('trade.placeOrder', { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', side: 'buy', orderType: 'limit', price: '49000', qty: '0' }).code).toBe('40020');
  });

  it('answers unknown symbols and bad params with parameter codes', () => {
    const h = harness();
    expect(h.fail('trade.placeOrder', spot({ symbol: 'NOPEUSDT', side: 'buy', orderType: 'limit', price: '1', qty: '1' })).code).toBe('40034');
    expect(h.fail('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', qty: '1' })).code).toBe('40017');
    expect(h.fail('trade.placeOrder', spot({ side: 'up', orderType: 'limit', price: '1', qty: '1' })).code).toBe('40020');
    expect(h.fail('trade.placeOrder', spot({ side: 'buy', orderType: 'limit', price: '1.001', qty: '1' })).code).toBe('40020');
    expect(h.fail('trade.placeOrder', 'nonsense').code).toBe('40017');
    expect(h.fail('trade.placeOrder', { category: 'OPTIONS' }).code).toBe('40034');
  });
});
