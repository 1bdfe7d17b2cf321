import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { Decimal } from 'decimal.js';
import { openSession, type Session } from '../../src/cli/session.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { renderApp } from '../helpers/render-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { simEndpoint } from '../helpers/sim-dashboard.js';

/**
 * Issue 3: with no keys the dashboard runs on the embedded exchange and shows the market moving
 * at once (first connection, no retry). Real sockets end to end: sim server ↔ RestClient/StreamClient ↔ services ↔ store ↔ Ink.
 */
let sim: SimHandle;
let session: Session;

beforeAll(async () => {
  sim = await startSim({ seed: 7 });
  session = await openSession(simEndpoint(sim));
});

afterAll(async () => {
  cleanup();
  await session.services.shutdown();
  await sim.close();
});

describe('dashboard on the embedded exchange', () => {
  it('has instruments in every category and a moving book, ticker and trades on its first connection', async () => {
    // "Within 3 seconds" on a quiet machine follows from the exchange's cadences (books 50 ms, ticker
    // 300 ms) once nothing waits for a retry; a wall clock is not asserted (a busy machine is slower).
    const key = symbolKey(session.store.getState().market.selected);
    const first = await waitFor(() => session.store.getState().market.books[key]);
    const firstSeq = first.seq;
    await waitFor(() => session.store.getState().market.tickers[key]);
    await waitFor(() => (session.store.getState().market.books[key]?.seq ?? firstSeq) !== firstSeq);
    expect(session.store.getState().connection.public.reconnects).toBe(0);
    const state = session.store.getState();
    const categories = new Set(Object.values(state.market.instruments).map((i) => i.category));
    expect([...categories].sort()).toEqual(['COIN-FUTURES', 'MARGIN', 'SPOT', 'USDC-FUTURES', 'USDT-FUTURES']);
    const book = state.market.books[key];
    expect(book?.bids.length).toBeGreaterThan(5);
    expect(book?.asks.length).toBeGreaterThan(5);
    // Bids strictly descending, asks ascending, and the book is not crossed.
    const bids = book?.bids.map((l) => new Decimal(l.price)) ?? [];
    const asks = book?.asks.map((l) => new Decimal(l.price)) ?? [];
    for (let i = 1; i < bids.length; i += 1) expect(bids[i]?.lt(bids[i - 1] ?? Infinity), `bid ${i}`).toBe(true);
    for (let i = 1; i < asks.length; i += 1) expect(asks[i]?.gt(asks[i - 1] ?? -Infinity), `ask ${i}`).toBe(true);
    expect(bids[0]?.lt(asks[0] ?? 0), 'best bid below best ask').toBe(true);
  });

  it('the private socket logs in and the account snapshot arrives', async () => {
    await waitFor(() => session.store.getState().account.summary);
    expect(session.store.getState().connection.private.state).toMatch(/authenticated|subscribed/);
    const usdt = session.store.getState().account.summary?.assets.find((a) => a.coin === 'USDT');
    expect(usdt?.balance.gt(0)).toBe(true);
  });

  it('polls what the stream never pushes (settings, funding assets, debts) into the store', async () => {
    const extras = await waitFor(() => {
      const x = session.store.getState().extras;
      return x.settings && x.funding && x.debts ? x : null;
    });
    expect(extras.settings?.holdMode).toMatch(/one_way_mode|hedge_mode/);
    expect(extras.funding?.some((f) => f.coin === 'USDT')).toBe(true);
    expect(extras.updatedAt).toBeGreaterThan(0);
  });

  it('renders the live book on screen', async () => {
    const app = renderApp({ store: session.store, services: session.services, columns: 120, rows: 40 });
    const key = symbolKey(session.store.getState().market.selected);
    const bestBid = session.store.getState().market.books[key]?.bids[0]?.price ?? 'none';
    await app.waitForText('DEMO');
    await app.waitForText(/spread \d/);
    expect(bestBid).not.toBe('none');
  });
});
