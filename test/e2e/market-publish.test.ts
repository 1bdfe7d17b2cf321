import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { manualIntervalTimer } from '../helpers/manual-interval.js';
import { waitFor } from '../helpers/wait-for.js';
import { simEndpoint } from '../helpers/sim-dashboard.js';

/**
 * Market data reaches the store on the publish tick (one redraw per tick for book, ticker and
 * trades), except a book the screen does not show in sync yet: its first snapshot is published at
 * once. Real sockets against the embedded exchange; the tick is a timer the test fires by hand, so
 * "at once" means "with no tick yet" and "on the tick" means "when the test fires it".
 */

const KEY = symbolKey({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
const tick = manualIntervalTimer();
let sim: SimHandle;
let session: Session;

beforeAll(async () => {
  sim = await startSim({ seed: 7 });
  session = await openSession(simEndpoint(sim), { publishTimer: tick });
});

afterAll(async () => {
  await session.services.shutdown();
  await sim.close();
});

describe('market publishing', () => {
  it('publishes the first book snapshot at once, and later book updates on the tick', async () => {
    expect(tick.live).toBeGreaterThan(0);
    // No tick has fired: the synced book can only have come from the snapshot published at once.
    await waitFor(() => session.store.getState().market.books[KEY]?.synced === true);
    const first = session.store.getState().market.books[KEY];
    // Updates keep arriving on the socket (every 50 ms) but wait for the tick.
    let pushes = 0;
    const off = session.stream.onTopic('books', () => {
      pushes += 1;
    });
    try {
      await waitFor(() => pushes >= 3);
      expect(session.store.getState().market.books[KEY]).toBe(first);
      tick.fire();
      expect(session.store.getState().market.books[KEY]).not.toBe(first);
      expect(BigInt(session.store.getState().market.books[KEY]?.seq ?? '0')).toBeGreaterThan(BigInt(first?.seq ?? '0'));
    } finally {
      off();
    }
  });
});
