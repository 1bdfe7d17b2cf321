import type { Decimal } from 'decimal.js';
import type { AlertSettings } from '../domain/alert-config.js';
import { createExchangeApi, type ExchangeApi } from '../exchange/rest/facade.js';
import type { HttpTransportFactory } from '../exchange/rest/http-transport.js';
import { RestClient, type RestLogger, type RestObserver } from '../exchange/rest/rest-client.js';
import { StreamClient, type StreamTuning } from '../exchange/ws/stream-client.js';
import type { WsTradeObserver } from '../exchange/ws/ws-trade.js';
import type { SessionRecorder } from '../services/session-recorder.js';
import type { AlertRulePersistence } from '../services/alert-rule-services.js';
import type { IntervalTimer } from '../services/coalescer.js';
import type { JournalStore } from '../journal/journal-types.js';
import type { JournalServiceDeps } from '../services/journal-service.js';
import type { AppServices } from '../services/app-services.js';
import type { ReconciledEvent } from '../services/placement-watch.js';
import { startServices } from '../services/create-services.js';
import { createAppStore, type AppStore } from '../store/create-app-store.js';
import type { TradingMode } from '../store/slices/connection-slice.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';

/** Where and as whom to connect. */
export interface SessionEndpoint {
  readonly mode: TradingMode;
  /** Account label for the status bar (never a key). */
  readonly account: string;
  readonly restUrl: string;
  readonly wsPublic: string;
  readonly wsPrivate: string;
  readonly credentials: { readonly apiKey: string; readonly secret: string; readonly passphrase: string };
  /** Bitget paper trading (header `paptrading: 1`). */
  readonly paper: boolean;
  /** The user's API-broker code for order placement (`X-CHANNEL-API-CODE` / `apiCode`); none by default. */
  readonly channelApiCode?: string;
}

/** Options of `openSession`. */
export interface SessionOptions {
  /** Instrument focused at start. */
  readonly symbol?: SymbolRef;
  /** File log sink (already redacting). */
  readonly fileLog?: (level: LogLevelUi, text: string) => void;
  readonly restLogger?: RestLogger;
  /** How REST requests travel; default undici's pool (the commands pass Node's own http). */
  readonly restTransport?: HttpTransportFactory;
  /** Socket tuning (tests shorten ping/pong and backoff). */
  readonly streamTuning?: StreamTuning;
  /** Unix ms clock; default Date.now. */
  readonly now?: () => number;
  /** Rings the terminal bell (alerts) when `terminalWrite` is not given; default silent. */
  readonly bell?: () => void;
  /** Writes the alerts' bell and notification escapes to the terminal (the app: stdout); default only the bell, through `bell`. */
  readonly terminalWrite?: (sequence: string) => void;
  /** True inside tmux (notification escapes wrapped for passthrough); default false. */
  readonly tmux?: boolean;
  /** Alert rules and outputs (config `alerts`); default the built-in set. */
  readonly alerts?: AlertSettings;
  /** Loan poll period, ms; default 10 000. */
  readonly loanPollMs?: number;
  /** Timer of the loan poll; default Node's. Tests pass one they fire by hand. */
  readonly loanPollTimer?: IntervalTimer;
  /** Market data publish period, ms; default the services' 100 (SSH mode: 200). */
  readonly publishMs?: number;
  /** Timer of the market data publish tick; default Node's. Tests pass one they fire by hand. */
  readonly publishTimer?: IntervalTimer;
  /** The watchlist's symbols (config `watchlist`); default the services' first ten spot and futures pairs. */
  readonly watchlist?: readonly SymbolRef[];
  /** Near-liquidation alarm distance below a loan's liquidation line (fraction); default the services' 0.03. */
  readonly loanAlarmMargin?: Decimal;
  /** Audit log hooks (services/audit-log.ts): REST writes and socket order requests; default none. */
  readonly audit?: { readonly restObserver: RestObserver; readonly wsObserver: WsTradeObserver };
  /** Session recorder (`--record`): REST replies and the inbound frames of both sockets; default none. */
  readonly recorder?: Pick<SessionRecorder, 'restObserver' | 'attach'>;
  /** Waits `ms` on the session's clock (order lookups); default a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** REST request deadline, ms; default the client's 10 000. */
  readonly restTimeoutMs?: number;
  /** Socket order-request reply deadline, ms; default 5000. */
  readonly tradeReplyTimeoutMs?: number;
  /** Told of every reconciliation verdict and correction of an unknown placement (the audit log). */
  readonly onReconciled?: (event: ReconciledEvent) => void;
  /** Keeps the alert rules added in the app between runs (the prefs file); default none. */
  readonly alertPersistence?: AlertRulePersistence;
  /** The trade journal (opened and closed by the caller); `record` false only reads it. Default none. */
  readonly journal?: { readonly store: JournalStore; readonly record: boolean };
  /** The journal recorder's periods (tests shorten them); default the service's. */
  readonly journalTiming?: Pick<JournalServiceDeps, 'sampleMs' | 'pollMs'>;
}

/** A connected dashboard session: store, clients and the services facade. */
export interface Session {
  readonly store: AppStore;
  readonly rest: RestClient;
  readonly api: ExchangeApi;
  readonly stream: StreamClient;
  readonly services: AppServices;
}

/** Builds the clients, store and services for one endpoint and starts them. */
export async function openSession(endpoint: SessionEndpoint, options: SessionOptions = {}): Promise<Session> {
  const now = options.now ?? Date.now;
  const store = createAppStore();
  store.getState().setEnvironment(endpoint.mode, endpoint.account);
  if (options.symbol) store.getState().selectSymbol(options.symbol);
  const channel = endpoint.channelApiCode === undefined ? {} : { channelApiCode: endpoint.channelApiCode };
  const rest = new RestClient({
    baseUrl: endpoint.restUrl,
    credentials: endpoint.credentials,
    paper: endpoint.paper,
    ...channel,
    ...(options.now ? { clock: { now } } : {}),
    ...(options.restTimeoutMs ? { timeoutMs: options.restTimeoutMs } : {}),
    ...(options.restLogger ? { logger: options.restLogger } : {}),
    ...(options.restTransport ? { transport: options.restTransport } : {}),
  });
  if (options.audit) rest.observe(options.audit.restObserver);
  if (options.recorder) rest.observe(options.recorder.restObserver);
  const api = createExchangeApi(rest);
  // The private login is signed with server time (the REST client's measured offset), and a login
  // refused as expired (30014) measures it again before retrying.
  const tuning: StreamTuning = { loginClock: rest.clockSync, resyncClock: () => rest.clockSync.sync(), ...options.streamTuning };
  const stream = new StreamClient({ publicUrl: endpoint.wsPublic, privateUrl: endpoint.wsPrivate, credentials: endpoint.credentials, tuning });
  if (options.recorder) {
    options.recorder.attach(stream.publicConnection);
    if (stream.privateConnection) options.recorder.attach(stream.privateConnection);
  }
  const services = await startServices({
    rest,
    api,
    stream,
    store,
    now,
    hasPrivate: true,
    ...channel,
    ...(options.bell ? { bell: options.bell } : {}),
    ...(options.terminalWrite ? { terminalWrite: options.terminalWrite } : {}),
    ...(options.tmux ? { tmux: options.tmux } : {}),
    ...(options.alerts ? { alerts: options.alerts } : {}),
    ...(options.loanPollMs ? { loanPollMs: options.loanPollMs } : {}),
    ...(options.loanPollTimer ? { loanPollTimer: options.loanPollTimer } : {}),
    ...(options.publishMs ? { publishMs: options.publishMs } : {}),
    ...(options.publishTimer ? { publishTimer: options.publishTimer } : {}),
    ...(options.watchlist ? { watchlist: options.watchlist } : {}),
    ...(options.loanAlarmMargin ? { loanAlarmMargin: options.loanAlarmMargin } : {}),
    ...(options.audit ? { wsTradeObserver: options.audit.wsObserver } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.tradeReplyTimeoutMs ? { tradeReplyTimeoutMs: options.tradeReplyTimeoutMs } : {}),
    ...(options.onReconciled ? { onReconciled: options.onReconciled } : {}),
    ...(options.alertPersistence ? { alertPersistence: options.alertPersistence } : {}),
    ...(options.journal ? { journal: options.journal } : {}),
    ...(options.journalTiming ? { journalTiming: options.journalTiming } : {}),
    fileLog: options.fileLog ?? (() => undefined),
  });
  return { store, rest, api, stream, services };
}
