import { cleanup } from 'ink-testing-library';
import WebSocket from 'ws';
import { openSession, type Session } from '../../src/cli/session.js';
import type { StreamTuning } from '../../src/exchange/ws/stream-client.js';
import type { EmbeddedExchange } from '../../src/sim/contract.js';
import { createSimExchange } from '../../src/sim/engine/create-sim-exchange.js';
import { createManualClock } from './sim-testing/manual-clock.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { startRestProxy, type RestProxy } from './chaos-proxy.js';
import { renderApp } from './render-app.js';
import { waitFor } from './wait-for.js';

/**
 * The chaos-test rig: the embedded exchange on 127.0.0.1 port 0 (its market agents stopped, so the
 * book, mark prices and balances only move when a test acts), a real session (RestClient through a
 * recording forwarder, StreamClient straight to the exchange, every service, the store) and the whole
 * app rendered at 160x48 (wide status bar: socket states, clock offset, rate headroom).
 * Every order placement is counted three ways: at the REST door (forwarder), on the private socket
 * (frames the client wrote) and in the engine (placements it executed).
 */

/**
 * Short socket timers: every socket fault resolves in a second or two; the backoff is exact (no
 * jitter). The pong timeout leaves room for a busy CI machine (a late pong must not look like a fault).
 */
export const CHAOS_TUNING: StreamTuning = {
  pingIntervalMs: 400,
  pongTimeoutMs: 2000,
  backoff: { baseMs: 300, capMs: 600 },
  random: () => 1,
  stableAfterMs: 300,
  healthThrottleMs: 50,
  handshakeTimeoutMs: 3000,
};

/** What a rig may change: client deadlines (so a late reply becomes "unknown" quickly). */
export interface ChaosRigOptions {
  /** REST deadline, ms; default the client's 10 000. */
  readonly restTimeoutMs?: number;
  /** Socket order-reply deadline, ms; default 5000. */
  readonly tradeReplyTimeoutMs?: number;
}

/** A running rig. `sim` changes when `restartServer` replaces the server. */
export interface ChaosRig {
  /**
   * The one clock of the exchange and the client: `advance(ms)` moves both (a late delivery, an
   * acceptance window passing) without waiting; sleeps on it end early when it jumps.
   */
  readonly clock: ReturnType<typeof createManualClock>;
  /** The current server (faults, URLs, credentials). */
  readonly sim: SimHandle;
  readonly exchange: EmbeddedExchange;
  readonly session: Session;
  readonly app: ReturnType<typeof renderApp>;
  readonly proxy: RestProxy;
  /** clientOids of the place-order / batch-place frames the client wrote on the private socket, in order. */
  readonly socketPlacements: readonly string[];
  /**
   * clientOids of socket place frames the exchange refused with 40020 before anything ran (a
   * category the socket op does not take): the client sends those over REST with the same clientOid.
   */
  readonly socketRefused: readonly string[];
  /** clientOids of the placements the engine executed, in order. */
  readonly executed: readonly string[];
  /** clientOids of the orders the engine created (a placement it refused is not one), in order. */
  readonly created: readonly string[];
  /** The exchange's REST access log (`METHOD /path status code`), every server started so far. */
  readonly accessLog: readonly string[];
  /** Closes the server (sockets and port), leaving the exchange state as it is. */
  stopServer(): Promise<void>;
  /** Starts a new server on the same port over the same exchange state. */
  startServer(): Promise<void>;
  /** Tears everything down. */
  close(): Promise<void>;
}

function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function parseRecord(text: string): Record<string, unknown> {
  try {
    return record(JSON.parse(text));
  } catch {
    return {};
  }
}

function idOfFrame(text: string): string {
  return String(parseRecord(text).id ?? '');
}

function clientOidsOfFrame(text: string): string[] {
  try {
    const frame = record(JSON.parse(text));
    if (frame.op !== 'trade' || (frame.topic !== 'place-order' && frame.topic !== 'batch-place')) return [];
    const args = Array.isArray(frame.args) ? frame.args : [];
    return args.map((a) => record(a).clientOid).filter((c): c is string => typeof c === 'string');
  } catch {
    return [];
  }
}

/** Starts the exchange, the forwarder, the session and the app; resolves once everything is live. */
export async function startChaosRig(seed: number, options: ChaosRigOptions = {}): Promise<ChaosRig> {
  const clock = createManualClock();
  const exchange = createSimExchange({ seed, now: clock.now });
  exchange.start();
  exchange.market.stop();
  const executed: string[] = [];
  const created: string[] = [];
  const original = exchange.handle.bind(exchange);
  exchange.handle = (opId, uid, params) => {
    if (opId === 'trade.placeOrder') executed.push(String(record(params).clientOid ?? ''));
    if (opId === 'trade.placeBatch' && Array.isArray(params)) for (const p of params) executed.push(String(record(p).clientOid ?? ''));
    const out = original(opId, uid, params);
    if (opId === 'trade.placeOrder' && record(out).orderId) created.push(String(record(params).clientOid ?? ''));
    if (opId === 'trade.placeBatch') {
      const entries: unknown[] = Array.isArray(out) ? out : Array.isArray(record(out).list) ? (record(out).list as unknown[]) : [];
      for (const e of entries) if (record(e).orderId) created.push(String(record(e).clientOid ?? ''));
    }
    return out;
  };
  const accessLog: string[] = [];
  const log = (line: string): void => {
    accessLog.push(line);
  };
  let sim = await startSim({ exchange, log, now: clock.now, sleep: clock.sleep });
  const port = Number(new URL(sim.rest).port);
  const proxy = await startRestProxy(() => sim.rest);
  const socketPlacements: string[] = [];
  const socketRefused: string[] = [];
  const frameOids = new Map<string, string[]>();
  const tuning: StreamTuning = {
    ...CHAOS_TUNING,
    createSocket: (url) => {
      const ws = new WebSocket(url);
      const send = ws.send.bind(ws) as (data: string) => void;
      Object.assign(ws, {
        send: (data: string) => {
          const oids = clientOidsOfFrame(data);
          socketPlacements.push(...oids);
          if (oids.length > 0) frameOids.set(idOfFrame(data), oids);
          send(data);
        },
      });
      ws.on('message', (raw: Buffer) => {
        const reply = parseRecord(raw.toString('utf8'));
        const oids = frameOids.get(String(reply.id ?? ''));
        if (oids && String(reply.code ?? '') === '40020') socketRefused.push(...oids);
      });
      return ws;
    },
  };
  const session = await openSession(
    {
      mode: 'DEMO', account: `sim ${sim.uid}`, restUrl: proxy.url, wsPublic: sim.wsPublic, wsPrivate: sim.wsPrivate,
      credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase }, paper: false,
    },
    {
      streamTuning: tuning,
      now: clock.now,
      sleep: clock.sleep,
      ...(options.restTimeoutMs ? { restTimeoutMs: options.restTimeoutMs } : {}),
      ...(options.tradeReplyTimeoutMs ? { tradeReplyTimeoutMs: options.tradeReplyTimeoutMs } : {}),
    },
  );
  const state = () => session.store.getState();
  await waitFor(() => state().account.summary);
  await waitFor(() => state().connection.private.state === 'subscribed' && state().connection.public.state === 'subscribed', () => JSON.stringify(state().connection));
  await waitFor(() => state().market.books[symbolKey(state().market.selected)]?.bids[0]);
  const app = renderApp({ store: session.store, services: session.services, columns: 160, rows: 48, now: clock.now });
  await app.waitForText('DEMO');
  let stopped = false;
  return {
    get sim() {
      return sim;
    },
    clock,
    exchange,
    session,
    app,
    proxy,
    socketPlacements,
    socketRefused,
    executed,
    created,
    accessLog,
    stopServer: async () => {
      stopped = true;
      await sim.close();
    },
    startServer: async () => {
      sim = await startSim({ exchange, port, log, now: clock.now, sleep: clock.sleep });
      stopped = false;
    },
    close: async () => {
      cleanup();
      await session.services.shutdown();
      if (!stopped) await sim.close();
      await proxy.close();
      exchange.stop();
    },
  };
}
