import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Position } from '../domain/model.js';
import { CLIENT_OID_PATTERN } from './client-oid.js';
import type { OrderRequest } from './order-request.js';
import { btcInstrument, exchangeError, FakeSocket, harness, openOrder, orderRecord, rejection } from './order-service.testkit.js';

const LIMIT: OrderRequest = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '97000', qty: '0.01' };

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('OrderService.submitOrder', () => {
  it('places over REST with a generated clientOid, tracks the submission and logs each step', async () => {
    const h = harness({ deps: { newClientOid: undefined } });
    h.caller.on('trade.placeOrder', (p) => ({ orderId: '501', clientOid: (p as { clientOid: string }).clientOid }));
    const out = await h.service.submitOrder(LIMIT);
    expect(out).toMatchObject({ status: 'accepted', orderId: '501', sent: true });
    expect(out.clientOid).toMatch(CLIENT_OID_PATTERN);
    expect(h.caller.callsOf('trade.placeOrder')).toEqual([{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'limit', price: '97000', clientOid: out.clientOid }]);
    expect(h.store.getState().orders.submissions[out.clientOid]).toMatchObject({ state: 'accepted', label: 'buy 0.01 BTCUSDT @ 97000', error: null });
    expect(h.logTexts()).toEqual([`info: placing buy 0.01 BTCUSDT @ 97000 (${out.clientOid})`, `ok: placed buy 0.01 BTCUSDT @ 97000 (${out.clientOid}): order 501`]);
  });

  it('prefers the socket (category at top level, not in the arg) and falls back to REST when the socket did not send', async () => {
    const socket = new FakeSocket();
    const h = harness({ socket });
    const first = await h.service.submitOrder(LIMIT);
    expect(first).toMatchObject({ status: 'accepted', orderId: '90' });
    expect(socket.requests[0]).toMatchObject({ topic: 'place-order', category: 'USDT-FUTURES' });
    expect(socket.requests[0]?.args[0]).not.toHaveProperty('category');
    expect(h.caller.calls).toHaveLength(0);
    socket.reply = () => Promise.reject(exchangeError('EXCH_NETWORK', 'the private socket is not ready'));
    h.caller.on('trade.placeOrder', () => ({ orderId: '502', clientOid: 'ud-test-2' }));
    const second = await h.service.submitOrder({ ...LIMIT, qty: '0.02' });
    expect(second).toMatchObject({ status: 'accepted', orderId: '502' });
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(1);
  });

  it('skips the socket while socketReady() is false', async () => {
    const socket = new FakeSocket();
    const h = harness({ socket, deps: { socketReady: () => false } });
    h.caller.on('trade.placeOrder', () => ({ orderId: '503', clientOid: 'ud-test-1' }));
    expect(await h.service.submitOrder(LIMIT)).toMatchObject({ status: 'accepted', orderId: '503' });
    expect(socket.requests).toHaveLength(0);
  });

  it('a refusal records the exchange code and message and never looks the order up', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', () => {
      throw rejection('40762', 'The order size is greater than the max open size');
    });
    const out = await h.service.submitOrder(LIMIT);
    expect(out).toEqual({ status: 'rejected', clientOid: 'ud-test-1', error: '40762 The order size is greater than the max open size', sent: true });
    expect(h.store.getState().orders.submissions['ud-test-1']).toMatchObject({ state: 'rejected', error: '40762 The order size is greater than the max open size' });
    expect(h.logTexts().at(-1)).toBe('error: rejected buy 0.01 BTCUSDT @ 97000: 40762 The order size is greater than the max open size');
    expect(h.caller.callsOf('trade.getOrderInfo')).toHaveLength(0);
  });

  it('a rate-limited or unsent placement is a plain refusal: no lookup, no resend', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', () => {
      throw exchangeError('EXCH_RATE_LIMITED', 'rate limited by the exchange (HTTP 429); slow down');
    });
    expect(await h.service.submitOrder(LIMIT)).toMatchObject({ status: 'rejected', error: 'rate limited by the exchange (HTTP 429); slow down', sent: true });
    expect(h.caller.calls.map((c) => c.id)).toEqual(['trade.placeOrder']);
  });

  it('refuses locally with the specific rule and sends nothing', async () => {
    const h = harness();
    h.store.getState().setInstruments([btcInstrument()], 0);
    const small = await h.service.submitOrder({ ...LIMIT, qty: '0.0005' });
    expect(small).toMatchObject({ status: 'rejected', sent: false, clientOid: '' });
    expect(small.error).toContain('below the minimum 0.001 BTC');
    const step = await h.service.submitOrder({ ...LIMIT, price: '97000.05' });
    expect(step.error).toContain('price must be a multiple of 0.1');
    const noPrice = await h.service.submitOrder({ ...LIMIT, price: undefined });
    expect(noPrice.error).toContain('a limit order needs a price');
    h.store.getState().setInstruments([btcInstrument({ status: 'offline' })], 0);
    expect((await h.service.submitOrder(LIMIT)).error).toContain('BTCUSDT is offline');
    expect(h.caller.calls).toHaveLength(0);
    expect(Object.keys(h.store.getState().orders.submissions)).toHaveLength(0);
    expect(h.logTexts().every((t) => t.startsWith('warn: refused'))).toBe(true);
  });

  it('unknown result, then found by clientOid: accepted, applied to the store, never resent', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT', 'result unknown (40010 "Request timed out")');
    });
    let lookups = 0;
    h.caller.on('trade.getOrderInfo', () => {
      lookups += 1;
      if (lookups === 1) throw rejection('25204', 'Order does not exist');
      return orderRecord({ orderId: '600', clientOid: 'ud-test-1' });
    });
    const out = await h.service.submitOrder(LIMIT);
    expect(out).toEqual({ status: 'accepted', orderId: '600', clientOid: 'ud-test-1', sent: true });
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(1);
    expect(h.caller.callsOf('trade.getOrderInfo')).toEqual([{ clientOid: 'ud-test-1' }, { clientOid: 'ud-test-1' }]);
    expect(h.sleeps).toEqual([500, 1000]);
    expect(h.store.getState().orders.open['600']?.clientOid).toBe('ud-test-1');
    expect(h.store.getState().orders.submissions['ud-test-1']?.state).toBe('accepted');
    expect(h.logTexts().some((t) => t.startsWith('warn: result unknown') && t.includes('not resending'))).toBe(true);
  });

  it('unknown result and the exchange never heard of it: unknown until its acceptance window passed, then not placed after open orders and history are searched', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', () => {
      throw rejection('25204', 'Order does not exist');
    });
    h.caller.on('trade.getUnfilledOrders', () => ({ list: [orderRecord({ orderId: '1', clientOid: 'someone-else' })], cursor: '' }));
    h.caller.on('trade.getHistoryOrders', () => ({ list: [], cursor: '' }));
    const out = await h.service.submitOrder(LIMIT);
    expect(out).toMatchObject({ status: 'unknown', clientOid: 'ud-test-1', sent: true });
    expect(out.error).toContain('the exchange could still take it until');
    expect(h.sleeps.slice(0, 4)).toEqual([500, 1000, 2000, 4000]);
    expect(h.caller.callsOf('trade.getUnfilledOrders')).toHaveLength(0);
    expect(h.store.getState().orders.submissions['ud-test-1']?.state).toBe('unknown');
    await h.until((s) => s.orders.submissions['ud-test-1']?.state === 'rejected');
    // 0.5+1+2+4+8+15+30 s: the first lookup past 35 s after the failure searches the lists.
    expect(h.sleeps).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 30_000]);
    expect(h.caller.callsOf('trade.getUnfilledOrders')).toEqual([{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', limit: '100' }]);
    expect(h.caller.callsOf('trade.getHistoryOrders')).toHaveLength(1);
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(1);
    expect(h.store.getState().orders.submissions['ud-test-1']?.error).toContain('not placed');
    expect(h.logTexts().at(-1)).toContain('was not placed: no order ud-test-1 by clientOid, in open orders or in history');
    expect(h.service.unknownPlacements()).toEqual([]);
  });

  it('a late execution after "not placed" corrects the submission and the log', async () => {
    const reconciled: unknown[] = [];
    const h = harness({ deps: { onReconciled: (e) => reconciled.push(e) } });
    h.caller.on('trade.placeOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', () => {
      throw rejection('25204', 'Order does not exist');
    });
    h.caller.on('trade.getUnfilledOrders', () => ({ list: [], cursor: '' }));
    h.caller.on('trade.getHistoryOrders', () => ({ list: [], cursor: '' }));
    await h.service.submitOrder(LIMIT);
    await h.until((s) => s.orders.submissions['ud-test-1']?.state === 'rejected');
    h.store.getState().applyOrder(openOrder('900', { clientOid: 'ud-test-1' }), 2);
    expect(h.store.getState().orders.submissions['ud-test-1']).toMatchObject({ state: 'accepted', error: null });
    expect(h.logTexts().at(-1)).toContain('correction: buy 0.01 BTCUSDT @ 97000 (ud-test-1) was reported not placed');
    expect(reconciled).toMatchObject([{ clientOid: 'ud-test-1', result: 'not-placed' }, { clientOid: 'ud-test-1', result: 'accepted', orderId: '900', correction: true }]);
  });

  it('unknown result and the lookups fail: stays unknown, keeps looking, and a repeat of the same order is refused meanwhile', async () => {
    const h = harness({ deps: { reconcileDelaysMs: [10, 20] } });
    h.caller.on('trade.placeOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    let lookups = 0;
    h.caller.on('trade.getOrderInfo', () => {
      lookups += 1;
      if (lookups < 6) throw exchangeError('EXCH_NETWORK', 'connection reset');
      return orderRecord({ orderId: '610', clientOid: 'ud-test-1' });
    });
    const out = await h.service.submitOrder(LIMIT);
    expect(out).toMatchObject({ status: 'unknown', clientOid: 'ud-test-1', sent: true });
    expect(out.error).toContain('lookup failed (connection reset)');
    expect(h.store.getState().orders.submissions['ud-test-1']?.state).toBe('unknown');
    expect(h.logTexts().at(-1)).toContain('the same order cannot be sent until it is settled');
    const again = await h.service.submitOrder(LIMIT);
    expect(again).toMatchObject({ status: 'rejected', sent: false, clientOid: 'ud-test-1' });
    expect(again.error).toContain('is unknown and may be on the exchange');
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(1);
    await h.until((s) => s.orders.submissions['ud-test-1']?.state === 'accepted');
    expect(lookups).toBe(6);
    expect(h.store.getState().orders.open['610']?.clientOid).toBe('ud-test-1');
  });

  it('an unknown socket result is reconciled, never resent over REST; the order stream may answer first', async () => {
    const socket = new FakeSocket();
    socket.reply = () => Promise.reject(exchangeError('EXCH_UNKNOWN_RESULT', 'the private socket went away before the reply'));
    const h = harness({ socket });
    // The order stream delivers the order while we wait.
    h.store.getState().applyOrder(openOrder('700', { clientOid: 'ud-test-1' }), 1);
    const out = await h.service.submitOrder(LIMIT);
    expect(out).toMatchObject({ status: 'accepted', orderId: '700' });
    expect(socket.requests).toHaveLength(1);
    expect(h.caller.calls).toHaveLength(0);
  });

  it('refuses the same request while the first is still sending (held Enter), at any distance in time', async () => {
    const h = harness();
    const gate = deferred<unknown>();
    h.caller.on('trade.placeOrder', () => gate.promise);
    const first = h.service.submitOrder(LIMIT);
    const second = await h.service.submitOrder(LIMIT);
    expect(second).toMatchObject({ status: 'rejected', sent: false, clientOid: 'ud-test-1' });
    expect(second.error).toContain('is still being sent');
    const other = h.service.submitOrder({ ...LIMIT, qty: '0.02' });
    h.setNow(1_060_000);
    expect(await h.service.submitOrder(LIMIT)).toMatchObject({ status: 'rejected', sent: false });
    gate.resolve({ orderId: '1', clientOid: 'x' });
    await Promise.all([first, other]);
    expect(h.caller.callsOf('trade.placeOrder')).toHaveLength(2);
    expect(await h.service.submitOrder(LIMIT)).toMatchObject({ status: 'accepted' });
  });
});

describe('OrderService.modifyOrder', () => {
  it('allows one modify per order: a second is refused at once, the flag clears on reply and on error', async () => {
    const h = harness();
    h.store.getState().applyOrder(openOrder('11'), 1);
    const gate = deferred<unknown>();
    h.caller.on('trade.modifyOrder', () => gate.promise);
    const first = h.service.modifyOrder('11', { price: '90500' });
    expect(h.store.getState().orders.modifying['11']).toBe(true);
    const second = await h.service.modifyOrder('11', { price: '91000' });
    expect(second).toMatchObject({ status: 'rejected', sent: false });
    expect(second.error).toContain('still in flight');
    gate.resolve({ orderId: '11', clientOid: 'c-11' });
    expect(await first).toMatchObject({ status: 'accepted', orderId: '11' });
    expect(h.store.getState().orders.modifying['11']).toBeUndefined();
    expect(h.caller.callsOf('trade.modifyOrder')).toEqual([{ orderId: '11', price: '90500', category: 'USDT-FUTURES', symbol: 'BTCUSDT' }]);
    h.caller.on('trade.modifyOrder', () => {
      throw rejection('25204', 'Order does not exist');
    });
    expect(await h.service.modifyOrder('11', { qty: '0.02' })).toMatchObject({ status: 'rejected', error: '25204 Order does not exist' });
    expect(h.store.getState().orders.modifying['11']).toBeUndefined();
  });

  it('refuses modifies the exchange would refuse, with the reason', async () => {
    const h = harness();
    h.store.getState().setInstruments([btcInstrument()], 0);
    h.store.getState().applyOrder(openOrder('12', { reduceOnly: true }), 1);
    h.store.getState().applyOrder(openOrder('13', { category: 'COIN-FUTURES', symbol: 'BTCUSD' }), 1);
    h.store.getState().applyOrder(openOrder('14'), 1);
    expect((await h.service.modifyOrder('12', { price: '1' })).error).toContain('reduce-only');
    expect((await h.service.modifyOrder('13', { price: '1' })).error).toContain('coin-margined futures support neither modify');
    expect((await h.service.modifyOrder('14', { price: '90000.05' })).error).toContain('multiple of 0.1');
    expect((await h.service.modifyOrder('14', {})).error).toContain('give a new price or quantity');
    expect((await h.service.modifyOrder('99', { price: '1' })).error).toContain('not open');
    expect(h.caller.calls).toHaveLength(0);
  });

  it('an unknown modify is reconciled by order-info and the fresh order lands in the store', async () => {
    const h = harness();
    h.store.getState().applyOrder(openOrder('15'), 1);
    h.caller.on('trade.modifyOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', () => orderRecord({ orderId: '15', clientOid: 'c-15', price: '91000' }));
    const out = await h.service.modifyOrder('15', { price: '91000' });
    expect(out).toMatchObject({ status: 'accepted', orderId: '15' });
    expect(h.caller.callsOf('trade.modifyOrder')).toHaveLength(1);
    expect(h.caller.callsOf('trade.getOrderInfo')).toEqual([{ orderId: '15' }]);
    expect(h.store.getState().orders.open['15']?.price?.toFixed()).toBe('91000');
    expect(h.store.getState().orders.modifying['15']).toBeUndefined();
  });

  it('an unknown modify that never shows stays unknown', async () => {
    const h = harness({ deps: { reconcileDelaysMs: [1, 1] } });
    h.store.getState().applyOrder(openOrder('16'), 1);
    h.caller.on('trade.modifyOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', () => orderRecord({ orderId: '16', clientOid: 'c-16' }));
    const out = await h.service.modifyOrder('16', { price: '91000' });
    expect(out.status).toBe('unknown');
    expect(out.error).toContain('does not show price 90000 → 91000');
  });
});

describe('OrderService.cancelOrder and closePosition', () => {
  it('cancels a Reality (rToken) order on its own path, cancel-reality-order', async () => {
    const h = harness({ socket: new FakeSocket() });
    h.store.getState().setInstruments([btcInstrument({ category: 'SPOT', symbol: 'rAAPLUSDT', isReality: true })], 0);
    h.caller.on('trade.cancelRealityOrder', () => ({ orderId: '31', clientOid: 'c-31' }));
    expect(await h.service.cancelOrder(openOrder('31', { category: 'SPOT', symbol: 'rAAPLUSDT' }))).toMatchObject({ status: 'accepted', orderId: '31' });
    expect(h.caller.callsOf('trade.cancelRealityOrder')).toEqual([{ orderId: '31', symbol: 'rAAPLUSDT' }]);
    expect(h.caller.callsOf('trade.cancelOrder')).toHaveLength(0);
  });

  it('cancels by orderId with the category; a refusal carries the code', async () => {
    const h = harness();
    h.caller.on('trade.cancelOrder', () => ({ orderId: '21', clientOid: 'c-21' }));
    expect(await h.service.cancelOrder(openOrder('21'))).toMatchObject({ status: 'accepted', orderId: '21' });
    expect(h.caller.callsOf('trade.cancelOrder')).toEqual([{ orderId: '21' }]);
    h.caller.on('trade.cancelOrder', () => {
      throw rejection('25204', 'Order does not exist');
    });
    expect(await h.service.cancelOrder(openOrder('22'))).toMatchObject({ status: 'rejected', error: '25204 Order does not exist' });
    expect(h.logTexts()).toContain('error: cancel of buy 0.01 BTCUSDT @ 90000 order 22 rejected: 25204 Order does not exist');
  });

  it('cancels and modifies over the socket when it is ready (category at the top level)', async () => {
    const socket = new FakeSocket();
    const h = harness({ socket });
    h.store.getState().applyOrder(openOrder('24'), 1);
    expect(await h.service.modifyOrder('24', { qty: '0.02' })).toMatchObject({ status: 'accepted' });
    expect(await h.service.cancelOrder(openOrder('24'))).toMatchObject({ status: 'accepted' });
    expect(socket.requests).toEqual([
      { topic: 'modify-order', category: 'USDT-FUTURES', args: [{ orderId: '24', qty: '0.02', symbol: 'BTCUSDT' }] },
      { topic: 'cancel-order', category: 'USDT-FUTURES', args: [{ orderId: '24', symbol: 'BTCUSDT' }] },
    ]);
    expect(h.caller.calls).toHaveLength(0);
  });

  it('an unknown cancel is confirmed when order-info shows the order cancelled', async () => {
    const h = harness();
    h.caller.on('trade.cancelOrder', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', () => orderRecord({ orderId: '23', clientOid: 'c-23', status: 'cancelled' }));
    expect(await h.service.cancelOrder(openOrder('23'))).toMatchObject({ status: 'accepted' });
    expect(h.store.getState().orders.recent[0]?.orderId).toBe('23');
  });

  it('closes a hedge position with side + posSide and a one-way position with reduceOnly, at market', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', () => ({ orderId: '31', clientOid: 'x' }));
    const pos = (holdMode: Position['holdMode'], posSide: Position['posSide']): Position => ({
      category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide, holdMode, marginMode: 'crossed', marginCoin: 'USDT', size: new Decimal('0.5'), available: new Decimal('0.5'),
      avgPrice: new Decimal(90000), markPrice: new Decimal(90000), unrealisedPnl: new Decimal(0), leverage: new Decimal(10), liqPrice: new Decimal(0), margin: new Decimal(0), takeProfit: null, stopLoss: null, updatedTime: 0,
    });
    await h.service.closePosition(pos('hedge_mode', 'long'));
    await h.service.closePosition(pos('one_way_mode', 'short'));
    const [hedge, oneWay] = h.caller.callsOf('trade.placeOrder');
    expect(hedge).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.5', side: 'sell', orderType: 'market', clientOid: 'ud-test-1', posSide: 'long', marginMode: 'crossed' });
    expect(oneWay).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.5', side: 'buy', orderType: 'market', clientOid: 'ud-test-2', reduceOnly: 'yes', marginMode: 'crossed' });
    expect(h.store.getState().orders.submissions['ud-test-1']?.label).toBe('close long 0.5 BTCUSDT @ market');
    const none = await h.service.closePosition({ ...pos('hedge_mode', 'long'), available: new Decimal(0) });
    expect(none).toMatchObject({ status: 'rejected', sent: false });
  });
});
