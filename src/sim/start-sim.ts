import { DEMO_API_KEY, DEMO_PASSPHRASE, DEMO_SECRET } from './demo-keys.js';
import type { EmbeddedExchange, SimExchange } from './contract.js';
import { createSimExchange } from './engine/create-sim-exchange.js';
import type { Faults } from './server/faults.js';
import { operationRoutes } from './server/operation-routes.js';
import type { OperationRoutes } from './server/routes.js';
import { startSimServer } from './server/sim-server.js';
import type { PublicIntervals } from './server/ws-public.js';

/**
 * Starts the embedded exchange on loopback: one port serving REST (`/api/...`) and both websocket
 * paths (`/v3/ws/public`, `/v3/ws/private`) over a `SimExchange`.
 */

export { DEMO_API_KEY, DEMO_PASSPHRASE, DEMO_SECRET };

/** Options of `startSim`; every field is optional. `E` is the exchange type served. */
export interface StartSimOptions<E extends SimExchange = EmbeddedExchange> {
  /** Listen address. Default `127.0.0.1` (loopback only). */
  readonly host?: string;
  /** Listen port. Default 0 (any free port). */
  readonly port?: number;
  /** Seed of the synthetic market (when the exchange is created here). Default 1. */
  readonly seed?: number;
  /** Time scale of the exchange (when created here). Default 1 (real time). */
  readonly speed?: number;
  /** API key accepted. Default `bg_demo_utadash`. */
  readonly apiKey?: string;
  /** API secret. Default `utadash-demo-secret`. */
  readonly secret?: string;
  /** API passphrase. Default `utadashdemo`. */
  readonly passphrase?: string;
  /**
   * Exchange to serve. Default: `createSimExchange({seed, speed, now})`, which startSim starts and
   * `close()` stops. A given exchange is neither started nor stopped here.
   */
  readonly exchange?: E;
  /** Clock, Unix ms. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * Waits `ms` on the same clock as `now` (the server's `deliverLate` hold). Default a real
   * (unref'd) timer. Tests pass `createManualClock().sleep` from `test/helpers/sim-testing/manual-clock.ts`.
   */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Operation table and validator. Default: the real table (`exchange/wire/operations.ts`). */
  readonly routes?: OperationRoutes;
  /** Websocket idle close after no `ping`, ms. Default 120 000. */
  readonly idleTimeoutMs?: number;
  /** Public push cadences (ms); defaults: books 50, books1/5/50 20, ticker 300, kline 1000. */
  readonly intervals?: PublicIntervals;
  /** Fault spec applied at start (see `applyFaultSpec` in server/faults.ts), e.g. from `--faults`. */
  readonly faults?: string;
  /** Access log, one line per REST request plus one per placement fault applied (never secrets). Default none. */
  readonly log?: (line: string) => void;
}

/** A running embedded exchange; `exchange` is the built-in `EmbeddedExchange` unless one was given. */
export interface SimHandle<E extends SimExchange = EmbeddedExchange> {
  /** REST base URL, e.g. `http://127.0.0.1:40123`. */
  readonly rest: string;
  /** Public socket URL, `ws://127.0.0.1:P/v3/ws/public`. */
  readonly wsPublic: string;
  /** Private socket URL, `ws://127.0.0.1:P/v3/ws/private`. */
  readonly wsPrivate: string;
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
  /** UID of the demo account the key belongs to (`6000000001` for the built-in exchange). */
  readonly uid: string;
  readonly exchange: E;
  /** Fault injection switches. */
  readonly faults: Faults;
  /** Closes sockets and the port (and stops an exchange created here). Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the embedded exchange; resolves once the port listens. Without `options.exchange` it
 * builds (and starts) the real one; do not name `E` yourself in that case.
 */
export async function startSim<E extends SimExchange = EmbeddedExchange>(options: StartSimOptions<E> = {}): Promise<SimHandle<E>> {
  const now = options.now ?? Date.now;
  const owned = options.exchange === undefined;
  // Without a given exchange E is its default, EmbeddedExchange, which is what is built here.
  const exchange = options.exchange ?? (createSimExchange({ seed: options.seed ?? 1, speed: options.speed ?? 1, now }) as SimExchange as E);
  const credentials = {
    apiKey: options.apiKey ?? DEMO_API_KEY,
    secret: options.secret ?? DEMO_SECRET,
    passphrase: options.passphrase ?? DEMO_PASSPHRASE,
    uid: exchange.demoUid,
  };
  const server = await startSimServer({
    exchange,
    routes: options.routes ?? operationRoutes(),
    credentials,
    now,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
    ...(options.intervals === undefined ? {} : { intervals: options.intervals }),
    ...(options.faults === undefined ? {} : { faults: options.faults }),
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
  });
  if (owned) exchange.start();
  let closing: Promise<void> | null = null;
  return {
    rest: server.rest,
    wsPublic: server.wsPublic,
    wsPrivate: server.wsPrivate,
    ...credentials,
    exchange,
    faults: server.faults,
    close: () => {
      closing ??= (async () => {
        await server.close();
        if (owned) exchange.stop();
      })();
      return closing;
    },
  };
}

/** The one JSON line `utadash sim` prints: URLs and the demo credentials (for local use only). */
export function simInfoLine(handle: SimHandle<SimExchange>): string {
  return JSON.stringify({
    rest: handle.rest,
    wsPublic: handle.wsPublic,
    wsPrivate: handle.wsPrivate,
    apiKey: handle.apiKey,
    secret: handle.secret,
    passphrase: handle.passphrase,
  });
}
