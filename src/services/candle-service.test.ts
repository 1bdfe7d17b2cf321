import { describe, expect, it } from 'vitest';
import { createExchangeApi, type OperationCaller } from '../exchange/rest/facade.js';
import { StreamClient } from '../exchange/ws/stream-client.js';
import { createAppStore } from '../store/create-app-store.js';
import type { IntervalTimer } from './coalescer.js';
import { CandleService, candleChoices, candleSeriesKey } from './candle-service.js';

/** A REST boundary double: records every call and answers from `reply` (a promise the test may hold). */
function fakeRest(reply: (params: Record<string, string>) => Promise<unknown>) {
  const calls: { id: string; params: Record<string, string> }[] = [];
  const caller: OperationCaller = {
    call: (id, params) => {
      calls.push({ id, params: params as Record<string, string> });
      return reply(params as Record<string, string>);
    },
  };
  return { api: createExchangeApi(caller), calls };
}

/** A manual interval timer: `tick()` runs every registered callback once. */
function manualTimer() {
  const fns = new Map<number, () => void>();
  let next = 0;
  const timer: IntervalTimer = {
    setInterval: (fn) => {
      next += 1;
      fns.set(next, fn);
      return next;
    },
    clearInterval: (h) => void fns.delete(h as number),
  };
  return { timer, tick: () => [...fns.values()].forEach((f) => f()), count: () => fns.size };
}

const row = (start: number, close: string) => [String(start), '1', '2', '0.5', close, '10', '15'];

function setup(reply: (params: Record<string, string>) => Promise<unknown>) {
  const store = createAppStore();
  const stream = new StreamClient({ publicUrl: 'ws://127.0.0.1:9/never-connected' });
  const rest = fakeRest(reply);
  const t = manualTimer();
  const log: string[] = [];
  const service = new CandleService({ api: rest.api, stream, store, now: () => 1000, log: (_l, text) => log.push(text), timer: t.timer, followSelection: false });
  return { store, stream, rest, t, log, service };
}

describe('CandleService', () => {
  it('market candles subscribe kline for the focused symbol (margin on the spot feed)', async () => {
    const { service, stream, store } = setup(async () => []);
    let changes = 0;
    service.onChange(() => (changes += 1));
    store.getState().selectSymbol({ category: 'MARGIN', symbol: 'ETHUSDT' });
    const before = service.series();
    await service.setSeries({ category: 'MARGIN', symbol: 'ETHUSDT' }, '15m', 'market');
    expect(changes).toBe(1);
    expect(service.series()).not.toBe(before);
    await service.setSeries({ category: 'MARGIN', symbol: 'ETHUSDT' }, '15m', 'market');
    expect(changes).toBe(1);
    expect(stream.getSubscriptions().map((s) => s.arg)).toEqual([{ instType: 'spot', topic: 'kline', symbol: 'ETHUSDT', interval: '15m' }]);
    expect(service.seriesKey()).toBe('MARGIN:ETHUSDT:15m:market');
    await service.setSeries({ category: 'MARGIN', symbol: 'ETHUSDT' }, '1H', 'market');
    expect(stream.getSubscriptions().map((s) => s.arg.interval)).toEqual(['1H']);
    service.stop();
    expect(stream.getSubscriptions()).toEqual([]);
  });

  it('REST series load newest candles sorted, refresh by merging, and stop refreshing on change', async () => {
    let close = '1.5';
    const { service, rest, store, t } = setup(async (p) => (p.limit === '100' ? [row(3000, '1.2'), row(1000, '1.1'), row(2000, '1.3')] : [row(3000, close)]));
    const ref = { category: 'USDT-FUTURES' as const, symbol: 'BTCUSDT' };
    await service.setSeries(ref, '1m', 'index');
    expect(rest.calls).toEqual([{ id: 'market.getCandles', params: { category: 'USDT-FUTURES', symbol: 'BTCUSDT', interval: '1m', type: 'index', limit: '100' } }]);
    const key = candleSeriesKey(ref, '1m', 'index');
    expect(store.getState().market.candles[key]?.map((c) => c.start)).toEqual([1000, 2000, 3000]);
    close = '9';
    t.tick();
    await new Promise<void>((r) => setImmediate(r));
    expect(store.getState().market.candles[key]?.map((c) => c.close.toString())).toEqual(['1.1', '1.3', '9']);
    await service.setSeries(ref, '1m', 'market');
    expect(t.count()).toBe(0);
  });

  it('drops a late reply for a series no longer shown, and logs a failed load', async () => {
    let release: (v: unknown) => void = () => undefined;
    const { service, store, log, t } = setup((p) => (p.type === 'mark' ? new Promise((r) => (release = r)) : Promise.reject(new Error('Parameter interval error'))));
    const ref = { category: 'USDT-FUTURES' as const, symbol: 'BTCUSDT' };
    const slow = service.setSeries(ref, '1m', 'mark');
    await service.setSeries(ref, '1m', 'premium');
    release([row(1000, '1')]);
    await slow;
    expect(store.getState().market.candles[candleSeriesKey(ref, '1m', 'mark')]).toBeUndefined();
    expect(log).toEqual(['candles premium BTCUSDT 1m: Parameter interval error']);
    // Only the shown series (premium) refreshes.
    expect(t.count()).toBe(1);
  });

  it('Reality pairs offer six intervals and market candles only', () => {
    expect(candleChoices(true)).toEqual({ intervals: ['1m', '5m', '15m', '1H', '4H', '1D'], types: ['market'] });
    expect(candleChoices(false).types).toEqual(['market', 'mark', 'index', 'premium']);
    expect(candleChoices(false).intervals).toHaveLength(10);
  });
});
