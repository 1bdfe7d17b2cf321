import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationId } from '../wire/operations.js';
import type { OperationParams } from '../wire/params.js';
import { createExchangeApi, type OperationCaller } from './facade.js';
import type { CallOptions } from './rest-client.js';

/** Records every call and answers with the operation id. */
class RecordingCaller implements OperationCaller {
  readonly calls: { id: string; params: unknown; opts: CallOptions | undefined }[] = [];
  call<Id extends OperationId>(id: Id, params: OperationParams[Id], opts?: CallOptions): Promise<unknown> {
    this.calls.push({ id, params, opts });
    return Promise.resolve(`reply:${id}`);
  }
}

describe('createExchangeApi', () => {
  it('has exactly one method per operation, grouped by the text before the dot', async () => {
    const caller = new RecordingCaller();
    const api = createExchangeApi(caller) as unknown as Record<string, Record<string, (p?: unknown) => Promise<unknown>>>;
    let count = 0;
    for (const [group, methods] of Object.entries(api)) {
      for (const [method, fn] of Object.entries(methods)) {
        count++;
        await expect(fn({ probe: true })).resolves.toBe(`reply:${group}.${method}`);
      }
    }
    expect(count).toBe(OPERATIONS.length);
    expect(caller.calls.map((c) => c.id).sort()).toEqual(OPERATIONS.map((o) => o.id).sort());
  });

  it('passes params and options through, and sends {} when params are left out', async () => {
    const caller = new RecordingCaller();
    const api = createExchangeApi(caller);
    const order = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'market' } as OperationParams['trade.placeOrder'];
    await api.trade.placeOrder(order, { timeoutMs: 1234 });
    await api.loan.borrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '100' } as OperationParams['loan.borrow']);
    await api.account.getAssets();
    await api.market.getPublicTime();
    expect(caller.calls).toEqual([
      { id: 'trade.placeOrder', params: order, opts: { timeoutMs: 1234 } },
      { id: 'loan.borrow', params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '100' }, opts: undefined },
      { id: 'account.getAssets', params: {}, opts: undefined },
      { id: 'market.getPublicTime', params: {}, opts: undefined },
    ]);
  });

  it('is frozen', () => {
    const api = createExchangeApi(new RecordingCaller());
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.trade)).toBe(true);
  });

  it('refuses an id without a group', () => {
    const bad = { ...OPERATIONS[0], id: 'nogroup' } as unknown as (typeof OPERATIONS)[number];
    expect(() => createExchangeApi(new RecordingCaller(), [bad])).toThrow('group.method');
  });
});

describe('ExchangeApi types', () => {
  it('types each method with its operation params (the @ts-expect-error lines fail tsc if they compile)', async () => {
    const caller = new RecordingCaller();
    const api = createExchangeApi(caller);
    // @ts-expect-error placeOrder needs category, symbol, qty, side and orderType
    await api.trade.placeOrder({ category: 'SPOT' });
    // @ts-expect-error loan.borrow takes pledgeAmount or loanAmount, not both
    await api.loan.borrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1', loanAmount: '2' });
    // @ts-expect-error there is no such method
    expect(api.loan.placeOrder).toBeUndefined();
    // @ts-expect-error batch operations take an array
    await api.trade.cancelBatch({ orderId: '1', category: 'SPOT', symbol: 'BTCUSDT' });
    await api.trade.cancelBatch([{ orderId: '1', category: 'SPOT', symbol: 'BTCUSDT' }]);
    await api.market.getTickers({ category: 'SPOT' });
    expect(caller.calls.map((c) => c.id)).toEqual(['trade.placeOrder', 'loan.borrow', 'trade.cancelBatch', 'trade.cancelBatch', 'market.getTickers']);
  });
});
