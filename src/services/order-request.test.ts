import { describe, expect, it } from 'vitest';
import { placeParams, type OrderRequest } from './order-request.js';

const base: OrderRequest = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '97000', qty: '0.01' };

describe('placeParams', () => {
  it('maps the basic fields and leaves unset options out', () => {
    expect(placeParams(base, 'c1')).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01', side: 'buy', orderType: 'limit', clientOid: 'c1', price: '97000' });
  });

  it('maps preset TP/SL with trigger-by on futures, and limit prices only with a limit TP/SL type', () => {
    const p = placeParams({ ...base, takeProfit: '99000', stopLoss: '95000', tpTriggerBy: 'mark', slTriggerBy: 'market', tpOrderType: 'limit', tpLimitPrice: '98990', slOrderType: 'market', slLimitPrice: '1' }, 'c1');
    expect(p).toMatchObject({ takeProfit: '99000', stopLoss: '95000', tpTriggerBy: 'mark', slTriggerBy: 'market', tpOrderType: 'limit', tpLimitPrice: '98990', slOrderType: 'market' });
    expect(p).not.toHaveProperty('slLimitPrice');
  });

  it('drops trigger-by outside futures and every preset on coin-margined futures', () => {
    const spot = placeParams({ ...base, category: 'SPOT', takeProfit: '99000', tpTriggerBy: 'mark' }, 'c1');
    expect(spot).toMatchObject({ takeProfit: '99000' });
    expect(spot).not.toHaveProperty('tpTriggerBy');
    const coin = placeParams({ ...base, category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', takeProfit: '99000', stopLoss: '1', tpTriggerBy: 'mark' }, 'c1');
    expect(coin).not.toHaveProperty('takeProfit');
    expect(coin).not.toHaveProperty('stopLoss');
    expect(coin).not.toHaveProperty('tpTriggerBy');
  });

  it('maps stpMode, autoBorrow (spot only), pxAmendType (limit only), venue and rTokenTimeInForce', () => {
    const spot = placeParams({ ...base, category: 'SPOT', stpMode: 'cancel_taker', autoBorrow: 'yes', pxAmendType: 'yes', venue: 'internalization', rTokenTimeInForce: 'gtc' }, 'c1');
    expect(spot).toMatchObject({ stpMode: 'cancel_taker', autoBorrow: 'yes', pxAmendType: 'yes', venue: 'internalization', rTokenTimeInForce: 'gtc' });
    const fut = placeParams({ ...base, autoBorrow: 'yes', orderType: 'market', pxAmendType: 'yes' }, 'c1');
    expect(fut).not.toHaveProperty('autoBorrow');
    expect(fut).not.toHaveProperty('pxAmendType');
    expect(fut).not.toHaveProperty('price');
  });

  it('never sends the reference price', () => {
    expect(Object.keys(placeParams({ ...base, orderType: 'market' }, 'c1'))).not.toContain('referencePrice');
  });
});
