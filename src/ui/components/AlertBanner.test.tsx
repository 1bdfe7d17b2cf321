import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { AlertBanner } from './AlertBanner.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

afterEach(() => cleanup());

describe('AlertBanner', () => {
  it('shows the latest alert on one row, cut to the width, and goes when the banner is cleared', async () => {
    const store = createAppStore();
    const view = renderPanel(<AlertBanner columns={40} />, { store, columns: 40, rows: 3 });
    expect(view.frame()).toBe('');
    store.getState().setBanner({ level: 'error', text: 'loan 1 USDT/BTC: ratio 88.0% is near liquidation at 90.0%', at: NOW });
    await view.waitForText(' ! loan 1 USDT/BTC: ratio 88.0% is near');
    const lines = view.frame().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.length).toBeLessThanOrEqual(40);
    store.getState().setBanner({ level: 'warn', text: 'public socket down for 10 s (reconnecting)', at: NOW });
    await view.waitForText('public socket down');
    store.getState().setBanner(null);
    await waitFor(() => !view.lastFrame()?.includes('socket'), () => view.lastFrame() ?? '');
  });

  it('gives the row to the footer while it answers the last key, and comes back after', async () => {
    const store = createAppStore();
    const view = renderPanel(<AlertBanner columns={60} />, { store, columns: 60, rows: 3 });
    store.getState().setBanner({ level: 'warn', text: 'order rejected: buy 1 BTCUSDT', at: NOW });
    await view.waitForText('order rejected');
    store.getState().setHint({ level: 'warn', text: 'not now' });
    await waitFor(() => !view.lastFrame()?.includes('order rejected'), () => view.lastFrame() ?? '');
    store.getState().setHint(null);
    await view.waitForText('order rejected');
  });
});
