import { Text } from 'ink';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { useAppStore } from './use-app-store.js';
import { useClock } from './use-clock.js';

/** Shows the clock and the store's market time, and counts its renders. */
function Probe({ renders }: { readonly renders: { n: number } }) {
  const t = useClock(300);
  const updated = useAppStore((s) => s.market.updatedAt);
  renders.n += 1;
  return <Text>{`t=${t} updated=${updated}`}</Text>;
}

afterEach(() => cleanup());

describe('useClock', () => {
  it('ticks by itself on a quiet store', async () => {
    const store = createAppStore();
    let clock = 1000;
    const app = renderPanel(<Probe renders={{ n: 0 }} />, { store, now: () => clock });
    await app.waitForText('t=1000');
    clock = 2000;
    await waitFor(() => app.frame().includes('t=2000'), () => app.frame());
  });

  it('while the store updates, its ticks join those updates: no render of its own', async () => {
    const store = createAppStore();
    let clock = 1000;
    const renders = { n: 0 };
    const app = renderPanel(<Probe renders={renders} />, { store, now: () => clock });
    await app.waitForText('t=1000');
    const start = renders.n;
    let updates = 0;
    // A store update every 40 ms for 1.5 s (the market publish), the clock moving with it.
    await new Promise<void>((resolve) => {
      const id = setInterval(() => {
        clock += 40;
        updates += 1;
        store.getState().setBooks({ 'USDT-FUTURES:BTCUSDT': { bids: [], asks: [], seq: String(updates), source: 'books5', updatedAt: clock, synced: true } }, clock);
        if (updates === 38) {
          clearInterval(id);
          resolve();
        }
      }, 40);
    });
    await waitFor(() => app.frame().includes(`updated=${clock}`), () => app.frame());
    // The clock ticked (about 5 times at 300 ms) but every tick rode on a store update's render.
    expect(app.frame()).not.toContain('t=1000 ');
    expect(renders.n - start).toBeLessThanOrEqual(updates);
  });
});
