import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { StreamClient } from '../../src/exchange/ws/stream-client.js';
import { MarketService } from '../../src/services/market-service.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { createAppStore, type AppStore } from '../../src/store/create-app-store.js';
import { symbolKey, type SymbolRef } from '../../src/store/slices/market-slice.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * Issue 17 item 6: the watchlist's tickers over real sockets (sim ↔ StreamClient ↔ MarketService ↔
 * store). The configured list is checked (duplicates and unknown symbols out, with a warning), stored
 * for the panel, and each entry gets its ticker and price history; a margin entry shares spot's feed,
 * and moving the focus away from a symbol the watchlist shares a feed with keeps that feed.
 */

const SPOT_ETH: SymbolRef = { category: 'SPOT', symbol: 'ETHUSDT' };
const MARGIN_BTC: SymbolRef = { category: 'MARGIN', symbol: 'BTCUSDT' };
const SPOT_BTC: SymbolRef = { category: 'SPOT', symbol: 'BTCUSDT' };
const FUT_SOL: SymbolRef = { category: 'USDT-FUTURES', symbol: 'SOLUSDT' };
let sim: SimHandle;
let rest: RestClient;
let stream: StreamClient;
let store: AppStore;
let market: MarketService;
const log: string[] = [];

const tickerAt = (ref: SymbolRef): number => store.getState().market.tickers[symbolKey(ref)]?.ts ?? 0;

beforeAll(async () => {
  sim = await startSim({ seed: 7, intervals: { tickerMs: 50 } });
  rest = new RestClient({ baseUrl: sim.rest, credentials: null, syncClock: false });
  stream = new StreamClient({ publicUrl: sim.wsPublic });
  store = createAppStore();
  store.getState().selectSymbol(SPOT_BTC);
  const watchlist = [SPOT_ETH, MARGIN_BTC, { category: 'SPOT', symbol: 'NOPEUSDT' } as const, SPOT_ETH, FUT_SOL];
  market = new MarketService({ api: createExchangeApi(rest), stream, store, now: Date.now, log: (level, text) => log.push(`${level} ${text}`), publishMs: 20, watchlist });
  stream.connect();
  await market.start();
});

afterAll(async () => {
  market.stop();
  stream.close();
  await rest.close();
  await sim.close();
});

describe('watchlist feed e2e', () => {
  it('stores the checked list and says what it skipped', () => {
    expect(store.getState().market.watchlist).toEqual([SPOT_ETH, MARGIN_BTC, FUT_SOL]);
    expect(log).toContain('warn watchlist: no such instrument SPOT:NOPEUSDT; skipped');
  });

  it('every entry gets its ticker and a price history, margin from the spot feed', async () => {
    await waitFor(() => [SPOT_ETH, MARGIN_BTC, FUT_SOL].every((r) => (store.getState().market.history[symbolKey(r)]?.length ?? 0) > 0));
    expect(store.getState().market.tickers[symbolKey(MARGIN_BTC)]?.category).toBe('MARGIN');
    expect(store.getState().market.tickers[symbolKey(MARGIN_BTC)]?.lastPrice.gt(0)).toBe(true);
  });

  it('moving the focus off a symbol whose feed the watchlist shares keeps the watched ticker coming', async () => {
    market.select(FUT_SOL);
    const since = Date.now();
    await waitFor(() => tickerAt(MARGIN_BTC) > since && tickerAt(SPOT_ETH) > since);
    market.select(SPOT_ETH);
    const later = Date.now();
    await waitFor(() => tickerAt(FUT_SOL) > later && tickerAt(MARGIN_BTC) > later);
  });
});
