import { describe, expect, it } from 'vitest';
import { createAppStore } from '../create-app-store.js';

describe('market slice: candle series times', () => {
  it('records when each series was last written', () => {
    const store = createAppStore();
    store.getState().applyCandles('USDT-FUTURES:BTCUSDT:1m:market', [], 'snapshot', 1000);
    store.getState().applyCandles('USDT-FUTURES:BTCUSDT:1m:mark', [], 'update', 2000);
    expect(store.getState().market.candlesAt).toEqual({ 'USDT-FUTURES:BTCUSDT:1m:market': 1000, 'USDT-FUTURES:BTCUSDT:1m:mark': 2000 });
  });
});
