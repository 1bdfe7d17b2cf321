/**
 * Building blocks shared by the operation table parts: category sets, the clientOid rule, paging
 * and time-window fields, and the rate-limit helpers. Values come from uta-api-spec.md and
 * protocol-notes.md §2.3.
 */
import type { CrossRule, FieldRule, RateLimit } from '../operation-types.js';

/** Every REST product category (upper case, as requests send it). */
export const ALL_CATEGORIES = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;
/** The three futures lines. */
export const FUTURES_CATEGORIES = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;
/** Categories that support modify (coin-margined futures do not, spec B rule 5). */
export const MODIFIABLE_CATEGORIES = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'USDC-FUTURES'] as const;

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/**
 * Rate used when neither the spec nor the notes state a limit: 10 requests per second, the most
 * common stated private limit, so the client never runs ahead of the exchange's usual budget.
 */
export const ASSUMED_PER_SECOND = 10;

/** A per-UID limit for a private operation; `bucket` defaults to the operation id. */
export function uidRate(bucket: string, perSecond: number): RateLimit {
  return { bucket, perSecond, scope: 'uid' };
}

/** A per-IP limit for a public operation. */
export function ipRate(bucket: string, perSecond: number): RateLimit {
  return { bucket, perSecond, scope: 'ip' };
}

/** A limit the documents do not state: `ASSUMED_PER_SECOND`, flagged `assumed`. */
export function assumedRate(bucket: string, scope: 'uid' | 'ip'): RateLimit {
  return { bucket, perSecond: ASSUMED_PER_SECOND, scope, assumed: true };
}

/** An enum field. */
export function oneOf(values: readonly string[], required = false): FieldRule {
  return { kind: 'enum', values, required };
}

/** A `category` field over `values` (default every category), required unless told. */
export function category(values: readonly string[] = ALL_CATEGORIES, required = true): FieldRule {
  return { kind: 'enum', values, required };
}

/** A free-text field (symbol, coin, id). */
export function text(required = false): FieldRule {
  return { kind: 'string', required };
}

/** A decimal in a string; `positive` forbids zero. */
export function decimal(required = false, positive = true): FieldRule {
  return { kind: 'decimal', required, positive };
}

/** Unix milliseconds as a string. */
export function timestamp(required = false): FieldRule {
  return { kind: 'timestamp', required };
}

/** A whole-number page size / limit from 1 to `max`. */
export function limit(max: number): FieldRule {
  return { kind: 'integer', min: 1, max };
}

/** yes / no switch. */
export const YES_NO: FieldRule = { kind: 'enum', values: ['yes', 'no'] };
/** buy / sell. */
export const SIDE: FieldRule = { kind: 'enum', values: ['buy', 'sell'], required: true };
/** long / short. */
export const POS_SIDE: FieldRule = { kind: 'enum', values: ['long', 'short'] };
/** limit / market. */
export const ORDER_TYPE: FieldRule = { kind: 'enum', values: ['limit', 'market'], required: true };

/**
 * clientOid: 1 to 32 characters. The spec states two patterns (REST `^[.A-Z:/a-z0-9_-]{1,32}$`
 * and `^[0-9A-Za-z_:#\-+\s]{1,32}$`); we accept what either accepts.
 */
export const CLIENT_OID: FieldRule = {
  kind: 'string',
  maxLength: 32,
  pattern: /^(?:[.A-Z:/a-z0-9_-]{1,32}|[0-9A-Za-z_:#\-+\s]{1,32})$/,
  patternHint: 'letters, digits and . : / _ - (or # + space)',
};

/**
 * clientOid of a NEW order (place-order, place-batch): Bitget's Place Order page allows only
 * `^[.A-Z:/a-z0-9_-]{1,32}$` ("ClientOid Constraints"). Look-ups and cancels keep `CLIENT_OID`,
 * since ids the exchange makes itself (`BITGET#1627293504612`) come back in replies.
 */
export const NEW_CLIENT_OID: FieldRule = {
  kind: 'string',
  maxLength: 32,
  pattern: /^[.A-Z:/a-z0-9_-]{1,32}$/,
  patternHint: 'letters, digits and . : / _ -',
};

/** `cursor` from the previous reply (omit on the first query). */
export const CURSOR: FieldRule = { kind: 'string' };

/** pageNum (default 1) and pageSize (default 10, max 100) of the loan history queries. */
export const LOAN_PAGING: Readonly<Record<string, FieldRule>> = {
  pageNum: { kind: 'integer', min: 1 },
  pageSize: limit(100),
};

/** Required startTime/endTime limited to the last 3 months (loan history queries). */
export const LOAN_WINDOW: Readonly<Record<string, FieldRule>> = {
  startTime: timestamp(true),
  endTime: timestamp(true),
};

/** Loan history rule: startTime within the last 3 months (taken as 92 days). */
export const LOAN_LOOKBACK: readonly CrossRule[] = [
  { kind: 'maxLookbackDays', field: 'startTime', maxDays: 92, label: '3 months' },
];

/** Order-history rules: 90 days back at most, 30 days per query (protocol-notes §8.1). */
export const HISTORY_90_30: readonly CrossRule[] = [
  { kind: 'maxLookbackDays', field: 'startTime', maxDays: 90 },
  { kind: 'maxSpanDays', start: 'startTime', end: 'endTime', maxDays: 30 },
];

/** Optional cursor paging with a time window and `limit` up to 100. */
export const CURSOR_PAGING: Readonly<Record<string, FieldRule>> = {
  startTime: timestamp(),
  endTime: timestamp(),
  limit: limit(100),
  cursor: CURSOR,
};
