import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { BTC_PERP } from '../../domain/instruments.testkit.js';
import type { Ticker } from '../../domain/model.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { setSocket } from '../../store/freshness.testkit.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { WatchlistPanel } from './WatchlistPanel.js';

const NOW = 1_795_600_000_000;
const BTC: SymbolRef = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' };
const ETH: SymbolRef = { category: 'SPOT', symbol: 'ETHUSDT' };
const SOL: SymbolRef = { category: 'USDT-FUTURES', symbol: 'SOLUSDT' };
const d = (s: string) => new Decimal(s);

function ticker(ref: SymbolRef, last: string, change: string, bid: string, ask: string, ts: number): Ticker {
  return {
    ...ref, lastPrice: d(last), bid1Price: d(bid), ask1Price: d(ask), high24h: d(last), low24h: d(last), open24h: d(last), change24h: d(change),
    volume24h: d('0'), turnover24h: d('0'), markPrice: null, indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts,
  };
}

/** A store watching BTC (rising over 8 s), ETH (falling) and SOL (no ticker yet), public socket up. */
function watchedStore(): AppStore {
  const store = createAppStore();
  store.getState().setInstruments([BTC_PERP], NOW - 10_000);
  store.getState().setWatchlist([BTC, ETH, SOL]);
  for (let i = 0; i < 8; i += 1) {
    const at = NOW - 8000 + i * 1000;
    store.getState().setTickers([ticker(BTC, String(97000 + i * 10), '0.0123', '97069.5', '97070.5', at), ticker(ETH, String(3500 - i), '-0.0456', '3492.50', '3493.20', at)], at);
  }
  setSocket(store, 'public', NOW);
  return store;
}

const render = (store: AppStore, width: number, height = 8, selectSymbol: (r: SymbolRef) => void = () => undefined) => {
  store.getState().setFocus('watchlist');
  return renderPanel(<WatchlistPanel focused width={width} height={height} now={NOW} />, { store, services: unusedServices({ selectSymbol }), now: () => NOW, columns: width, rows: height });
};

afterEach(() => {
  cleanup();
});

describe('WatchlistPanel', () => {
  it('shows each symbol with its category, last, signed 24 h change, spread in bps and a sparkline of recent prices', async () => {
    const app = render(watchedStore(), 70);
    await app.waitForText('BTCUSDT');
    const lines = app.frame().split('\n');
    const btc = lines.find((l) => l.includes('BTCUSDT')) ?? '';
    // Futures price at the instrument's precision; 1 tick spread at 97070 is 0.10 bp.
    expect(btc).toMatch(/BTCUSDT\s+USDT\s+97070\.0\s+\+1\.23%\s+0\.10\s+▁▂▃▄▅▆▇█/);
    const eth = lines.find((l) => l.includes('ETHUSDT')) ?? '';
    expect(eth).toMatch(/ETHUSDT\s+SPOT\s+3493\.00\s+-4\.56%\s+2\.00\s+█▇▆▅▄▃▂▁/);
    // No ticker yet: dashes, no sparkline.
    expect(lines.find((l) => l.includes('SOLUSDT'))).toMatch(/SOLUSDT\s+USDT\s+-\s+-\s+-\s*[│┃]$/);
    expect(app.frame()).toMatch(/Watchlist \(3\)\s+1s[│┃]/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(70);
  });

  it('drops the sparkline first, then the spread, as the panel narrows; rows never wrap', async () => {
    const store = watchedStore();
    const mid = render(store, 44);
    await mid.waitForText('BTCUSDT');
    const row = mid.frame().split('\n').find((l) => l.includes('BTCUSDT')) ?? '';
    expect(row).toMatch(/97070\.0\s+\+1\.23%\s+0\.10/);
    expect(row).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    cleanup();
    const narrow = render(store, 36);
    await narrow.waitForText('BTCUSDT');
    const small = narrow.frame().split('\n');
    const btc = small.find((l) => l.includes('BTCUSDT')) ?? '';
    expect(btc).toMatch(/BTCUSDT\s+USDT\s+97070\.0\s+\+1\.23%/);
    expect(btc).not.toContain('0.10');
    for (const l of small) expect(l.length).toBeLessThanOrEqual(36);
  });

  it('j/k move the cursor within the list and Enter follows the row’s symbol; the keys stay in the panel', async () => {
    const followed: SymbolRef[] = [];
    const store = watchedStore();
    const app = render(store, 70, 8, (r) => followed.push(r));
    await app.waitForText('BTCUSDT');
    await app.press('j');
    await app.press('\r');
    await app.waitForText(/> ETHUSDT/);
    expect(followed).toEqual([ETH]);
    // Past the end stays on the last row; a burst runs in order.
    await app.press('jjjj\r');
    await app.press('kkkkk\r');
    expect(followed).toEqual([ETH, SOL, BTC]);
    expect(store.getState().ui.focus).toBe('watchlist');
  });

  it('starts the cursor on the followed symbol and marks it with * once the cursor leaves; Enter on an empty list only says why', async () => {
    const store = watchedStore();
    store.getState().selectSymbol(ETH);
    const app = render(store, 70);
    await app.waitForText(/> ETHUSDT/);
    await app.press('k');
    await app.waitForText(/\* ETHUSDT/);
    expect(app.frame()).toMatch(/> BTCUSDT/);
    cleanup();
    const empty = createAppStore();
    setSocket(empty, 'public', NOW);
    const followed: SymbolRef[] = [];
    const list = render(empty, 50, 8, (r) => followed.push(r));
    await list.waitForText('0 symbols? waiting for data');
    await list.press('\r');
    expect(followed).toEqual([]);
    expect(empty.getState().ui.hint?.text).toBe('Follow the selected symbol (book, ticker, trades, ticket): the watchlist is empty');
    // Once the instruments are in, the market service has set the list: empty is the config's choice.
    empty.getState().setInstruments([BTC_PERP], NOW);
    await list.waitForText('no symbols to watch (config "watchlist")');
  });

  it('goes STALE with the public socket, and when no watched ticker came for 5 s', async () => {
    const store = watchedStore();
    const app = render(store, 70);
    await app.waitForText(/Watchlist \(3\)\s+1s[│┃]/);
    setSocket(store, 'public', NOW, 'reconnecting');
    await app.waitForText(/Watchlist \(3\) · public socket down\s+STALE 1s[│┃]/);
    setSocket(store, 'public', NOW);
    cleanup();
    const later = renderPanel(<WatchlistPanel focused={false} width={70} height={8} now={NOW + 6000} />, { store, now: () => NOW + 6000, columns: 70, rows: 8 });
    await later.waitForText(/Watchlist \(3\) · no recent updates\s+STALE 7s[│┃]/);
  });
});
