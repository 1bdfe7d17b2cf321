import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import type { SimEvent } from '../../src/sim/contract.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { APP_BIN, currentSourcesEnv } from './app-bin.js';

/**
 * The rig of the scriptable-command tests (issue 20): the embedded exchange started in the test
 * (port 0) with its access log and event stream recorded, a scratch home for config and state, and
 * the real CLI (`bin/utadash.mjs` on the current sources) run against it through UTADASH_SIM_URL,
 * with stdin a pipe (never a terminal). Runs wait for the process to end; nothing sleeps.
 */

/** How one run of the CLI ended. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A user's environment without keys or test switches, config and state under `home`. */
export function cliEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'config'), XDG_STATE_HOME: join(home, 'state'), NODE_ENV: 'production', ...currentSourcesEnv() };
  for (const name of ['CI', 'BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE', 'UTADASH_SIM_URL', 'NO_COLOR', 'SSH_CONNECTION', 'TMUX']) delete env[name];
  return { ...env, ...extra };
}

/** Runs `utadash ...args`; resolves once it has exited and its output is read. `stdin` is written and closed. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [APP_BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The embedded exchange of a test file and what reached it. */
export interface CliSim {
  readonly sim: SimHandle;
  /** The test's own REST access to the demo account, to set up and check on the exchange's side. */
  readonly api: ExchangeApi;
  /** Scratch home (config, state). */
  readonly home: string;
  /** The CLI's environment: the exchange through UTADASH_SIM_URL. */
  readonly env: NodeJS.ProcessEnv;
  /** Every REST request the exchange answered (`POST /api/v3/trade/place-order 200 00000`), in order. */
  readonly requests: string[];
  /** Every order event of the demo account (placed, changed, cancelled), in order. */
  readonly orderEvents: Extract<SimEvent, { type: 'order' }>[];
  /** Writes the config file (mode 600) with `content`. */
  writeConfig(content: unknown): void;
  /** Stops the exchange and removes the scratch home. */
  close(): Promise<void>;
}

/** Starts the exchange (seed 1, port 0) and the scratch home. */
export async function startCliSim(prefix: string): Promise<CliSim> {
  const requests: string[] = [];
  const orderEvents: Extract<SimEvent, { type: 'order' }>[] = [];
  const sim = await startSim({ seed: 1, log: (line) => requests.push(line) });
  const off = sim.exchange.subscribe((e) => {
    if (e.type === 'order') orderEvents.push(e);
  });
  const home = mkdtempSync(join(tmpdir(), prefix));
  const rest = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase } });
  return {
    sim,
    api: createExchangeApi(rest),
    home,
    env: cliEnv(home, { UTADASH_SIM_URL: sim.rest }),
    requests,
    orderEvents,
    writeConfig: (content) => {
      const dir = join(home, 'config', 'utadash');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'config.json'), JSON.stringify(content));
      chmodSync(join(dir, 'config.json'), 0o600);
    },
    close: async () => {
      await rest.close();
      off();
      await sim.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** An open order as the exchange's reply lists it (the fields the tests read). */
export interface WireOpenOrder {
  readonly orderId: string;
  readonly clientOid: string;
  readonly price: string;
  readonly qty: string;
  readonly symbol: string;
}

/** The open orders on the exchange (the test's own REST read, one page of 100). */
export async function openOrdersOn(api: ExchangeApi): Promise<WireOpenOrder[]> {
  const data = (await api.trade.getUnfilledOrders({ limit: '100' })) as { list: WireOpenOrder[] };
  return data.list;
}

/** A buy price 2 % under the last price of a USDT future (inside the guards' 5 % from the mark: no warning), on a whole number. */
export async function nearBuyPrice(api: ExchangeApi, symbol = 'BTCUSDT'): Promise<string> {
  const [t] = (await api.market.getTickers({ category: 'USDT-FUTURES', symbol })) as { lastPrice: string }[];
  return String(Math.floor(Number(t?.lastPrice ?? '0') * 0.98));
}

/** The REST writes (POSTs) among `requests`. */
export function restWrites(requests: readonly string[]): string[] {
  return requests.filter((line) => line.startsWith('POST '));
}

/** Parses a run's stdout as JSON, failing with the run's output when it is not. */
export function jsonOf<T>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${String(run.code)}): stdout=${run.stdout} stderr=${run.stderr}`);
  }
}

/** A CLI process left running (`watch`), read as it writes. */
export interface RunningCli {
  /** Resolves once `stream`'s output so far matches `pattern` (checked on every chunk); rejects if the process exits first. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<void>;
  /** Sends `signal` to the process. */
  kill(signal: NodeJS.Signals): void;
  /** Resolves once it has exited, with everything it wrote. */
  readonly exited: Promise<CliRun>;
}

/** Starts `utadash ...args` and returns while it runs; stdin is an open pipe (not a terminal). */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv): RunningCli {
  const child = spawn(process.execPath, [APP_BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const text = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  const exited = new Promise<CliRun>((resolve) => {
    child.on('close', (code) => {
      for (const w of waiters) w();
      resolve({ code, ...text });
    });
  });
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].on('data', (d: Buffer) => {
      text[stream] += d.toString();
      for (const w of waiters) w();
    });
  }
  return {
    waitFor: (stream, pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(text[stream])) {
            waiters.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(check);
            reject(new Error(`exited (${String(child.exitCode ?? child.signalCode)}) before ${stream} matched ${String(pattern)}: stdout=${text.stdout} stderr=${text.stderr}`));
          }
        };
        waiters.add(check);
        check();
      }),
    kill: (signal) => child.kill(signal),
    exited,
  };
}
