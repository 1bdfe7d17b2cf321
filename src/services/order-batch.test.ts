import { describe, expect, it } from 'vitest';
import { exchangeError, FakeSocket, harness, openOrder, orderRecord, rejection } from './order-service.testkit.js';

describe('OrderService.cancelBatch', () => {
  it('returns and logs per-order results matched by orderId (one bad id)', async () => {
    const h = harness();
    h.caller.on('trade.cancelBatch', () => [
      { orderId: '2', clientOid: '', code: '25204', msg: 'Order does not exist' },
      { orderId: '1', clientOid: 'c-1', code: '00000', msg: 'success' },
    ]);
    const out = await h.service.cancelBatch([openOrder('1'), openOrder('2')]);
    expect(out.status).toBe('accepted');
    expect(out.items).toEqual([
      { orderId: '1', clientOid: 'c-1', status: 'accepted' },
      { orderId: '2', clientOid: 'c-2', status: 'rejected', error: '25204 Order does not exist' },
    ]);
    expect(h.caller.callsOf('trade.cancelBatch')).toEqual([
      [
        { orderId: '1', category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
        { orderId: '2', category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
      ],
    ]);
    expect(h.logTexts()).toContain('error: cancel order 2: rejected (25204 Order does not exist)');
    expect(h.logTexts()).toContain('warn: cancel: 1 of 2 accepted');
  });

  it('refuses more than 20 orders, an empty batch and mixed categories without sending', async () => {
    const h = harness();
    const many = Array.from({ length: 21 }, (_, i) => openOrder(String(i)));
    expect((await h.service.cancelBatch(many)).error).toContain('at most 20');
    expect((await h.service.cancelBatch([])).error).toContain('empty');
    expect((await h.service.cancelBatch([openOrder('1'), openOrder('2', { category: 'SPOT' })])).error).toContain('one category');
    expect(h.caller.calls).toHaveLength(0);
  });

  it('goes over the socket when there is one (batch-cancel with per-arg codes)', async () => {
    const socket = new FakeSocket();
    socket.reply = (req) =>
      Promise.resolve({ id: '1', topic: req.topic, code: '0', msg: 'success', args: [{ orderId: '1', clientOid: 'c-1', code: '0', msg: 'success' }, { orderId: '2', clientOid: '', code: '25204', msg: 'no' }] });
    const h = harness({ socket });
    const out = await h.service.cancelBatch([openOrder('1'), openOrder('2')]);
    expect(out.items.map((i) => i.status)).toEqual(['accepted', 'rejected']);
    expect(socket.requests[0]).toMatchObject({ topic: 'batch-cancel', category: 'USDT-FUTURES', args: [{ orderId: '1', symbol: 'BTCUSDT' }, { orderId: '2', symbol: 'BTCUSDT' }] });
  });

  it('an unknown batch result looks each order up once and reports what it found', async () => {
    const h = harness();
    h.caller.on('trade.cancelBatch', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', (p) => {
      const id = (p as { orderId: string }).orderId;
      return orderRecord({ orderId: id, clientOid: `c-${id}`, status: id === '1' ? 'cancelled' : 'live' });
    });
    const out = await h.service.cancelBatch([openOrder('1'), openOrder('2')]);
    expect(out.status).toBe('unknown');
    expect(out.items.map((i) => i.status)).toEqual(['accepted', 'unknown']);
    expect(h.caller.callsOf('trade.cancelBatch')).toHaveLength(1);
  });
});

describe('OrderService.modifyBatch', () => {
  it('refuses orders with a modify in flight individually, sends the rest, and clears the flags', async () => {
    const h = harness();
    for (const id of ['1', '2', '3']) h.store.getState().applyOrder(openOrder(id), 1);
    h.store.getState().setModifying('2', true);
    h.caller.on('trade.batchModifyOrder', () => [
      { orderId: '1', clientOid: 'c-1' },
      { orderId: '3', clientOid: 'c-3', code: '40020', msg: 'Parameter price error' },
    ]);
    const out = await h.service.modifyBatch([
      { orderId: '1', price: '90100' },
      { orderId: '2', price: '90200' },
      { orderId: '3', price: '90300' },
      { orderId: '4', price: '1' },
    ]);
    expect(out.items).toEqual([
      { orderId: '1', clientOid: 'c-1', status: 'accepted' },
      { orderId: '2', clientOid: 'c-2', status: 'rejected', error: 'a modify is still in flight; wait for its reply' },
      { orderId: '3', clientOid: 'c-3', status: 'rejected', error: '40020 Parameter price error' },
      { orderId: '4', clientOid: '', status: 'rejected', error: 'not open (filled, cancelled or not loaded yet)' },
    ]);
    expect(h.caller.callsOf('trade.batchModifyOrder')).toEqual([
      [
        { orderId: '1', symbol: 'BTCUSDT', category: 'USDT-FUTURES', price: '90100' },
        { orderId: '3', symbol: 'BTCUSDT', category: 'USDT-FUTURES', price: '90300' },
      ],
    ]);
    expect(h.store.getState().orders.modifying).toEqual({ '2': true });
  });
});

describe('OrderService.cancelAll and closeAll', () => {
  it('cancel-all reports per-order entries from {list}', async () => {
    const h = harness();
    h.caller.on('trade.cancelSymbolOrder', () => ({ list: [{ orderId: '1', clientOid: 'a', code: '00000', msg: 'success' }] }));
    const out = await h.service.cancelAll('USDT-FUTURES', 'BTCUSDT');
    expect(out).toEqual({ status: 'accepted', items: [{ orderId: '1', clientOid: 'a', status: 'accepted' }], sent: true });
    expect(h.caller.callsOf('trade.cancelSymbolOrder')).toEqual([{ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }]);
  });

  it('close-all needs a futures category and reports 25227 as nothing to close', async () => {
    const h = harness();
    expect(await h.service.closeAll('SPOT')).toMatchObject({ status: 'rejected', sent: false });
    h.caller.on('trade.closePositions', () => {
      throw rejection('25227', 'No position to close');
    });
    expect(await h.service.closeAll('USDT-FUTURES')).toMatchObject({ status: 'rejected', sent: true, error: '25227 no position to close' });
    h.caller.on('trade.closePositions', () => ({ list: [{ orderId: '8', clientOid: 'z', code: '00000', msg: 'success' }] }));
    expect((await h.service.closeAll('USDT-FUTURES')).items).toEqual([{ orderId: '8', clientOid: 'z', status: 'accepted' }]);
    expect(h.caller.callsOf('trade.closePositions')).toEqual([{ category: 'USDT-FUTURES' }, { category: 'USDT-FUTURES' }]);
  });
});

describe('OrderService.submitBatch (ladder, place-batch)', () => {
  const rung = (price: string) => ({ category: 'USDT-FUTURES' as const, symbol: 'BTCUSDT', side: 'buy' as const, orderType: 'limit' as const, price, qty: '0.01' });

  it('gives every order its own clientOid, sends one batch and reports per order', async () => {
    const h = harness();
    h.caller.on('trade.placeBatch', (body) =>
      (body as { clientOid: string }[]).map((o, i) => (i === 1 ? { orderId: '', clientOid: o.clientOid, code: '43012', msg: 'Insufficient balance' } : { orderId: `70${i}`, clientOid: o.clientOid, code: '00000', msg: 'success' })),
    );
    const out = await h.service.submitBatch([rung('97000'), rung('96900'), rung('96800')]);
    expect(out.status).toBe('accepted');
    expect(out.items).toEqual([
      { orderId: '700', clientOid: 'ud-test-1', status: 'accepted' },
      { orderId: '', clientOid: 'ud-test-2', status: 'rejected', error: '43012 Insufficient balance' },
      { orderId: '702', clientOid: 'ud-test-3', status: 'accepted' },
    ]);
    const sent = h.caller.callsOf('trade.placeBatch')[0] as { clientOid: string; price: string }[];
    expect(sent.map((o) => [o.clientOid, o.price])).toEqual([
      ['ud-test-1', '97000'],
      ['ud-test-2', '96900'],
      ['ud-test-3', '96800'],
    ]);
    expect(h.store.getState().orders.submissions['ud-test-2']).toMatchObject({ state: 'rejected', error: '43012 Insufficient balance' });
  });

  it('refuses the whole batch, sending nothing, when one order breaks a rule or there are too many', async () => {
    const h = harness();
    expect((await h.service.submitBatch([rung('97000'), { ...rung('96900'), qty: '0' }])).error).toContain('order 2');
    expect((await h.service.submitBatch(Array.from({ length: 21 }, () => rung('97000')))).error).toContain('at most 20');
    expect(h.caller.calls).toHaveLength(0);
  });

  it('an unknown result is never resent: each order is watched by its clientOid until proven', async () => {
    const h = harness();
    h.caller.on('trade.placeBatch', () => {
      throw exchangeError('EXCH_UNKNOWN_RESULT');
    });
    h.caller.on('trade.getOrderInfo', (p) => {
      const oid = (p as { clientOid: string }).clientOid;
      if (oid === 'ud-test-1') return orderRecord({ orderId: '801', clientOid: oid, status: 'live' });
      throw rejection('25204', 'Order does not exist');
    });
    h.caller.on('trade.getUnfilledOrders', () => ({ list: [orderRecord({ orderId: '801', clientOid: 'ud-test-1' })], cursor: '' }));
    h.caller.on('trade.getHistoryOrders', () => ({ list: [], cursor: '' }));
    const out = await h.service.submitBatch([rung('97000'), rung('96900')]);
    expect(out.status).toBe('unknown');
    expect(out.items[0]).toEqual({ orderId: '801', clientOid: 'ud-test-1', status: 'accepted' });
    expect(out.items[1]).toMatchObject({ orderId: '', clientOid: 'ud-test-2', status: 'unknown' });
    // The same rung cannot go again while it is unknown.
    expect((await h.service.submitBatch([rung('96900')])).error).toContain('unknown and may be on the exchange');
    await h.until((s) => s.orders.submissions['ud-test-2']?.state === 'rejected');
    expect(h.caller.callsOf('trade.placeBatch')).toHaveLength(1);
    expect(h.caller.callsOf('trade.getOrderInfo')[0]).toEqual({ clientOid: 'ud-test-1' });
  });

  it('a reply without an entry for an order watches that order; answered entries settle theirs', async () => {
    const h = harness();
    h.caller.on('trade.placeBatch', () => [{ orderId: '811', clientOid: 'ud-test-1' }]);
    h.caller.on('trade.getOrderInfo', () => orderRecord({ orderId: '812', clientOid: 'ud-test-2' }));
    const out = await h.service.submitBatch([rung('97000'), rung('96900')]);
    expect(out.items).toEqual([
      { orderId: '811', clientOid: 'ud-test-1', status: 'accepted' },
      { orderId: '812', clientOid: 'ud-test-2', status: 'accepted' },
    ]);
    expect(h.caller.callsOf('trade.getOrderInfo')).toEqual([{ clientOid: 'ud-test-2' }]);
  });
});
