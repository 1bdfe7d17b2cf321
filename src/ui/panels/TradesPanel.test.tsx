import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { setSocket } from '../../store/freshness.testkit.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { TradesPanel } from './TradesPanel.js';

const NOW = 1_795_600_000_000;

afterEach(() => {
  cleanup();
});

describe('TradesPanel', () => {
  it('keeps each trade side as a letter in the monochrome theme (NO_COLOR), within its width', async () => {
    const store = createAppStore();
    store.getState().selectSymbol({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    store.getState().addTrades(
      'USDT-FUTURES:BTCUSDT',
      [
        { id: '2', price: new Decimal('97001.5'), size: new Decimal('0.25'), side: 'sell', time: NOW },
        { id: '1', price: new Decimal('97002.0'), size: new Decimal('0.5'), side: 'buy', time: NOW - 1000 },
      ],
      NOW,
    );
    const app = renderPanel(<TradesPanel focused={false} width={36} height={6} now={NOW} />, { store, now: () => NOW, columns: 36, rows: 6 });
    await app.waitForText('97001.50');
    const lines = app.frame().split('\n');
    expect(lines.find((l) => l.includes('97001.50'))).toMatch(/S\s*97001\.50/);
    expect(lines.find((l) => l.includes('97002.00'))).toMatch(/B\s*97002\.00/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(36);
  });

  it('shows the age of the newest trade (exchange time, moved by the clock offset), STALE while the public socket is down', async () => {
    const store = createAppStore();
    setSocket(store, 'public', NOW);
    store.getState().setClockOffset(2000);
    store.getState().addTrades('USDT-FUTURES:BTCUSDT', [{ id: '1', price: new Decimal('97002.0'), size: new Decimal('0.5'), side: 'buy', time: NOW - 3000 }], NOW);
    const app = renderPanel(<TradesPanel focused={false} width={40} height={6} now={NOW} />, { store, now: () => NOW, columns: 40, rows: 6 });
    // Server clock 2 s ahead: a trade stamped 3 s before local now happened 5 s ago.
    await app.waitForText(/Trades\s+5s│/);
    setSocket(store, 'public', NOW, 'reconnecting');
    await app.waitForText(/Trades · public socket down\s+STALE 5s│/);
    setSocket(store, 'public', NOW);
    await app.waitForText(/Trades\s+5s│/);
  });

  it('an empty list while the public socket is down says so', async () => {
    const store = createAppStore();
    setSocket(store, 'public', NOW, 'connecting');
    const app = renderPanel(<TradesPanel focused={false} width={40} height={6} now={NOW} />, { store, now: () => NOW, columns: 40, rows: 6 });
    await app.waitForText('0 trades · STALE (public socket down)');
    expect(app.frame()).toContain('STALE│');
    setSocket(store, 'public', NOW);
    await app.waitForText('0 trades? waiting for data');
    expect(app.frame()).toContain('no data│');
  });
});
