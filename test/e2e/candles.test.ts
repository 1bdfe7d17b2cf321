import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { StreamClient } from '../../src/exchange/ws/stream-client.js';
import { CandleService, candleSeriesKey } from '../../src/services/candle-service.js';
import { MarketService } from '../../src/services/market-service.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { createAppStore, type AppStore } from '../../src/store/create-app-store.js';
import type { SymbolRef } from '../../src/store/slices/market-slice.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * Issue 5 item 9: candles over real sockets (sim ↔ RestClient/StreamClient ↔ CandleService ↔ store).
 * Market candles stream over `kline` (snapshot, then updates merged by start time); mark candles load
 * over REST; a Reality pair is held to its intervals and market type; a symbol change moves the series.
 */

const BTC: SymbolRef = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' };
let sim: SimHandle;
let rest: RestClient;
let stream: StreamClient;
let store: AppStore;
let market: MarketService;
let candles: CandleService;
const log: string[] = [];
/** Every mark-candle answer the exchange gave (REST), as `start close` lines: the market moves between two reads. */
const markAnswers: string[][] = [];

/** A candle as `start close`, the close as a number (the wire writes the tick's decimals, "97016.0"). */
const startClose = (start: unknown, close: unknown): string => `${String(start)} ${new Decimal(String(close)).toFixed()}`;

beforeAll(async () => {
  sim = await startSim({ seed: 7, intervals: { klineMs: 50 } });
  const handle = sim.exchange.handle.bind(sim.exchange);
  sim.exchange.handle = (opId, uid, params) => {
    const out = handle(opId, uid, params);
    const p = params as Record<string, unknown> | null;
    if (opId === 'market.getCandles' && p?.['type'] === 'mark' && Array.isArray(out)) markAnswers.push(out.map((r) => startClose((r as unknown[])[0], (r as unknown[])[4])));
    return out;
  };
  rest = new RestClient({ baseUrl: sim.rest, credentials: null, syncClock: false });
  stream = new StreamClient({ publicUrl: sim.wsPublic });
  store = createAppStore();
  const api = createExchangeApi(rest);
  const deps = { api, stream, store, now: Date.now, log: (_level: string, text: string) => log.push(text) };
  market = new MarketService(deps);
  candles = new CandleService({ ...deps, refreshMs: 100 });
  stream.connect();
  await market.start();
  await candles.start();
});

afterAll(async () => {
  candles.stop();
  market.stop();
  stream.close();
  await rest.close();
  await sim.close();
});

describe('candles e2e', () => {
  it('the kline snapshot arrives into the store, oldest first', async () => {
    const key = candleSeriesKey(BTC, '1m', 'market');
    const list = await waitFor(() => ((store.getState().market.candles[key]?.length ?? 0) > 100 ? store.getState().market.candles[key] : null));
    expect(list.length).toBeGreaterThan(100);
    expect(list.length).toBeLessThanOrEqual(500);
    for (let i = 1; i < list.length; i += 1) expect((list[i]?.start ?? 0) > (list[i - 1]?.start ?? 0)).toBe(true);
    const last = list[list.length - 1];
    expect(last?.high.gte(last.low)).toBe(true);
  });

  it('an update merges into the series (same length or one longer, newest candle replaced)', async () => {
    const key = candleSeriesKey(BTC, '1m', 'market');
    const before = store.getState().market.candles[key] ?? [];
    const lastBefore = before[before.length - 1];
    // Trade on the exchange so the current candle changes and the sim pushes an update.
    sim.exchange.handle('trade.placeOrder', sim.uid, { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.5' });
    const after = await waitFor(() => {
      const now = store.getState().market.candles[key] ?? [];
      const last = now[now.length - 1];
      return now !== before && last && lastBefore && (last.start !== lastBefore.start || !last.volume.eq(lastBefore.volume) || !last.close.eq(lastBefore.close)) ? now : null;
    });
    expect(after.length - before.length).toBeGreaterThanOrEqual(0);
    expect(after.length - before.length).toBeLessThanOrEqual(1);
    // Older candles were kept, not replaced by a one-candle update.
    expect(after[0]?.start).toBeLessThanOrEqual(before[1]?.start ?? 0);
  });

  it('mark candles load over REST and the kline subscription is dropped', async () => {
    await candles.setSeries(BTC, '5m', 'mark');
    const key = candleSeriesKey(BTC, '5m', 'mark');
    const list = store.getState().market.candles[key] ?? [];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(100);
    // The store holds exactly one of the exchange's answers (the live candle's close moves between
    // two reads, so the series is compared with what was answered, not with a later read).
    expect(markAnswers).toContainEqual(list.map((c) => startClose(c.start, c.close)));
    expect(stream.getSubscriptions().filter((s) => s.arg.topic === 'kline')).toEqual([]);
  });

  it('a Reality pair gets its nearest interval and market candles; a symbol change moves the series', async () => {
    const reality: SymbolRef = { category: 'SPOT', symbol: 'RAAPLUSDT' };
    expect(store.getState().market.instruments['SPOT:RAAPLUSDT']?.isReality).toBe(true);
    await candles.setSeries(reality, '30m', 'mark');
    expect(candles.series()).toEqual({ ref: reality, interval: '1H', type: 'market' });
    expect(log.some((l) => l.includes('Reality pairs serve only'))).toBe(true);
    await waitFor(() => (store.getState().market.candles[candleSeriesKey(reality, '1H', 'market')]?.length ?? 0) > 0);
    market.select({ category: 'SPOT', symbol: 'ETHUSDT' });
    await waitFor(() => (store.getState().market.candles['SPOT:ETHUSDT:1H:market']?.length ?? 0) > 0);
    const klines = stream.getSubscriptions().filter((s) => s.arg.topic === 'kline').map((s) => s.arg);
    expect(klines).toEqual([{ instType: 'spot', topic: 'kline', symbol: 'ETHUSDT', interval: '1H' }]);
  });
});
