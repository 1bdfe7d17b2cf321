import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { waitFor } from '../helpers/wait-for.js';
import { simEndpoint } from '../helpers/sim-dashboard.js';

/**
 * Market data reaches the store on the publish tick (one redraw per tick for book, ticker and
 * trades), except a book the screen does not show in sync yet: its first snapshot is published at
 * once. Real sockets against the embedded exchange, with a 3 s tick so the two cannot be confused.
 */

const TICK_MS = 3000;
const KEY = symbolKey({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
let sim: SimHandle;
let session: Session;
let openedAt = 0;

beforeAll(async () => {
  sim = await startSim({ seed: 7 });
  openedAt = Date.now();
  session = await openSession(
    simEndpoint(sim),
    { publishMs: TICK_MS },
  );
});

afterAll(async () => {
  await session.services.shutdown();
  await sim.close();
});

describe('market publishing', () => {
  it('publishes the first book snapshot at once, and later book updates on the tick', async () => {
    await waitFor(() => session.store.getState().market.books[KEY]?.synced === true, TICK_MS - 500);
    const firstAt = Date.now();
    expect(firstAt - openedAt).toBeLessThan(TICK_MS);
    const first = session.store.getState().market.books[KEY];
    // Updates keep arriving on the socket (every 50 ms) but wait for the tick.
    let pushes = 0;
    const off = session.stream.onTopic('books', () => {
      pushes += 1;
    });
    await waitFor(() => pushes >= 3, 2000);
    expect(session.store.getState().market.books[KEY]).toBe(first);
    await waitFor(() => session.store.getState().market.books[KEY] !== first, TICK_MS + 1000);
    off();
  });
});
