import { Decimal } from 'decimal.js';
import { DEFAULT_SEVERITY, type AlertKind, type AlertRule, type AlertRuleBase, type AlertSeverity } from './alert-rules.js';
import { CATEGORIES, type Category } from './model.js';
import { parseDecimal } from './money.js';

/**
 * The `alerts` section of the config file:
 *
 * ```json
 * "alerts": {
 *   "bell": true, "notify": "osc9", "bannerSec": 30,
 *   "rules": [
 *     { "kind": "price", "category": "USDT-FUTURES", "symbol": "BTCUSDT", "above": "100000" },
 *     { "kind": "loanMarginCall", "withinPoints": "5" },
 *     { "kind": "socketDown", "afterSec": 10 }
 *   ]
 * }
 * ```
 *
 * Decimals are strings (numbers are accepted too). Every rule may also set `level`
 * (`info`/`warn`/`error`), `banner`, `bell` and `notify`. Without `rules`, `DEFAULT_ALERT_RULES`.
 */

/** Desktop notifications through the terminal: off, OSC 9 (iTerm2, WezTerm, Windows Terminal, Ghostty…), OSC 777 (foot, urxvt, Ghostty…) or both. */
export type NotifyMode = 'off' | 'osc9' | 'osc777' | 'both';

/** The resolved `alerts` section. */
export interface AlertSettings {
  /** Ring the terminal bell on an alert (rules may override); default true. */
  readonly bell: boolean;
  /** Desktop notification escape(s) on an alert (rules may override); default off. `true` in the file means both. */
  readonly notify: NotifyMode;
  /** Seconds a banner stays unless its condition clears first; default 30. */
  readonly bannerSec: number;
  readonly rules: readonly AlertRule[];
}

/** A bad `alerts` entry; the message names the index and the field. */
export class AlertConfigError extends Error {
  override readonly name = 'AlertConfigError';
  readonly code = 'CONFIG_ALERTS';
}

/**
 * Defaults of a rule's optional fields: the config file's rules, the rules saved from the in-app form
 * and the form itself (its prefilled texts) all take these. Decimals as the file writes them.
 */
export const ALERT_RULE_DEFAULTS = {
  /** `price.bandPct`: re-arm 0.1% of the level back. */
  priceBandPct: '0.1',
  /** `liquidationDistance.bandPct`, percent. */
  liquidationBandPct: '0.5',
  /** `bandPoints` of the ratio and loan rules, percentage points. */
  bandPoints: '1',
  /** `loanMarginCall.withinPoints`, percentage points. */
  marginCallWithinPoints: '5',
  /** `loanLiquidation.withinPoints`, percentage points. */
  liquidationWithinPoints: '3',
  /** `socketDown.afterSec`, seconds. */
  socketDownAfterSec: 10,
} as const;

/** Longest `socketDown.afterSec`, seconds (a day). */
export const MAX_SOCKET_DOWN_SEC = 86_400;

/** Highest `above` of a ratio rule (`loanRatio`, `marginRatio`): ratios are fractions, 1 = 100%. */
export const MAX_RATIO = new Decimal(1);

/** A rule as the config file writes it (`alerts.rules[i]`): decimals as strings. */
export type AlertRuleJson = Readonly<Record<string, string | number | boolean>>;

const base = (kind: AlertKind, extra: Partial<AlertRuleBase> = {}): AlertRuleBase => ({ severity: DEFAULT_SEVERITY[kind], banner: true, bell: null, notify: null, ...extra });
const D = ALERT_RULE_DEFAULTS;

/**
 * The rules used when the file has none: a loan within 5 points of its margin call, a loan within
 * `loanLiquidationPoints` (default 3, `loanAlarms.liquidationMarginPct`) of liquidation, failing
 * countdown renewals, a socket down for 10 s, a rejected order, and every fill in the event log
 * only (no banner, bell or notification).
 */
export function defaultAlertRules(loanLiquidationPoints: Decimal = new Decimal(3)): AlertRule[] {
  return [
    { ...base('loanMarginCall'), kind: 'loanMarginCall', withinPoints: new Decimal(D.marginCallWithinPoints), bandPoints: new Decimal(D.bandPoints) },
    { ...base('loanLiquidation'), kind: 'loanLiquidation', withinPoints: loanLiquidationPoints, bandPoints: new Decimal(D.bandPoints) },
    { ...base('countdownFailing'), kind: 'countdownFailing' },
    { ...base('socketDown'), kind: 'socketDown', afterSec: D.socketDownAfterSec, socket: 'any' },
    { ...base('orderRejected'), kind: 'orderRejected' },
    { ...base('fill', { banner: false, bell: false, notify: false }), kind: 'fill' },
  ];
}

/** The settings when the file has no `alerts` section. */
export function defaultAlertSettings(loanLiquidationPoints?: Decimal): AlertSettings {
  return { bell: true, notify: 'off', bannerSec: 30, rules: defaultAlertRules(loanLiquidationPoints) };
}

/** Fields each kind takes besides the common ones. */
const FIELDS: Readonly<Record<AlertKind, readonly string[]>> = {
  price: ['category', 'symbol', 'above', 'below', 'source', 'bandPct'],
  liquidationDistance: ['belowPct', 'bandPct', 'symbol'],
  loanRatio: ['above', 'bandPoints'],
  loanMarginCall: ['withinPoints', 'bandPoints'],
  loanLiquidation: ['withinPoints', 'bandPoints'],
  marginRatio: ['above', 'bandPoints'],
  orderFilled: [],
  fill: [],
  orderRejected: [],
  countdownFailing: [],
  socketDown: ['afterSec', 'socket'],
};
const COMMON = ['kind', 'level', 'banner', 'bell', 'notify'];
const KINDS = Object.keys(FIELDS) as AlertKind[];

/** Reads one rule's fields, naming `alerts.rules[i].field` in every error. */
class RuleReader {
  constructor(
    private readonly r: Readonly<Record<string, unknown>>,
    private readonly at: string,
  ) {}

  fail(field: string, wants: string): never {
    throw new AlertConfigError(`${this.at}.${field} must be ${wants} (got ${JSON.stringify(this.r[field])})`);
  }

  has(field: string): boolean {
    return this.r[field] !== undefined;
  }

  /** A non-negative decimal (string or number); `fallback` when absent, or required when null. */
  decimal(field: string, fallback: string | null, positive = false): Decimal {
    const v = this.r[field];
    if (v === undefined && fallback !== null) return new Decimal(fallback);
    const d = typeof v === 'string' ? parseDecimal(v) : typeof v === 'number' && Number.isFinite(v) && v >= 0 ? parseDecimal(String(v)) : null;
    if (d === null || (positive && d.lte(0))) this.fail(field, `a ${positive ? 'positive ' : ''}decimal string like "5"`);
    return d;
  }

  text(field: string): string {
    const v = this.r[field];
    if (typeof v !== 'string' || v === '') this.fail(field, 'a non-empty string');
    return v;
  }

  oneOf<T extends string>(field: string, choices: readonly T[], fallback: T): T {
    const v = this.r[field];
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) this.fail(field, `one of ${choices.join(', ')}`);
    return v as T;
  }

  flag(field: string): boolean | null {
    const v = this.r[field];
    if (v === undefined) return null;
    if (typeof v !== 'boolean') this.fail(field, 'true or false');
    return v;
  }
}

/**
 * Parses one rule in the config file's shape (`alerts.rules[i]`, also how the in-app form saves
 * its rules); `at` names it in errors (e.g. `alerts.rules[2]`). Throws `AlertConfigError`.
 */
export function parseAlertRule(raw: unknown, at: string): AlertRule {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new AlertConfigError(`${at} must be an object with a "kind" (got ${JSON.stringify(raw)})`);
  const r = raw as Readonly<Record<string, unknown>>;
  const read = new RuleReader(r, at);
  const kind = r.kind;
  if (typeof kind !== 'string' || !(KINDS as string[]).includes(kind)) read.fail('kind', `one of ${KINDS.join(', ')}`);
  const k = kind as AlertKind;
  const unknown = Object.keys(r).filter((f) => !COMMON.includes(f) && !FIELDS[k].includes(f));
  const first = unknown[0];
  if (first !== undefined) throw new AlertConfigError(`${at}.${first} is not a field of a ${k} rule (fields: ${[...FIELDS[k], ...COMMON.slice(1)].join(', ')})`);
  const common: AlertRuleBase = {
    severity: read.oneOf<AlertSeverity>('level', ['info', 'warn', 'error'], DEFAULT_SEVERITY[k]),
    banner: read.flag('banner') ?? k !== 'fill',
    bell: read.flag('bell'),
    notify: read.flag('notify'),
  };
  switch (k) {
    case 'price': {
      if (read.has('above') && read.has('below')) throw new AlertConfigError(`${at} has both above and below; a price rule takes one (add a second rule for the other side)`);
      if (!read.has('above') && !read.has('below')) throw new AlertConfigError(`${at}.above (or .below) is missing: the price level as a decimal string like "100000"`);
      const direction = read.has('above') ? 'above' : 'below';
      const category = read.oneOf<Category>('category', CATEGORIES, 'USDT-FUTURES');
      return { ...common, kind: k, category, symbol: read.text('symbol'), source: read.oneOf('source', ['last', 'mark'] as const, 'last'), direction, level: read.decimal(direction, null, true), bandPct: read.decimal('bandPct', D.priceBandPct) };
    }
    case 'liquidationDistance':
      return { ...common, kind: k, belowPct: read.decimal('belowPct', null, true), bandPct: read.decimal('bandPct', D.liquidationBandPct), symbol: read.has('symbol') ? read.text('symbol') : null };
    case 'loanRatio':
    case 'marginRatio': {
      const above = read.decimal('above', null, true);
      if (above.gt(MAX_RATIO)) read.fail('above', `a fraction of at most ${MAX_RATIO.toFixed()} like "0.8" (a ratio: 1 = 100%)`);
      return { ...common, kind: k, above, bandPoints: read.decimal('bandPoints', D.bandPoints) };
    }
    case 'loanMarginCall':
    case 'loanLiquidation':
      return { ...common, kind: k, withinPoints: read.decimal('withinPoints', k === 'loanMarginCall' ? D.marginCallWithinPoints : D.liquidationWithinPoints), bandPoints: read.decimal('bandPoints', D.bandPoints) };
    case 'socketDown': {
      const v = r.afterSec;
      const afterSec = v === undefined ? D.socketDownAfterSec : typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(afterSec) || afterSec < 0 || afterSec > MAX_SOCKET_DOWN_SEC) read.fail('afterSec', `a whole number of seconds from 0 to ${MAX_SOCKET_DOWN_SEC}`);
      return { ...common, kind: k, afterSec, socket: read.oneOf('socket', ['public', 'private', 'any'] as const, 'any') };
    }
    case 'orderFilled':
    case 'fill':
    case 'orderRejected':
    case 'countdownFailing':
      return { ...common, kind: k };
  }
}

/**
 * Parses the `alerts` section (undefined → `defaultAlertSettings`). `loanLiquidationPoints` is the
 * default rules' near-liquidation distance. Throws `AlertConfigError` naming the bad field.
 */
export function parseAlertSettings(raw: unknown, loanLiquidationPoints?: Decimal): AlertSettings {
  const defaults = defaultAlertSettings(loanLiquidationPoints);
  if (raw === undefined || raw === null) return defaults;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new AlertConfigError(`alerts must be an object with bell, notify, bannerSec and rules (got ${JSON.stringify(raw)})`);
  const r = raw as Readonly<Record<string, unknown>>;
  const unknown = Object.keys(r).filter((k) => !['bell', 'notify', 'bannerSec', 'rules'].includes(k));
  if (unknown.length > 0) throw new AlertConfigError(`alerts has unknown key(s) ${unknown.join(', ')}; allowed: bell, notify, bannerSec, rules`);
  if (r.bell !== undefined && typeof r.bell !== 'boolean') throw new AlertConfigError(`alerts.bell must be true or false (got ${JSON.stringify(r.bell)})`);
  const n = r.notify;
  const notify: NotifyMode | null = n === undefined || n === false ? 'off' : n === true ? 'both' : n === 'osc9' || n === 'osc777' || n === 'both' || n === 'off' ? n : null;
  if (notify === null) throw new AlertConfigError(`alerts.notify must be true, false, "osc9" or "osc777" (got ${JSON.stringify(n)})`);
  const b = r.bannerSec;
  if (b !== undefined && (typeof b !== 'number' || !Number.isInteger(b) || b < 1 || b > 3600)) throw new AlertConfigError(`alerts.bannerSec must be a whole number of seconds from 1 to 3600 (got ${JSON.stringify(b)})`);
  if (r.rules !== undefined && !Array.isArray(r.rules)) throw new AlertConfigError(`alerts.rules must be a list of rules (got ${JSON.stringify(r.rules)})`);
  const rules = Array.isArray(r.rules) ? r.rules.map((rule, i) => parseAlertRule(rule, `alerts.rules[${i}]`)) : defaults.rules;
  return { bell: typeof r.bell === 'boolean' ? r.bell : defaults.bell, notify, bannerSec: typeof b === 'number' ? b : defaults.bannerSec, rules };
}

/**
 * A rule in the config file's shape, the inverse of `parseAlertRule` (which reads it back to an
 * equal rule). The common fields appear only where they differ from the kind's defaults.
 */
export function alertRuleJson(rule: AlertRule): AlertRuleJson {
  const out: Record<string, string | number | boolean> = { kind: rule.kind };
  const kindFields = ((): Record<string, string | number> => {
    switch (rule.kind) {
      case 'price':
        return { category: rule.category, symbol: rule.symbol, source: rule.source, [rule.direction]: rule.level.toFixed(), bandPct: rule.bandPct.toFixed() };
      case 'liquidationDistance':
        return { belowPct: rule.belowPct.toFixed(), bandPct: rule.bandPct.toFixed(), ...(rule.symbol === null ? {} : { symbol: rule.symbol }) };
      case 'loanRatio':
      case 'marginRatio':
        return { above: rule.above.toFixed(), bandPoints: rule.bandPoints.toFixed() };
      case 'loanMarginCall':
      case 'loanLiquidation':
        return { withinPoints: rule.withinPoints.toFixed(), bandPoints: rule.bandPoints.toFixed() };
      case 'socketDown':
        return { afterSec: rule.afterSec, socket: rule.socket };
      case 'orderFilled':
      case 'fill':
      case 'orderRejected':
      case 'countdownFailing':
        return {};
    }
  })();
  Object.assign(out, kindFields);
  if (rule.severity !== DEFAULT_SEVERITY[rule.kind]) out.level = rule.severity;
  if (rule.banner !== (rule.kind !== 'fill')) out.banner = rule.banner;
  if (rule.bell !== null) out.bell = rule.bell;
  if (rule.notify !== null) out.notify = rule.notify;
  return out;
}

/** Rules saved by the in-app form, read back: the valid ones, and one line per rule skipped. */
export interface StoredAlertRules {
  readonly rules: readonly AlertRule[];
  /** Why each skipped rule was skipped (`saved alert rule 2: …`). */
  readonly problems: readonly string[];
}

/** Reads saved rules (the config file's rule shape) one by one: a bad one is skipped with its reason, never thrown. */
export function parseStoredAlertRules(raw: unknown): StoredAlertRules {
  if (raw === undefined || raw === null) return { rules: [], problems: [] };
  if (!Array.isArray(raw)) return { rules: [], problems: [`saved alert rules must be a list (got ${JSON.stringify(raw)})`] };
  const rules: AlertRule[] = [];
  const problems: string[] = [];
  raw.forEach((r: unknown, i) => {
    try {
      rules.push(parseAlertRule(r, `saved alert rule ${i + 1}`));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  });
  return { rules, problems };
}
