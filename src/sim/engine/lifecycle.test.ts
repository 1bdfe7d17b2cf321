import { describe, expect, it } from 'vitest';
import { harness, lastOrderEvent } from './engine.testkit.js';

type Ack = { orderId: string | null; clientOid: string };
const buy = (price: string): Record<string, string> => ({ category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price, qty: '0.01' });

describe('countdown-cancel-all', () => {
  it('cancels every order of the account when the window expires, then switches off', () => {
    const h = harness();
    const a = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    const b = (h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' }) as Ack).orderId ?? '';
    expect(h.call('trade.countdownCancelAll', { countdown: '10' })).toBe('success');
    expect(h.ex.countdownDeadline(h.uid)).toBe(h.time() + 10_000);
    h.advance(9_999);
    h.ex.tick(h.time());
    expect(lastOrderEvent(h, a)?.['orderStatus']).toBe('new');
    h.advance(1);
    h.ex.tick(h.time());
    for (const id of [a, b]) expect(lastOrderEvent(h, id)).toMatchObject({ orderStatus: 'cancelled', cancelSource: 'countdown' });
    expect(h.ex.countdownDeadline(h.uid)).toBeNull();
  });

  it('each call re-arms the window and "0" disarms it', () => {
    const h = harness();
    const a = (h.call('trade.placeOrder', buy('49000')) as Ack).orderId ?? '';
    h.call('trade.countdownCancelAll', { countdown: '5' });
    h.advance(4_000);
    h.call('trade.countdownCancelAll', { countdown: '5' });
    h.advance(4_000);
    h.ex.tick(h.time());
    expect(lastOrderEvent(h, a)?.['orderStatus']).toBe('new');
    h.call('trade.countdownCancelAll', { countdown: '0' });
    h.advance(60_000);
    h.ex.tick(h.time());
    expect(lastOrderEvent(h, a)?.['orderStatus']).toBe('new');
  });

  it('refuses windows outside 5..60', () => {
    const h = harness();
    expect(h.fail('trade.countdownCancelAll', { countdown: '3' }).code).toBe('40020');
    expect(h.fail('trade.countdownCancelAll', { countdown: '61' }).code).toBe('40020');
    expect(h.fail('trade.countdownCancelAll', {}).code).toBe('40017');
  });

  it('counts real seconds when the exchange clock runs fast', () => {
    const h = harness(60);
    h.call('trade.countdownCancelAll', { countdown: '5' });
    expect(h.ex.countdownDeadline(h.uid)).toBe(h.ex.now() + 5 * 60_000);
  });
});

describe('emission ties', () => {
  it('a refused placement emits nothing', () => {
    const h = harness();
    h.fail('trade.placeOrder', { ...buy('49000'), qty: '1000' });
    expect(h.events).toEqual([]);
  });

  it('spot place: order + account; spot fill: order, fill, account (both sides for the user only)', () => {
    const h = harness();
    h.call('trade.placeOrder', buy('49000'));
    expect(h.events.map((e) => e.type)).toEqual(['order', 'account']);
    h.clear();
    h.maker('SPOT', 'BTCUSDT', 'sell', '50000', '1');
    expect(h.events).toEqual([]);
    h.call('trade.placeOrder', buy('50000'));
    expect(h.events.map((e) => e.type)).toEqual(['publicTrade', 'order', 'fill', 'account']);
  });

  it('futures: placing an opening order pushes the order and the account (margin reserved); fills add position and account', () => {
    const h = harness();
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' });
    expect(h.events.map((e) => e.type)).toEqual(['order', 'account']);
    const resting = h.of('order')[0]?.order;
    h.clear();
    // Cancelling releases the reserve: the account is pushed again.
    h.call('trade.cancelOrder', { orderId: String(resting?.['orderId']), category: 'USDT-FUTURES' });
    expect(h.events.map((e) => e.type)).toEqual(['order', 'account']);
    h.clear();
    h.maker('USDT-FUTURES', 'BTCUSDT', 'sell', '50000', '1');
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.01' });
    expect(h.events.map((e) => e.type)).toEqual(['publicTrade', 'order', 'fill', 'position', 'account']);
    h.clear();
    // Placing a closing order pushes the position (its frozen size changes).
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'sell', orderType: 'limit', price: '60000', qty: '0.01', reduceOnly: 'yes' });
    expect(h.events.map((e) => e.type)).toEqual(['order', 'position']);
    const pos = h.of('position')[0]?.positions[0];
    expect(pos).toMatchObject({ frozen: '0.01', available: '0', positionStatus: 'opening' });
  });

  it('the account push carries per-coin balances and USD totals', () => {
    const h = harness();
    const push = h.ex.accountPush(h.uid);
    expect(push).toMatchObject({ totalEquity: '271000', unrealisedPnL: '0' });
    const coins = push['coin'] as Record<string, string>[];
    expect(coins.map((c) => c['coin'])).toEqual(['BGB', 'BTC', 'ETH', 'USDC', 'USDT']);
  });

  it('resetDemoAccount restores balances and drops orders and positions', () => {
    const h = harness();
    h.maker('USDT-FUTURES', 'BTCUSDT', 'sell', '50000', '1');
    h.call('trade.placeOrder', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.1' });
    h.call('trade.placeOrder', buy('49000'));
    h.clear();
    h.ex.resetDemoAccount();
    expect(h.events.map((e) => e.type)).toEqual(['order', 'position', 'account']);
    expect(h.of('position')[0]?.positions[0]).toMatchObject({ positionStatus: 'ended', size: '0' });
    expect(h.ex.positionsPush(h.uid)).toEqual([]);
    expect((h.call('position.getHistory', { category: 'USDT-FUTURES' }) as { list: unknown[] }).list).toEqual([]);
    expect((h.call('trade.getUnfilledOrders', {}) as { list: unknown[] }).list).toEqual([]);
    expect(h.ex.bookLevels('SPOT', 'BTCUSDT', 5).bids).toEqual([]);
    const usdt = (h.call('account.getAssets', {}) as { assets: Record<string, string>[] }).assets.find((a) => a['coin'] === 'USDT');
    expect(usdt).toMatchObject({ balance: '100000', locked: '0' });
  });
});
