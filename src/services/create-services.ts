import type { Decimal } from 'decimal.js';
import { defaultAlertSettings, type AlertSettings } from '../domain/alert-config.js';
import type { ExchangeApi } from '../exchange/rest/facade.js';
import type { RestClient } from '../exchange/rest/rest-client.js';
import type { ConnectionHealth } from '../exchange/ws/connection-state.js';
import type { StreamClient } from '../exchange/ws/stream-client.js';
import type { AppStore } from '../store/create-app-store.js';
import type { AppState } from '../store/app-state.js';
import type { SocketHealth } from '../store/slices/connection-slice.js';
import type { SymbolRef } from '../store/slices/market-slice.js';
import type { LogLevelUi } from '../store/slices/ui-slice.js';
import type { AppServices } from './app-services.js';
import { WsTrade, type WsTradeObserver } from '../exchange/ws/ws-trade.js';
import type { OperationId } from '../exchange/wire/operations.js';
import { CandleService } from './candle-service.js';
import { CountdownService, countdownHealth } from './countdown-service.js';
import { AlertService, BEL } from './alert-service.js';
import { startAlertRuleServices, type AlertRulePersistence } from './alert-rule-services.js';
import type { IntervalTimer } from './coalescer.js';
import { MarketService } from './market-service.js';
import { OrderService } from './order-service.js';
import { AccountService } from './account-service.js';
import { HistoryService } from './history-service.js';
import { LoanService } from './loan-service.js';
import type { ReconciledEvent } from './placement-watch.js';
import { OPERATION_CATALOG } from './operation-catalog.js';
import { PollService } from './poll-service.js';
import { UpdateJoiner } from '../pacing/update-joiner.js';
import { PrivateService } from './private-service.js';
import type { JournalStore } from '../journal/journal-types.js';
import { JournalService, type JournalServiceDeps } from './journal-service.js';
import { journalView } from './journal-view.js';

/** What the services are built from (the composition root owns their lifetimes). */
export interface ServicesDeps {
  readonly rest: RestClient;
  readonly api: ExchangeApi;
  readonly stream: StreamClient;
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  /** File log for diagnostics (redacted by the logger). */
  readonly fileLog: (level: LogLevelUi, text: string) => void;
  /** True when the account has keys (private socket, orders, positions). */
  readonly hasPrivate: boolean;
  /** Rings the terminal bell (alerts) when `terminalWrite` is not given; default silent. */
  readonly bell?: () => void;
  /** Writes the alerts' bell and desktop-notification escapes to the terminal; default: only the bell, through `bell`. */
  readonly terminalWrite?: (sequence: string) => void;
  /** True inside tmux: notification escapes are wrapped for passthrough; default false. */
  readonly tmux?: boolean;
  /** Alert rules and outputs (config `alerts`); default `defaultAlertSettings(loanAlarmMargin)`. */
  readonly alerts?: AlertSettings;
  /** Ratio distance (fraction, 0.03 = 3 points) below a loan's liquidation line that raises the default near-liquidation alert; default 0.03. */
  readonly loanAlarmMargin?: Decimal;
  /** Loan poll period, ms; default the private service's 10 000. */
  readonly loanPollMs?: number;
  /** Timer of the loan poll (PrivateServiceDeps.loanPollTimer); default Node's. Tests fire it by hand. */
  readonly loanPollTimer?: IntervalTimer;
  /** Market data publish period, ms (see MarketServiceDeps.publishMs); default 100. */
  readonly publishMs?: number;
  /** Timer of the market data publish tick (MarketServiceDeps.timer); default Node's. Tests fire it by hand. */
  readonly publishTimer?: IntervalTimer;
  /** The watchlist's symbols (config `watchlist`, see MarketServiceDeps.watchlist); default the first ten spot and futures pairs. */
  readonly watchlist?: readonly SymbolRef[];
  /** Watches order requests over the private socket (the audit log); default none. */
  readonly wsTradeObserver?: WsTradeObserver;
  /** The user's API-broker code, sent as `apiCode` on socket placements; none by default. */
  readonly channelApiCode?: string;
  /** Waits `ms` (order lookups); default a real timer. Tests pass a fast-forwardable clock's. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** How long a socket order request waits for its reply before its result is unknown, ms; default 5000. */
  readonly tradeReplyTimeoutMs?: number;
  /** Told of every reconciliation verdict and correction of an unknown placement (the audit log). */
  readonly onReconciled?: (event: ReconciledEvent) => void;
  /** Keeps the alert rules added in the app between runs (the prefs file); default none (they last one run). */
  readonly alertPersistence?: AlertRulePersistence;
  /**
   * The trade journal, opened (and closed, after `shutdown`) by the composition root; `record`
   * false only reads it (a replay). Default none: no journal panel data, nothing recorded.
   */
  readonly journal?: { readonly store: JournalStore; readonly record: boolean };
  /** The journal recorder's periods (tests shorten them); default the service's. */
  readonly journalTiming?: Pick<JournalServiceDeps, 'sampleMs' | 'pollMs'>;
}

/** Writes after which the polled account facts (settings, debts) are read again at once. */
const REFRESHES_EXTRAS: ReadonlySet<string> = new Set(['account.setHoldMode', 'account.adjustAccountMode', 'account.setLeverage', 'loan.borrow', 'loan.repay', 'loan.revisePledge']);

/** Writes after which the ongoing loans (polled every 10 s; no stream topic) are read again at once. */
const REFRESHES_LOANS: ReadonlySet<string> = new Set(['loan.borrow', 'loan.repay', 'loan.revisePledge']);

/** The settings a position carries, as one text: hold mode, margin mode and leverage per position. */
export function positionSettingsSig(state: AppState): string {
  return Object.values(state.positions.open)
    .map((p) => `${p.category}:${p.symbol}:${p.posSide}:${p.holdMode}:${p.marginMode}:${p.leverage.toFixed()}`)
    .sort()
    .join('|');
}

/**
 * Calls `changed` when a position push shows settings that differ from the polled ones: a
 * position's hold mode, margin mode or leverage that the settings do not list. Returns the unsubscribe.
 */
export function watchPositionSettings(store: AppStore, changed: () => void): () => void {
  let last = positionSettingsSig(store.getState());
  return store.subscribe((s) => {
    const sig = positionSettingsSig(s);
    if (sig === last) return;
    last = sig;
    const settings = s.extras.settings;
    if (!settings) return;
    const differs = Object.values(s.positions.open).some((p) => {
      if (p.holdMode !== settings.holdMode) return true;
      const own = settings.symbolLeverage.find((l) => l.category === p.category && l.symbol === p.symbol);
      return own !== undefined && (own.marginMode !== p.marginMode || !own.leverage.eq(p.leverage));
    });
    if (differs) changed();
  });
}

/** Mirrors one socket's health record into the store's shape. */
export function socketHealthOf(h: ConnectionHealth): SocketHealth {
  return { state: h.state, lastMessageAt: h.lastMessageAt ?? 0, pingRttMs: h.pingRttMs, reconnects: h.reconnects, lastError: h.lastError };
}

/** Builds and starts the services; returns the facade the UI talks to. */
export async function startServices(deps: ServicesDeps): Promise<AppServices> {
  const { store, now } = deps;
  const log = (level: LogLevelUi, text: string) => {
    store.getState().logEvent(level, text, now());
    deps.fileLog(level, text);
  };
  // A socket's state, reconnects and errors show at once; its last-message time and ping round trip
  // (about once a second each) join the next store update instead of costing frames of their own.
  const joiner = new UpdateJoiner(store);
  const offHealth = deps.stream.events.on('health', (h) => {
    const next = socketHealthOf(h);
    const shown = store.getState().connection[h.kind];
    if (shown.state === next.state && shown.reconnects === next.reconnects && shown.lastError === next.lastError) {
      joiner.defer(h.kind, () => store.getState().setSocketHealth(h.kind, next));
      return;
    }
    joiner.cancel(h.kind);
    store.getState().setSocketHealth(h.kind, next);
  });
  const offError = deps.stream.events.on('error', (kind, e) => log('warn', `${kind} socket: ${e.message}`));
  // REST health into the store once a second, but only what changed: every store write is a redraw,
  // and the status bar shows the error, the headroom in whole percent, the 429 count and the offset.
  const restTimer = setInterval(() => {
    const h = deps.rest.health();
    const lowest = h.headroom.reduce((min, b) => Math.min(min, b.perSecond > 0 ? b.available / b.perSecond : 1), 1);
    const shown = store.getState().connection;
    const lastError = h.lastErrorCode ?? null;
    if (shown.rest.lastError !== lastError || Math.round(shown.rest.headroom * 100) !== Math.round(lowest * 100) || shown.rest.rateLimited !== h.rateLimited) {
      store.getState().setRestHealth({ lastOkAt: lastError === null && h.requests > 0 ? now() : shown.rest.lastOkAt, lastError, headroom: lowest, rateLimited: h.rateLimited });
    }
    const offset = Math.round(h.clockOffsetMs);
    if (shown.clockOffsetMs !== offset) store.getState().setClockOffset(offset);
  }, 1000);
  restTimer.unref();
  const market = new MarketService({ api: deps.api, stream: deps.stream, store, now, log, ...(deps.publishMs ? { publishMs: deps.publishMs } : {}), ...(deps.publishTimer ? { timer: deps.publishTimer } : {}), ...(deps.watchlist ? { watchlist: deps.watchlist } : {}) });
  const priv = deps.hasPrivate ? new PrivateService({ api: deps.api, stream: deps.stream, store, now, log, ...(deps.loanPollMs ? { loanPollMs: deps.loanPollMs } : {}), ...(deps.loanPollTimer ? { loanPollTimer: deps.loanPollTimer } : {}) }) : null;
  // Debts, funding assets, settings and delta info have no stream topic: polled into the store.
  const poll = deps.hasPrivate ? new PollService({ api: deps.api, now, log, onUpdate: (x) => store.getState().setAccountExtras(x) }) : null;
  const privateConn = deps.hasPrivate ? deps.stream.privateConnection : null;
  const wsTrade = privateConn ? new WsTrade({ connection: privateConn, ...(deps.wsTradeObserver ? { observer: deps.wsTradeObserver } : {}), ...(deps.channelApiCode ? { apiCode: deps.channelApiCode } : {}), ...(deps.tradeReplyTimeoutMs ? { replyTimeoutMs: deps.tradeReplyTimeoutMs } : {}) }) : null;
  const trading = deps.hasPrivate
    ? new OrderService({ api: deps.api, wsTrade, socketReady: () => privateConn?.isReady() ?? false, store, now, log, ...(deps.sleep ? { sleep: deps.sleep } : {}), ...(deps.onReconciled ? { onReconciled: deps.onReconciled } : {}) })
    : null;
  const history = new HistoryService({ api: deps.api });
  const account = new AccountService({ api: deps.api });
  // Before the private topics are subscribed (PrivateService.start): no fill push goes unrecorded.
  const recorder = deps.journal?.record === true && deps.hasPrivate
    ? new JournalService({ journal: deps.journal.store, stream: deps.stream, store, history, ledger: account, now, log, ...deps.journalTiming })
    : null;
  deps.stream.connect();
  recorder?.start();
  await market.start();
  // After the market: candle choices depend on the instruments (Reality pairs serve fewer intervals).
  const candles = new CandleService({ api: deps.api, stream: deps.stream, store, now, log });
  await candles.start();
  priv?.start();
  const alertWrite = deps.terminalWrite ?? ((sequence: string) => (sequence === BEL ? deps.bell?.() : undefined));
  const alertSettings = deps.alerts ?? defaultAlertSettings(deps.loanAlarmMargin?.times(100));
  const alertService = new AlertService({ store, now, settings: alertSettings, write: alertWrite, tmux: deps.tmux ?? false, fileLog: deps.fileLog });
  const alerts = startAlertRuleServices(alertService, deps.alertPersistence, log);
  const stopAlarms = alertService.attach();
  const countdown = priv ? new CountdownService({ api: deps.api, store, now, log, healthy: () => countdownHealth(store.getState()), refreshOrders: () => priv.resync() }) : null;
  poll?.start();
  // A mode, margin mode or leverage changed elsewhere (another client, the web) shows first in a
  // position push: read the settings again then, so the ticket maps intents by the new mode.
  const offSettingsWatch = poll ? watchPositionSettings(store, () => void poll.refresh()) : () => undefined;
  return {
    selectSymbol: (ref) => market.select(ref),
    setBookDepth: (d) => market.setBookDepth(d),
    bookDepth: () => market.bookDepth(),
    symbols: () => market.symbols(),
    trading,
    countdown,
    alerts,
    candles: { series: () => candles.series(), choices: () => candles.choices(), setSeries: (r, i, t) => candles.setSeries(r, i, t), onChange: (l) => candles.onChange(l) },
    // After a loan write, the debts (polled) and the ongoing loans show the new state now, not at the next poll.
    loans: new LoanService({ api: deps.api, afterWrite: () => {
      void poll?.refresh();
      void priv?.refreshLoans();
    } }),
    account,
    history,
    journal: deps.journal ? journalView(deps.journal.store, recorder ? (l) => recorder.onWritten(l) : null) : null,
    exchange: {
      call: async (id, params) => {
        const data = await deps.rest.call(id as OperationId, params as never);
        // Settings, debts and loans are polled; after a write that changes them, show the new state now
        // (the ticket maps intents by the hold mode; a new loan belongs on screen) instead of at the next poll.
        if (REFRESHES_EXTRAS.has(id)) void poll?.refresh();
        if (REFRESHES_LOANS.has(id)) void priv?.refreshLoans();
        return data;
      },
    },
    catalog: OPERATION_CATALOG,
    shutdown: async () => {
      clearInterval(restTimer);
      offHealth();
      joiner.stop();
      offError();
      market.stop();
      priv?.stop();
      // Stopping leaves the countdown armed on the exchange; the quit prompt decided that.
      countdown?.stop();
      candles.stop();
      stopAlarms();
      poll?.stop();
      offSettingsWatch();
      trading?.stop();
      wsTrade?.dispose();
      // Writes what is queued; the composition root closes the file after this.
      await recorder?.stop();
      deps.stream.close();
      await deps.rest.close();
    },
  };
}
