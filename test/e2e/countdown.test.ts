/**
 * Description: the dead-man countdown against the embedded exchange — armed and renewed by the
 * CountdownService; when health is lost the service stops renewing on purpose, the exchange
 * cancels every order when the window runs out, and the service marks the countdown fired; a
 * disarmed countdown leaves orders resting past the window.
 * Setup: `startSim()` on 127.0.0.1 port 0; the real RestClient and ExchangeApi, a real
 * StreamClient whose private socket feeds the order stream into the store (PrivateService).
 * Time: one manual clock (server/testing/manual-clock.ts) for the exchange, the REST client and
 * the service (its timers too): it runs at real speed, and the test moves it forward instead of
 * waiting out the window, so a busy machine changes nothing the test measures.
 * Run: place two resting limit orders far below the market, arm 5 s, let it renew, report health
 * "lost" — renewals stop — and the exchange cancels both when the window runs out, not before. Then:
 * place two more, arm, disarm, move the exchange's clock past the window: both stay open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { wireList, wireRecord, wireString } from '../../src/exchange/wire/wire-values.js';
import { StreamClient } from '../../src/exchange/ws/stream-client.js';
import { CountdownService, renewIntervalMs, type CountdownTimers } from '../../src/services/countdown-service.js';
import { PrivateService } from '../../src/services/private-service.js';
import { createManualClock } from '../helpers/sim-testing/manual-clock.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { createAppStore, type AppStore } from '../../src/store/create-app-store.js';
import type { LogLevelUi } from '../../src/store/slices/ui-slice.js';
import { eventually, waitFor } from '../helpers/wait-for.js';

/** The one clock of the exchange, the client and the service. */
const clock = createManualClock();
/** The service's timers on that clock: due when it gets there, by real time or by `advance`. */
const clockTimers: CountdownTimers = {
  setTimeout: (fn, ms) => {
    const handle = { live: true };
    void clock.sleep(ms).then(() => {
      if (handle.live) fn();
    });
    return handle;
  },
  clearTimeout: (handle) => {
    (handle as { live: boolean }).live = false;
  },
};

let sim: SimHandle;
let rest: RestClient;
let api: ExchangeApi;
let stream: StreamClient;
let store: AppStore;
let priv: PrivateService;
/** Clock time of every countdown call the exchange executed, with its value. */
const countdownCalls: { at: number; countdown: string }[] = [];
const log = (level: LogLevelUi, text: string): void => store.getState().logEvent(level, text, clock.now());

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

function openInStore(clientOid: string): boolean {
  return Object.values(store.getState().orders.open).some((o) => o.clientOid === clientOid);
}

beforeAll(async () => {
  sim = await startSim({ seed: 21, now: clock.now, sleep: clock.sleep });
  const original = sim.exchange.handle.bind(sim.exchange);
  sim.exchange.handle = (opId, uid, params) => {
    const result = original(opId, uid, params);
    if (opId === 'trade.countdownCancelAll') countdownCalls.push({ at: clock.now(), countdown: wireString(wireRecord(params).countdown) });
    return result;
  };
  const credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
  rest = new RestClient({ baseUrl: sim.rest, credentials, clock: { now: clock.now } });
  api = createExchangeApi(rest);
  store = createAppStore();
  stream = new StreamClient({ publicUrl: sim.wsPublic, privateUrl: sim.wsPrivate, credentials });
  priv = new PrivateService({ api, stream, store, now: clock.now, log, loanPollMs: 60_000 });
  const connection = stream.privateConnection;
  if (!connection) throw new Error('no private connection');
  stream.connect();
  priv.start();
  await waitFor(() => connection.getHealth().state === 'subscribed', () => JSON.stringify(connection.getHealth()));
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
    const service = new CountdownService({ api, store, now: clock.now, log, timers: clockTimers, healthy: () => health, refreshOrders: () => priv.resync() });
    const oids = [await placeResting('cdfire1', '1000'), await placeResting('cdfire2', '1001')];
    await waitFor(() => oids.every(openInStore), () => JSON.stringify(Object.keys(store.getState().orders.open)));
    expect(await openOnExchange()).toEqual(expect.arrayContaining(oids));

    expect(await service.arm(5)).toBeNull();
    expect(sim.exchange.countdownDeadline(sim.uid)).not.toBeNull();
    const firstAck = store.getState().countdown.lastAckAt;
    // One renewal period on the clock: the service renews by itself.
    clock.advance(renewIntervalMs(5));
    await waitFor(() => store.getState().countdown.lastAckAt > firstAck, () => JSON.stringify(store.getState().countdown));
    expect(countdownCalls.map((c) => c.countdown)).toEqual(['5', '5']);
    expect((countdownCalls[1]?.at ?? 0) - (countdownCalls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000);

    health = 'private socket reconnecting (test)';
    const lostAt = clock.now();
    await waitFor(() => store.getState().countdown.failing);
    expect(store.getState().countdown.lastError).toBe('private socket reconnecting (test)');
    const callsWhenLost = countdownCalls.length;
    const deadline = sim.exchange.countdownDeadline(sim.uid) ?? 0;
    expect(deadline).toBeGreaterThan(clock.now());

    // Up to just before the window runs out, renewals stopped: the exchange still holds both orders.
    clock.advance(deadline - clock.now() - 100);
    sim.exchange.tick(clock.now());
    expect(await openOnExchange()).toEqual(expect.arrayContaining(oids));
    // Past it: the exchange cancels both (its own timed work, run at once rather than on its 250 ms tick).
    clock.advance(200);
    sim.exchange.tick(clock.now());
    let open: string[] = [];
    await eventually(
      async () => {
        open = await openOnExchange();
        return open.every((c) => !oids.includes(c));
      },
      () => `open on the exchange: ${open.join(', ')}; countdown ${JSON.stringify(store.getState().countdown)}`,
    );
    // No renewal reached the exchange once health was lost (one sent just before may still have landed).
    expect(countdownCalls.length - callsWhenLost).toBeLessThanOrEqual(1);
    expect(countdownCalls.filter((c) => c.at > lostAt + 500)).toEqual([]);
    expect(sim.exchange.countdownDeadline(sim.uid)).toBeNull();

    await waitFor(() => store.getState().countdown.firedAt > 0, () => JSON.stringify(store.getState().countdown));
    expect(store.getState().countdown).toMatchObject({ armed: false, failing: false });
    expect(store.getState().ui.log.some((e) => e.level === 'error' && e.text.startsWith('countdown expired: the exchange cancelled all UTA orders'))).toBe(true);
    await waitFor(() => oids.every((c) => !openInStore(c)));
    const history = wireList(wireRecord(await api.trade.getHistoryOrders({ category: 'USDT-FUTURES' })).list).filter((o) => oids.includes(wireString(o.clientOid)));
    expect(history.map((o) => wireString(o.orderStatus))).toEqual(['cancelled', 'cancelled']);
    service.stop();
  });

  it('disarm switches the countdown off: orders stay open past the window', async () => {
    const service = new CountdownService({ api, store, now: clock.now, log, timers: clockTimers, healthy: () => null, refreshOrders: () => priv.resync() });
    const oids = [await placeResting('cdkeep1', '1000'), await placeResting('cdkeep2', '1001')];
    await waitFor(() => oids.every(openInStore));
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
