import { describe, expect, it } from 'vitest';
import { accountFromWire, accountUpdateFromWire, fillFromWire, isEndedPosition, orderFromWire, positionFromWire } from './account-mappers.js';
import { candleFromWire, instrumentFromWire, publicTradeFromWire, tickerFromWire } from './market-mappers.js';
import { wireDecimal } from './wire-values.js';

describe('wire → domain mappers', () => {
  it('maps REST and websocket order spellings to the same order', () => {
    const rest = orderFromWire({ orderId: '9', clientOid: 'c', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100.5', qty: '2', cumExecQty: '1', avgPrice: '100.5', orderStatus: 'partially_filled', timeInForce: 'gtc', posSide: 'long', reduceOnly: 'NO', createdTime: '1', updatedTime: '2' });
    const ws = orderFromWire({ orderId: '9', clientOid: 'c', category: 'usdt-futures', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100.5', qty: '2', cumExecQty: '1', avgPrice: '100.5', orderStatus: 'partially_filled', timeInForce: 'gtc', holdSide: 'long', reduceOnly: 'no', createdTime: '1', updatedTime: '2' });
    expect(rest).not.toBeNull();
    expect(ws).toEqual(rest);
    expect(rest?.price?.toString()).toBe('100.5');
  });
  it('reads "canceled" and "cancelled" as the terminal cancelled state, and market orders have no price', () => {
    expect(orderFromWire({ orderId: '1', category: 'SPOT', orderStatus: 'canceled', orderType: 'market', price: '0' })).toMatchObject({ status: 'cancelled', price: null });
    expect(orderFromWire({ orderId: '1', category: 'SPOT', orderStatus: 'bogus' })).toBeNull();
  });
  it('sums fill fees and reads both time fields', () => {
    const f = fillFromWire({ execId: 'e', orderId: '1', category: 'spot', symbol: 'BTCUSDT', side: 'sell', execPrice: '10', execQty: '0.5', tradeScope: 'maker', feeDetail: [{ feeCoin: 'USDT', fee: '-0.01' }, { feeCoin: 'USDT', fee: '-0.02' }], execTime: '5' });
    expect(f?.fee.toString()).toBe('-0.03');
    expect(f).toMatchObject({ category: 'SPOT', scope: 'maker', time: 5, pnl: null });
  });
  it('reads execPnl (fill topic and fills history alike) as the fill\'s realized PnL; empty is none', () => {
    const push = fillFromWire({ execId: 'e', category: 'usdt-futures', execPrice: '10', execQty: '1', execPnl: '-0.002', execTime: '5' });
    const rest = fillFromWire({ execId: 'e', category: 'USDT-FUTURES', execPrice: '10', execQty: '1', execPnl: '-0.002', createdTime: '5' });
    expect(push?.pnl?.toFixed()).toBe('-0.002');
    expect(rest).toEqual(push);
    expect(fillFromWire({ execId: 'e', category: 'SPOT', execPnl: '' })?.pnl).toBeNull();
  });
  it('maps REST current-position and the websocket position push alike', () => {
    const rest = positionFromWire({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', total: '0.5', available: '0.5', avgPrice: '100', liquidationPrice: '50', positionBalance: '5', markPrice: '101', unrealisedPnl: '0.5', leverage: '10', updatedTime: '3' });
    const ws = positionFromWire({ symbol: 'BTCUSDT', posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', size: '0.5', available: '0.5', openPriceAvg: '100', liqPrice: '50', marginSize: '5', markPrice: '101', unrealisedPnl: '0.5', leverage: '10', updatedTime: '3', positionStatus: 'opening' }, 'USDT-FUTURES');
    expect(ws).toEqual(rest);
    expect(isEndedPosition({ positionStatus: 'ended' })).toBe(true);
  });
  it('maps REST assets and the account push (different spellings) alike', () => {
    const rest = accountFromWire({ accountEquity: '10', effEquity: '9', imr: '1', mmr: '0.5', mgnRatio: '0.05', unrealisedPnl: '0.1', assets: [{ coin: 'USDT', equity: '10', balance: '10', available: '8', locked: '2', debt: '0', usdValue: '10' }] }, 7);
    const ws = accountFromWire({ totalEquity: '10', effEquity: '9', imr: '1', mmr: '0.5', mgnRatio: '0.05', unrealisedPnL: '0.1', coin: [{ coin: 'USDT', equity: '10', balance: '10', available: '8', locked: '2', debts: '0', usdValue: '10' }] }, 7);
    expect(ws).toEqual(rest);
  });
  it('maps an account update push to only the figures and coins it carries', () => {
    const u = accountUpdateFromWire({ totalEquity: '10', unrealisedPnL: '0.1', imr: '', coin: [{ coin: 'USDT', balance: '10', available: '8', debts: '1' }, { balance: '1' }] }, 7);
    expect(Object.fromEntries(Object.entries(u.figures).map(([k, v]) => [k, v.toFixed()]))).toEqual({ equity: '10', unrealisedPnl: '0.1' });
    expect(u.assets.map((a) => [a.coin, a.balance.toFixed(), a.available.toFixed(), a.debt.toFixed()])).toEqual([['USDT', '10', '8', '1']]);
    expect(u.updatedTime).toBe(7);
    expect(accountUpdateFromWire({ accountEquity: '3', updatedTime: '9' }, 7)).toMatchObject({ assets: [], updatedTime: 9 });
  });
  it('maps market records', () => {
    const inst = instrumentFromWire({ category: 'SPOT', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', pricePrecision: '2', quantityPrecision: '6', minOrderAmount: '1', status: 'online', isReality: 'no' });
    expect(inst?.priceMultiplier.toString()).toBe('0.01');
    expect(inst?.contractType).toBeNull();
    expect(tickerFromWire({ symbol: 'BTCUSDT', lastPrice: '1', deliveryStatus: 'delivery_before' }, 'USDT-FUTURES', 42)).toMatchObject({ ts: 42, deliveryStatus: 'delivery_before' });
    expect(publicTradeFromWire({ i: 'x', p: '5', v: '1', S: 'sell', T: '9' })).toMatchObject({ id: 'x', side: 'sell', time: 9 });
    expect(publicTradeFromWire({ i: 'y', P: '6', v: '1', S: 'buy', T: '9' })?.price.toString()).toBe('6');
    expect(candleFromWire(['1000', '1', '2', '0.5', '1.5', '10', '15'])?.close.toString()).toBe('1.5');
    expect(candleFromWire({ start: '1000', open: '1', high: '2', low: '0.5', close: '1.5', volume: '10' })?.high.toString()).toBe('2');
  });
  it('never throws on malformed numbers', () => {
    expect(wireDecimal('abc').toString()).toBe('0');
    expect(wireDecimal('').toString()).toBe('0');
    expect(wireDecimal(undefined).toString()).toBe('0');
  });
});
