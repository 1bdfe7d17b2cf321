import { describe, expect, it } from 'vitest';
import { harness, lastOrderEvent, type Harness } from './engine.testkit.js';

type Ack = { orderId: string | null; clientOid: string };
const fut = (extra: Record<string, string>): Record<string, string> => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', ...extra });

function open(h: Harness, extra: Record<string, string>): void {
  h.maker('USDT-FUTURES', 'BTCUSDT', 'sell', '50000', '0.1');
  h.call('trade.placeOrder', fut({ side: 'buy', orderType: 'market', qty: '0.1', ...extra }));
}
function positionCount(h: Harness): number {
  return (h.call('position.getCurrent', { category: 'USDT-FUTURES' }) as { list: unknown[] }).list.length;
}

describe('preset take-profit / stop-loss', () => {
  it('closes the position when the mark reaches the take-profit and records a tpsl row', () => {
    const h = harness();
    open(h, { takeProfit: '55000', stopLoss: '45000' });
    const legacy = (h.call('position.getAllLegacy', { productType: 'USDT-FUTURES' }) as Record<string, string>[])[0];
    expect(legacy).toMatchObject({ takeProfit: '55000', stopLoss: '45000' });
    h.market.setMark('USDT-FUTURES', 'BTCUSDT', '54000');
    h.ex.tick(h.time());
    expect(positionCount(h)).toBe(1);
    h.maker('USDT-FUTURES', 'BTCUSDT', 'buy', '55000', '1');
    h.market.setMark('USDT-FUTURES', 'BTCUSDT', '55000');
    h.ex.tick(h.time());
    expect(positionCount(h)).toBe(0);
    const rows = (h.call('trade.getHistoryStrategyOrders', { category: 'USDT-FUTURES', type: 'tpsl' }) as { list: Record<string, string>[]; cursor: number }).list;
    expect(rows[0]).toMatchObject({ status: 'success', triggerType: 'takeProfit', takeProfit: '55000', qty: '0.1', posSide: 'long' });
    expect(typeof (h.call('trade.getHistoryStrategyOrders', { category: 'USDT-FUTURES' }) as { cursor: unknown }).cursor).toBe('number');
  });

  it('fires a stop-loss once; with no bids its market close is cancelled and the position stays', () => {
    const h = harness();
    open(h, { stopLoss: '45000' });
    h.market.setMark('USDT-FUTURES', 'BTCUSDT', '44000');
    h.ex.tick(h.time());
    h.ex.tick(h.time());
    const rows = (h.call('trade.getHistoryStrategyOrders', { category: 'USDT-FUTURES' }) as { list: Record<string, string>[] }).list;
    expect(rows).toHaveLength(1);
    // The market close found no bids: it was cancelled, the position stays.
    expect(rows[0]).toMatchObject({ triggerType: 'stopLoss', status: 'success' });
    expect(lastOrderEvent(h, rows[0]?.['orderId'] ?? '')).toMatchObject({ orderStatus: 'cancelled' });
    expect(positionCount(h)).toBe(1);
  });

  it('refuses presets on COIN-FUTURES and in batches', () => {
    const h = harness();
    expect(h.fail('trade.placeOrder', { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', side: 'buy', orderType: 'limit', price: '40000', qty: '100', takeProfit: '60000' }).code).toBe('40020');
    const out = h.call('trade.placeBatch', [fut({ side: 'buy', orderType: 'limit', price: '40000', qty: '0.01', takeProfit: '60000' })]) as (Ack & { code: string })[];
    expect(out[0]?.code).toBe('40020');
  });
});

describe('delivery', () => {
  it('settles delivery-contract positions at mark in the delivery period', () => {
    const h = harness();
    h.market.setMark('USDT-FUTURES', 'BTCUSDT260327', '50000');
    h.maker('USDT-FUTURES', 'BTCUSDT260327', 'sell', '50000', '1');
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT260327', side: 'buy', orderType: 'market', qty: '0.1' });
    const pending = (h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT260327', side: 'sell', orderType: 'limit', price: '52000', qty: '0.1', reduceOnly: 'yes' }) as Ack).orderId ?? '';
    h.market.setMark('USDT-FUTURES', 'BTCUSDT260327', '51000');
    h.market.statuses.set('USDT-FUTURES|BTCUSDT260327', { status: 'online', deliveryStatus: 'delivery_period' });
    h.ex.tick(h.time());
    expect(positionCount(h)).toBe(0);
    expect(lastOrderEvent(h, pending)).toMatchObject({ orderStatus: 'cancelled', cancelSource: 'delivery' });
    const hist = (h.call('position.getHistory', { category: 'USDT-FUTURES' }) as { list: Record<string, string>[] }).list;
    expect(hist[0]).toMatchObject({ symbol: 'BTCUSDT260327', closePriceAvg: '51000', cumRealisedPnl: '100' });
  });
});
