/**
 * Issue 17 item 6: the watchlist in the whole dashboard, against the embedded exchange.
 * Setup: `startSim()` on 127.0.0.1 port 0, a real session with a configured watchlist (futures and
 * spot), the whole app rendered at 160x48.
 * Run: Ctrl-O switches to the monitor layout (the watchlist above the book); Shift-Tab focuses the
 * watchlist (it has no digit); j moves the cursor and Enter makes the cockpit follow that symbol.
 * The panel's keys do nothing else: the focus, the overlay and the other panels stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey, type SymbolRef } from '../../src/store/slices/market-slice.js';
import type { renderApp } from '../helpers/render-app.js';
import { closeDashboard, showDashboard, simEndpoint } from '../helpers/sim-dashboard.js';
import { waitFor } from '../helpers/wait-for.js';

const CTRL_O = '\u000f';
const SHIFT_TAB = '\u001b[Z';
const WATCH: readonly SymbolRef[] = [
  { category: 'USDT-FUTURES', symbol: 'ETHUSDT' },
  { category: 'SPOT', symbol: 'ETHUSDT' },
  { category: 'USDT-FUTURES', symbol: 'SOLUSDT' },
];

let sim: SimHandle;
let session: Session;
let app: ReturnType<typeof renderApp>;

beforeAll(async () => {
  sim = await startSim({ seed: 5 });
  session = await openSession(
    simEndpoint(sim),
    { watchlist: WATCH },
  );
  await waitFor(() => WATCH.every((r) => session.store.getState().market.tickers[symbolKey(r)]));
  app = await showDashboard(session);
});

afterAll(async () => closeDashboard(session, sim));

describe('the watchlist in the monitor layout', () => {
  it('shows the configured symbols with prices; Shift-Tab focuses it, j and Enter make the cockpit follow', async () => {
    await app.press(CTRL_O);
    await app.waitForText('Watchlist (3)');
    const rows = app.frame().split('\n');
    expect(rows.find((l) => /ETHUSDT\s+USDT\s+\d/.test(l))).toBeDefined();
    expect(rows.find((l) => /ETHUSDT\s+SPOT\s+\d/.test(l))).toBeDefined();
    expect(rows.find((l) => /SOLUSDT\s+USDT\s+\d/.test(l))).toBeDefined();

    await app.press(SHIFT_TAB);
    await waitFor(() => session.store.getState().ui.focus === 'watchlist');
    await app.press('j');
    await app.press('\r');
    await waitFor(() => symbolKey(session.store.getState().market.selected) === 'SPOT:ETHUSDT');
    // The ticker strip and the book follow; the keys stayed in the panel.
    await app.waitForText('SPOT ETHUSDT');
    await waitFor(() => session.store.getState().market.books['SPOT:ETHUSDT']?.bids[0]);
    const ui = session.store.getState().ui;
    expect([ui.focus, ui.overlay, ui.hint]).toEqual(['watchlist', null, null]);
    expect(app.frame()).toMatch(/> ETHUSDT\s+SPOT/);
  });
});
