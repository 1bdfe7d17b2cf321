import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Position } from '../domain/model.js';
import { btcInstrument, exchangeError, harness, orderRecord } from './order-service.testkit.js';

/** Issue 17 item 5: partial closes and closes at a limit price (`OrderService.reducePosition`). */

const d = (s: string) => new Decimal(s);
const pos = (holdMode: Position['holdMode'], posSide: Position['posSide'], over: Partial<Position> = {}): Position => ({
  category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide, holdMode, marginMode: 'crossed', marginCoin: 'USDT', size: d('0.02'), available: d('0.02'),
  avgPrice: d('90000'), markPrice: d('90000'), unrealisedPnl: d('0'), leverage: d('10'), liqPrice: d('0'), margin: d('0'), takeProfit: null, stopLoss: null, updatedTime: 0,
  ...over,
});

function setup() {
  const h = harness();
  h.store.getState().setInstruments([btcInstrument()], 0);
  h.caller.on('trade.placeOrder', () => ({ orderId: '41', clientOid: 'x' }));
  return h;
}

describe('OrderService.reducePosition', () => {
  it('one-way: 50% of the size at market, reduce-only, with a clientOid and a submission', async () => {
    const h = setup();
    const out = await h.service.reducePosition(pos('one_way_mode', 'long'), { qty: '50%' });
    expect(out).toMatchObject({ status: 'accepted', orderId: '41', clientOid: 'ud-test-1', sent: true });
    expect(h.caller.callsOf('trade.placeOrder')).toEqual([{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'sell', orderType: 'market', clientOid: 'ud-test-1', reduceOnly: 'yes', marginMode: 'crossed' }]);
    expect(h.store.getState().orders.submissions['ud-test-1']?.label).toBe('close long 0.01 BTCUSDT @ market');
  });

  it('hedge: a limit close sends the price with side + posSide and no reduceOnly', async () => {
    const h = setup();
    await h.service.reducePosition(pos('hedge_mode', 'short'), { qty: '0.005', price: '88000.1' });
    expect(h.caller.callsOf('trade.placeOrder')).toEqual([{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.005', side: 'buy', orderType: 'limit', price: '88000.1', clientOid: 'ud-test-1', posSide: 'short', marginMode: 'crossed' }]);
  });

  it.each([
    ['0.03', undefined, 'quantity 0.03 is more than the 0.02 available to close'],
    ['0.0005', undefined, 'quantity 0.0005 has 4 decimals; BTCUSDT allows 3'],
    ['0.01', '88000.15', 'price 88000.15 has 2 decimals; BTCUSDT allows 1'],
  ])('refuses %s @ %s before sending: %s', async (qty, price, why) => {
    const h = setup();
    const out = await h.service.reducePosition(pos('one_way_mode', 'long'), { qty, ...(price === undefined ? {} : { price }) });
    expect(out).toMatchObject({ status: 'rejected', sent: false });
    expect(out.error).toContain(why);
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(0);
    expect(h.logTexts().at(-1)).toContain(why);
  });

  it('an unknown result is looked up by clientOid and never resent', async () => {
    const h = setup();
    h.caller.on('trade.placeOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT', 'result unknown (40010 "Request timed out")');
    });
    h.caller.on('trade.getOrderInfo', () => orderRecord({ orderId: '77', clientOid: 'ud-test-1' }));
    const out = await h.service.reducePosition(pos('one_way_mode', 'long'), { qty: '0.01', price: '95000' });
    expect(out).toMatchObject({ status: 'accepted', orderId: '77', clientOid: 'ud-test-1' });
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(1);
    expect(h.caller.callsOf('trade.getOrderInfo')).toEqual([{ clientOid: 'ud-test-1' }]);
  });
});
