import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { render } from 'ink';
import { createElement } from 'react';
import { CATEGORIES, type Category } from '../domain/model.js';
import { DEMO_WS_URLS, LIVE_WS_URLS } from '../exchange/ws/stream-client.js';
import { AuditLog } from '../services/audit-log.js';
import { installInkOutputRows } from '../render/ink-output-rows.js';
import { inkPatch, inkPatchProblem } from '../render/ink-patch.js';
import { SessionRecorder } from '../services/session-recorder.js';
import { startReplay, type ReplayHandle } from '../sim/replay/replay-server.js';
import { DEMO_API_KEY, DEMO_PASSPHRASE, DEMO_SECRET, startSim, type SimHandle } from '../sim/start-sim.js';
import type { TradingMode } from '../store/slices/connection-slice.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import { AppRoot } from '../ui/AppRoot.js';
import { createFrameGate } from '../ui/frame-gate.js';
import { RenderStatsRecorder } from '../ui/hooks/use-render-stats.js';
import type { ThemeChoices } from '../ui/hooks/app-context.js';
import { DEFAULT_BINDINGS } from '../ui/keys/bindings.js';
import { UsageError, type CliOptions } from './args.js';
import { loadConfig, type AppConfig } from './config.js';
import { checkLogFile, createFileLogger, Redactor } from './file-logger.js';
import { openSession } from './session.js';
import { CellDiffStream } from '../render/cell-diff-stream.js';
import { installTerminalGuards } from './terminal.js';
import { checkCredentials, checkInteractive, credentialSourceOf, keyBindingsFrom, StartCheckError, unknownSymbolMessage } from './start-checks.js';
import { installSuspend, SuspendBridge } from './suspend.js';
import { readPrefs, updatePrefs } from './prefs.js';
import { loadTheme, THEMES } from './themes.js';

/** Default log file: $XDG_STATE_HOME/utadash/utadash.log. */
export function defaultLogPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME && env.XDG_STATE_HOME !== '' ? env.XDG_STATE_HOME : join(env.HOME ?? homedir(), '.local', 'state');
  return join(base, 'utadash', 'utadash.log');
}

/** Default audit log: beside the log file, $XDG_STATE_HOME/utadash/audit.ndjson. */
export function defaultAuditPath(env: NodeJS.ProcessEnv): string {
  return join(dirname(defaultLogPath(env)), 'audit.ndjson');
}

/** Opens the audit log and the recorder the options ask for; a file that cannot be opened is a UsageError. */
function openSinks(options: CliOptions, env: NodeJS.ProcessEnv, mode: TradingMode, redactor: Redactor, warn: (m: string) => void): { audit: AuditLog | null; recorder: SessionRecorder | null } {
  const redact = (t: string) => redactor.text(t);
  let audit: AuditLog | null = null;
  try {
    audit = options.noAudit ? null : new AuditLog({ path: options.auditFile ?? defaultAuditPath(env), mode, redact, onError: warn });
    const recorder = options.record === null ? null : new SessionRecorder({ path: options.record, mode, redact, onError: warn });
    return { audit, recorder };
  } catch (error) {
    audit?.close();
    throw new UsageError((error as Error).message);
  }
}

/** Starts the replay server of `--replay FILE`; an unreadable or invalid file is a UsageError. */
async function openReplay(file: string, speed: number): Promise<ReplayHandle> {
  try {
    return await startReplay({ source: file, speed });
  } catch (error) {
    throw new UsageError(`--replay ${file}: ${(error as Error).message}`);
  }
}

/** SSH mode: forced by `--ssh`, automatic when SSH_CONNECTION is set. */
export function isRemoteSession(options: CliOptions, env: NodeJS.ProcessEnv): boolean {
  return options.ssh || (env.SSH_CONNECTION ?? '') !== '';
}

/**
 * Frame-rate cap: the flag, else 60. Streaming frames are bounded by the services' shared publish
 * tick (one store update, one frame per tick, see `choosePublishMs`); the cap only limits key-driven
 * frames, and a high one keeps key-to-frame latency near one render time, over SSH too.
 */
export function chooseMaxFps(options: CliOptions): number {
  return options.maxFps ?? 60;
}

/**
 * Market data publish period, ms: 200 in SSH mode (the book, tickers and trades redraw 5 times a
 * second: fewer bytes and less CPU on both ends), else 100. Keys are not slowed: they redraw at once.
 */
export function choosePublishMs(options: CliOptions, env: NodeJS.ProcessEnv): number {
  return isRemoteSession(options, env) ? 200 : 100;
}

/**
 * Streaming redraw pace, ms: the screen shows what streamed in (market ticks, private pushes, the
 * clock) at most once per 200 ms, 5 frames a second, locally and over SSH (see ui/frame-gate.ts);
 * keys redraw at once. The market tick and the private pushes around it share a frame. Measured at
 * 160x48 (bench/RESULTS.md): the app's own work without frames is ~0.045 of a core and each
 * streamed frame a second ~0.013 more, so 5 a second keeps it near the 0.10 budget (issue 17),
 * where 8 (the 100 ms publish) cost 0.13.
 */
export const STREAM_FRAME_MS = 200;

/**
 * How frames reach the terminal. Default: Ink's standard writer into a `CellDiffStream` (only
 * changed cells are written) at `chooseMaxFps`. `UTADASH_INK_DEFAULT=1` (benchmarks only: the
 * comparison line of `npm run bench:render`) writes with Ink's defaults instead: the standard
 * writer straight to the terminal at Ink's default 30 fps.
 */
export function chooseRenderOptions(options: CliOptions, env: NodeJS.ProcessEnv): { cellDiff: boolean; maxFps?: number } {
  if (env.UTADASH_INK_DEFAULT === '1') return { cellDiff: false };
  return { cellDiff: true, maxFps: chooseMaxFps(options) };
}

/**
 * Counts the bytes written to `stream` into `stats` (the `!` overlay's bytes/s) by wrapping its
 * `write`; returns the function that restores the original.
 */
function countWrites(stream: NodeJS.WriteStream, stats: RenderStatsRecorder): () => void {
  const original = stream.write;
  const write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    stats.recordBytes(typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength, Date.now());
    return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean).call(stream, chunk, ...rest);
  };
  stream.write = write as typeof stream.write;
  return () => {
    stream.write = original;
  };
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
 * What is checked before anything starts (each refusal one line, status 2): keys a request header
 * can carry (when they will be used), a log file that can be written, and a terminal to draw on.
 */
function checkBeforeStart(options: CliOptions, env: NodeJS.ProcessEnv, config: AppConfig): void {
  const unpatched = inkPatchProblem();
  if (unpatched !== null) throw new StartCheckError(unpatched);
  const keys = options.demo || options.replay !== null ? null : credentialSourceOf(config);
  if (keys) checkCredentials(keys);
  checkLogFile(options.logFile ?? defaultLogPath(env));
  checkInteractive(process);
}

/**
 * The composition root of the dashboard: config → exchange (real, paper, or the embedded one) →
 * clients → store → services → Ink. Returns the exit code.
 */
export async function runDashboard(options: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const symbol = parseSymbolFlag(options.symbol);
  const config = loadConfig(env, options.profile);
  // A theme switched to at run time is remembered; a named one (flag, config) or NO_COLOR wins.
  const prefsPath = join(dirname(defaultLogPath(env)), 'prefs.json');
  const prefs = readPrefs(prefsPath);
  const remembered = prefs.theme;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const usable = remembered !== undefined && (THEMES as readonly string[]).includes(remembered) && !noColor ? remembered : null;
  const theme = loadTheme(options.theme ?? config.theme ?? usable, env);
  const themes: ThemeChoices = { names: THEMES, load: (name) => loadTheme(name, env), remember: (name) => updatePrefs(prefsPath, { theme: name }) };
  const bindings = keyBindingsFrom(DEFAULT_BINDINGS, config);
  checkBeforeStart(options, env, config);
  const redactor = new Redactor();
  const logger = createFileLogger(options.logFile ?? defaultLogPath(env), redactor, 'info');
  const creds = options.demo ? null : config.profile.credentials;
  const paper = options.paper || config.profile.paper;
  let sim: SimHandle | null = null;
  let replay: ReplayHandle | null = null;
  let mode: TradingMode;
  let restUrl: string;
  let ws: { public: string; private: string };
  let credentials: { apiKey: string; secret: string; passphrase: string };
  let account: string;
  if (options.replay !== null) {
    replay = await openReplay(options.replay, options.replaySpeed);
    mode = 'REPLAY';
    restUrl = replay.rest;
    ws = { public: replay.wsPublic, private: replay.wsPrivate };
    credentials = { apiKey: DEMO_API_KEY, secret: DEMO_SECRET, passphrase: DEMO_PASSPHRASE };
    account = `replay ${basename(options.replay)}`;
  } else if (creds) {
    mode = paper ? 'PAPER' : 'LIVE';
    // A profile's endpoints move REST and both sockets together; without them, Bitget's own hosts.
    const custom = config.profile.endpoints;
    restUrl = custom?.rest ?? 'https://api.bitget.com';
    ws = custom ? { public: custom.wsPublic, private: custom.wsPrivate } : paper ? DEMO_WS_URLS : LIVE_WS_URLS;
    credentials = creds;
    account = config.profileName ?? 'env keys';
  } else if (externalSim(env)) {
    const ext = externalSim(env) ?? { rest: '', wsPublic: '', wsPrivate: '' };
    mode = 'DEMO';
    restUrl = ext.rest;
    ws = { public: ext.wsPublic, private: ext.wsPrivate };
    credentials = { apiKey: DEMO_API_KEY, secret: DEMO_SECRET, passphrase: DEMO_PASSPHRASE };
    account = 'sim 6000000001';
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
  let sinks: { audit: AuditLog | null; recorder: SessionRecorder | null };
  try {
    sinks = openSinks(options, env, mode, redactor, (m) => logger.warn(m));
  } catch (error) {
    await sim?.close().catch(() => undefined);
    await replay?.close().catch(() => undefined);
    throw error;
  }
  const { audit, recorder } = sinks;

  const { store, services } = await openSession(
    {
      mode, account, restUrl, wsPublic: ws.public, wsPrivate: ws.private, credentials, paper: paper && mode === 'PAPER',
      ...(mode !== 'DEMO' && config.profile.channelApiCode !== null ? { channelApiCode: config.profile.channelApiCode } : {}),
    },
    {
      ...(symbol ? { symbol } : {}),
      // The bell and notification escapes (OSC 9/777) go straight to the terminal, between Ink's frames.
      terminalWrite: (sequence) => void process.stdout.write(sequence),
      tmux: (env.TMUX ?? '') !== '',
      alerts: config.alerts,
      // Rules added from the palette's alert form, kept beside the theme for the next start.
      alertPersistence: { saved: prefs.alerts?.rules, save: (rules) => updatePrefs(prefsPath, { alerts: { rules } }) },
      publishMs: choosePublishMs(options, env),
      ...(config.watchlist ? { watchlist: config.watchlist } : {}),
      restLogger: { debug: (m, c) => logger.debug(m, c), warn: (m, c) => logger.warn(m, c) },
      fileLog: (level, text) => (level === 'error' ? logger.error(text) : level === 'warn' ? logger.warn(text) : logger.info(text)),
      ...(audit ? { audit, onReconciled: (e) => audit.reconciled(e) } : {}),
      ...(recorder ? { recorder } : {}),
    },
  );
  // The instruments are loaded now: a --symbol naming none of its category is refused, nearest named.
  const unknown = symbol ? unknownSymbolMessage(symbol, Object.values(store.getState().market.instruments)) : null;
  if (unknown !== null) {
    await services.shutdown().catch(() => undefined);
    recorder?.close();
    audit?.close();
    await sim?.close().catch(() => undefined);
    await replay?.close().catch(() => undefined);
    throw new StartCheckError(unknown);
  }
  if (mode === 'DEMO') store.getState().logEvent('info', 'DEMO: trading the embedded exchange (no keys configured); nothing here is real', Date.now());
  if (replay) {
    store.getState().logEvent('info', `REPLAY: playing back ${options.replay ?? ''} (read-only: orders and other writes are refused)`, Date.now());
    void replay.finished.then(() => store.getState().logEvent('info', 'REPLAY: end of the recording; the screen keeps its final state (q quits)', Date.now()));
  }
  if (recorder) store.getState().logEvent('info', `recording socket frames and REST replies to ${options.record ?? ''}`, Date.now());

  let resolveQuit: (code: number) => void = () => undefined;
  const quit = new Promise<number>((resolve) => {
    resolveQuit = resolve;
  });
  // Render statistics for the `!` overlay; UTADASH_RENDER_STATS_FILE (benchmarks) also keeps every
  // render time and writes them there as JSON at shutdown.
  const statsFile = env.UTADASH_RENDER_STATS_FILE ?? '';
  // React's development build (NODE_ENV unset) records a performance.measure per component render and
  // Node keeps every entry: ~120 MB a minute at 160x48. Drop them regularly.
  const clearTimeline = setInterval(() => {
    performance.clearMeasures();
    performance.clearMarks();
  }, 5000);
  clearTimeline.unref();
  const renderStats = new RenderStatsRecorder(5000, 4096, statsFile !== '');
  const uncount = countWrites(process.stdout, renderStats);
  const { cellDiff, maxFps } = chooseRenderOptions(options, env);
  const terminal = cellDiff && process.stdout.isTTY ? new CellDiffStream(process.stdout) : null;
  // Unchanged rows are not rebuilt each frame (see render/ink-output-rows.ts); plain Ink for the
  // benchmark's ink-default comparison.
  const ink = inkPatch();
  if (cellDiff) {
    const outputRows = installInkOutputRows(2000, ink);
    if (outputRows.installed) renderStats.countRows(() => outputRows.stats());
    else logger.warn(`render: Ink's frame builder kept (${outputRows.reason ?? 'unknown'}); frames cost more CPU`);
  }
  // Ctrl-L: forget what the screen shows (Ink's last frame, the cell diff's copy); the app then
  // renders, and the whole frame is drawn again over a cleared screen.
  let clearInk = (): void => undefined;
  const repaint = (): void => {
    terminal?.repaint();
    if (!terminal) process.stdout.write('\x1b[2J');
    clearInk();
  };
  // Ctrl-Z: the terminal restored as on quit, the job stopped; on `fg` everything is drawn again.
  const suspension = installSuspend({ stdin: process.stdin, stdout: process.stdout, beforeRedraw: () => terminal?.repaint(), onError: (m) => logger.warn(m) });
  const frameGate = createFrameGate(store, { intervalMs: STREAM_FRAME_MS, wall: Date.now });
  const app = createElement(AppRoot, { value: { store, services, theme, themes, bindings, now: Date.now, size: null, onQuit: () => resolveQuit(0), renderStats, orderGuards: config.orderGuards, layouts: config.layouts, repaint, frameGate } });
  const instance = render(createElement(SuspendBridge, { control: suspension }, app), {
    alternateScreen: true,
    incrementalRendering: false,
    ...(maxFps === undefined ? {} : { maxFps }),
    ...(terminal ? { stdout: terminal as unknown as NodeJS.WriteStream, interactive: true } : {}),
    onRender: ({ renderTime }) => renderStats.recordRender(renderTime, Date.now()),
    exitOnCtrlC: false,
    patchConsole: false,
  });
  clearInk = () => instance.clear();
  let stopped = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopped) return;
    stopped = true;
    logger.info('shutdown', { reason, code });
    // Ink's bounded caches (patches/ink+7.1.1.patch), as the run-mode test reads them.
    logger.info('render: Ink caches', { patch: ink.revision, measured: ink.measureCache.map.size, wrapped: ink.wrapCache.map.size, limit: ink.measureCache.limit });
    suspension.uninstall();
    instance.unmount();
    terminal?.detach();
    clearInterval(clearTimeline);
    uncount();
    if (statsFile !== '') writeFileSync(statsFile, JSON.stringify({ renders: renderStats.allRenders }));
    await services.shutdown().catch(() => undefined);
    recorder?.close();
    audit?.close();
    await sim?.close().catch(() => undefined);
    await replay?.close().catch(() => undefined);
  };
  const removeGuards = installTerminalGuards(shutdown, (e) => redactor.text(e instanceof Error ? (e.stack ?? e.message) : String(e)));
  // Test hook (test/e2e/terminal-restore.test.ts): UTADASH_TEST_CRASH_AFTER_MS=N throws an uncaught
  // error N ms after the first render, to prove a crash restores the terminal. In DEMO mode the message
  // carries the (public) demo secret, so the test also proves the crash report is redacted.
  const crashAfterMs = Number(env.UTADASH_TEST_CRASH_AFTER_MS ?? '');
  if (crashAfterMs > 0) {
    setTimeout(() => {
      throw new TestCrashError(`deliberate crash (UTADASH_TEST_CRASH_AFTER_MS)${mode === 'DEMO' ? ` with ${credentials.secret}` : ''}`);
    }, crashAfterMs);
  }
  const code = await quit;
  await shutdown('quit', code);
  removeGuards();
  return code;
}

/** The error the UTADASH_TEST_CRASH_AFTER_MS test hook throws (code TEST_CRASH). */
export class TestCrashError extends Error {
  /** Stable code. */
  readonly code = 'TEST_CRASH';
  override readonly name = 'TestCrashError';
}
