import { ALERT_SOURCES, type AlertSource } from '../../domain/alert-rules.js';
import { AlertService } from '../../services/alert-service.js';
import type { AppState } from '../../store/app-state.js';
import type { AppStore } from '../../store/create-app-store.js';
import { symbolKey, type SymbolRef } from '../../store/slices/market-slice.js';
import type { LogLevelUi } from '../../store/slices/ui-slice.js';
import { UsageError } from '../args.js';
import type { CommandContext, CommandResult } from './command-types.js';
import { openCommandSession, waitForData, waitMsOf } from './command-session.js';
import { ExitCode } from './exit-codes.js';
import { expectPositionals } from './flags.js';
import { MAX_WATCH_TICKERS } from '../../services/market-service.js';

/**
 * `utadash watch [--once]`: the config file's alert rules (`alerts`, or the built-in set) on the
 * cockpit's own AlertService over a session without the screen. Each fire and clear is one line
 * on stdout (`2026-11-27T05:40:00.000Z WARN BTCUSDT last price 100000 crossed above 100000`, or a
 * JSON object a line with `--json`); the bell and the desktop notification escapes go to stdout as
 * the config says when stdout is a terminal (never into a log file or a pipe). `--once` waits for
 * the data its rules read, evaluates once and exits 5 when a rule fired, else 0.
 */

const COMMAND = 'watch';

/** The price rules' instruments: their tickers are streamed (at most MAX_WATCH_TICKERS). */
function priceSymbols(ctx: CommandContext): readonly SymbolRef[] {
  const seen = new Map<string, SymbolRef>();
  for (const rule of ctx.target.config.alerts.rules) {
    if (rule.kind === 'price') seen.set(symbolKey(rule), { category: rule.category, symbol: rule.symbol });
  }
  return [...seen.values()];
}

/** What `--once` must have before it evaluates: the data behind every source its rules read. */
function sourcesReady(sources: ReadonlySet<AlertSource>, symbols: readonly SymbolRef[]): (s: AppState) => string | null {
  return (s) => {
    if ((sources.has('account') || sources.has('positions')) && s.account.summary === null) return 'no account data yet';
    if (sources.has('positions') && s.positions.updatedAt === 0) return 'positions not loaded yet';
    if (sources.has('loans') && s.loans.updatedAt === 0) return s.loans.lastError ? `loans could not be read: ${s.loans.lastError}` : 'loans not loaded yet';
    if (sources.has('tickers')) {
      const missing = symbols.find((r) => !s.market.tickers[symbolKey(r)]);
      if (missing) return `no ${missing.category}:${missing.symbol} ticker yet`;
    }
    return null;
  };
}

/** Resolves on the first SIGINT, SIGTERM or SIGHUP. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const done = () => {
      for (const s of signals) process.off(s, done);
      resolve();
    };
    for (const s of signals) process.on(s, done);
  });
}

/** Calls `live` once the private socket is subscribed and the account read; returns the unsubscribe. */
function whenLive(store: AppStore, live: () => void): () => void {
  const isLive = (s: AppState) => s.connection.private.state === 'subscribed' && s.account.summary !== null;
  if (isLive(store.getState())) {
    live();
    return () => undefined;
  }
  const off = store.subscribe((s) => {
    if (!isLive(s)) return;
    off();
    live();
  });
  return off;
}

/** Runs `watch`. */
export async function runWatch(ctx: CommandContext): Promise<CommandResult> {
  expectPositionals(ctx.args, 0, 0, COMMAND, '[--once] [--json] [--wait SECONDS]');
  if (ctx.args.common.format === 'csv') throw new UsageError(`${COMMAND}: --csv does not apply (one line per alert; --json for one JSON object a line)`);
  const once = ctx.args.switches.has('--once');
  if (!once && ctx.args.values.has('--wait')) throw new UsageError(`${COMMAND}: --wait applies to --once`);
  const waitMs = waitMsOf(ctx, COMMAND);
  const { config, exchange, redactor } = ctx.target;
  const symbols = priceSymbols(ctx);
  if (symbols.length > MAX_WATCH_TICKERS) throw new UsageError(`${COMMAND}: the price rules name ${symbols.length} symbols; at most ${MAX_WATCH_TICKERS} tickers are streamed`);
  const json = ctx.args.common.format === 'json';
  const line = (level: LogLevelUi, text: string) => {
    const at = new Date().toISOString();
    const clean = redactor.text(text);
    ctx.io.stdout.write(json ? `${JSON.stringify({ time: at, level, text: clean })}\n` : `${at} ${level.toUpperCase()} ${clean}\n`);
  };
  const { session, close } = await openCommandSession(ctx, { watchlist: symbols, audit: false });
  try {
    const instruments = session.store.getState().market.instruments;
    const unknown = symbols.find((r) => instruments[symbolKey(r)] === undefined);
    if (unknown && Object.keys(instruments).length > 0) throw new UsageError(`${COMMAND}: an alert rule in ${config.path} names ${unknown.category}:${unknown.symbol}, which the exchange does not list`);
    const alerts = new AlertService({
      store: session.store,
      now: Date.now,
      settings: config.alerts,
      // Escapes only to a terminal: a log file or a pipe gets the lines, never a BEL or an OSC.
      write: (sequence) => {
        if (ctx.io.stdoutIsTTY) ctx.io.stdout.write(sequence);
      },
      tmux: (ctx.env.TMUX ?? '') !== '',
      fileLog: (level, text) => line(level, text),
    });
    const rules = config.alerts.rules;
    if (once) {
      await waitForData(session, sourcesReady(new Set(rules.flatMap((r) => ALERT_SOURCES[r.kind])), symbols), waitMs);
      const fired = alerts.check().filter((e) => e.phase === 'fire').length;
      return { stdout: '', code: fired > 0 ? ExitCode.ALERT : ExitCode.OK };
    }
    const stop = alerts.attach();
    // Said once the account streams (private socket subscribed): from then on no event is missed.
    const off = whenLive(session.store, () => ctx.io.stderr.write(`utadash: watching ${rules.length} alert rule${rules.length === 1 ? '' : 's'} on ${exchange.mode} (${exchange.account}); Ctrl-C stops\n`));
    await untilSignal();
    off();
    stop();
    return { stdout: '', code: ExitCode.OK };
  } finally {
    await close();
  }
}
