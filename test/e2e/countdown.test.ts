/**
 * Description: the dead-man countdown against the embedded exchange — armed and renewed by the
 * CountdownService; when health is lost the service stops renewing on purpose, the exchange
 * cancels every order when the window runs out, and the service marks the countdown fired; a
 * disarmed countdown leaves orders resting past the window.
 * Setup: `startSim()` on 127.0.0.1 port 0; the real RestClient and ExchangeApi, a real
 * StreamClient whose private socket feeds the order stream into the store (PrivateService).
 * Run: place two resting limit orders far below the market, arm 5 s, let it renew, report health
 * "lost" — renewals stop — and the exchange cancels both within the window. Then: place two more,
 * arm, disarm, move the exchange's clock past the window: both stay open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import { StreamClient } from '../../src/exchange/ws/stream-client.js';
import { CountdownService } from '../../src/services/countdown-service.js';
import { PrivateService } from '../../src/services/private-service.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { createAppStore, type AppStore } from '../../src/store/create-app-store.js';
import type { LogLevelUi } from '../../src/store/slices/ui-slice.js';
import { waitFor } from '../helpers/wait-for.js';

let sim: SimHandle;
let rest: RestClient;
let api: ExchangeApi;
let stream: StreamClient;
let store: AppStore;
let priv: PrivateService;
/** Wall time of every countdown call the exchange executed, with its value. */
const countdownCalls: { at: number; countdown: string }[] = [];
const log = (level: LogLevelUi, text: string): void => store.getState().logEvent(level, text, Date.now());

/** Places a resting buy far below the market; resolves with its clientOid. */
async function placeResting(clientOid: string, price: string): Promise<string> {
  await api.trade.placeOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price, qty: '0.01', clientOid });
  return clientOid;
}

/** clientOids of the account's open orders, as the exchange reports them over REST. */
async function openOnExchange(): Promise<string[]> {
  const data = wireRecord(await api.trade.getUnfilledOrders({ limit: '100' }));
  return wireList(data.list).map((o) => wireString(o.clientOid));
}

/** Polls an async check every 100 ms until it holds; fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${describe()}`);
    await new Promise<void>((resolve) => setTimeout(resolve, 100));
  }
}

function openInStore(clientOid: string): boolean {
  return Object.values(store.getState().orders.open).some((o) => o.clientOid === clientOid);
}

beforeAll(async () => {
  sim = await startSim({ seed: 21 });
  const original = sim.exchange.handle.bind(sim.exchange);
  sim.exchange.handle = (opId, uid, params) => {
    const result = original(opId, uid, params);
    if (opId === 'trade.countdownCancelAll') countdownCalls.push({ at: Date.now(), countdown: wireString(wireRecord(params).countdown) });
    return result;
  };
  const credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
  rest = new RestClient({ baseUrl: sim.rest, credentials });
  api = createExchangeApi(rest);
  store = createAppStore();
  stream = new StreamClient({ publicUrl: sim.wsPublic, privateUrl: sim.wsPrivate, credentials });
  priv = new PrivateService({ api, stream, store, now: Date.now, log, loanPollMs: 60_000 });
  const connection = stream.privateConnection;
  if (!connection) throw new Error('no private connection');
  stream.connect();
  priv.start();
  await waitFor(() => connection.getHealth().state === 'subscribed', 10_000, () => JSON.stringify(connection.getHealth()));
});

afterAll(async () => {
  priv.stop();
  stream.close();
  await rest.close();
  await sim.close();
});

describe('dead-man countdown against the embedded exchange', () => {
  it('stops renewing when health is lost; the exchange cancels both orders when the window runs out and the service marks it fired', async () => {
    let health: string | null = null;
    const service = new CountdownService({ api, store, now: Date.now, log, healthy: () => health, refreshOrders: () => priv.resync() });
    const oids = [await placeResting('cdfire1', '1000'), await placeResting('cdfire2', '1001')];
    await waitFor(() => oids.every(openInStore), 5000, () => JSON.stringify(Object.keys(store.getState().orders.open)));
    expect(await openOnExchange()).toEqual(expect.arrayContaining(oids));

    expect(await service.arm(5)).toBeNull();
    expect(sim.exchange.countdownDeadline(sim.uid)).not.toBeNull();
    const firstAck = store.getState().countdown.lastAckAt;
    await waitFor(() => store.getState().countdown.lastAckAt > firstAck, 4000, () => JSON.stringify(store.getState().countdown));
    expect(countdownCalls.map((c) => c.countdown)).toEqual(['5', '5']);
    expect((countdownCalls[1]?.at ?? 0) - (countdownCalls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);

    health = 'private socket reconnecting (test)';
    const lostAt = Date.now();
    await waitFor(() => store.getState().countdown.failing, 2000);
    expect(store.getState().countdown.lastError).toBe('private socket reconnecting (test)');
    const callsWhenLost = countdownCalls.length;

    let open: string[] = [];
    await eventually(
      async () => {
        open = await openOnExchange();
        return open.every((c) => !oids.includes(c));
      },
      7000,
      () => `open on the exchange: ${open.join(', ')}; countdown ${JSON.stringify(store.getState().countdown)}`,
    );
    const cancelledAfterMs = Date.now() - lostAt;
    expect(cancelledAfterMs).toBeLessThan(7000);
    // No renewal reached the exchange once health was lost (one sent just before may still have landed).
    expect(countdownCalls.length - callsWhenLost).toBeLessThanOrEqual(1);
    expect(countdownCalls.filter((c) => c.at > lostAt + 500)).toEqual([]);
    expect(sim.exchange.countdownDeadline(sim.uid)).toBeNull();

    await waitFor(() => store.getState().countdown.firedAt > 0, 2000, () => JSON.stringify(store.getState().countdown));
    expect(store.getState().countdown).toMatchObject({ armed: false, failing: false });
    expect(store.getState().ui.log.some((e) => e.level === 'error' && e.text.startsWith('countdown expired: the exchange cancelled all UTA orders'))).toBe(true);
    await waitFor(() => oids.every((c) => !openInStore(c)), 3000);
    const history = wireList(wireRecord(await api.trade.getHistoryOrders({ category: 'USDT-FUTURES' })).list).filter((o) => oids.includes(wireString(o.clientOid)));
    expect(history.map((o) => wireString(o.orderStatus))).toEqual(['cancelled', 'cancelled']);
    service.stop();
  }, 20_000);

  it('disarm switches the countdown off: orders stay open past the window', async () => {
    const service = new CountdownService({ api, store, now: Date.now, log, healthy: () => null, refreshOrders: () => priv.resync() });
    const oids = [await placeResting('cdkeep1', '1000'), await placeResting('cdkeep2', '1001')];
    await waitFor(() => oids.every(openInStore), 5000);
    expect(await service.arm(5)).toBeNull();
    expect(sim.exchange.countdownDeadline(sim.uid)).not.toBeNull();
    expect(await service.disarm()).toBeNull();
    expect(countdownCalls.at(-1)?.countdown).toBe('0');
    expect(sim.exchange.countdownDeadline(sim.uid)).toBeNull();
    expect(store.getState().countdown).toMatchObject({ armed: false, expiresAt: 0 });
    const calls = countdownCalls.length;
    // Run the exchange's timed work as if a minute had passed: an armed countdown would cancel now.
    sim.exchange.tick(sim.exchange.now() + 60_000);
    expect(await openOnExchange()).toEqual(expect.arrayContaining(oids));
    expect(oids.every(openInStore)).toBe(true);
    expect(countdownCalls).toHaveLength(calls);
    expect(store.getState().countdown.firedAt).toBe(0);
    service.stop();
  });
});
