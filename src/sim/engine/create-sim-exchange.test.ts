import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { SimRejection, type SimEvent } from '../contract.js';
import { createMarketFeed } from '../market/create-market-feed.js';
import { createSimExchange, DEMO_UID } from './create-sim-exchange.js';

const T0 = 1_764_000_000_000;

function realExchange(): { ex: ReturnType<typeof createSimExchange>; step: (ms: number) => void; events: SimEvent[] } {
  let t = T0;
  const manual = { setInterval: () => null, clearInterval: () => undefined };
  const market = createMarketFeed({ seed: 7, speed: 1, now: () => t, timers: manual });
  const ex = createSimExchange({ now: () => t, market });
  const events: SimEvent[] = [];
  ex.subscribe((e) => events.push(e));
  ex.start();
  return {
    ex,
    events,
    step: (ms) => {
      t += ms;
      market.step(t);
      ex.tick(t);
    },
  };
}

describe('createSimExchange with the real market and back office', () => {
  it('makers quote on the engine books and user orders trade against them', () => {
    const { ex, step, events } = realExchange();
    try {
      for (let i = 0; i < 8; i += 1) step(250);
      const levels = ex.bookLevels('USDT-FUTURES', 'BTCUSDT', 5);
      expect(levels.bids.length).toBeGreaterThan(0);
      expect(levels.asks.length).toBeGreaterThan(0);
      const bestBid = new Decimal(levels.bids[0]?.[0] ?? '0');
      const bestAsk = new Decimal(levels.asks[0]?.[0] ?? '0');
      expect(bestBid.lt(bestAsk)).toBe(true);
      expect(events.some((e) => e.type === 'publicTrade')).toBe(true);
      expect(events.filter((e) => e.type === 'order')).toEqual([]);
      const ack = ex.handle('trade.placeOrder', DEMO_UID, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.01' }) as { orderId: string };
      const order = ex.handle('trade.getOrderInfo', DEMO_UID, { orderId: ack.orderId }) as Record<string, string>;
      expect(order['orderStatus']).toBe('filled');
      expect(ex.positionsPush(DEMO_UID)[0]).toMatchObject({ symbol: 'BTCUSDT', posSide: 'long', size: '0.01' });
      expect(ex.hasInstrument('SPOT', 'BTCUSDT')).toBe(true);
      expect(ex.hasInstrument('SPOT', 'NOPE')).toBe(false);
    } finally {
      ex.stop();
    }
  });

  it('routes operations to the back office, the market and the engine', () => {
    const { ex, step } = realExchange();
    try {
      step(250);
      expect(Array.isArray(ex.handle('market.getTickers', null, { category: 'SPOT' }))).toBe(true);
      expect(ex.handle('loan.getCoins', DEMO_UID, {})).toHaveProperty('loanInfos');
      expect(ex.handle('market.getOrderbook', null, { category: 'SPOT', symbol: 'BTCUSDT' })).toMatchObject({ a: expect.any(Array), b: expect.any(Array) });
      expect(() => ex.handle('nothing.here', DEMO_UID, {})).toThrow(SimRejection);
      expect(() => ex.handle('trade.placeOrder', null, {})).toThrow(SimRejection);
    } finally {
      ex.stop();
    }
  });

  it('back office operations move engine balances through the ledger and push one account event', () => {
    const { ex, step, events } = realExchange();
    try {
      step(250);
      events.length = 0;
      ex.handle('loan.borrow', DEMO_UID, { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '1' });
      expect(events.filter((e) => e.type === 'account')).toEqual([{ type: 'account', uid: DEMO_UID }]);
      const assets = ex.handle('account.getAssets', DEMO_UID, {}) as { assets: { coin: string; balance: string }[] };
      expect(assets.assets.find((a) => a.coin === 'BTC')?.balance).toBe('1');
      expect(new Decimal(assets.assets.find((a) => a.coin === 'USDT')?.balance ?? '0').gt(100000)).toBe(true);
    } finally {
      ex.stop();
    }
  });

  it('a price shock liquidates a high-leverage position', () => {
    const { ex, step } = realExchange();
    try {
      for (let i = 0; i < 8; i += 1) step(250);
      ex.handle('account.setLeverage', DEMO_UID, { category: 'USDT-FUTURES', symbol: 'ETHUSDT', leverage: '100' });
      ex.handle('trade.placeOrder', DEMO_UID, { category: 'USDT-FUTURES', symbol: 'ETHUSDT', side: 'buy', orderType: 'market', qty: '1', marginMode: 'isolated' });
      expect(ex.positionsPush(DEMO_UID)).toHaveLength(1);
      ex.shockPrice('USDT-FUTURES', 'ETHUSDT', new Decimal('0.9'));
      step(250);
      expect(ex.positionsPush(DEMO_UID)).toEqual([]);
    } finally {
      ex.stop();
    }
  });

  it('builds the default market and back office and starts/stops cleanly', () => {
    const ex = createSimExchange({ seed: 3 });
    ex.start();
    ex.stop();
    expect(ex.demoUid).toBe('6000000001');
    expect(ex.accountPush(DEMO_UID)['coin']).toHaveLength(5);
  });
});
