import { Decimal } from 'decimal.js';
import { ALERT_RULE_DEFAULTS, MAX_RATIO, MAX_SOCKET_DOWN_SEC, parseAlertRule, type AlertRuleJson } from './alert-config.js';
import type { AlertKind, AlertRule } from './alert-rules.js';
import { CATEGORIES, type Category } from './model.js';
import { parseDecimal } from './money.js';

/**
 * The in-app alert form as data, and its texts checked into a rule: each field's problem in words
 * next to the field, and the rule built by the config file's own parser (`parseAlertRule`) from
 * the config shape, so the form, the file and the saved rules share one set of defaults and limits.
 * Pure.
 */

/** Every field the form has, over all kinds. */
export type AlertFormFieldKey = 'category' | 'symbol' | 'direction' | 'level' | 'source' | 'belowPct' | 'positionSymbol' | 'loanAbove' | 'withinMarginCall' | 'withinLiquidation' | 'marginAbove' | 'afterSec' | 'socket';

/** What a text field takes: a non-negative decimal, a whole number, or a symbol (letters and digits). */
export type AlertFormInput = 'decimal' | 'integer' | 'symbol';

/** A text field of the form. */
export interface AlertFormTextField {
  readonly type: 'text';
  readonly key: AlertFormFieldKey;
  /** Label on screen and at the start of its messages ("level: not a number"). */
  readonly label: string;
  readonly input: AlertFormInput;
  /** Shown dimmed while the field is empty. */
  readonly placeholder: string;
  /** Unit after the value ("%", "points", "s"); none by default. */
  readonly unit?: string;
}

/** A choice field of the form (cycled, never typed). */
export interface AlertFormChoiceField {
  readonly type: 'choice';
  readonly key: AlertFormFieldKey;
  readonly label: string;
  /** The options in cycling order; the first is the default unless the form says otherwise. */
  readonly options: readonly string[];
}

/** One field of the form. */
export type AlertFormField = AlertFormTextField | AlertFormChoiceField;

/** The form's texts and choices, by field key (absent = empty). */
export type AlertFormValues = Readonly<Partial<Record<AlertFormFieldKey, string>>>;

const text = (key: AlertFormFieldKey, label: string, input: AlertFormInput, placeholder: string, unit?: string): AlertFormTextField => ({ type: 'text', key, label, input, placeholder, ...(unit ? { unit } : {}) });
const choice = (key: AlertFormFieldKey, label: string, options: readonly string[]): AlertFormChoiceField => ({ type: 'choice', key, label, options });

/** The kinds the form offers, in its order, each with its line in the kind list. */
export const ALERT_FORM_KINDS: readonly { readonly kind: AlertKind; readonly label: string }[] = [
  { kind: 'price', label: 'price crosses a level' },
  { kind: 'liquidationDistance', label: 'position within X % of liquidation' },
  { kind: 'loanRatio', label: 'loan ratio above X %' },
  { kind: 'loanMarginCall', label: 'loan within N points of its margin call' },
  { kind: 'loanLiquidation', label: 'loan within N points of liquidation' },
  { kind: 'marginRatio', label: 'account margin ratio above X %' },
  { kind: 'socketDown', label: 'socket down for more than N s' },
  { kind: 'orderFilled', label: 'order filled' },
  { kind: 'orderRejected', label: 'order rejected' },
  { kind: 'countdownFailing', label: 'countdown renewals failing' },
  { kind: 'fill', label: 'every fill (event log only)' },
];

/** The fields of each kind, in form order. */
export const ALERT_FORM_FIELDS: Readonly<Record<AlertKind, readonly AlertFormField[]>> = {
  price: [
    choice('category', 'category', CATEGORIES),
    text('symbol', 'symbol', 'symbol', 'e.g. BTCUSDT'),
    choice('direction', 'crosses', ['above', 'below']),
    text('level', 'level', 'decimal', 'a price, e.g. 100000'),
    choice('source', 'price', ['last', 'mark']),
  ],
  liquidationDistance: [text('belowPct', 'below', 'decimal', 'e.g. 5', '% from liquidation'), text('positionSymbol', 'symbol', 'symbol', 'every position', '(empty = every position)')],
  loanRatio: [text('loanAbove', 'above', 'decimal', 'e.g. 75', '% loan ratio')],
  loanMarginCall: [text('withinMarginCall', 'within', 'decimal', ALERT_RULE_DEFAULTS.marginCallWithinPoints, 'points of the margin call')],
  loanLiquidation: [text('withinLiquidation', 'within', 'decimal', ALERT_RULE_DEFAULTS.liquidationWithinPoints, 'points of liquidation')],
  marginRatio: [text('marginAbove', 'above', 'decimal', 'e.g. 80', '% margin ratio')],
  socketDown: [text('afterSec', 'after', 'integer', String(ALERT_RULE_DEFAULTS.socketDownAfterSec), 's down'), choice('socket', 'socket', ['any', 'public', 'private'])],
  orderFilled: [],
  orderRejected: [],
  countdownFailing: [],
  fill: [],
};

/** The form's starting values: the focused instrument, the parser's defaults, the first option of each choice. */
export function alertFormInitialValues(focused: { readonly category: Category; readonly symbol: string }): AlertFormValues {
  return {
    category: focused.category,
    symbol: focused.symbol,
    direction: 'above',
    source: 'last',
    withinMarginCall: ALERT_RULE_DEFAULTS.marginCallWithinPoints,
    withinLiquidation: ALERT_RULE_DEFAULTS.liquidationWithinPoints,
    afterSec: String(ALERT_RULE_DEFAULTS.socketDownAfterSec),
    socket: 'any',
  };
}

/** The form's texts checked: each field's problem, and the rule (with its config shape) when there is none. */
export interface AlertFormCheck {
  /** One message per bad field, starting with its label ("level: not a number"). */
  readonly errors: Readonly<Partial<Record<AlertFormFieldKey, string>>>;
  /** The rule the texts describe; null while a field is bad. */
  readonly rule: AlertRule | null;
  /** The rule in the config file's shape (what is saved); null with `rule`. */
  readonly json: AlertRuleJson | null;
  /** A problem of the rule as a whole (the file's parser refused it), or null. */
  readonly problem: string | null;
}

/** Options of `checkAlertForm`. */
export interface AlertFormContext {
  /** Instruments known now, keyed `CATEGORY:SYMBOL`; a price rule on another is refused. Empty or absent = not checked (not loaded yet). */
  readonly instruments?: ReadonlySet<string>;
}

const HUNDRED = new Decimal(100);

/** Reads one field's text; records its problem in `errors` and returns null when bad. */
class FieldReader {
  readonly errors: Partial<Record<AlertFormFieldKey, string>> = {};
  constructor(private readonly values: AlertFormValues) {}

  raw(key: AlertFormFieldKey): string {
    return (this.values[key] ?? '').trim();
  }

  bad(key: AlertFormFieldKey, message: string): null {
    this.errors[key] ??= message;
    return null;
  }

  /** A required decimal; `check` returns the problem of a parsed value (after the label), or null. */
  decimal(key: AlertFormFieldKey, label: string, example: string, check: (d: Decimal) => string | null = () => null): Decimal | null {
    const t = this.raw(key);
    if (t === '') return this.bad(key, `${label}: required (e.g. ${example})`);
    const d = parseDecimal(t);
    if (d === null) return this.bad(key, `${label}: not a number (digits and one '.', e.g. ${example})`);
    const problem = check(d);
    return problem === null ? d : this.bad(key, `${label}: ${problem}`);
  }

  /** A percent of a ratio, as its fraction: more than 0 and at most MAX_RATIO (100 %). */
  ratioPct(key: AlertFormFieldKey, label: string): string | null {
    const max = MAX_RATIO.times(HUNDRED);
    const d = this.decimal(key, label, '80', (v) => (v.gt(0) && v.lte(max) ? null : `must be between 0 and ${max.toFixed()} % (a percent: 80 means 80 %)`));
    return d === null ? null : d.div(HUNDRED).toFixed();
  }
}

/** The rule's fields in the config shape, or null when a field is bad (its problem is in `read.errors`). */
function kindJson(kind: AlertKind, read: FieldReader, ctx: AlertFormContext): Record<string, string | number> | null {
  const positive = (d: Decimal) => (d.gt(0) ? null : 'must be more than 0');
  switch (kind) {
    case 'price': {
      const category = read.raw('category');
      const symbol = read.raw('symbol').toUpperCase();
      if (symbol === '') read.bad('symbol', 'symbol: required (e.g. BTCUSDT)');
      else if (ctx.instruments && ctx.instruments.size > 0 && !ctx.instruments.has(`${category}:${symbol}`)) read.bad('symbol', `symbol: no ${category} instrument ${symbol}`);
      const level = read.decimal('level', 'level', '100000', positive);
      if (symbol === '' || level === null || read.errors.symbol) return null;
      return { category, symbol, source: read.raw('source') || 'last', [read.raw('direction') || 'above']: level.toFixed() };
    }
    case 'liquidationDistance': {
      const below = read.decimal('belowPct', 'below', '5', positive);
      const symbol = read.raw('positionSymbol').toUpperCase();
      return below === null ? null : { belowPct: below.toFixed(), ...(symbol === '' ? {} : { symbol }) };
    }
    case 'loanRatio':
    case 'marginRatio': {
      const above = read.ratioPct(kind === 'loanRatio' ? 'loanAbove' : 'marginAbove', 'above');
      return above === null ? null : { above };
    }
    case 'loanMarginCall':
    case 'loanLiquidation': {
      const key = kind === 'loanMarginCall' ? 'withinMarginCall' : 'withinLiquidation';
      const within = read.decimal(key, 'within', kind === 'loanMarginCall' ? ALERT_RULE_DEFAULTS.marginCallWithinPoints : ALERT_RULE_DEFAULTS.liquidationWithinPoints);
      return within === null ? null : { withinPoints: within.toFixed() };
    }
    case 'socketDown': {
      const t = read.raw('afterSec');
      const n = /^\d{1,6}$/.test(t) ? Number(t) : NaN;
      if (!(n <= MAX_SOCKET_DOWN_SEC)) return read.bad('afterSec', `after: ${t === '' ? 'required: ' : ''}a whole number of seconds from 0 to ${MAX_SOCKET_DOWN_SEC}`);
      return { afterSec: n, socket: read.raw('socket') || 'any' };
    }
    case 'orderFilled':
    case 'orderRejected':
    case 'countdownFailing':
    case 'fill':
      return {};
  }
}

/**
 * Checks the form's texts for `kind`: every bad field gets its message, and with none the rule
 * comes from `parseAlertRule` on the config shape (its defaults: bands, levels, outputs).
 */
export function checkAlertForm(kind: AlertKind, values: AlertFormValues, ctx: AlertFormContext = {}): AlertFormCheck {
  const read = new FieldReader(values);
  const fields = kindJson(kind, read, ctx);
  if (fields === null || Object.keys(read.errors).length > 0) return { errors: read.errors, rule: null, json: null, problem: null };
  const json: AlertRuleJson = { kind, ...fields };
  // The file's parser builds the rule, so both agree on every default; the checks above make it accept.
  try {
    return { errors: {}, rule: parseAlertRule(json, 'the form'), json, problem: null };
  } catch (error) {
    return { errors: {}, rule: null, json: null, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** The first problem of a check in form order, or null. */
export function firstAlertFormError(kind: AlertKind, check: AlertFormCheck): string | null {
  for (const f of ALERT_FORM_FIELDS[kind]) {
    const e = check.errors[f.key];
    if (e !== undefined) return e;
  }
  return null;
}
