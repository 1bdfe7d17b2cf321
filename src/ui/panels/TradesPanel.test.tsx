import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
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
});
