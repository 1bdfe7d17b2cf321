import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category, Instrument, Ticker } from '../../domain/model.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { SymbolPicker } from './SymbolPicker.js';

const d = (v: string) => new Decimal(v);

function inst(category: Category, symbol: string, isReality = false): Instrument {
  return {
    category, symbol, baseCoin: symbol.replace(/USDT$|USD_CM$/, ''), quoteCoin: 'USDT', pricePrecision: 2, quantityPrecision: 4, priceMultiplier: d('0.01'), quantityMultiplier: d('0.0001'),
    minOrderQty: d('0'), maxOrderQty: d('0'), minOrderAmount: d('1'), status: 'online', isReality, makerFeeRate: d('0.0002'), takerFeeRate: d('0.0006'), contractType: null, maxLeverage: null,
  };
}

function ticker(category: Category, symbol: string, last: string, change: string): Ticker {
  return {
    category, symbol, lastPrice: d(last), bid1Price: d(last), ask1Price: d(last), high24h: d(last), low24h: d(last), open24h: d(last), change24h: d(change), volume24h: d('1'), turnover24h: d('1'),
    markPrice: null, indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: 1,
  };
}

function setup(width = 70, height = 12) {
  const store: AppStore = createAppStore();
  store.getState().setInstruments(
    [inst('SPOT', 'BTCUSDT'), inst('SPOT', 'ETHUSDT'), inst('SPOT', 'RAAPLUSDT', true), inst('MARGIN', 'BTCUSDT'), inst('USDT-FUTURES', 'BTCUSDT'), inst('USDT-FUTURES', 'ETHUSDT'), inst('USDT-FUTURES', 'SOLUSDT')],
    1,
  );
  store.getState().setTickers([ticker('SPOT', 'BTCUSDT', '97000.5', '0.0123'), ticker('USDT-FUTURES', 'ETHUSDT', '3500', '-0.021')], 1);
  store.getState().setOverlay('picker');
  const picked: SymbolRef[] = [];
  let closed = 0;
  const services = unusedServices({ selectSymbol: (ref) => void picked.push(ref) });
  const onClose = () => {
    closed += 1;
    store.getState().setOverlay(null);
  };
  const view = renderPanel(<SymbolPicker width={width} height={height} onClose={onClose} />, { store, services, columns: width, rows: height });
  return { store, view, picked, closed: () => closed };
}

/** Waits for the filter field to take keys (its capture registers a few turns after the hint shows). */
async function ready(view: { waitForText: (t: string) => Promise<unknown> }) {
  await view.waitForText('type to filter');
  for (let i = 0; i < 3; i += 1) await new Promise<void>((r) => setImmediate(r));
}

function expectFits(frame: string, width: number, height: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(height);
  for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
}

afterEach(() => cleanup());

describe('SymbolPicker', () => {
  it('opens on the focused symbol’s tab with prices and 24 h change; margin shows the spot ticker', async () => {
    const { view } = setup();
    await ready(view);
    const frame = view.frame();
    expect(frame).toMatch(/USDT-F 3/);
    expect(frame).toMatch(/› BTCUSDT\s+-/);
    expect(frame).toMatch(/ETHUSDT\s+3500\.00\s+-2\.10%/);
    expectFits(frame, 70, 12);
    await view.press('\x1b[D');
    await view.waitForText(/› BTCUSDT\s+97000\.50\s+\+1\.23%/);
    expect(view.frame()).not.toContain('SOLUSDT');
  });

  it('Tab and arrows switch tabs and wrap around; the filter narrows every tab’s count', async () => {
    const { view } = setup();
    await ready(view);
    await view.press('\t');
    await view.waitForText('SPOT 3');
    await view.waitForText('RAAPLUSDT');
    expect(view.frame()).toContain('Reality');
    await view.press('eth');
    await view.waitForText(/SPOT 1 .*MARGIN 0 .*USDT-F 1/);
    expect(view.frame()).not.toContain('RAAPLUSDT');
    expect(view.frame()).toMatch(/› ETHUSDT/);
    // A query searches every category: on MARGIN (no ETH there) the other categories' ETH pairs show, each naming its category.
    await view.press('\x1b[C');
    await view.waitForText(/› ETHUSDT.*SPOT/);
    expect(view.frame()).toMatch(/ETHUSDT.*USDT-F/);
    await view.press('\x1b[C');
    await view.waitForText(/› ETHUSDT\s+3500\.00.*USDT-F/);
    await view.press('\x7f\x7f\x7fsol');
    await view.waitForText(/SPOT 0 .*USDT-F 1/);
    expect(view.frame()).toMatch(/› SOLUSDT/);
  });

  it('Enter selects the highlighted symbol and closes; Escape just closes', async () => {
    const first = setup();
    await ready(first.view);
    await first.view.press('\x1b[B');
    await first.view.waitForText('› ETHUSDT');
    await first.view.press('\r');
    await waitFor(() => first.picked.length > 0);
    expect(first.picked).toEqual([{ category: 'USDT-FUTURES', symbol: 'ETHUSDT' }]);
    expect(first.closed()).toBe(1);
    cleanup();
    const second = setup();
    await ready(second.view);
    await second.view.press('\x1b');
    await waitFor(() => second.closed() === 1);
    expect(second.picked).toEqual([]);
  });

  it('a filter and Enter in one chunk pick that filter\'s symbol; a move in the same chunk counts', async () => {
    const first = setup();
    await ready(first.view);
    await first.view.press('eth\r');
    await waitFor(() => first.picked.length > 0);
    expect(first.picked).toEqual([{ category: 'USDT-FUTURES', symbol: 'ETHUSDT' }]);
    cleanup();
    const second = setup();
    await ready(second.view);
    await second.view.press('\x1b[B\r');
    await waitFor(() => second.picked.length > 0);
    expect(second.picked).toEqual([{ category: 'USDT-FUTURES', symbol: 'ETHUSDT' }]);
  });

  it('fits a small box', async () => {
    const { view } = setup(30, 6);
    await ready(view);
    expectFits(view.frame(), 30, 6);
    expect(view.frame()).toContain('› BTCUSDT');
  });
});
