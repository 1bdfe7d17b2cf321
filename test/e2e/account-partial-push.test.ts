/**
 * `account` pushes, end to end. Bitget's Account-Channel page calls action `snapshot` full data and
 * `update` incremental data, and does not say whether an update lists every coin. The dashboard
 * merges updates by coin, so an update that carries only the coins that changed must not wipe the
 * others (it used to replace the whole account with whatever the push carried).
 * Setup: the embedded exchange on 127.0.0.1 port 0 with `--faults partialAccountPushes` (account
 * updates carry only the coins changed since the socket's last account push), a real session
 * (RestClient/StreamClient/services/store), the demo account's five coins.
 * Run: with the market frozen, buy a USDT-margined future (only USDT changes); the update pushed
 * carries USDT alone, and the store still holds every coin with the exchange's own amounts. Replay
 * by hand: `utadash sim --faults partialAccountPushes`, connect the dashboard, trade a future.
 */
import { simEndpoint } from '../helpers/sim-dashboard.js';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../../src/cli/session.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { waitFor } from '../helpers/wait-for.js';

let sim: SimHandle;
let session: Session;
/** Coins carried by each `account` update push, in arrival order. */
const updates: string[][] = [];

/** Coin → "balance / available / equity" on the exchange (its own account.getAssets reply). */
function exchangeCoins(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of wireList(wireRecord(sim.exchange.handle('account.getAssets', sim.uid, {})).assets)) {
    const d = (v: unknown) => new Decimal(wireString(v) || '0').toFixed();
    out[wireString(a.coin)] = `${d(a.balance)} / ${d(a.available)} / ${d(a.equity)}`;
  }
  return out;
}

/** The same view of the dashboard's store. */
function storeCoins(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of session.store.getState().account.summary?.assets ?? []) out[a.coin] = `${a.balance.toFixed()} / ${a.available.toFixed()} / ${a.equity.toFixed()}`;
  return out;
}

function storeMatchesExchange(): boolean {
  return JSON.stringify(storeCoins()) === JSON.stringify(exchangeCoins());
}

/** Buys 0.01 BTCUSDT perpetual at market (only USDT moves) and waits for the account update it causes. */
async function buyFutureAndWaitForPush(clientOid: string): Promise<void> {
  const pushed = updates.length;
  await session.api.trade.placeOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.01', clientOid });
  await waitFor(() => updates.length > pushed, describeCoins);
}

function describeCoins(): string {
  return `store ${JSON.stringify(storeCoins())}\nexchange ${JSON.stringify(exchangeCoins())}\nupdates ${JSON.stringify(updates)}`;
}

beforeAll(async () => {
  sim = await startSim({ seed: 31, faults: 'partialAccountPushes' });
  session = await openSession(simEndpoint(sim));
  session.stream.onTopic('account', (p) => {
    if (p.action !== 'update') return;
    updates.push(wireList(wireRecord(wireList(p.data)[0]).coin).map((c) => wireString(c.coin)));
  });
  await waitFor(() => session.store.getState().connection.private.state === 'subscribed' && session.store.getState().account.summary);
});

afterAll(async () => {
  await session?.services.shutdown();
  await sim?.close();
});

describe('account: an update that carries only the changed coin', () => {
  it('keeps the other coins with their balances after a trade that changes USDT alone', async () => {
    sim.exchange.market.stop();
    try {
      // Warm-up trade: its push brings the socket's coins up to the frozen prices (a coin's usdValue
      // moves with its price, and a moved coin is a changed coin).
      await buyFutureAndWaitForPush('partial-account-1');
      await waitFor(storeMatchesExchange, describeCoins);
      expect(Object.keys(storeCoins()).sort()).toEqual(['BGB', 'BTC', 'ETH', 'USDC', 'USDT']);
      const before = exchangeCoins();
      const pushedBefore = updates.length;

      await buyFutureAndWaitForPush('partial-account-2');
      await waitFor(storeMatchesExchange, describeCoins);

      // The exchange pushed USDT alone, and only USDT changed on the exchange...
      const pushed = updates.slice(pushedBefore);
      expect(new Set(pushed.flat())).toEqual(new Set(['USDT']));
      const after = exchangeCoins();
      expect(Object.keys(after).filter((c) => after[c] !== before[c])).toEqual(['USDT']);
      // ...and the store still has every other coin, with the exchange's amounts.
      expect(storeCoins()).toEqual(after);
      expect(Object.keys(storeCoins()).sort()).toEqual(['BGB', 'BTC', 'ETH', 'USDC', 'USDT']);
    } finally {
      sim.exchange.market.start(sim.exchange.venue);
    }
  });
});
