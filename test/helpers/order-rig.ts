import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { instrumentFromWire } from '../../src/exchange/wire/market-mappers.js';
import { wireList } from '../../src/exchange/wire/wire-values.js';
import { isReadyState } from '../../src/exchange/ws/connection-state.js';
import { StreamClient, type StreamTuning } from '../../src/exchange/ws/stream-client.js';
import { WsTrade } from '../../src/exchange/ws/ws-trade.js';
import { OrderService } from '../../src/services/order-service.js';
import type { ReconciledEvent } from '../../src/services/placement-watch.js';
import { PrivateService } from '../../src/services/private-service.js';
import { createManualClock, type ManualClock } from './sim-testing/manual-clock.js';
import { startSim, type SimHandle, type StartSimOptions } from '../../src/sim/start-sim.js';
import { createAppStore, type AppStore } from '../../src/store/create-app-store.js';
import type { LogLevelUi } from '../../src/store/slices/ui-slice.js';
import { waitFor } from './wait-for.js';

/**
 * The order services against the embedded exchange, without the UI: `startSim()` on 127.0.0.1
 * port 0, the real RestClient, a StreamClient whose private socket carries the order stream
 * (PrivateService → store) and order entry (WsTrade), and two OrderServices — socket first, and
 * REST only. Everything runs on one manual clock shared with the exchange, so an acceptance window
 * or a late delivery passes by `clock.advance`, not by waiting.
 */
export interface OrderRig {
  readonly clock: ManualClock;
  readonly sim: SimHandle;
  readonly rest: RestClient;
  readonly api: ExchangeApi;
  readonly stream: StreamClient;
  readonly store: AppStore;
  readonly priv: PrivateService;
  readonly wsTrade: WsTrade;
  /** Orders over the private socket when it is ready, REST otherwise. */
  readonly viaSocket: OrderService;
  /** Orders over REST only. */
  readonly viaRest: OrderService;
  /** Every reconciliation verdict and correction, as the audit log receives them (both services). */
  readonly reconciled: readonly ReconciledEvent[];
  close(): Promise<void>;
}

/** Options of `startOrderRig`. */
export interface OrderRigOptions {
  readonly seed: number;
  /** Called with the exchange before the client connects (wrap `handle`, stop the market). */
  readonly prepare?: (sim: SimHandle) => void;
  readonly simLog?: StartSimOptions['log'];
  /** REST deadline, ms; default the client's. */
  readonly restTimeoutMs?: number;
  /** Socket order-reply deadline, ms. */
  readonly tradeReplyTimeoutMs: number;
  /** Socket tuning beyond the clock (tests shorten backoff and pings). */
  readonly tuning?: StreamTuning;
}

export async function startOrderRig(options: OrderRigOptions): Promise<OrderRig> {
  const clock = createManualClock();
  const sim = await startSim({ seed: options.seed, now: clock.now, sleep: clock.sleep, ...(options.simLog ? { log: options.simLog } : {}) });
  options.prepare?.(sim);
  const credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
  const rest = new RestClient({ baseUrl: sim.rest, credentials, clock, ...(options.restTimeoutMs ? { timeoutMs: options.restTimeoutMs } : {}) });
  const api = createExchangeApi(rest);
  const store = createAppStore();
  const log = (level: LogLevelUi, text: string): void => store.getState().logEvent(level, text, clock.now());
  const stream = new StreamClient({ publicUrl: sim.wsPublic, privateUrl: sim.wsPrivate, credentials, tuning: { loginClock: rest.clockSync, resyncClock: () => rest.clockSync.sync(), ...options.tuning } });
  const priv = new PrivateService({ api, stream, store, now: clock.now, log, loanPollMs: 60_000 });
  const connection = stream.privateConnection;
  if (!connection) throw new Error('no private connection');
  const wsTrade = new WsTrade({ connection, replyTimeoutMs: options.tradeReplyTimeoutMs });
  stream.connect();
  priv.start();
  const instruments = wireList(await api.market.getInstruments({ category: 'USDT-FUTURES' }));
  store.getState().setInstruments(instruments.map((r) => instrumentFromWire(r, 'USDT-FUTURES')).filter((i) => i !== null), clock.now());
  await waitFor(() => connection.getHealth().state === 'subscribed', () => JSON.stringify(connection.getHealth()));
  const reconciled: ReconciledEvent[] = [];
  const common = { api, store, now: clock.now, sleep: clock.sleep, log, reconcileDelaysMs: [50, 100, 200, 400], onReconciled: (e: ReconciledEvent) => void reconciled.push(e) };
  const viaSocket = new OrderService({ ...common, wsTrade, socketReady: () => isReadyState(connection.getHealth().state) });
  const viaRest = new OrderService({ ...common, wsTrade: null });
  return {
    clock,
    sim,
    rest,
    api,
    stream,
    store,
    priv,
    wsTrade,
    viaSocket,
    viaRest,
    reconciled,
    close: async () => {
      viaSocket.stop();
      viaRest.stop();
      priv.stop();
      wsTrade.dispose();
      stream.close();
      await rest.close();
      await sim.close();
    },
  };
}
