/**
 * The operations table as the UI may see it: what each operation is called, its method and path,
 * its fields (as form fields) and a check of a request against the same validator the REST client
 * runs before sending. The UI never imports the exchange layer; it reads this catalogue instead.
 */
import { OPERATIONS, isOperationId, operationById } from '../exchange/wire/operations.js';
import type { FieldRule, ReplyShape, SpecPart } from '../exchange/wire/operation-types.js';
import { validateRequest } from '../exchange/wire/validate.js';

/**
 * How an operation's reply is laid out, so the desk view picks its table: one record, an array, a
 * text, nothing, `{list, cursor}`, or candle rows. The UI's own name for the wire table's reply
 * shape (the UI may not import the exchange layer, not even its types); `SameShape` below keeps
 * the two equal.
 */
export type ReplyLayout = 'object' | 'array' | 'string' | 'null' | 'list' | 'candles';

/** Which part of the API spec an operation comes from (A–E, the notes' §8, or our extras). */
export type SpecSection = 'A' | 'B' | 'C' | 'D' | 'E' | 'notes-8' | 'extra';

/** True only when `A` and `B` are the same union; a `true` constant of it fails to compile when they drift apart. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const REPLY_LAYOUT_MATCHES: SameShape<ReplyLayout, ReplyShape> = true;
const SPEC_SECTION_MATCHES: SameShape<SpecSection, SpecPart> = true;
void REPLY_LAYOUT_MATCHES;
void SPEC_SECTION_MATCHES;

/** How a form edits one field. */
export type FormFieldKind = 'text' | 'choice' | 'decimal' | 'integer' | 'time' | 'list';

/** One request field as a form field. */
export interface FormField {
  /** Wire name, e.g. `startTime`. */
  readonly name: string;
  readonly kind: FormFieldKind;
  readonly required: boolean;
  /** Allowed values of a `choice` (and of a `list`, when limited). */
  readonly choices?: readonly string[];
  /** Never echoed, logged or kept after sending (passphrases). */
  readonly secret: boolean;
  /** A short description of what the field accepts, e.g. "0 (off) or 5 to 60". */
  readonly hint?: string;
}

/** One operation as the UI sees it. */
export interface OperationInfo {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  /** True for writes (the UI asks before sending). */
  readonly write: boolean;
  readonly reply: ReplyLayout;
  readonly part: SpecSection;
  /** The operation this one is a second path for. */
  readonly aliasOf?: string;
  readonly fields: readonly FormField[];
  /** Set for operations whose body is an array of items (each item has `fields`). */
  readonly batchMaxItems?: number;
}

/** The catalogue handed to the UI through `AppServices`. */
export interface OperationCatalog {
  /** Every operation of the table, in table order. */
  list(): readonly OperationInfo[];
  /** One operation, or null for an unknown id. */
  describe(id: string): OperationInfo | null;
  /**
   * Checks wire params against the operation's rules at time `now` (Unix ms). Null when valid,
   * else every problem in one sentence (the validator's words; secrets never appear).
   */
  check(id: string, params: unknown, now: number): string | null;
}

function fieldOf(name: string, rule: FieldRule): FormField {
  const required = rule.required === true;
  switch (rule.kind) {
    case 'enum':
      return { name, kind: 'choice', required, choices: rule.values, secret: false };
    case 'decimal':
      return { name, kind: 'decimal', required, secret: false, hint: rule.positive ? 'a number above 0' : 'a number' };
    case 'integer':
      return { name, kind: 'integer', required, secret: false, ...(rule.hint ? { hint: rule.hint } : {}) };
    case 'timestamp':
      return { name, kind: 'time', required, secret: false, hint: 'a local date/time, now, -7d, -12h or Unix ms' };
    case 'stringList':
      return { name, kind: 'list', required, secret: false, hint: 'comma-separated', ...(rule.values ? { choices: rule.values } : {}) };
    case 'string':
      return { name, kind: 'text', required, secret: rule.secret === true, ...(rule.patternHint ? { hint: rule.patternHint } : {}) };
  }
}

const INFOS: readonly OperationInfo[] = OPERATIONS.map((op) => ({
  id: op.id,
  method: op.method,
  path: op.path,
  summary: op.summary,
  write: op.write,
  reply: op.reply,
  part: op.part,
  ...(op.aliasOf ? { aliasOf: op.aliasOf } : {}),
  fields: Object.entries(op.request.fields).map(([name, rule]) => fieldOf(name, rule)),
  ...(op.request.batch ? { batchMaxItems: op.request.batch.maxItems } : {}),
}));
const BY_ID = new Map(INFOS.map((i) => [i.id, i]));

/** The catalogue of the operations table. */
export const OPERATION_CATALOG: OperationCatalog = {
  list: () => INFOS,
  describe: (id) => BY_ID.get(id) ?? null,
  check: (id, params, now) => {
    if (!isOperationId(id)) return `unknown operation ${id}`;
    const issues = validateRequest(operationById(id), params, now);
    return issues.length === 0 ? null : issues.map((i) => i.message).join('; ');
  },
};
