/**
 * Errors raised by the exchange layer (REST, websocket, order book, request validation). Every one
 * is an `ExchangeError` with a stable `code`, so callers branch on `code`, never on message text.
 * Request context attached to an error is redacted: no headers, and no secret-looking fields.
 */

/** Stable error codes. */
export type ExchangeErrorCode =
  /** HTTP 429 or envelope code "429": slow down; reads were already retried. */
  | 'EXCH_RATE_LIMITED'
  /** Credentials, signature, timestamp, permission or IP allow-list problem (40001–40012, 40014, 40018, 40037). */
  | 'EXCH_AUTH'
  /** The exchange refused the request with a business code (`exchangeCode`, `exchangeMsg`). */
  | 'EXCH_REJECTED'
  /** Connection refused/reset, DNS failure, HTTP 5xx. Nothing is known to have happened. */
  | 'EXCH_NETWORK'
  /** No reply within the time limit (reads; a write that times out is `EXCH_UNKNOWN_RESULT`). */
  | 'EXCH_TIMEOUT'
  /** A write may or may not have been executed (40010, 40725, 45001, or a timeout/network loss after sending): reconcile by clientOid. */
  | 'EXCH_UNKNOWN_RESULT'
  /** An order-book update did not chain onto the previous one. */
  | 'EXCH_SEQUENCE_GAP'
  /** The request broke a documented rule and was not sent. */
  | 'EXCH_VALIDATION'
  /** The reply could not be parsed as the exchange's envelope. */
  | 'EXCH_BAD_REPLY';

/** Redacted description of the request an error belongs to. Never holds headers. */
export interface RequestContext {
  /** HTTP method. */
  readonly method: string;
  /** Path without host, e.g. `/api/v3/trade/place-order`. */
  readonly path: string;
  /** Query string (GET) with secret-looking values replaced by `[redacted]`; empty when none. */
  readonly query?: string;
  /** Parsed body (POST) with secret-looking fields replaced by `[redacted]`. */
  readonly body?: unknown;
}

/** Optional details of an `ExchangeError`. */
export interface ExchangeErrorDetails {
  /** The underlying error (undici, JSON.parse …). */
  readonly cause?: unknown;
  /** HTTP status of the reply, when there was one. */
  readonly httpStatus?: number;
  /** Operation id, e.g. `trade.placeOrder`. */
  readonly opId?: string;
  /** Redacted request context (build it with `redactRequest`). */
  readonly request?: RequestContext;
  /** The envelope `code` (a string such as "40762"). */
  readonly exchangeCode?: string;
  /** The envelope `msg`. */
  readonly exchangeMsg?: string;
  /** The request's clientOid, when it had one (set on `EXCH_UNKNOWN_RESULT`). */
  readonly clientOid?: string;
  /** All clientOids of a batch request, when it had any (set on `EXCH_UNKNOWN_RESULT`). */
  readonly clientOids?: readonly string[];
}

/** An error from the exchange layer. `code` is stable; `message` says what to do about it. */
export class ExchangeError extends Error {
  /** Stable code to branch on. */
  readonly code: ExchangeErrorCode;
  /** HTTP status of the reply, when there was one. */
  readonly httpStatus: number | undefined;
  /** Operation id, e.g. `loan.borrow`. */
  readonly opId: string | undefined;
  /** Redacted request context; never headers, never secrets. */
  readonly request: RequestContext | undefined;
  /** The exchange's envelope code, e.g. "25204". */
  readonly exchangeCode: string | undefined;
  /** The exchange's envelope message. */
  readonly exchangeMsg: string | undefined;
  /** clientOid of the request (reconcile an `EXCH_UNKNOWN_RESULT` with it). */
  readonly clientOid: string | undefined;
  /** clientOids of a batch request. */
  readonly clientOids: readonly string[] | undefined;

  constructor(code: ExchangeErrorCode, message: string, details: ExchangeErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ExchangeError';
    this.code = code;
    this.httpStatus = details.httpStatus;
    this.opId = details.opId;
    this.request = details.request;
    this.exchangeCode = details.exchangeCode;
    this.exchangeMsg = details.exchangeMsg;
    this.clientOid = details.clientOid;
    this.clientOids = details.clientOids;
  }

  /** `[ExchangeError EXCH_REJECTED] message`. */
  override toString(): string {
    return `${this.name} [${this.code}]: ${this.message}`;
  }

  /** A JSON-safe summary (for logs); the cause is reduced to its name, code and message. */
  toJSON(): Record<string, unknown> {
    const cause = this.cause;
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      httpStatus: this.httpStatus,
      opId: this.opId,
      request: this.request,
      exchangeCode: this.exchangeCode,
      exchangeMsg: this.exchangeMsg,
      clientOid: this.clientOid,
      clientOids: this.clientOids,
      cause: cause instanceof Error ? { name: cause.name, code: errorCodeOf(cause), message: cause.message } : undefined,
    };
  }
}

/** True when `err` is an `ExchangeError` (optionally with the given code). */
export function isExchangeError(err: unknown, code?: ExchangeErrorCode): err is ExchangeError {
  return err instanceof ExchangeError && (code === undefined || err.code === code);
}

/** Exchange codes meaning "result unknown: query the order by clientOid" (spec Errors). */
const UNKNOWN_RESULT_CODES: ReadonlySet<string> = new Set(['40010', '40725', '45001']);

/**
 * Exchange codes about credentials, signature, timestamp, permission or IP allow-list (Bitget's REST
 * error table; it adds 40036 "passphrase is error" and 40038 "ip not in the whitelist" to
 * protocol-notes §2.2). 40010 is NOT one: the table calls it "Request timed out", a result unknown.
 */
const AUTH_CODES: ReadonlySet<string> = new Set([
  '40001', '40002', '40003', '40004', '40005', '40006', '40007', '40008', '40009', '40011', '40012', '40014', '40018', '40036', '40037', '40038',
]);

/** Exchange code for "request timestamp expired" (local clock off): resync and retry once. */
export const TIMESTAMP_EXPIRED_CODE = '40008';

/** True for 40010, 40725, 45001: the request's outcome is unknown and must be reconciled by clientOid. */
export function isUnknownResultCode(code: string): boolean {
  return UNKNOWN_RESULT_CODES.has(code);
}

/** True for the credential/signature/timestamp/permission codes. 40010 is not one: it means "result unknown". */
export function isAuthCode(code: string): boolean {
  return AUTH_CODES.has(code);
}

/** Field names whose values never appear in errors or logs. */
const SECRET_FIELD = /^(access-?sign|access-?key|access-?passphrase|api-?key|api_?key|secret|secret-?key|passphrase|pass-?word|sign|signature|token)$/i;

const REDACTED = '[redacted]';

/** A deep copy of `value` with secret-looking fields (and any of `secrets` inside strings) replaced. */
export function redactValue(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : redactValue(v, secrets, depth + 1);
    return out;
  }
  return value;
}

/** `text` with every occurrence of each secret (4+ characters) replaced by `[redacted]`. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}

/** A query string with the values of secret-looking keys replaced, and any of `secrets` removed. */
function redactQuery(query: string, secrets: readonly string[]): string {
  if (!query) return '';
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    return SECRET_FIELD.test(key) ? `${key}=${REDACTED}` : pair;
  });
  return redactText(parts.join('&'), secrets);
}

/** Builds the redacted request context of an error: method, path, query and body, never headers. */
export function redactRequest(method: string, path: string, query: string, body: unknown, secrets: readonly string[] = []): RequestContext {
  return body === undefined ? { method, path, query: redactQuery(query, secrets) } : { method, path, query: redactQuery(query, secrets), body: redactValue(body, secrets) };
}

/** The `code` property of an error-like value (undici and Node put one there), if it is a string. */
export function errorCodeOf(err: unknown): string | undefined {
  if (err !== null && typeof err === 'object' && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
