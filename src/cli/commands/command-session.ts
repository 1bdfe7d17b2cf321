import type { AlertSettings } from '../../domain/alert-config.js';
import { nodeHttpTransport } from '../../exchange/rest/node-http-transport.js';
import { AuditLog } from '../../services/audit-log.js';
import type { AppState } from '../../store/app-state.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import { openSession, type Session } from '../session.js';
import type { CommandContext } from './command-types.js';
import { CommandError, ExitCode } from './exit-codes.js';
import { auditPath } from './state-files.js';

/**
 * The cockpit's own session for the write commands and `watch`: the same clients, store and
 * services (order service, countdown, loans, alerts) as the dashboard, without the screen. Writes
 * are audited to the dashboard's audit log unless `--no-audit`.
 */

/** An open session and how to end it. */
export interface CommandSession {
  readonly session: Session;
  /** Stops the services (a countdown stays armed) and closes the audit log. Never rejects. */
  close(): Promise<void>;
}

/** What a command asks of its session. */
export interface CommandSessionOptions {
  /** Instrument to stream (book, ticker) for an order; default the store's default. */
  readonly symbol?: SymbolRef;
  /** Extra tickers to stream (watch: the price rules' symbols); default none. */
  readonly watchlist?: readonly SymbolRef[];
  /** The session's own alert rules; default none (watch runs its own AlertService). */
  readonly alerts?: AlertSettings;
  /** Append the writes to the audit log (unless `--no-audit`); default true. */
  readonly audit?: boolean;
}

/** Writes one redacted line on stderr. */
export function warnLine(ctx: CommandContext, text: string): void {
  ctx.io.stderr.write(`utadash: ${ctx.target.redactor.text(text).replace(/\s*[\r\n]+\s*/g, ' ')}\n`);
}

/** Opens the session on the command's target; `--verbose` mirrors the services' log on stderr. */
export async function openCommandSession(ctx: CommandContext, options: CommandSessionOptions = {}): Promise<CommandSession> {
  const { exchange, config, redactor } = ctx.target;
  const verbose = ctx.args.switches.has('--verbose');
  let audit: AuditLog | null = null;
  if (options.audit !== false && !ctx.args.switches.has('--no-audit')) {
    try {
      audit = new AuditLog({ path: auditPath(ctx.env), mode: exchange.mode, redact: (t) => redactor.text(t), onError: (m) => warnLine(ctx, m) });
    } catch (error) {
      throw new CommandError(`${(error as Error).message.replace('--audit-file PATH, or --no-audit', 'XDG_STATE_HOME, or --no-audit')}`, ExitCode.USAGE);
    }
  }
  const session = await openSession(
    {
      mode: exchange.mode,
      account: exchange.account,
      restUrl: exchange.restUrl,
      wsPublic: exchange.ws.public,
      wsPrivate: exchange.ws.private,
      credentials: exchange.credentials,
      paper: exchange.mode === 'PAPER',
      ...(exchange.mode !== 'DEMO' && config.profile.channelApiCode !== null ? { channelApiCode: config.profile.channelApiCode } : {}),
    },
    {
      ...(options.symbol ? { symbol: options.symbol } : {}),
      watchlist: options.watchlist ?? [],
      alerts: options.alerts ?? { ...config.alerts, rules: [] },
      loanAlarmMargin: config.loanAlarmMargin,
      restTransport: nodeHttpTransport,
      fileLog: (level, text) => {
        if (verbose) ctx.io.stderr.write(`utadash [${level}] ${redactor.text(text)}\n`);
      },
      ...(audit ? { audit, onReconciled: (e) => audit?.reconciled(e) } : {}),
    },
  ).catch((error: unknown) => {
    audit?.close();
    throw error;
  });
  return {
    session,
    close: async () => {
      await session.services.shutdown().catch(() => undefined);
      audit?.close();
    },
  };
}

/**
 * Resolves once `ready(state)` answers null (nothing missing); rejects with exit 4 when it still
 * names something missing after `waitMs` (the connection did not deliver the data a write needs).
 */
export function waitForData(session: Session, ready: (s: AppState) => string | null, waitMs: number): Promise<void> {
  const { store } = session;
  return new Promise((resolve, reject) => {
    let off: () => void = () => undefined;
    let timer: NodeJS.Timeout | null = null;
    const end = (error: CommandError | null): boolean => {
      off();
      if (timer) clearTimeout(timer);
      if (error) reject(error);
      else resolve();
      return true;
    };
    const check = (s: AppState): boolean => {
      const login = s.connection.private;
      // A refused login does not heal by waiting (the socket stops retrying).
      if (login.state === 'fatal') return end(new CommandError(`the exchange refused the private socket's login (${login.lastError ?? 'fatal'}); nothing was sent`, ExitCode.REFUSED));
      return ready(s) === null && end(null);
    };
    if (check(store.getState())) return;
    timer = setTimeout(() => end(new CommandError(`not ready after ${waitMs / 1000} s: ${ready(store.getState()) ?? 'nothing missing'}; nothing was sent (raise --wait, or check the connection)`, ExitCode.NETWORK)), waitMs);
    off = store.subscribe((s) => void check(s));
  });
}

/** What a write needs before it is reviewed: the account, its orders and positions, and the private socket subscribed. */
export function accountReady(s: AppState): string | null {
  if (s.account.summary === null) return 'no account data yet';
  if (s.orders.updatedAt === 0) return 'open orders not loaded yet';
  if (s.positions.updatedAt === 0) return 'positions not loaded yet';
  if (s.connection.private.state !== 'subscribed') return `private socket ${s.connection.private.state}`;
  return null;
}

/** `--wait SECONDS` (1–300; default 20), ms. */
export function waitMsOf(ctx: CommandContext, command: string): number {
  const text = ctx.args.values.get('--wait');
  if (text === undefined) return 20_000;
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 300) throw new CommandError(`${command}: --wait must be a whole number of seconds from 1 to 300 (got "${text}")`, ExitCode.USAGE);
  return Number(text) * 1000;
}
