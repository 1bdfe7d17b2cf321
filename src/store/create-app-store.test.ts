import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Order, Position } from '../domain/model.js';
import { createAppStore } from './create-app-store.js';
import { MAX_LOG } from './slices/ui-slice.js';
import { positionKey } from './slices/positions-slice.js';

function order(over: Partial<Order> = {}): Order {
  return {
    orderId: '1', clientOid: 'c1', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit',
    price: new Decimal('100'), qty: new Decimal('1'), cumExecQty: new Decimal('0'), avgPrice: new Decimal('0'),
    status: 'new', timeInForce: 'gtc', posSide: null, reduceOnly: false, cancelReason: '', createdTime: 1, updatedTime: 1, ...over,
  };
}

function position(over: Partial<Position> = {}): Position {
  return {
    category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', marginCoin: 'USDT',
    size: new Decimal('1'), available: new Decimal('1'), avgPrice: new Decimal('100'), markPrice: new Decimal('101'), unrealisedPnl: new Decimal('1'),
    leverage: new Decimal('10'), liqPrice: new Decimal('50'), margin: new Decimal('10'), takeProfit: null, stopLoss: null, updatedTime: 1, ...over,
  };
}

describe('orders slice', () => {
  it('follows the state machine: open → partially filled → filled, and filled is final', () => {
    const store = createAppStore();
    const s = () => store.getState();
    s().applyOrder(order(), 10);
    expect(Object.keys(s().orders.open)).toEqual(['1']);
    s().applyOrder(order({ status: 'partially_filled', cumExecQty: new Decimal('0.4'), updatedTime: 2 }), 11);
    expect(s().orders.open['1']?.status).toBe('partially_filled');
    s().applyOrder(order({ status: 'filled', cumExecQty: new Decimal('1'), updatedTime: 3 }), 12);
    expect(s().orders.open).toEqual({});
    expect(s().orders.recent[0]?.status).toBe('filled');
    // A late, stale push of an earlier state must not resurrect it.
    s().applyOrder(order({ status: 'partially_filled', updatedTime: 2 }), 13);
    expect(s().orders.open).toEqual({});
    expect(s().orders.updatedAt).toBe(12);
  });

  it('ignores a push older than the state it holds', () => {
    const store = createAppStore();
    store.getState().applyOrder(order({ status: 'partially_filled', updatedTime: 5 }), 1);
    store.getState().applyOrder(order({ status: 'new', updatedTime: 4 }), 2);
    expect(store.getState().orders.open['1']?.status).toBe('partially_filled');
  });

  it('a REST snapshot drops orders that vanished but keeps ones changed after the snapshot', () => {
    const store = createAppStore();
    const s = () => store.getState();
    s().applyOrder(order({ orderId: 'gone', updatedTime: 5 }), 1);
    s().applyOrder(order({ orderId: 'newer', updatedTime: 20 }), 1);
    s().replaceOpenOrders([order({ orderId: 'snap', updatedTime: 8 })], 10, 30);
    expect(Object.keys(s().orders.open).sort()).toEqual(['newer', 'snap']);
  });

  it('tracks modify in flight', () => {
    const store = createAppStore();
    store.getState().setModifying('1', true);
    expect(store.getState().orders.modifying['1']).toBe(true);
    store.getState().setModifying('1', false);
    expect(store.getState().orders.modifying).toEqual({});
  });
});

describe('positions slice', () => {
  it('removes ended and zero-size positions', () => {
    const store = createAppStore();
    const s = () => store.getState();
    s().replacePositions([position(), position({ posSide: 'short' })], 1);
    expect(Object.keys(s().positions.open)).toHaveLength(2);
    s().applyPositions([position({ size: new Decimal('0') })], [positionKey(position({ posSide: 'short' }))], 2);
    expect(s().positions.open).toEqual({});
  });
});

describe('market slice', () => {
  it('dedupes public trades and keeps newest first', () => {
    const store = createAppStore();
    const t = (id: string, time: number) => ({ id, price: new Decimal('1'), size: new Decimal('1'), side: 'buy' as const, time });
    store.getState().addTrades('SPOT:BTCUSDT', [t('2', 2), t('1', 1)], 1);
    store.getState().addTrades('SPOT:BTCUSDT', [t('3', 3), t('2', 2)], 2);
    expect(store.getState().market.trades['SPOT:BTCUSDT']?.map((x) => x.id)).toEqual(['3', '2', '1']);
  });
  it('merges candle updates by start time', () => {
    const store = createAppStore();
    const c = (start: number, close: string) => ({ start, open: new Decimal(1), high: new Decimal(2), low: new Decimal(0), close: new Decimal(close), volume: new Decimal(1) });
    store.getState().applyCandles('k', [c(1, '1'), c(2, '2')], 'snapshot', 1);
    store.getState().applyCandles('k', [c(2, '3'), c(3, '4')], 'update', 2);
    expect(store.getState().market.candles.k?.map((x) => x.close.toString())).toEqual(['1', '3', '4']);
  });
});

describe('ui slice', () => {
  it('bounds the event log', () => {
    const store = createAppStore();
    for (let i = 0; i < MAX_LOG + 5; i += 1) store.getState().logEvent('info', `e${i}`, i);
    const log = store.getState().ui.log;
    expect(log).toHaveLength(MAX_LOG);
    expect(log[log.length - 1]?.text).toBe(`e${MAX_LOG + 4}`);
    expect(log[0]?.text).toBe('e5');
  });
});

describe('countdown slice', () => {
  it('computes the expiry from the acknowledgement', () => {
    const store = createAppStore();
    store.getState().setCountdownArmed(10, 1_000);
    expect(store.getState().countdown).toMatchObject({ armed: true, expiresAt: 11_000 });
    store.getState().setCountdownFired(11_000);
    expect(store.getState().countdown).toMatchObject({ armed: false, firedAt: 11_000 });
  });
});
