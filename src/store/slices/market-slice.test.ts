import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../domain/model.js';
import { SPARK_SAMPLES } from '../../domain/sparkline.js';
import { createAppStore } from '../create-app-store.js';

describe('market slice: candle series times', () => {
  it('records when each series was last written', () => {
    const store = createAppStore();
    store.getState().applyCandles('USDT-FUTURES:BTCUSDT:1m:market', [], 'snapshot', 1000);
    store.getState().applyCandles('USDT-FUTURES:BTCUSDT:1m:mark', [], 'update', 2000);
    expect(store.getState().market.candlesAt).toEqual({ 'USDT-FUTURES:BTCUSDT:1m:market': 1000, 'USDT-FUTURES:BTCUSDT:1m:mark': 2000 });
  });
});

describe('market slice: watchlist and price history', () => {
  const ticker = (symbol: string, last: string): Ticker => ({
    category: 'SPOT', symbol, lastPrice: new Decimal(last), bid1Price: new Decimal(0), ask1Price: new Decimal(0), high24h: new Decimal(0), low24h: new Decimal(0),
    open24h: new Decimal(0), change24h: new Decimal(0), volume24h: new Decimal(0), turnover24h: new Decimal(0), markPrice: null, indexPrice: null, fundingRate: null,
    openInterest: null, deliveryStatus: null, ts: 0,
  });

  it('keeps one last price a second per ticker, bounded, skipping tickers with no price', () => {
    const store = createAppStore();
    for (let i = 0; i < SPARK_SAMPLES + 3; i += 1) store.getState().setTickers([ticker('BTCUSDT', String(100 + i)), ticker('ETHUSDT', '0')], i * 1000);
    store.getState().setTickers([ticker('BTCUSDT', '999')], (SPARK_SAMPLES + 2) * 1000 + 500);
    const h = store.getState().market.history['SPOT:BTCUSDT'] ?? [];
    expect(h).toHaveLength(SPARK_SAMPLES);
    expect(h[0]?.price.toFixed()).toBe('103');
    expect(h.at(-1)?.price.toFixed()).toBe('999');
    expect(store.getState().market.history['SPOT:ETHUSDT']).toBeUndefined();
  });

  it('stores the watchlist as plain refs', () => {
    const store = createAppStore();
    store.getState().setWatchlist([{ category: 'SPOT', symbol: 'ETHUSDT' }]);
    expect(store.getState().market.watchlist).toEqual([{ category: 'SPOT', symbol: 'ETHUSDT' }]);
  });
});
