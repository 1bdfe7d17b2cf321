import type { AlertSettings, NotifyMode } from '../domain/alert-config.js';
import { alertKeyAfterRemoval, alertRuleFired, forgetAlertRule } from '../domain/alert-rule-set.js';
import { ALERT_SOURCES, EMPTY_ALERT_MEMORY, evaluateAlerts, type AlertEvent, type AlertInput, type AlertMemory, type AlertRule, type AlertSource, type AlertSocketState } from '../domain/alert-rules.js';
import type { AppState } from '../store/app-state.js';
import type { AppStore } from '../store/create-app-store.js';
import type { SocketHealth } from '../store/slices/connection-slice.js';
import type { Banner, LogLevelUi } from '../store/slices/ui-slice.js';

/** The terminal bell. */
export const BEL = '\x07';

/** Longest notification text, characters (terminals and notification daemons cut long ones anyway). */
const MAX_NOTIFY_CHARS = 200;

/** Notification text made safe inside an OSC: no control characters (C0, DEL, C1), no `;` (a field separator), bounded. */
export function sanitizeNotifyText(text: string): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/;/g, ',')
    .replace(/ {2,}/g, ' ')
    .trim();
  return clean.length > MAX_NOTIFY_CHARS ? `${clean.slice(0, MAX_NOTIFY_CHARS - 1)}…` : clean;
}

/** Wraps an escape sequence for tmux passthrough (`allow-passthrough on`): a DCS `tmux;` with every ESC doubled. */
export function tmuxPassthrough(sequence: string): string {
  return `\x1bPtmux;${sequence.replaceAll('\x1b', '\x1b\x1b')}\x1b\\`;
}

/**
 * The desktop-notification escape(s) for `text`: OSC 9 (`ESC ] 9 ; text BEL`) and/or OSC 777
 * (`ESC ] 777 ; notify ; utadash ; text BEL`), each wrapped for passthrough inside tmux. Both pass
 * over SSH (they are terminal output). The OSC 9 text starts with "utadash:" so a terminal that
 * reads `9;<digit>;` as a sub-command (ConEmu, Windows Terminal progress) never sees a digit first.
 */
export function notificationSequence(text: string, mode: NotifyMode, tmux: boolean): string {
  const body = sanitizeNotifyText(text);
  const parts: string[] = [];
  if (mode === 'osc9' || mode === 'both') parts.push(`\x1b]9;utadash: ${body}\x07`);
  if (mode === 'osc777' || mode === 'both') parts.push(`\x1b]777;notify;utadash;${body}\x07`);
  return parts.map((p) => (tmux ? tmuxPassthrough(p) : p)).join('');
}

const DOWN_STATES: ReadonlySet<string> = new Set(['connecting', 'reconnecting', 'closed', 'fatal']);

function socketOf(h: SocketHealth): AlertSocketState {
  return { state: h.state, down: DOWN_STATES.has(h.state) };
}

/** The rules' view of the store. */
export function alertInputOf(s: AppState): AlertInput {
  return {
    tickers: s.market.tickers,
    positions: Object.values(s.positions.open),
    marginRatio: s.account.summary?.mgnRatio ?? null,
    loans: s.loans.ongoing,
    finishedOrders: s.orders.recent,
    fills: s.fills.list,
    rejections: Object.values(s.orders.submissions)
      .filter((x) => x.state === 'rejected')
      .map((x) => ({ id: x.clientOid, label: x.label, error: x.error })),
    countdown: { armed: s.countdown.armed, failing: s.countdown.failing, lastError: s.countdown.lastError },
    sockets: { public: socketOf(s.connection.public), private: socketOf(s.connection.private) },
  };
}

/** The store objects behind each source: an evaluation runs only when one of the watched ones changed. */
function sourceRefs(s: AppState, source: AlertSource): readonly unknown[] {
  switch (source) {
    case 'tickers':
      return [s.market.tickers];
    case 'positions':
      return [s.positions.open];
    case 'account':
      return [s.account.summary];
    case 'loans':
      return [s.loans.ongoing];
    case 'orders':
      return [s.orders.recent];
    case 'fills':
      return [s.fills.list];
    case 'submissions':
      return [s.orders.submissions];
    case 'countdown':
      return [s.countdown];
    case 'connection':
      return [s.connection.public.state, s.connection.private.state];
  }
}

/** Options of the alert service. */
export interface AlertServiceOptions {
  readonly store: AppStore;
  /** Unix ms clock. */
  readonly now: () => number;
  readonly settings: AlertSettings;
  /** Writes the bell and notification escapes to the terminal (the app: `process.stdout.write`); the one output of the service besides the store. */
  readonly write: (sequence: string) => void;
  /** True inside tmux (`TMUX` set): notifications are wrapped for passthrough. Default false. */
  readonly tmux?: boolean;
  /** Mirrors each alert line to the file log; default none. */
  readonly fileLog?: (level: LogLevelUi, text: string) => void;
  /** Period of the time-based checks (socket down, banner expiry), ms; default 1000. */
  readonly tickMs?: number;
}

/** Where an active rule came from: the config file's `alerts`, or added at run time (the in-app form, or saved from it). */
export type AlertRuleSource = 'config' | 'added';

/** One active rule as the service holds it. */
export interface AlertRuleEntry {
  /** Stable while the rule is active (`config-1`, `added-3`); removal goes by it. */
  readonly id: string;
  readonly source: AlertRuleSource;
  readonly rule: AlertRule;
  /** True while a state rule has fired for some subject and not re-armed (always false for event rules). */
  readonly fired: boolean;
}

/**
 * Alerts on the store's state: evaluates the rules (domain/alert-rules.ts) when a slice they read
 * changes and once a second, and reports each fire as an event-log line, the banner (the latest
 * alert, for `bannerSec` or until its condition clears), the bell and a desktop notification, as
 * the rule and the settings ask. One evaluation rings the bell at most once and sends at most one
 * notification, however many rules fired in it. The rule set starts as `settings.rules` and
 * changes at run time (`addRule`, `removeRule`); the memory of the rules that stay is kept.
 */
export class AlertService {
  private memory: AlertMemory = EMPTY_ALERT_MEMORY;
  private banner: { key: string; readonly sticky: boolean; readonly shown: Banner } | null = null;
  private entries: readonly Omit<AlertRuleEntry, 'fired'>[];
  private sources: readonly AlertSource[] = [];
  private lastId = 0;

  constructor(private readonly options: AlertServiceOptions) {
    this.entries = options.settings.rules.map((rule) => ({ id: `config-${(this.lastId += 1)}`, source: 'config', rule }));
    this.updateSources();
  }

  /** The active rules in evaluation order (the config file's first), each with its fired state now. */
  rules(): readonly AlertRuleEntry[] {
    return this.entries.map((e, i) => ({ ...e, fired: alertRuleFired(this.memory, i) }));
  }

  /** Adds a rule at the end and evaluates at once (a condition already true fires now); returns its id. */
  addRule(rule: AlertRule, source: AlertRuleSource = 'added'): string {
    const id = `${source}-${(this.lastId += 1)}`;
    this.entries = [...this.entries, { id, source, rule }];
    this.updateSources();
    this.check();
    return id;
  }

  /** Removes the rule `id` (its banner goes with it); false when there is none. The other rules keep their state. */
  removeRule(id: string): boolean {
    const index = this.entries.findIndex((e) => e.id === id);
    if (index < 0) return false;
    this.entries = this.entries.filter((_, i) => i !== index);
    this.memory = forgetAlertRule(this.memory, index);
    if (this.banner) {
      const key = alertKeyAfterRemoval(this.banner.key, index);
      if (key === null) this.clearBanner();
      else this.banner.key = key;
    }
    this.updateSources();
    return true;
  }

  /** Evaluates every rule now and reports what fired or cleared; returns those events. */
  check(): readonly AlertEvent[] {
    const { store, now } = this.options;
    const at = now();
    const result = evaluateAlerts(
      this.entries.map((e) => e.rule),
      alertInputOf(store.getState()),
      this.memory,
      at,
    );
    this.memory = result.memory;
    this.report(result.events, at);
    // A banner whose subject is gone (the loan was repaid) or re-armed goes with it.
    if (this.banner?.sticky && !this.memory.fired.has(this.banner.key)) this.clearBanner();
    return result.events;
  }

  /** Checks now, then on every change of a slice the rules read and every `tickMs`; returns the stop function. */
  attach(): () => void {
    const { store } = this.options;
    const refsOf = (s: AppState) => this.sources.flatMap((src) => sourceRefs(s, src));
    let last = refsOf(store.getState());
    this.check();
    const off = store.subscribe((s) => {
      const refs = refsOf(s);
      if (refs.every((r, i) => r === last[i])) return;
      last = refs;
      this.check();
    });
    const timer = setInterval(() => this.onTick(), this.options.tickMs ?? 1000);
    timer.unref();
    return () => {
      off();
      clearInterval(timer);
    };
  }

  private onTick(): void {
    const { now, settings } = this.options;
    if (this.banner && now() - this.banner.shown.at >= settings.bannerSec * 1000) this.clearBanner();
    this.check();
  }

  private updateSources(): void {
    this.sources = [...new Set(this.entries.flatMap((e) => ALERT_SOURCES[e.rule.kind]))];
  }

  private report(events: readonly AlertEvent[], at: number): void {
    if (events.length === 0) return;
    const { settings, store } = this.options;
    let ring = false;
    let notify: NotifyMode = 'off';
    const notes: AlertEvent[] = [];
    for (const e of events) {
      const rule = this.entries[e.rule]?.rule;
      if (!rule) continue;
      if (e.phase === 'clear') {
        this.log('info', e.text, at);
        if (this.banner?.key === e.key) this.clearBanner();
        continue;
      }
      this.log(e.severity, e.text, at);
      if (rule.banner) {
        const shown: Banner = { level: e.severity === 'error' ? 'error' : 'warn', text: e.text, at };
        store.getState().setBanner(shown);
        this.banner = { key: e.key, sticky: e.sticky, shown };
      }
      if (rule.bell ?? settings.bell) ring = true;
      const mode = rule.notify === null ? settings.notify : rule.notify ? (settings.notify === 'off' ? 'both' : settings.notify) : 'off';
      if (mode !== 'off') {
        notes.push(e);
        if (notify === 'off') notify = mode;
      }
    }
    if (ring) this.options.write(BEL);
    const first = [...notes].sort((a, b) => rank(b) - rank(a))[0];
    if (first) {
      const more = notes.length > 1 ? ` (+${notes.length - 1} more)` : '';
      this.options.write(notificationSequence(`${first.text}${more}`, notify, this.options.tmux ?? false));
    }
  }

  private log(level: LogLevelUi, text: string, at: number): void {
    this.options.store.getState().logEvent(level, text, at);
    this.options.fileLog?.(level, text);
  }

  private clearBanner(): void {
    const mine = this.banner;
    this.banner = null;
    // Only the banner this service set: another may have replaced it since.
    if (mine && this.options.store.getState().ui.banner === mine.shown) this.options.store.getState().setBanner(null);
  }
}

function rank(e: AlertEvent): number {
  return e.severity === 'error' ? 2 : e.severity === 'warn' ? 1 : 0;
}
