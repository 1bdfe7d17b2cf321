import { describe, expect, it } from 'vitest';
import { harness, lastOrderEvent, type Harness } from './engine.testkit.js';

type Ack = { orderId: string | null; clientOid: string };
type Pos = Record<string, string>;
const fut = (extra: Record<string, string>): Record<string, string> => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', ...extra });

function positions(h: Harness): Pos[] {
  return (h.call('position.getCurrent', { category: 'USDT-FUTURES' }) as { list: Pos[] }).list;
}
function usdt(h: Harness): Record<string, string> | undefined {
  return (h.call('account.getAssets', {}) as { assets: Record<string, string>[] }).assets.find((a) => a['coin'] === 'USDT');
}
/** Opens via market orders against maker liquidity at `price`. */
function trade(h: Harness, side: 'buy' | 'sell', price: string, qty: string, extra: Record<string, string> = {}): Ack {
  h.maker('USDT-FUTURES', 'BTCUSDT', side === 'buy' ? 'sell' : 'buy', price, qty);
  return h.call('trade.placeOrder', fut({ side, orderType: 'market', qty, ...extra })) as Ack;
}

describe('one-way positions', () => {
  it('opens, averages, partially closes with realised PnL and ends into history', () => {
    const h = harness();
    h.clear();
    trade(h, 'buy', '50000', '0.1');
    const posEvents = h.of('position');
    expect(posEvents).toHaveLength(1);
    expect(posEvents[0]?.positions[0]).toMatchObject({ posSide: 'long', positionStatus: 'opening', size: '0.1', avgPrice: '50000', holdMode: 'one_way_mode' });
    expect(h.of('account')).toHaveLength(1);
    trade(h, 'buy', '52000', '0.1');
    expect(positions(h)[0]).toMatchObject({ posSide: 'long', total: '0.2', avgPrice: '51000', leverage: '10', positionBalance: '1020' });
    // Fees: taker 0.0006 on 5000 and 5200.
    expect(usdt(h)?.['balance']).toBe('99993.88');
    h.market.setMark('USDT-FUTURES', 'BTCUSDT', '53000');
    expect(positions(h)[0]?.['unrealisedPnl']).toBe('400');
    trade(h, 'sell', '53000', '0.05', { reduceOnly: 'yes' });
    expect(positions(h)[0]).toMatchObject({ total: '0.15', curRealisedPnl: '100' });
    h.clear();
    trade(h, 'sell', '53000', '0.15', { reduceOnly: 'yes' });
    expect(positions(h)).toEqual([]);
    const ended = h.of('position')[0]?.positions[0];
    expect(ended).toMatchObject({ positionStatus: 'ended', size: '0' });
    const hist = (h.call('position.getHistory', { category: 'USDT-FUTURES' }) as { list: Pos[] }).list;
    expect(hist[0]).toMatchObject({ posSide: 'long', openPriceAvg: '51000', closePriceAvg: '53000', openTotalPos: '0.2', closeTotalPos: '0.2', cumRealisedPnl: '400' });
    expect(hist[0]?.['netProfit']).toBe('387.52');
  });

  it('a bigger opposite order closes and flips the side', () => {
    const h = harness();
    trade(h, 'buy', '50000', '0.1');
    trade(h, 'sell', '50000', '0.3');
    expect(positions(h).map((p) => [p['posSide'], p['total']])).toEqual([['short', '0.2']]);
  });

  it('refuses posSide in one-way mode and reduce-only without a position', () => {
    const h = harness();
    expect(h.fail('trade.placeOrder', fut({ side: 'buy', orderType: 'limit', price: '40000', qty: '0.01', posSide: 'long' })).code).toBe('40774');
    expect(h.fail('trade.placeOrder', fut({ side: 'sell', orderType: 'limit', price: '60000', qty: '0.01', reduceOnly: 'yes' })).code).toBe('25227');
  });

  it('reduce-only orders beyond the position replace earlier ones (reply orderId null)', () => {
    const h = harness();
    trade(h, 'buy', '50000', '0.1');
    const first = (h.call('trade.placeOrder', fut({ side: 'sell', orderType: 'limit', price: '60000', qty: '0.1', reduceOnly: 'yes' })) as Ack).orderId ?? '';
    expect(first).toMatch(/^\d+$/);
    const second = h.call('trade.placeOrder', fut({ side: 'sell', orderType: 'limit', price: '61000', qty: '0.1', reduceOnly: 'yes', clientOid: 'ro2' })) as Ack;
    expect(second).toEqual({ orderId: null, clientOid: 'ro2' });
    expect(lastOrderEvent(h, first)).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'reduce_only_replaced' });
    const open = (h.call('trade.getUnfilledOrders', { category: 'USDT-FUTURES' }) as { list: Record<string, string>[] }).list;
    expect(open.map((o) => [o['clientOid'], o['price'], o['reduceOnly']])).toEqual([['ro2', '61000', 'YES']]);
    expect(positions(h)[0]).toMatchObject({ frozen: '0.1', available: '0' });
  });

  it('refuses an opening order beyond the margin (40762)', () => {
    const h = harness();
    const err = h.fail('trade.placeOrder', fut({ side: 'buy', orderType: 'limit', price: '50000', qty: '30' }));
    expect(err.code).toBe('40762');
  });

  it('close-positions market-closes everything (25227 when flat)', () => {
    const h = harness();
    trade(h, 'buy', '50000', '0.1');
    h.maker('USDT-FUTURES', 'BTCUSDT', 'buy', '49900', '1');
    const out = h.call('trade.closePositions', { category: 'USDT-FUTURES' }) as { list: { code: string }[] };
    expect(out.list.map((e) => e.code)).toEqual(['00000']);
    expect(positions(h)).toEqual([]);
    expect(h.fail('trade.closePositions', { category: 'USDT-FUTURES' }).code).toBe('25227');
  });
});

describe('hedge mode', () => {
  it('maps side and posSide to open and close', () => {
    const h = harness();
    expect(h.call('account.setHoldMode', { holdMode: 'hedge_mode' })).toBe('success');
    expect(h.fail('trade.placeOrder', fut({ side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' })).code).toBe('40774');
    trade(h, 'buy', '50000', '0.1', { posSide: 'long' });
    trade(h, 'sell', '50000', '0.2', { posSide: 'short' });
    expect(positions(h).map((p) => [p['posSide'], p['total'], p['holdMode']]).sort()).toEqual([
      ['long', '0.1', 'hedge_mode'],
      ['short', '0.2', 'hedge_mode'],
    ]);
    expect(h.fail('trade.placeOrder', fut({ side: 'sell', orderType: 'limit', price: '60000', qty: '0.5', posSide: 'long' })).code).toBe('40757');
    trade(h, 'sell', '51000', '0.1', { posSide: 'long' });
    expect(positions(h).map((p) => p['posSide'])).toEqual(['short']);
  });

  it('hold mode cannot change while positions or open orders exist (40920)', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', fut({ side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' })) as Ack).orderId ?? '';
    expect(h.fail('account.setHoldMode', { holdMode: 'hedge_mode' }).code).toBe('40920');
    h.call('trade.cancelOrder', { orderId: id });
    trade(h, 'buy', '50000', '0.1');
    expect(h.fail('account.setHoldMode', { holdMode: 'hedge_mode' }).code).toBe('40920');
    expect((h.call('account.getSettings', {}) as Record<string, string>)['holdMode']).toBe('one_way_mode');
  });

  it('a resting spot order also blocks the hold-mode switch', () => {
    const h = harness();
    const id = (h.call('trade.placeOrder', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' }) as Ack).orderId ?? '';
    expect(h.fail('account.setHoldMode', { holdMode: 'hedge_mode' }).message).toContain('1 open order');
    h.call('trade.cancelOrder', { orderId: id });
    expect(h.call('account.setHoldMode', { holdMode: 'hedge_mode' })).toBe('success');
  });
});

describe('leverage, liquidation and funding', () => {
  it('set-leverage changes the margin of new positions', () => {
    const h = harness();
    expect(h.call('account.setLeverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '20' })).toBe('success');
    trade(h, 'buy', '50000', '0.1');
    expect(positions(h)[0]).toMatchObject({ leverage: '20', positionBalance: '250' });
    expect(h.fail('account.setLeverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '500' }).code).toBe('40020');
  });

  it('liquidates an isolated position when its margin runs out and system-cancels its orders', () => {
    const h = harness();
    h.call('account.setLeverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '50' });
    trade(h, 'buy', '50000', '1', { marginMode: 'isolated' });
    const pending = (h.call('trade.placeOrder', fut({ side: 'buy', orderType: 'limit', price: '40000', qty: '0.01' })) as Ack).orderId ?? '';
    const liq = Number.parseFloat(positions(h)[0]?.['liquidationPrice'] ?? '0');
    expect(liq).toBeGreaterThan(49000);
    expect(liq).toBeLessThan(50000);
    h.ex.tick(h.time());
    expect(positions(h)).toHaveLength(1);
    h.clear();
    h.market.setMark('USDT-FUTURES', 'BTCUSDT', '49000');
    h.ex.tick(h.time());
    expect(positions(h)).toEqual([]);
    expect(lastOrderEvent(h, pending)).toMatchObject({ orderStatus: 'cancelled', cancelSource: 'liquidation' });
    const liqOrder = h.of('order').map((e) => e.order).find((o) => o['delegateType'] === 'liquidation');
    expect(liqOrder).toMatchObject({ orderStatus: 'filled', side: 'sell' });
    expect(h.of('position')[0]?.positions[0]).toMatchObject({ positionStatus: 'ended' });
    expect(h.of('account').length).toBeGreaterThan(0);
    const hist = (h.call('trade.getHistoryOrders', { category: 'USDT-FUTURES' }) as { list: Record<string, string>[] }).list;
    expect(hist.some((o) => o['execType'] === 'liquidation')).toBe(true);
  });

  it('settles funding each fundInterval: longs pay, shorts receive', () => {
    const h = harness();
    trade(h, 'buy', '50000', '0.1');
    h.ex.tick(h.time());
    const before = usdt(h)?.['balance'];
    h.advance(8 * 3_600_000 - 1);
    h.ex.tick(h.time());
    expect(usdt(h)?.['balance']).toBe(before);
    h.clear();
    h.advance(1);
    h.ex.tick(h.time());
    // 0.1 × 50000 × 0.0001 = 0.5 USDT paid.
    expect(positions(h)[0]?.['totalFunding']).toBe('-0.5');
    expect(h.of('position')).toHaveLength(1);
    expect(h.of('account')).toHaveLength(1);
    const rec = (h.call('account.getFinancialRecords', { type: 'funding_fee' }) as { list: Record<string, string>[] }).list;
    expect(rec[0]).toMatchObject({ coin: 'USDT', amount: '-0.5', type: 'funding_fee' });
  });

  it('at speed 60 funding comes every 8 exchange hours = 8 wall minutes', () => {
    const h = harness(60);
    trade(h, 'buy', '50000', '0.1');
    h.ex.tick(h.ex.now());
    h.advance(8 * 60_000);
    h.ex.tick(h.ex.now());
    expect(positions(h)[0]?.['totalFunding']).toBe('-0.5');
  });

  it('coin-margined positions settle PnL in the base coin', () => {
    const h = harness();
    h.maker('COIN-FUTURES', 'BTCUSD_CM', 'sell', '50000', '10000');
    h.call('trade.placeOrder', { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', side: 'buy', orderType: 'market', qty: '10000' });
    h.market.setMark('COIN-FUTURES', 'BTCUSD_CM', '40000');
    const pos = (h.call('position.getCurrent', { category: 'COIN-FUTURES' }) as { list: Pos[] }).list[0];
    // 10000 × (1/50000 − 1/40000) = −0.05 BTC
    expect(pos).toMatchObject({ marginCoin: 'BTC', total: '10000', unrealisedPnl: '-0.05' });
  });
});
