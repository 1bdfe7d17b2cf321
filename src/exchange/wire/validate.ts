/**
 * Request validation against the operation table. Shared by the REST client (before sending) and
 * the embedded exchange (on receipt), so both refuse the same requests with the same words.
 * Unknown fields pass (forward compatibility). Secret fields never appear in messages.
 */
import { ExchangeError } from './errors.js';
import type { CrossRule, FieldRule, OperationSpec, RequestSchema } from './operation-types.js';

/** One broken rule. */
export interface ValidationIssue {
  /** 1-based position in a batch body; absent for single requests and batch-level issues. */
  readonly item?: number;
  /** The field (or comma-joined fields) concerned; `body` for the request as a whole. */
  readonly field: string;
  /** Rule kind that failed: `required`, `enum`, `decimal`, `integer`, `timestamp`, `string`, `stringList`, `type`, a cross-rule kind, or `batch`. */
  readonly rule: string;
  /** Human sentence naming the field, the rule and the offending value; prefixed `item N: ` in batches. */
  readonly message: string;
}

/** Thrown by `assertValid`: the request broke documented rules and was not sent / not executed. */
export class ValidationError extends ExchangeError {
  /** Every broken rule, in field order. */
  readonly issues: readonly ValidationIssue[];
  /** Operation id the request was for. */
  declare readonly opId: string;

  constructor(opId: string, issues: readonly ValidationIssue[]) {
    super('EXCH_VALIDATION', `${opId}: ${issues.map((i) => i.message).join('; ')}`, { opId });
    this.name = 'ValidationError';
    this.issues = issues;
  }
}

const DAY_MS = 86_400_000;
const DECIMAL = /^\d+(\.\d+)?$/;
const DIGITS = /^\d+$/;
const INTEGER = /^-?\d+$/;

type Params = Readonly<Record<string, unknown>>;

/** Absent means undefined, null or the empty string (an empty query value leaves a field unset). */
function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function isRecord(v: unknown): v is Params {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** How a value is quoted in a message: strings in quotes, other JSON by type. */
function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  return `a ${typeof v}`;
}

function kindOfJson(v: unknown): string {
  if (Array.isArray(v)) return 'a JSON array';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'a JSON object';
  return `${typeof v} ${show(v)}`;
}

function listWords(items: readonly string[], last = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1] ?? ''}`;
}

function describeInteger(rule: Extract<FieldRule, { kind: 'integer' }>): string {
  if (rule.hint !== undefined) return rule.hint;
  let range = 'a whole number';
  if (rule.maxDigits !== undefined) range = `a whole number of at most ${rule.maxDigits} digits`;
  else if (rule.min !== undefined && rule.max !== undefined) range = `a whole number from ${rule.min} to ${rule.max}`;
  else if (rule.min !== undefined) range = `a whole number of at least ${rule.min}`;
  else if (rule.max !== undefined) range = `a whole number of at most ${rule.max}`;
  const allowed = rule.allowed ?? [];
  return allowed.length > 0 ? `${allowed.join(' or ')} or ${range}` : range;
}

function checkInteger(field: string, rule: Extract<FieldRule, { kind: 'integer' }>, v: unknown): string | null {
  const bad = `${field} must be ${describeInteger(rule)}, got ${show(v)}`;
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) return bad;
    if (!Number.isSafeInteger(v)) return `${field} ${v} is too large for a JSON number; send it as a string of digits`;
    text = String(v);
  } else if (typeof v === 'string') {
    text = v;
  } else {
    return bad;
  }
  if (!INTEGER.test(text)) return bad;
  if (rule.maxDigits !== undefined) {
    const digits = text.replace(/^-/, '');
    return text.startsWith('-') || digits.length > rule.maxDigits ? bad : null;
  }
  const n = Number(text);
  if ((rule.allowed ?? []).includes(n)) return null;
  const inRange = (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
  const hasRange = rule.min !== undefined || rule.max !== undefined;
  if (!hasRange && (rule.allowed ?? []).length > 0) return bad;
  return inRange ? null : bad;
}

function checkString(field: string, rule: Extract<FieldRule, { kind: 'string' }>, v: string): string | null {
  const shown = rule.secret === true ? `${v.length} characters (value hidden)` : `${show(v)}`;
  if (rule.minLength !== undefined && v.length < rule.minLength)
    return `${field} must be at least ${rule.minLength} characters, got ${rule.secret === true ? shown : `${v.length} (${shown})`}`;
  if (rule.maxLength !== undefined && v.length > rule.maxLength)
    return `${field} must be at most ${rule.maxLength} characters, got ${rule.secret === true ? shown : `${v.length} (${shown})`}`;
  if (rule.pattern !== undefined && !rule.pattern.test(v))
    return `${field} must be ${rule.patternHint ?? `text matching ${String(rule.pattern)}`}, got ${shown}`;
  return null;
}

function checkList(field: string, rule: Extract<FieldRule, { kind: 'stringList' }>, v: unknown): string | null {
  if (!Array.isArray(v)) return `${field} must be a list of strings, got ${kindOfJson(v)}`;
  if (rule.maxItems !== undefined && v.length > rule.maxItems)
    return `${field} holds at most ${rule.maxItems} entries, got ${v.length}`;
  for (const [i, entry] of v.entries()) {
    if (typeof entry !== 'string') return `${field} entry ${i + 1} must be a string, got ${kindOfJson(entry)}`;
    if (rule.values !== undefined && !rule.values.includes(entry))
      return `${field} entry ${show(entry)} is not one of ${rule.values.join(', ')}`;
  }
  return null;
}

/** Checks one present value; returns the message of the first broken rule, or null. */
function checkField(field: string, rule: FieldRule, v: unknown): string | null {
  switch (rule.kind) {
    case 'integer':
      return checkInteger(field, rule, v);
    case 'stringList':
      return checkList(field, rule, v);
    default:
      break;
  }
  if (typeof v !== 'string') return `${field} must be a string, got ${kindOfJson(v)}`;
  switch (rule.kind) {
    case 'string':
      return checkString(field, rule, v);
    case 'enum':
      return rule.values.includes(v) ? null : `${field} must be one of ${rule.values.join(', ')}, got ${show(v)}`;
    case 'decimal':
      if (!DECIMAL.test(v)) return `${field} must be a non-negative decimal number such as "0.01", got ${show(v)}`;
      if (rule.positive === true && /^0+(\.0+)?$/.test(v)) return `${field} must be greater than zero, got ${show(v)}`;
      return null;
    case 'timestamp':
      return DIGITS.test(v) ? null : `${field} must be Unix milliseconds (digits only), got ${show(v)}`;
    default: {
      const never: never = rule;
      return `unsupported rule ${String(never)}`;
    }
  }
}

function timeOf(params: Params, field: string): number | null {
  const v = params[field];
  return typeof v === 'string' && DIGITS.test(v) ? Number(v) : null;
}

function days(ms: number): string {
  const d = ms / DAY_MS;
  return Number.isInteger(d) ? `${d}` : d.toFixed(1);
}

function checkCross(rule: CrossRule, params: Params, now: number): ValidationIssue | null {
  switch (rule.kind) {
    case 'exactlyOne': {
      const present = rule.fields.filter((f) => !isAbsent(params[f]));
      if (present.length === 1) return null;
      return { field: rule.fields.join(','), rule: rule.kind, message: `give exactly one of ${listWords(rule.fields)}` };
    }
    case 'atLeastOne': {
      if (rule.fields.some((f) => !isAbsent(params[f]))) return null;
      return { field: rule.fields.join(','), rule: rule.kind, message: `give at least one of ${listWords(rule.fields)}` };
    }
    case 'requiredWhen': {
      if (params[rule.when] !== rule.equals || !isAbsent(params[rule.field])) return null;
      return { field: rule.field, rule: rule.kind, message: `${rule.field} is required when ${rule.when} is "${rule.equals}"` };
    }
    case 'maxSpanDays': {
      const start = timeOf(params, rule.start);
      const end = timeOf(params, rule.end);
      if (start === null || end === null) return null;
      const field = `${rule.start},${rule.end}`;
      if (end < start)
        return { field, rule: rule.kind, message: `${rule.end} (${end}) is before ${rule.start} (${start}); swap them` };
      if (end - start <= rule.maxDays * DAY_MS) return null;
      return {
        field,
        rule: rule.kind,
        message: `${rule.start} to ${rule.end} spans ${days(end - start)} days; at most ${rule.maxDays} days per query`,
      };
    }
    case 'maxLookbackDays': {
      const t = timeOf(params, rule.field);
      const earliest = now - rule.maxDays * DAY_MS;
      if (t === null || t >= earliest) return null;
      const label = rule.label ?? `${rule.maxDays} days`;
      return {
        field: rule.field,
        rule: rule.kind,
        message: `${rule.field} is older than ${label} (got ${new Date(t).toISOString()}, earliest allowed ${new Date(earliest).toISOString()})`,
      };
    }
    default: {
      const never: never = rule;
      return { field: 'body', rule: 'unknown', message: `unsupported rule ${String(never)}` };
    }
  }
}

/** Validates one request object (a single body/query, or one batch item) against `schema`. */
function validateObject(schema: RequestSchema, params: Params, now: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [field, rule] of Object.entries(schema.fields)) {
    const v = params[field];
    if (isAbsent(v)) {
      if (rule.required === true) issues.push({ field, rule: 'required', message: `${field} is required` });
      continue;
    }
    const message = checkField(field, rule, v);
    if (message !== null) issues.push({ field, rule: rule.kind, message });
  }
  for (const rule of schema.rules ?? []) {
    const issue = checkCross(rule, params, now);
    if (issue !== null) issues.push(issue);
  }
  return issues;
}

function validateBatch(schema: RequestSchema, batch: NonNullable<RequestSchema['batch']>, params: unknown, now: number): ValidationIssue[] {
  const noun = batch.itemNoun ?? 'orders';
  const one = noun.replace(/s$/, '');
  if (!Array.isArray(params))
    return [{ field: 'body', rule: 'type', message: `the body must be a JSON array of ${noun}, got ${kindOfJson(params)}` }];
  if (params.length === 0) return [{ field: 'body', rule: 'batch', message: `a batch needs at least one ${one}, got an empty list` }];
  if (params.length > batch.maxItems)
    return [{ field: 'body', rule: 'batch', message: `a batch holds at most ${batch.maxItems} ${noun}, got ${params.length}` }];
  const issues: ValidationIssue[] = [];
  let first: { readonly item: number; readonly value: string } | null = null;
  for (const [i, raw] of params.entries()) {
    const item = i + 1;
    if (!isRecord(raw)) {
      issues.push({ item, field: 'body', rule: 'type', message: `item ${item}: must be a JSON object, got ${kindOfJson(raw)}` });
      continue;
    }
    for (const issue of validateObject(schema, raw, now)) issues.push({ ...issue, item, message: `item ${item}: ${issue.message}` });
    const field = batch.sameField;
    const value = field === undefined ? undefined : raw[field];
    if (field === undefined || typeof value !== 'string' || value === '') continue;
    if (first === null) first = { item, value };
    else if (value !== first.value)
      issues.push({
        item,
        field,
        rule: 'batch',
        message: `every ${one} in a batch must share one ${field}: item ${item} is ${value}, item ${first.item} is ${first.value}`,
      });
  }
  return issues;
}

/**
 * Checks `params` (GET: query object of strings; POST: parsed JSON body, an array for batch
 * operations) against `op`'s request schema. `now` is Unix ms, used by look-back rules.
 * Returns every broken rule; an empty list means valid.
 */
export function validateRequest(op: OperationSpec, params: unknown, now: number): ValidationIssue[] {
  const schema = op.request;
  if (schema.batch !== undefined) return validateBatch(schema, schema.batch, params, now);
  const body = params ?? {};
  if (!isRecord(body)) return [{ field: 'body', rule: 'type', message: `the request must be a JSON object of fields, got ${kindOfJson(body)}` }];
  return validateObject(schema, body, now);
}

/** Like `validateRequest`, but throws a `ValidationError` (code `EXCH_VALIDATION`) listing every issue. */
export function assertValid(op: OperationSpec, params: unknown, now: number): void {
  const issues = validateRequest(op, params, now);
  if (issues.length > 0) throw new ValidationError(op.id, issues);
}
