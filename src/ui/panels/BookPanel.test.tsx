import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { BookPanel } from './BookPanel.js';

const NOW = 1_795_600_000_000;
const level = (price: string, size: string, cum: string) => ({ price, size, cum: new Decimal(cum) });

function setup() {
  const store = createAppStore();
  store.getState().selectSymbol({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  store.getState().setBooks(
    {
      'USDT-FUTURES:BTCUSDT': {
        bids: [level('97000.0', '1', '1'), level('96990.0', '2', '3'), level('96980.0', '1', '4')],
        asks: [level('97000.5', '1', '1'), level('97010.0', '2', '3'), level('97020.0', '1', '4')],
        seq: '1',
        source: 'books5',
        updatedAt: NOW,
        synced: true,
      },
    },
    NOW,
  );
  store.getState().setFocus('book');
  const picked: string[] = [];
  const services = unusedServices({ bookDepth: () => 'books5' });
  const app = renderPanel(<BookPanel focused width={60} height={14} now={NOW} onPickPrice={(p) => picked.push(p)} />, { store, services, now: () => NOW, columns: 60, rows: 14 });
  return { app, picked };
}

afterEach(() => cleanup());

describe('BookPanel', () => {
  it('copies the level under the cursor; keys of one chunk see the moves before them ("kk" then Enter)', async () => {
    const { app, picked } = setup();
    await app.waitForText('97000.5');
    // The cursor starts on the best bid.
    await app.press('c');
    await waitFor(() => picked.length === 1);
    expect(picked).toEqual(['97000.0']);
    // Two levels up (best bid -> best ask -> second ask) and copy, all in one chunk.
    await app.press('kk\r');
    await waitFor(() => picked.length === 2);
    expect(picked[1]).toBe('97010.0');
  });
});
