import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimExchange } from '../contract.js';
import type { SimCredentials } from './auth.js';
import { applyFaultSpec, Faults } from './faults.js';
import { createHttpHandler } from './http-server.js';
import { RateLimiter } from './rate-limits.js';
import type { OperationRoutes } from './routes.js';
import { PrivateChannels } from './ws-private.js';
import { PublicChannels, type PublicIntervals } from './ws-public.js';
import { SimWsServer } from './ws-server.js';

/**
 * The transports of the embedded exchange assembled on one loopback port: REST (`/api/...`) and
 * both websocket paths (`/v3/ws/public`, `/v3/ws/private`) over a given `SimExchange` and operation
 * table. `startSim` (src/sim/start-sim.ts) fills in the real exchange and table.
 */

/** Options of `startSimServer`. */
export interface SimServerOptions {
  readonly exchange: SimExchange;
  readonly routes: OperationRoutes;
  /** The one accepted API key (its `uid` is the account it trades). */
  readonly credentials: SimCredentials;
  /** Listen address. Default `127.0.0.1`. */
  readonly host?: string;
  /** Listen port. Default 0 (any free port). */
  readonly port?: number;
  /** Clock, Unix ms. Default `Date.now`. Fault clock skew is added on top. */
  readonly now?: () => number;
  /**
   * Waits `ms` on the same clock as `now` (the `deliverLate` hold). Default a real timer that does
   * not keep the process alive. Tests pass a fast-forwardable one (`test/helpers/sim-testing/manual-clock.ts`).
   */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Websocket idle close after no `ping`, ms. Default 120 000. */
  readonly idleTimeoutMs?: number;
  /** Public push cadences (ms); defaults: books 50, books1/5/50 20, ticker 300, kline 1000. */
  readonly intervals?: PublicIntervals;
  /** Fault spec applied at start (see `applyFaultSpec`). */
  readonly faults?: string;
  /** Access log, one line per REST request plus one per placement fault applied (never secrets). Default none. */
  readonly log?: (line: string) => void;
}

/** A listening transport set. */
export interface SimServer {
  /** REST base URL, e.g. `http://127.0.0.1:40123`. */
  readonly rest: string;
  /** `ws://127.0.0.1:P/v3/ws/public`. */
  readonly wsPublic: string;
  /** `ws://127.0.0.1:P/v3/ws/private`. */
  readonly wsPrivate: string;
  readonly faults: Faults;
  /** Closes every socket and the port. Idempotent. */
  close(): Promise<void>;
}

/** Listens and serves; resolves once the port is open. Does not start or stop the exchange. */
export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  const baseNow = options.now ?? Date.now;
  const { exchange, routes } = options;
  const faults = new Faults();
  if (options.faults) applyFaultSpec(faults, options.faults);
  const now = (): number => baseNow() + faults.skew;
  const sleep = options.sleep ?? realSleep;
  const keys = [options.credentials];
  const limiter = new RateLimiter(baseNow);
  const log = options.log ? { log: options.log } : {};
  const publicChannels = new PublicChannels(exchange, now, faults, options.intervals);
  const privateChannels = new PrivateChannels({ exchange, keys, now, faults, routes, limiter, sleep, ...log });
  const idle = options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs };
  // Message windows run on the real clock, like the HTTP limiter: a clock-skew fault must not trip 30006.
  const wsPublic = new SimWsServer({ ...idle, now: baseNow, faults, kind: 'public', handler: publicChannels });
  const wsPrivate = new SimWsServer({ ...idle, now: baseNow, faults, kind: 'private', handler: privateChannels });
  const server = createServer(createHttpHandler({ exchange, routes, keys, limiter, faults, now, sleep, ...log }));
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/v3/ws/public') wsPublic.handleUpgrade(req, socket, head);
    else if (path === '/v3/ws/private') wsPrivate.handleUpgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });
  await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  publicChannels.start();
  privateChannels.start();
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  let closing: Promise<void> | null = null;
  return {
    rest: `http://${host}:${port}`,
    wsPublic: `ws://${host}:${port}/v3/ws/public`,
    wsPrivate: `ws://${host}:${port}/v3/ws/private`,
    faults,
    close: () => {
      closing ??= (async () => {
        publicChannels.stop();
        privateChannels.stop();
        await Promise.all([wsPublic.close(), wsPrivate.close()]);
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}

/** The default `sleep`: a real timer, unref'd so a held request does not keep the process alive. */
function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, ms).unref();
  });
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
