import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { inkPatchProblem } from '../render/ink-patch.js';
import type { AppServices } from '../services/app-services.js';
import { AuditLog } from '../services/audit-log.js';
import { SessionRecorder } from '../services/session-recorder.js';
import type { AppStore } from '../store/create-app-store.js';
import type { TradingMode } from '../store/slices/connection-slice.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import type { ThemeChoices } from '../ui/hooks/app-context.js';
import { DEFAULT_BINDINGS } from '../ui/keys/bindings.js';
import type { Theme } from '../ui/theme.js';
import { UsageError, type CliOptions } from './args.js';
import { parseSymbolRef } from './commands/flags.js';
import { loadConfig, type AppConfig } from './config.js';
import { closeExchangeTarget, openExchangeTarget, type ExchangeTarget } from './exchange-target.js';
import { checkLogFile, createFileLogger, Redactor, type Logger } from './file-logger.js';
import { readPrefs, updatePrefs, type Prefs } from './prefs.js';
import { startScreen, type ScreenApp } from './screen.js';
import { openSession } from './session.js';
import { openSessionJournal, type SessionJournal } from './journal-open.js';
import { checkCredentials, checkInteractive, credentialSourceOf, keyBindingsFrom, StartCheckError, unknownSymbolMessage } from './start-checks.js';
import { installTerminalGuards } from './terminal.js';
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

/** The audit log and the recorder of a run. */
interface Sinks {
  /** Null with `--no-audit`. */
  readonly audit: AuditLog | null;
  /** Null without `--record FILE`. */
  readonly recorder: SessionRecorder | null;
}

/** Opens the audit log and the recorder the options ask for; a file that cannot be opened is a UsageError. */
function openSinks(options: CliOptions, env: NodeJS.ProcessEnv, mode: TradingMode, redactor: Redactor, warn: (m: string) => void): Sinks {
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

/** SSH mode: forced by `--ssh`, automatic when SSH_CONNECTION is set. */
export function isRemoteSession(options: CliOptions, env: NodeJS.ProcessEnv): boolean {
  return options.ssh || (env.SSH_CONNECTION ?? '') !== '';
}

/**
 * Market data publish period, ms: 200 in SSH mode (the book, tickers and trades redraw 5 times a
 * second: fewer bytes and less CPU on both ends), else 100. Keys are not slowed: they redraw at once.
 */
export function choosePublishMs(options: CliOptions, env: NodeJS.ProcessEnv): number {
  return isRemoteSession(options, env) ? 200 : 100;
}

/**
 * `--symbol BTCUSDT` (USDT futures) or `--symbol SPOT:BTCUSDT`, read as the commands read a symbol
 * (commands/flags.ts); throws UsageError for an unknown category or what cannot be a symbol.
 */
export function parseSymbolFlag(text: string | null): SymbolRef | null {
  return text === null ? null : parseSymbolRef(text, '--symbol');
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

/** The prefs file (beside the log file) and what it holds. */
function readStartPrefs(env: NodeJS.ProcessEnv): { readonly path: string; readonly prefs: Prefs } {
  const path = join(dirname(defaultLogPath(env)), 'prefs.json');
  return { path, prefs: readPrefs(path) };
}

/** The theme to start with, and the ones to switch to at run time (the choice remembered in the prefs file). */
function chooseThemes(options: CliOptions, env: NodeJS.ProcessEnv, config: AppConfig, prefsPath: string, prefs: Prefs): { theme: Theme; themes: ThemeChoices } {
  // A theme switched to at run time is remembered; a named one (flag, config) or NO_COLOR wins.
  const remembered = prefs.theme;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const usable = remembered !== undefined && (THEMES as readonly string[]).includes(remembered) && !noColor ? remembered : null;
  const theme = loadTheme(options.theme ?? config.theme ?? usable, env);
  const themes: ThemeChoices = { names: THEMES, load: (name) => loadTheme(name, env), remember: (name) => updatePrefs(prefsPath, { theme: name }) };
  return { theme, themes };
}

/** `openSinks` for `target`; when a file cannot be opened, the target is closed before the UsageError goes on. */
async function openSinksFor(target: ExchangeTarget, options: CliOptions, env: NodeJS.ProcessEnv, redactor: Redactor, logger: Logger): Promise<Sinks> {
  try {
    return openSinks(options, env, target.mode, redactor, (m) => logger.warn(m));
  } catch (error) {
    await closeExchangeTarget(target);
    throw error;
  }
}

/** `openSessionJournal` for `target`; when the file cannot be used, the sinks and the target are closed before the UsageError goes on. */
async function openJournalFor(target: ExchangeTarget, options: CliOptions, env: NodeJS.ProcessEnv, config: AppConfig, sinks: Sinks, onProblem: (m: string) => void): Promise<SessionJournal | null> {
  try {
    return openSessionJournal(options, env, target, config, onProblem);
  } catch (error) {
    sinks.recorder?.close();
    sinks.audit?.close();
    await closeExchangeTarget(target);
    throw error;
  }
}

/** What a session is started with besides its target. */
interface SessionInputs {
  readonly symbol: SymbolRef | null;
  readonly config: AppConfig;
  readonly prefs: { readonly path: string; readonly prefs: Prefs };
  readonly logger: Logger;
  readonly sinks: Sinks;
  /** The trade journal; null with --no-journal (or in a replay without --journal PATH). */
  readonly journal: SessionJournal | null;
}

/** Connects to the target (clients, store, services), with the terminal as the alerts' output and the log, audit and recording sinks. */
async function connectSession(target: ExchangeTarget, { symbol, config, prefs, logger, sinks, journal }: SessionInputs, options: CliOptions, env: NodeJS.ProcessEnv): Promise<{ store: AppStore; services: AppServices }> {
  const { audit, recorder } = sinks;
  const { mode } = target;
  return openSession(
    {
      mode, account: target.account, restUrl: target.restUrl, wsPublic: target.ws.public, wsPrivate: target.ws.private, credentials: target.credentials, paper: mode === 'PAPER',
      ...(mode !== 'DEMO' && config.profile.channelApiCode !== null ? { channelApiCode: config.profile.channelApiCode } : {}),
    },
    {
      ...(symbol ? { symbol } : {}),
      // The bell and notification escapes (OSC 9/777) go straight to the terminal, between Ink's frames.
      terminalWrite: (sequence) => void process.stdout.write(sequence),
      tmux: (env.TMUX ?? '') !== '',
      alerts: config.alerts,
      // Rules added from the palette's alert form, kept beside the theme for the next start.
      alertPersistence: { saved: prefs.prefs.alerts?.rules, save: (rules) => updatePrefs(prefs.path, { alerts: { rules } }) },
      publishMs: choosePublishMs(options, env),
      ...(config.watchlist ? { watchlist: config.watchlist } : {}),
      restLogger: { debug: (m, c) => logger.debug(m, c), warn: (m, c) => logger.warn(m, c) },
      fileLog: (level, text) => (level === 'error' ? logger.error(text) : level === 'warn' ? logger.warn(text) : logger.info(text)),
      ...(audit ? { audit, onReconciled: (e) => audit.reconciled(e) } : {}),
      ...(recorder ? { recorder } : {}),
      ...(journal ? { journal } : {}),
    },
  );
}

/** Tells the event log what kind of run this is: the embedded exchange, a replay (and its end), a recording. */
function announceRun(store: AppStore, target: ExchangeTarget, options: CliOptions, recording: boolean): void {
  const log = (text: string) => store.getState().logEvent('info', text, Date.now());
  if (target.mode === 'DEMO') log('DEMO: trading the embedded exchange (no keys configured); nothing here is real');
  if (target.replay) {
    log(`REPLAY: playing back ${options.replay ?? ''} (read-only: orders and other writes are refused)`);
    void target.replay.finished.then(() => log('REPLAY: end of the recording; the screen keeps its final state (q quits)'));
  }
  if (recording) log(`recording socket frames and REST replies to ${options.record ?? ''}`);
}

/**
 * Test hook (test/e2e/terminal-restore.test.ts): UTADASH_TEST_CRASH_AFTER_MS=N throws an uncaught
 * error N ms after the first render, to prove a crash restores the terminal. In DEMO mode the message
 * carries the (public) demo secret, so the test also proves the crash report is redacted.
 */
function armTestCrash(env: NodeJS.ProcessEnv, target: ExchangeTarget): void {
  const crashAfterMs = Number(env.UTADASH_TEST_CRASH_AFTER_MS ?? '');
  if (crashAfterMs > 0) {
    setTimeout(() => {
      throw new TestCrashError(`deliberate crash (UTADASH_TEST_CRASH_AFTER_MS)${target.mode === 'DEMO' ? ` with ${target.credentials.secret}` : ''}`);
    }, crashAfterMs);
  }
}

/** How a run ends: what to stop behind the screen, and how to describe a crash in the log. */
interface RunEnd {
  readonly logger: Logger;
  readonly redactor: Redactor;
  /** Stops the services, the sinks and the exchange the run started. */
  stopBackend(): Promise<void>;
}

/**
 * Shows the app until the user quits, a signal arrives or a crash happens; each way the screen and
 * then everything behind it stop once. Returns the exit code.
 */
async function showUntilQuit(app: Omit<ScreenApp, 'onQuit'>, options: CliOptions, env: NodeJS.ProcessEnv, target: ExchangeTarget, end: RunEnd): Promise<number> {
  const { logger, redactor } = end;
  let resolveQuit: (code: number) => void = () => undefined;
  const quit = new Promise<number>((resolve) => {
    resolveQuit = resolve;
  });
  const screen = startScreen({ ...app, onQuit: () => resolveQuit(0) }, options, env, logger);
  let stopped = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopped) return;
    stopped = true;
    logger.info('shutdown', { reason, code });
    screen.stop();
    await end.stopBackend();
  };
  const removeGuards = installTerminalGuards(shutdown, (e) => redactor.text(e instanceof Error ? (e.stack ?? e.message) : String(e)));
  armTestCrash(env, target);
  const code = await quit;
  await shutdown('quit', code);
  removeGuards();
  return code;
}

/**
 * The composition root of the dashboard: config → exchange (real, paper, or the embedded one) →
 * clients → store → services → Ink. Returns the exit code.
 */
export async function runDashboard(options: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const symbol = parseSymbolFlag(options.symbol);
  const config = loadConfig(env, options.profile);
  const prefs = readStartPrefs(env);
  const { theme, themes } = chooseThemes(options, env, config, prefs.path, prefs.prefs);
  const bindings = keyBindingsFrom(DEFAULT_BINDINGS, config);
  checkBeforeStart(options, env, config);
  const redactor = new Redactor();
  const logger = createFileLogger(options.logFile ?? defaultLogPath(env), redactor, 'info');
  const target = await openExchangeTarget(options, env, config);
  const { credentials } = target;
  redactor.add(credentials.apiKey, credentials.secret, credentials.passphrase);
  logger.info('starting', { mode: target.mode, restUrl: target.restUrl });
  const sinks = await openSinksFor(target, options, env, redactor, logger);
  // A journal write problem (a full disk, a locked file) goes to the log file, and to the event log once the store is up.
  let journalProblem = (message: string) => logger.warn(message);
  const journal = await openJournalFor(target, options, env, config, sinks, (m) => journalProblem(m));
  const { store, services } = await connectSession(target, { symbol, config, prefs, logger, sinks, journal }, options, env);
  journalProblem = (message) => {
    logger.warn(message);
    store.getState().logEvent('warn', message, Date.now());
  };
  const stopBackend = async () => {
    await services.shutdown().catch(() => undefined);
    await journal?.store.close().catch(() => undefined);
    sinks.recorder?.close();
    sinks.audit?.close();
    await closeExchangeTarget(target);
  };
  // The instruments are loaded now: a --symbol naming none of its category is refused, nearest named.
  const unknown = symbol ? unknownSymbolMessage(symbol, Object.values(store.getState().market.instruments)) : null;
  if (unknown !== null) {
    await stopBackend();
    throw new StartCheckError(unknown);
  }
  announceRun(store, target, options, sinks.recorder !== null);
  const app = { store, services, theme, themes, bindings, orderGuards: config.orderGuards, layouts: config.layouts };
  return showUntilQuit(app, options, env, target, { logger, redactor, stopBackend });
}

/** The error the UTADASH_TEST_CRASH_AFTER_MS test hook throws (code TEST_CRASH). */
export class TestCrashError extends Error {
  /** Stable code. */
  readonly code = 'TEST_CRASH';
  override readonly name = 'TestCrashError';
}
