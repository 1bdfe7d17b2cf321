/**
 * The shape of the wire contract. `operations.ts` holds one record of this shape per exchange
 * operation; the REST client, the client rate limiter, the input validator and the embedded
 * exchange's routes are all derived from that one table.
 */

/** HTTP method of an operation. Bitget v3 uses only these two. */
export type HttpMethod = 'GET' | 'POST';

/** Whether a request is signed (`private`) or anonymous (`public`). */
export type AuthKind = 'public' | 'private';

/** Scope a rate limit is counted in: per account UID for private calls, per IP for public ones. */
export type RateScope = 'uid' | 'ip';

/** A rate limit bucket. Operations that share a bucket name share one token bucket. */
export interface RateLimit {
  /** Bucket name, e.g. `trade.place`; operations with the same name draw from the same bucket. */
  readonly bucket: string;
  /** Requests allowed per second in this bucket. */
  readonly perSecond: number;
  /** Counted per UID (private) or per IP (public). */
  readonly scope: RateScope;
  /** True when neither the spec nor the protocol notes state this limit and we chose a conservative default. */
  readonly assumed?: boolean;
}

/** One parameter's rule. Every value travels as a string on the wire unless `kind` says otherwise. */
export type FieldRule =
  /**
   * Free text. `patternHint` says in words what `pattern` accepts (used in messages). `secret` keeps
   * the value out of every message (passphrases).
   */
  | { readonly kind: 'string'; readonly required?: boolean; readonly minLength?: number; readonly maxLength?: number; readonly pattern?: RegExp; readonly patternHint?: string; readonly secret?: boolean }
  | { readonly kind: 'enum'; readonly required?: boolean; readonly values: readonly string[] }
  /** A non-negative decimal number in a string, e.g. "0.01". `positive` forbids zero. */
  | { readonly kind: 'decimal'; readonly required?: boolean; readonly positive?: boolean }
  /**
   * An integer in a string (or a JSON number), with optional bounds. A value is valid if it is in
   * `allowed` or within `min`..`max`. `maxDigits` bounds long ids kept as text (e.g. 18-digit
   * requestId). `hint` replaces the generated description in messages, e.g. "0 (off) or a whole
   * number of seconds from 5 to 60".
   */
  | { readonly kind: 'integer'; readonly required?: boolean; readonly min?: number; readonly max?: number; readonly allowed?: readonly number[]; readonly maxDigits?: number; readonly hint?: string }
  /** Unix milliseconds as a string. */
  | { readonly kind: 'timestamp'; readonly required?: boolean }
  /** An array of strings (IP list, permission list). */
  | { readonly kind: 'stringList'; readonly required?: boolean; readonly maxItems?: number; readonly values?: readonly string[] };

/** A rule spanning several fields of one request. */
export type CrossRule =
  /** Exactly one of these fields must be present. */
  | { readonly kind: 'exactlyOne'; readonly fields: readonly string[] }
  /** At least one of these fields must be present. */
  | { readonly kind: 'atLeastOne'; readonly fields: readonly string[] }
  /** `field` is required when `when` equals `equals`. */
  | { readonly kind: 'requiredWhen'; readonly field: string; readonly when: string; readonly equals: string }
  /** `endTime - startTime` may not exceed `maxDays`. */
  | { readonly kind: 'maxSpanDays'; readonly start: string; readonly end: string; readonly maxDays: number }
  /**
   * `field` (Unix ms) may not be older than `maxDays` before now. `label` names the window in
   * messages (e.g. "3 months"); default "<maxDays> days".
   */
  | { readonly kind: 'maxLookbackDays'; readonly field: string; readonly maxDays: number; readonly label?: string };

/** Request schema: named fields plus cross-field rules. */
export interface RequestSchema {
  readonly fields: Readonly<Record<string, FieldRule>>;
  readonly rules?: readonly CrossRule[];
  /**
   * For batch operations the body is a JSON array of items, each validated against `fields`.
   * `maxItems` bounds the array; `sameField` names a field every item must share (e.g. category);
   * `itemNoun` names the items in messages (default "orders").
   */
  readonly batch?: { readonly maxItems: number; readonly sameField?: string; readonly itemNoun?: string };
}

/**
 * What `data` holds in a successful reply: `object` one record, `array` a JSON array of records,
 * `string` a text status, `null` nothing, `list` an object wrapping `list` (and usually `cursor`),
 * `candles` an array of 7-string candle arrays.
 */
export type ReplyShape = 'object' | 'array' | 'string' | 'null' | 'list' | 'candles';

/**
 * Spec part an operation belongs to (uta-api-spec.md "Endpoints" A–E, or protocol-notes §8);
 * `extra` marks operations named by neither document (kept for the app's needs).
 */
export type SpecPart = 'A' | 'B' | 'C' | 'D' | 'E' | 'notes-8' | 'extra';

/** One exchange operation. */
export interface OperationSpec<Id extends string = string> {
  /** Stable id used by the client, e.g. `trade.placeOrder`. */
  readonly id: Id;
  readonly method: HttpMethod;
  /** Path from the base URL, starting with `/api/`. */
  readonly path: string;
  readonly auth: AuthKind;
  /** Permission named by the spec (free text), e.g. `UTA trade read and write`. */
  readonly permission: string;
  readonly rate: RateLimit;
  readonly request: RequestSchema;
  readonly reply: ReplyShape;
  /** True for writes (never retried blindly after a 429 or a network error). */
  readonly write: boolean;
  /**
   * A write whose repetition does what one call does (it sets a value: the countdown window, a
   * leverage, the hold mode). After a 429, which the exchange answers before acting on anything,
   * the REST client sends it once more, when the limiter lets it; other writes never go twice.
   */
  readonly idempotent?: true;
  readonly part: SpecPart;
  /** One line saying what the operation does. */
  readonly summary: string;
  /**
   * The path the seed spec (uta-api-spec.md) names when Bitget's official page names another one
   * (the official page wins; docs/conformance.md says why), e.g. announcements under /api/v2.
   */
  readonly seedPath?: string;
  /**
   * Set when this operation is a second path for another one (same request and reply), e.g.
   * `/api/v3/public/time` for `market.getTime`. Holds the other operation's id.
   */
  readonly aliasOf?: string;
}

/**
 * Identity helper that keeps each operation id as a literal type, so `OperationId` can be derived
 * from the table itself.
 */
export function defineOperations<const Id extends string>(specs: readonly OperationSpec<Id>[]): readonly OperationSpec<Id>[] {
  return specs;
}
