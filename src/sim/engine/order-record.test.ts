import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EngineCore } from './core.js';
import { FakeMarket } from './engine.testkit.js';
import { newOrderRecord } from './order-record.js';

function core(): EngineCore {
  let t = 1_700_000_000_000;
  return new EngineCore(new FakeMarket(), () => (t += 1));
}

describe('newOrderRecord', () => {
  it('starts every order in state new with nothing filled, held or reserved, and the shared defaults', () => {
    const c = core();
    const inst = c.instruments.get('SPOT', 'BTCUSDT');
    const o = newOrderRecord(c, { uid: 'u1', inst, side: 'buy', orderType: 'limit', timeInForce: 'gtc', price: new Decimal(100), qty: new Decimal(2) });
    expect(o).toMatchObject({ category: 'SPOT', symbol: 'BTCUSDT', uid: 'u1', clientOid: '', state: 'new', quoteQty: false, feeCoin: '', posSide: null, sentPosSide: null });
    expect(o).toMatchObject({ holdMode: 'one_way_mode', tradeSide: '', reduceOnly: false, stpMode: 'none', marginMode: 'crossed', leverage: 1, execType: 'normal' });
    expect(o).toMatchObject({ cancelReason: '', cancelSource: '', lockCoin: '', tpsl: {}, lastExecId: '' });
    for (const d of [o.filledQty, o.filledValue, o.fee, o.locked, o.reservedMargin, o.pnl]) expect(d.isZero()).toBe(true);
    expect(o.updatedTime).toBe(o.createdTime);
  });

  it('takes the given fields over the defaults and draws a fresh id and time priority each time', () => {
    const c = core();
    const inst = c.instruments.get('USDT-FUTURES', 'BTCUSDT');
    const fields = { uid: 'u1', inst, side: 'sell', orderType: 'market', timeInForce: 'ioc', price: null, qty: new Decimal('0.5') } as const;
    const a = newOrderRecord(c, { ...fields, posSide: 'long', tradeSide: 'close', reduceOnly: true, marginMode: 'isolated', leverage: 20, execType: 'liquidation', feeCoin: 'USDT', tpsl: { takeProfit: '1' } });
    expect(a).toMatchObject({ category: 'USDT-FUTURES', posSide: 'long', tradeSide: 'close', reduceOnly: true, marginMode: 'isolated', leverage: 20, execType: 'liquidation', feeCoin: 'USDT', tpsl: { takeProfit: '1' } });
    const b = newOrderRecord(c, fields);
    expect(b.orderId).not.toBe(a.orderId);
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(b.tpsl).not.toBe(a.tpsl);
  });
});
