import { homedir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink';
import { createElement } from 'react';
import { CATEGORIES, type Category } from '../domain/model.js';
import { DEMO_WS_URLS, LIVE_WS_URLS } from '../exchange/ws/stream-client.js';
import { startSim, type SimHandle } from '../sim/start-sim.js';
import type { TradingMode } from '../store/slices/connection-slice.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import { AppRoot } from '../ui/AppRoot.js';
import { applyKeyOverrides, DEFAULT_BINDINGS } from '../ui/keys/bindings.js';
import { UsageError, type CliOptions } from './args.js';
import { loadConfig } from './config.js';
import { createFileLogger, Redactor } from './file-logger.js';
import { openSession } from './session.js';
import { installTerminalGuards } from './terminal.js';
import { loadTheme } from './themes.js';

/** Default log file: $XDG_STATE_HOME/utadash/utadash.log. */
export function defaultLogPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME !== '' ? env.XDG_STATE_HOME : join(env.HOME ?? homedir(), '.local', 'state');
  return join(base, 'utadash', 'utadash.log');
}

/** Frame-rate cap: the flag, else 8 over SSH, else 15. */
export function chooseMaxFps(options: CliOptions, env: NodeJS.ProcessEnv): number {
  if (options.maxFps !== null) return options.maxFps;
  return options.ssh || (env.SSH_CONNECTION ?? '') !== '' ? 8 : 15;
}

/** `--symbol BTCUSDT` (USDT futures) or `--symbol SPOT:BTCUSDT`; throws UsageError for an unknown category. */
export function parseSymbolFlag(text: string | null): SymbolRef | null {
  if (text === null) return null;
  const [a, b] = text.includes(':') ? text.split(':') : ['USDT-FUTURES', text];
  const category = (a ?? '').toUpperCase();
  if (!(CATEGORIES as readonly string[]).includes(category)) throw new UsageError(`--symbol: unknown category "${a ?? ''}" (use ${CATEGORIES.join(', ')})`);
  if (!b) throw new UsageError('--symbol needs a symbol, e.g. BTCUSDT or SPOT:BTCUSDT');
  return { category: category as Category, symbol: b.toUpperCase() };
}

/**
 * The composition root of the dashboard: config → exchange (real, paper, or the embedded one) →
 * clients → store → services → Ink. Returns the exit code.
 */
export async function runDashboard(options: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const symbol = parseSymbolFlag(options.symbol);
  const config = loadConfig(env, options.profile);
  const theme = loadTheme(options.theme ?? config.theme, env);
  const bindings = applyKeyOverrides(DEFAULT_BINDINGS, config.keys);
  const redactor = new Redactor();
  const logger = createFileLogger(options.logFile ?? defaultLogPath(env), redactor, 'info');
  const creds = options.demo ? null : config.profile.credentials;
  const paper = options.paper || config.profile.paper;
  let sim: SimHandle | null = null;
  let mode: TradingMode;
  let restUrl: string;
  let ws: { public: string; private: string };
  let credentials: { apiKey: string; secret: string; passphrase: string };
  let account: string;
  if (creds) {
    mode = paper ? 'PAPER' : 'LIVE';
    restUrl = config.profile.restUrl ?? 'https://api.bitget.com';
    ws = paper ? DEMO_WS_URLS : LIVE_WS_URLS;
    credentials = creds;
    account = config.profileName ?? 'env keys';
  } else {
    sim = await startSim({ seed: options.seed ?? 1 });
    mode = 'DEMO';
    restUrl = sim.rest;
    ws = { public: sim.wsPublic, private: sim.wsPrivate };
    credentials = { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase };
    account = `sim ${sim.uid}`;
  }
  redactor.add(credentials.apiKey, credentials.secret, credentials.passphrase);
  logger.info('starting', { mode, restUrl });

  const { store, services } = await openSession(
    { mode, account, restUrl, wsPublic: ws.public, wsPrivate: ws.private, credentials, paper: paper && mode === 'PAPER' },
    {
      ...(symbol ? { symbol } : {}),
      restLogger: { debug: (m, c) => logger.debug(m, c), warn: (m, c) => logger.warn(m, c) },
      fileLog: (level, text) => (level === 'error' ? logger.error(text) : level === 'warn' ? logger.warn(text) : logger.info(text)),
    },
  );
  if (mode === 'DEMO') store.getState().logEvent('info', 'DEMO: trading the embedded exchange (no keys configured); nothing here is real', Date.now());

  let resolveQuit: (code: number) => void = () => undefined;
  const quit = new Promise<number>((resolve) => {
    resolveQuit = resolve;
  });
  const instance = render(createElement(AppRoot, { value: { store, services, theme, bindings, now: Date.now, size: null, onQuit: () => resolveQuit(0) } }), {
    alternateScreen: true,
    incrementalRendering: true,
    maxFps: chooseMaxFps(options, env),
    exitOnCtrlC: false,
    patchConsole: false,
  });
  let stopped = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopped) return;
    stopped = true;
    logger.info('shutdown', { reason, code });
    instance.unmount();
    await services.shutdown().catch(() => undefined);
    await sim?.close().catch(() => undefined);
  };
  const removeGuards = installTerminalGuards(shutdown, (e) => redactor.text(e instanceof Error ? (e.stack ?? e.message) : String(e)));
  const code = await quit;
  await shutdown('quit', code);
  removeGuards();
  return code;
}
