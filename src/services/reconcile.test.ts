import { describe, expect, it } from 'vitest';
import { createExchangeApi } from '../exchange/rest/facade.js';
import { FakeCaller, rejection } from './order-service.testkit.js';
import { lookupOrder, pollOrder, type LookupResult } from './reconcile.js';

describe('reconcile helpers', () => {
  it('lookupOrder maps 25204 to absent, an order to found and other failures to error', async () => {
    const caller = new FakeCaller();
    const api = createExchangeApi(caller);
    caller.on('trade.getOrderInfo', () => {
      throw rejection('25204', 'Order does not exist');
    });
    expect(await lookupOrder(api, { clientOid: 'x' })).toEqual({ kind: 'absent', detail: '25204 Order does not exist' });
    caller.on('trade.getOrderInfo', () => {
      throw rejection('40762', 'other');
    });
    expect((await lookupOrder(api, { clientOid: 'x' })).kind).toBe('error');
    caller.on('trade.getOrderInfo', () => ({ orderId: '1', category: 'SPOT', orderStatus: 'live', symbol: 'BTCUSDT', qty: '1' }));
    expect((await lookupOrder(api, { clientOid: 'x' })).kind).toBe('found');
  });

  it('pollOrder waits before each lookup and stops at the first accepted result', async () => {
    const seen: string[] = [];
    const results: LookupResult[] = [{ kind: 'error', detail: 'a' }, { kind: 'absent', detail: 'b' }, { kind: 'absent', detail: 'c' }];
    let i = 0;
    const out = await pollOrder(
      () => Promise.resolve(results[i++] ?? { kind: 'error', detail: 'none' }),
      (r) => r.kind === 'absent',
      { delaysMs: [5, 6, 7], sleep: (ms) => Promise.resolve(void seen.push(`sleep ${ms}`)) },
    );
    expect(out).toEqual({ last: { kind: 'absent', detail: 'b' }, attempts: 2, settled: true });
    expect(seen).toEqual(['sleep 5', 'sleep 6']);
  });
});
