import { cleanup } from 'ink-testing-library';
import type { Session, SessionEndpoint } from '../../src/cli/session.js';
import type { SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { renderApp } from './render-app.js';
import { waitFor } from './wait-for.js';

/** A DEMO session's endpoint on the embedded exchange `sim` (its URLs and generated keys). */
export function simEndpoint(sim: SimHandle): SessionEndpoint {
  return {
    mode: 'DEMO',
    account: `sim ${sim.uid}`,
    restUrl: sim.rest,
    wsPublic: sim.wsPublic,
    wsPrivate: sim.wsPrivate,
    credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase },
    paper: false,
  };
}

/** Waits until keys can trade: the account read, the private socket logged in, the focused book filled. */
export async function waitTradingReady(session: Session): Promise<void> {
  const s = () => session.store.getState();
  await waitFor(() => s().account.summary);
  await waitFor(() => /authenticated|subscribed/.test(s().connection.private.state));
  await waitFor(() => s().market.books[symbolKey(s().market.selected)]?.bids[0]);
}

/** The whole dashboard on `session` at 160x48 (or `columns`×`rows`), once its status bar shows; `now` is the screen's clock (default Date.now). */
export async function showDashboard(session: Session, columns = 160, rows = 48, now?: () => number): Promise<ReturnType<typeof renderApp>> {
  const app = renderApp({ store: session.store, services: session.services, columns, rows, ...(now ? { now } : {}) });
  await app.waitForText('DEMO');
  return app;
}

/** Unmounts every rendered app, then stops the session's services and the exchange. */
export async function closeDashboard(session: Session, sim: SimHandle): Promise<void> {
  cleanup();
  await session.services.shutdown();
  await sim.close();
}
