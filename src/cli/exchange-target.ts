import { basename } from 'node:path';
import { DEMO_WS_URLS, LIVE_WS_URLS } from '../exchange/ws/stream-client.js';
import { DEMO_API_KEY, DEMO_PASSPHRASE, DEMO_SECRET } from '../sim/demo-keys.js';
import type { ReplayHandle } from '../sim/replay/replay-server.js';
import type { SimHandle } from '../sim/start-sim.js';
import type { TradingMode } from '../store/slices/connection-slice.js';
import { UsageError, type CliOptions } from './args.js';
import type { AppConfig, Credentials } from './config.js';

/** The exchange the dashboard talks to, and the embedded exchange or replay started for it. */
export interface ExchangeTarget {
  readonly mode: TradingMode;
  /** Account label for the status bar (never a key). */
  readonly account: string;
  readonly restUrl: string;
  /** Socket URLs. */
  readonly ws: { readonly public: string; readonly private: string };
  readonly credentials: Credentials;
  /** The embedded exchange started in-process for this run; null when none was. */
  readonly sim: SimHandle | null;
  /** The replay server of `--replay FILE`; null without it. */
  readonly replay: ReplayHandle | null;
}

/** The demo keys the embedded exchange and the replay server accept. */
const DEMO_CREDENTIALS: Credentials = { apiKey: DEMO_API_KEY, secret: DEMO_SECRET, passphrase: DEMO_PASSPHRASE };

/** The options that choose the exchange (the dashboard's; a command gives its own, with no replay). */
export type TargetChoice = Pick<CliOptions, 'demo' | 'paper' | 'seed'> & Partial<Pick<CliOptions, 'replay' | 'replaySpeed'>>;

/**
 * Which exchange: `--replay FILE` plays a recording back; keys (the profile's, unless `--demo`)
 * trade on Bitget, paper with `--paper` or the profile's flag; without keys, the embedded exchange
 * of UTADASH_SIM_URL, else one started in-process. An unreadable recording or a bad
 * UTADASH_SIM_URL is a UsageError.
 */
export async function openExchangeTarget(options: TargetChoice, env: NodeJS.ProcessEnv, config: AppConfig): Promise<ExchangeTarget> {
  const creds = options.demo ? null : config.profile.credentials;
  if (options.replay !== undefined && options.replay !== null) {
    const replay = await openReplay(options.replay, options.replaySpeed ?? 1);
    return { mode: 'REPLAY', account: `replay ${basename(options.replay)}`, restUrl: replay.rest, ws: { public: replay.wsPublic, private: replay.wsPrivate }, credentials: DEMO_CREDENTIALS, sim: null, replay };
  }
  if (creds) return bitgetTarget(options.paper || config.profile.paper, creds, config);
  const ext = externalSim(env);
  if (ext) return { mode: 'DEMO', account: 'sim 6000000001', restUrl: ext.rest, ws: { public: ext.wsPublic, private: ext.wsPrivate }, credentials: DEMO_CREDENTIALS, sim: null, replay: null };
  // Loaded here, not at the top: a command against an exchange elsewhere never compiles the exchange.
  const { startSim } = await import('../sim/start-sim.js');
  const sim = await startSim({ seed: options.seed ?? 1 });
  const credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
  return { mode: 'DEMO', account: `sim ${sim.uid}`, restUrl: sim.rest, ws: { public: sim.wsPublic, private: sim.wsPrivate }, credentials, sim, replay: null };
}

/** Stops the embedded exchange or the replay server the target started; their errors are ignored (the app is closing). */
export async function closeExchangeTarget(target: ExchangeTarget): Promise<void> {
  await target.sim?.close().catch(() => undefined);
  await target.replay?.close().catch(() => undefined);
}

/** Bitget itself (paper or live), or the profile's own endpoints when it names them. */
function bitgetTarget(paper: boolean, credentials: Credentials, config: AppConfig): ExchangeTarget {
  // A profile's endpoints move REST and both sockets together; without them, Bitget's own hosts.
  const custom = config.profile.endpoints;
  const ws = custom ? { public: custom.wsPublic, private: custom.wsPrivate } : paper ? DEMO_WS_URLS : LIVE_WS_URLS;
  return { mode: paper ? 'PAPER' : 'LIVE', account: config.profileName ?? 'env keys', restUrl: custom?.rest ?? 'https://api.bitget.com', ws, credentials, sim: null, replay: null };
}

/** Starts the replay server of `--replay FILE`; an unreadable or invalid file is a UsageError. */
async function openReplay(file: string, speed: number): Promise<ReplayHandle> {
  // Loaded outside the try: a missing chunk is not the recording's fault.
  const { startReplay } = await import('../sim/replay/replay-server.js');
  try {
    return await startReplay({ source: file, speed });
  } catch (error) {
    throw new UsageError(`--replay ${file}: ${(error as Error).message}`);
  }
}

/**
 * An already running embedded exchange to use instead of starting one in-process:
 * `UTADASH_SIM_URL=http://127.0.0.1:PORT` (e.g. from `utadash sim`, with the demo credentials).
 * The render benchmark uses it so the app's CPU is measured without the exchange's.
 */
function externalSim(env: NodeJS.ProcessEnv): { rest: string; wsPublic: string; wsPrivate: string } | null {
  const url = env.UTADASH_SIM_URL ?? '';
  if (url === '') return null;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new UsageError(`UTADASH_SIM_URL must be http://127.0.0.1:PORT (got "${url}")`);
  const ws = url.replace('http://', 'ws://');
  return { rest: url, wsPublic: `${ws}/v3/ws/public`, wsPrivate: `${ws}/v3/ws/private` };
}
