import { Decimal } from 'decimal.js';
import type { Category, Fill, Loan, Order, Position, Ticker } from './model.js';

/**
 * Alert rules and their evaluation: pure, deterministic, no I/O. A state rule (a price past a
 * level, a loan near its margin call, a socket down) fires once when its condition becomes true
 * and re-arms only after the condition has been false by a band (hysteresis), so a value that
 * jitters around the line does not fire again and again. An event rule (a fill, a rejection)
 * fires once per new item. Config parsing lives in alert-config.ts; the side effects (event log,
 * banner, bell, notification) in services/alert-service.ts.
 */

/** How loud an alert is: `info` only logs by default; `warn` and `error` also take the banner. */
export type AlertSeverity = 'info' | 'warn' | 'error';

/** A connection whose state `socketDown` rules watch. */
export type AlertSocket = 'public' | 'private';

/** What every rule carries besides its condition. */
export interface AlertRuleBase {
  /** Log level and banner colour; each kind has a default (see `DEFAULT_SEVERITY`). */
  readonly severity: AlertSeverity;
  /** Shows the alert in the banner (default true, false for `fill`). */
  readonly banner: boolean;
  /** Rings the bell; null (the default) follows the `alerts.bell` setting. */
  readonly bell: boolean | null;
  /** Sends a desktop notification; null (the default) follows the `alerts.notify` setting. */
  readonly notify: boolean | null;
}

/** The condition of a rule, by kind. Ratios are fractions (0.8 = 80%); "points" are percentage points. */
export type AlertCondition =
  /** The instrument's last (or mark) price reaches `level` from below (`above`) or from above (`below`); re-arms `bandPct` percent of the level back. */
  | { readonly kind: 'price'; readonly category: Category; readonly symbol: string; readonly source: 'last' | 'mark'; readonly direction: 'above' | 'below'; readonly level: Decimal; readonly bandPct: Decimal }
  /** A position's mark comes within `belowPct` percent of its liquidation price; re-arms at `belowPct + bandPct`. `symbol` null = every position. */
  | { readonly kind: 'liquidationDistance'; readonly belowPct: Decimal; readonly bandPct: Decimal; readonly symbol: string | null }
  /** A loan's ratio reaches `above`; re-arms `bandPoints` below it. */
  | { readonly kind: 'loanRatio'; readonly above: Decimal; readonly bandPoints: Decimal }
  /** A loan's ratio comes within `withinPoints` of its margin-call line (0 = at the line); re-arms `bandPoints` further below. */
  | { readonly kind: 'loanMarginCall'; readonly withinPoints: Decimal; readonly bandPoints: Decimal }
  /** A loan's ratio comes within `withinPoints` of its liquidation line; re-arms `bandPoints` further below. */
  | { readonly kind: 'loanLiquidation'; readonly withinPoints: Decimal; readonly bandPoints: Decimal }
  /** The account's margin ratio (maintenance margin / equity) reaches `above`; re-arms `bandPoints` below it. */
  | { readonly kind: 'marginRatio'; readonly above: Decimal; readonly bandPoints: Decimal }
  /** One of our orders is completely filled (event). */
  | { readonly kind: 'orderFilled' }
  /** Each execution of one of our orders (event). */
  | { readonly kind: 'fill' }
  /** The exchange refused one of our order submissions (event). */
  | { readonly kind: 'orderRejected' }
  /** The armed dead-man countdown's renewals fail or are held back. */
  | { readonly kind: 'countdownFailing' }
  /** A socket has been down (connecting, reconnecting, closed or fatal) for `afterSec` seconds or more; re-arms when it is up. */
  | { readonly kind: 'socketDown'; readonly afterSec: number; readonly socket: AlertSocket | 'any' };

/** One alert rule: its condition plus how it is reported. */
export type AlertRule = AlertRuleBase & AlertCondition;

/** Rule kinds. */
export type AlertKind = AlertCondition['kind'];

/** Severity of each kind when the rule does not set one. */
export const DEFAULT_SEVERITY: Readonly<Record<AlertKind, AlertSeverity>> = {
  price: 'warn',
  liquidationDistance: 'error',
  loanRatio: 'warn',
  loanMarginCall: 'warn',
  loanLiquidation: 'error',
  marginRatio: 'warn',
  orderFilled: 'info',
  fill: 'info',
  orderRejected: 'error',
  countdownFailing: 'error',
  socketDown: 'warn',
};

/** An order submission the exchange refused. */
export interface AlertRejection {
  /** The submission's clientOid. */
  readonly id: string;
  /** Human summary, e.g. "buy 0.01 BTCUSDT @ 97000". */
  readonly label: string;
  readonly error: string | null;
}

/** A socket as the rules see it. */
export interface AlertSocketState {
  /** The state's name, for the text. */
  readonly state: string;
  /** True while connecting, reconnecting, closed or fatal (idle, never started, is not down). */
  readonly down: boolean;
}

/** What the rules read: a view of the store in domain types (the service builds it). */
export interface AlertInput {
  /** Tickers keyed `CATEGORY:SYMBOL`. */
  readonly tickers: Readonly<Record<string, Ticker>>;
  readonly positions: readonly Position[];
  /** The account's margin ratio; null before the first account snapshot. */
  readonly marginRatio: Decimal | null;
  readonly loans: readonly Loan[];
  /** Recently finished orders (filled and cancelled). */
  readonly finishedOrders: readonly Order[];
  readonly fills: readonly Fill[];
  readonly rejections: readonly AlertRejection[];
  readonly countdown: { readonly armed: boolean; readonly failing: boolean; readonly lastError: string | null };
  readonly sockets: Readonly<Record<AlertSocket, AlertSocketState>>;
}

/** What the evaluation remembers between calls. */
export interface AlertMemory {
  /** False until the first evaluation, which takes the items already present as seen (no alerts for history). */
  readonly primed: boolean;
  /** Subjects (`rule index:subject`) whose state alert fired and has not re-armed. */
  readonly fired: ReadonlySet<string>;
  /** Event ids already reported, per event rule index. */
  readonly seen: ReadonlyMap<number, ReadonlySet<string>>;
  /** Unix ms each socket was first seen down (absent while up). */
  readonly downSince: Readonly<Partial<Record<AlertSocket, number>>>;
}

/** The memory before the first evaluation. */
export const EMPTY_ALERT_MEMORY: AlertMemory = { primed: false, fired: new Set(), seen: new Map(), downSince: {} };

/** One alert raised (`fire`) or re-armed (`clear`) by an evaluation. */
export interface AlertEvent {
  readonly phase: 'fire' | 'clear';
  /** `rule index:subject`, stable while the subject exists (e.g. `2:loan:123`). */
  readonly key: string;
  /** Index of the rule in the list evaluated. */
  readonly rule: number;
  readonly kind: AlertKind;
  /** The rule's severity for `fire`; `info` for `clear`. */
  readonly severity: AlertSeverity;
  /** One line for the event log, the banner and the notification. */
  readonly text: string;
  /** True for state rules (the subject stays fired until it clears); false for events. */
  readonly sticky: boolean;
}

/** Result of `evaluateAlerts`. */
export interface AlertEvaluation {
  readonly memory: AlertMemory;
  /** Fires and clears in rule order. */
  readonly events: readonly AlertEvent[];
}

/** One subject of a state rule now: `trigger` fires an armed subject, `clear` re-arms a fired one. */
interface Reading {
  readonly subject: string;
  readonly trigger: boolean;
  readonly clear: boolean;
  readonly text: () => string;
  readonly clearText: () => string;
}

/** One item of an event rule. */
interface Item {
  readonly id: string;
  readonly text: () => string;
}

const HUNDRED = new Decimal(100);

/** A fraction as a percentage with one decimal (0.805 → "80.5%"), as the loan alarm always wrote it. */
function pct1(fraction: Decimal): string {
  return `${fraction.times(100).toFixed(1)}%`;
}

function points(p: Decimal): string {
  return `${p.toFixed()} point${p.eq(1) ? '' : 's'}`;
}

function loanWhat(loan: Loan): string {
  return `loan ${loan.orderId} ${loan.loanCoin}/${loan.pledgeCoin}: ratio ${pct1(loan.pledgeRate)}`;
}

/** A reading that keeps the subject as it is (no data yet). */
function hold(subject: string): Reading {
  return { subject, trigger: false, clear: false, text: () => '', clearText: () => '' };
}

/** Distance of a position's mark from its liquidation price, percent of the mark; null without a liquidation price or a mark. */
export function liquidationDistancePct(position: Position, mark: Decimal): Decimal | null {
  if (position.liqPrice.lte(0) || mark.lte(0)) return null;
  const gap = position.posSide === 'long' ? mark.minus(position.liqPrice) : position.liqPrice.minus(mark);
  return gap.div(mark).times(HUNDRED);
}

/** Readings of a ratio against a line: trigger at or above `line`, clear below `line - band` (fractions). */
function ratioReading(subject: string, value: Decimal, line: Decimal, band: Decimal, text: () => string, clearText: () => string): Reading {
  return { subject, trigger: value.gte(line), clear: value.lt(line.minus(band)), text, clearText };
}

function loanReadings(rule: AlertRule, loans: readonly Loan[]): Reading[] {
  return loans.map((loan) => {
    const subject = `loan:${loan.orderId}`;
    const what = loanWhat(loan);
    const advice = 'add collateral or repay';
    switch (rule.kind) {
      case 'loanRatio':
        return ratioReading(subject, loan.pledgeRate, rule.above, rule.bandPoints.div(100), () => `${what} reached ${pct1(rule.above)}: ${advice}`, () => `${what} back below ${pct1(rule.above)}`);
      case 'loanMarginCall': {
        const line = loan.supRate.minus(rule.withinPoints.div(100));
        const fire = () => (loan.pledgeRate.gte(loan.supRate) ? `${what} passed the margin call at ${pct1(loan.supRate)}: ${advice}` : `${what} is within ${points(rule.withinPoints)} of the margin call at ${pct1(loan.supRate)}: ${advice}`);
        return ratioReading(subject, loan.pledgeRate, line, rule.bandPoints.div(100), fire, () => `${what} back below margin call ${pct1(loan.supRate)}`);
      }
      case 'loanLiquidation': {
        const line = loan.forceRate.minus(rule.withinPoints.div(100));
        return ratioReading(subject, loan.pledgeRate, line, rule.bandPoints.div(100), () => `${what} is near liquidation at ${pct1(loan.forceRate)}: ${advice}`, () => `${what} back from liquidation at ${pct1(loan.forceRate)}`);
      }
      default:
        return hold(subject);
    }
  });
}

function priceReading(rule: Extract<AlertRule, { kind: 'price' }>, input: AlertInput): Reading {
  const ticker = input.tickers[`${rule.category}:${rule.symbol}`];
  const price = ticker ? (rule.source === 'last' ? ticker.lastPrice : ticker.markPrice) : null;
  if (!price || price.lte(0)) return hold('price');
  const band = rule.level.times(rule.bandPct).div(HUNDRED);
  const what = `${rule.symbol} ${rule.source} price ${price.toFixed()}`;
  if (rule.direction === 'above') {
    return { subject: 'price', trigger: price.gte(rule.level), clear: price.lt(rule.level.minus(band)), text: () => `${what} crossed above ${rule.level.toFixed()}`, clearText: () => `${what} back below ${rule.level.toFixed()}` };
  }
  return { subject: 'price', trigger: price.lte(rule.level), clear: price.gt(rule.level.plus(band)), text: () => `${what} crossed below ${rule.level.toFixed()}`, clearText: () => `${what} back above ${rule.level.toFixed()}` };
}

function liquidationReadings(rule: Extract<AlertRule, { kind: 'liquidationDistance' }>, input: AlertInput): Reading[] {
  const out: Reading[] = [];
  for (const p of input.positions) {
    if (rule.symbol !== null && p.symbol !== rule.symbol) continue;
    const subject = `pos:${p.category}:${p.symbol}:${p.posSide}`;
    const mark = input.tickers[`${p.category}:${p.symbol}`]?.markPrice ?? p.markPrice;
    if (p.liqPrice.lte(0)) {
      out.push({ subject, trigger: false, clear: true, text: () => '', clearText: () => `${p.symbol} ${p.posSide}: no liquidation price any more` });
      continue;
    }
    const distance = liquidationDistancePct(p, mark);
    if (distance === null) {
      out.push(hold(subject));
      continue;
    }
    const what = `${p.symbol} ${p.posSide}: mark ${mark.toFixed()} is ${distance.toFixed(2)}% from liquidation at ${p.liqPrice.toFixed()}`;
    out.push({ subject, trigger: distance.lt(rule.belowPct), clear: distance.gte(rule.belowPct.plus(rule.bandPct)), text: () => `${what} (alert below ${rule.belowPct.toFixed()}%)`, clearText: () => what });
  }
  return out;
}

function socketReadings(rule: Extract<AlertRule, { kind: 'socketDown' }>, input: AlertInput, downSince: Readonly<Partial<Record<AlertSocket, number>>>, now: number): Reading[] {
  const kinds: readonly AlertSocket[] = rule.socket === 'any' ? ['public', 'private'] : [rule.socket];
  return kinds.map((kind) => {
    const s = input.sockets[kind];
    const since = downSince[kind];
    const downFor = since === undefined ? 0 : Math.floor((now - since) / 1000);
    return {
      subject: `socket:${kind}`,
      trigger: s.down && since !== undefined && now - since >= rule.afterSec * 1000,
      clear: !s.down,
      text: () => `${kind} socket down for ${downFor} s (${s.state})`,
      clearText: () => `${kind} socket back (${s.state})`,
    };
  });
}

/** Readings of a state rule now; null for an event rule. */
function readingsOf(rule: AlertRule, input: AlertInput, memory: AlertMemory, now: number): Reading[] | null {
  switch (rule.kind) {
    case 'price':
      return [priceReading(rule, input)];
    case 'liquidationDistance':
      return liquidationReadings(rule, input);
    case 'loanRatio':
    case 'loanMarginCall':
    case 'loanLiquidation':
      return loanReadings(rule, input.loans);
    case 'marginRatio': {
      const r = input.marginRatio;
      if (r === null) return [hold('account')];
      const what = `account margin ratio ${pct1(r)}`;
      return [ratioReading('account', r, rule.above, rule.bandPoints.div(100), () => `${what} reached ${pct1(rule.above)}`, () => `${what} back below ${pct1(rule.above)}`)];
    }
    case 'countdownFailing': {
      const c = input.countdown;
      return [{ subject: 'countdown', trigger: c.armed && c.failing, clear: !c.armed || !c.failing, text: () => `countdown renewals failing${c.lastError ? ` (${c.lastError})` : ''}: the exchange cancels every order when the window runs out`, clearText: () => (c.armed ? 'countdown renewed again' : 'countdown no longer armed') }];
    }
    case 'socketDown':
      return socketReadings(rule, input, memory.downSince, now);
    case 'orderFilled':
    case 'fill':
    case 'orderRejected':
      return null;
  }
}

/** Items of an event rule now. */
function itemsOf(rule: AlertRule, input: AlertInput): Item[] {
  switch (rule.kind) {
    case 'fill':
      return input.fills.map((f) => ({ id: f.execId, text: () => `fill: ${f.side} ${f.qty.toFixed()} ${f.symbol} @ ${f.price.toFixed()} (${f.scope}, fee ${f.fee.toFixed()} ${f.feeCoin})` }));
    case 'orderFilled':
      return input.finishedOrders.filter((o) => o.status === 'filled').map((o) => ({ id: o.orderId, text: () => `order filled: ${o.side} ${o.cumExecQty.toFixed()} ${o.symbol} @ ${o.avgPrice.toFixed()} (order ${o.orderId})` }));
    case 'orderRejected':
      return input.rejections.map((r) => ({ id: r.id, text: () => `order rejected: ${r.label}${r.error ? `: ${r.error}` : ''}` }));
    default:
      return [];
  }
}

/** Socket first-down times after this input: kept while down, set when newly down, dropped when up. */
function nextDownSince(input: AlertInput, before: AlertMemory['downSince'], now: number): AlertMemory['downSince'] {
  const out: Partial<Record<AlertSocket, number>> = {};
  for (const kind of ['public', 'private'] as const) {
    if (input.sockets[kind].down) out[kind] = before[kind] ?? now;
  }
  return out;
}

/**
 * Evaluates every rule over `input` at Unix ms `now`. State rules: an armed subject whose
 * condition holds fires; a fired subject re-arms (a `clear` event) once its clear condition holds;
 * a subject that disappeared (a repaid loan, a closed position) is forgotten silently. Event rules:
 * items not seen before fire; the first evaluation (and a rule's first, when it was added later)
 * only takes the present items as seen.
 */
export function evaluateAlerts(rules: readonly AlertRule[], input: AlertInput, memory: AlertMemory, now: number): AlertEvaluation {
  const downSince = nextDownSince(input, memory.downSince, now);
  const during: AlertMemory = { ...memory, downSince };
  const fired = new Set<string>();
  const seen = new Map<number, ReadonlySet<string>>();
  const events: AlertEvent[] = [];
  rules.forEach((rule, index) => {
    const readings = readingsOf(rule, input, during, now);
    if (readings === null) {
      const items = itemsOf(rule, input);
      const before = memory.seen.get(index);
      // A rule added since the last evaluation has no seen set yet: it takes the present items as seen too.
      if (memory.primed && before !== undefined) {
        for (const item of items) {
          if (before?.has(item.id)) continue;
          events.push({ phase: 'fire', key: `${index}:${item.id}`, rule: index, kind: rule.kind, severity: rule.severity, text: item.text(), sticky: false });
        }
      }
      seen.set(index, new Set(items.map((i) => i.id)));
      return;
    }
    for (const r of readings) {
      const key = `${index}:${r.subject}`;
      const was = memory.fired.has(key);
      if (!was && r.trigger) {
        fired.add(key);
        events.push({ phase: 'fire', key, rule: index, kind: rule.kind, severity: rule.severity, text: r.text(), sticky: true });
      } else if (was && r.clear) {
        events.push({ phase: 'clear', key, rule: index, kind: rule.kind, severity: 'info', text: r.clearText(), sticky: true });
      } else if (was) fired.add(key);
    }
  });
  return { memory: { primed: true, fired, seen, downSince }, events };
}

/** The store slices a rule kind reads (the service evaluates only when one of these changed, or on its tick). */
export type AlertSource = 'tickers' | 'positions' | 'account' | 'loans' | 'orders' | 'fills' | 'submissions' | 'countdown' | 'connection';

/** Which sources each kind reads. */
export const ALERT_SOURCES: Readonly<Record<AlertKind, readonly AlertSource[]>> = {
  price: ['tickers'],
  liquidationDistance: ['positions', 'tickers'],
  loanRatio: ['loans'],
  loanMarginCall: ['loans'],
  loanLiquidation: ['loans'],
  marginRatio: ['account'],
  orderFilled: ['orders'],
  fill: ['fills'],
  orderRejected: ['submissions'],
  countdownFailing: ['countdown'],
  socketDown: ['connection'],
};
