import { errorCodeOf, ExchangeError, isAuthCode, isUnknownResultCode, TIMESTAMP_EXPIRED_CODE, type RequestContext } from '../wire/errors.js';

/**
 * Decoding of Bitget's REST reply envelope (protocol-notes §2.1):
 * `{"code":"00000","msg":"success","requestTime":<ms>,"data":…}`. Success returns `data`; every other
 * outcome becomes an `ExchangeError` with a stable code.
 */

/** The envelope as it arrives. `code` is a string on the wire; a number is tolerated. */
export interface EnvelopeResponse {
  /** "00000" on success, otherwise the exchange's error code. */
  readonly code: string;
  /** "success" or the error text. */
  readonly msg: string;
  /** Server time of the reply, Unix ms (absent on some gateway errors). */
  readonly requestTime?: number;
  /** Payload: object, array, string or null depending on the operation. */
  readonly data: unknown;
}

/** What the decoder needs to know about the request to build a useful error. */
export interface ReplyContext {
  /** Operation id, e.g. `trade.placeOrder`. */
  readonly opId: string;
  /** True for operations that change state (their failures can mean "result unknown"). */
  readonly write: boolean;
  /** Redacted request context. */
  readonly request: RequestContext;
  /** clientOid of the request, if it had one. */
  readonly clientOid?: string;
  /** clientOids of a batch request. */
  readonly clientOids?: readonly string[];
}

/** The success code of the envelope. */
export const SUCCESS_CODE = '00000';

/** Parses `text` as an envelope; `undefined` when it is not JSON or lacks a code. */
export function parseEnvelope(text: string): EnvelopeResponse | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const rec = parsed as Record<string, unknown>;
  // A numeric code is tolerated; one that overflowed to ±Infinity (e.g. `1e400`) is not a code.
  const code = typeof rec.code === 'string' ? rec.code : typeof rec.code === 'number' && Number.isFinite(rec.code) ? String(rec.code) : undefined;
  if (code === undefined) return undefined;
  return {
    code,
    msg: typeof rec.msg === 'string' ? rec.msg : '',
    requestTime: typeof rec.requestTime === 'number' && Number.isFinite(rec.requestTime) ? rec.requestTime : undefined,
    data: rec.data === undefined ? null : rec.data,
  };
}

/** Longest exchange code or message quoted in an error message; the full text stays in `exchangeCode`/`exchangeMsg`. */
const QUOTE_MAX = 200;

function clip(text: string): string {
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
}

function where(ctx: ReplyContext): string {
  return `${ctx.opId} (${ctx.request.method} ${ctx.request.path})`;
}

/**
 * Returns `data` of a successful reply or throws the matching `ExchangeError`.
 * @param status HTTP status code.
 * @param text the raw reply body.
 */
export function decodeReply(status: number, text: string, ctx: ReplyContext): unknown {
  const base = { httpStatus: status, opId: ctx.opId, request: ctx.request };
  const env = parseEnvelope(text);
  if (status === 429 || env?.code === '429') {
    throw new ExchangeError('EXCH_RATE_LIMITED', `${where(ctx)}: rate limited by the exchange (HTTP ${status}); slow down or wait a second before retrying`, {
      ...base,
      exchangeCode: env?.code,
      exchangeMsg: env?.msg,
    });
  }
  if (env === undefined) {
    if (status >= 500) throw serverFailure(status, ctx, undefined);
    const snippet = text.length > 120 ? `${text.slice(0, 120)}…` : text;
    throw new ExchangeError('EXCH_BAD_REPLY', `${where(ctx)}: reply is not the exchange envelope (HTTP ${status}): ${JSON.stringify(snippet)}; check baseUrl points at the exchange API`, base);
  }
  if (env.code === SUCCESS_CODE) {
    if (status >= 200 && status < 300) return env.data;
    throw new ExchangeError('EXCH_BAD_REPLY', `${where(ctx)}: success envelope with HTTP ${status}; check baseUrl points at the exchange API`, base);
  }
  throw envelopeError(status, env, ctx);
}

/** The error for a non-success envelope (any HTTP status). */
export function envelopeError(status: number, env: EnvelopeResponse, ctx: ReplyContext): ExchangeError {
  const details = { httpStatus: status, opId: ctx.opId, request: ctx.request, exchangeCode: env.code, exchangeMsg: env.msg };
  const said = `${clip(env.code)} ${JSON.stringify(clip(env.msg))}`;
  if (isUnknownResultCode(env.code)) {
    if (ctx.write) {
      return new ExchangeError('EXCH_UNKNOWN_RESULT', `${where(ctx)}: result unknown (${said}); query the order by clientOid${ctx.clientOid ? ` "${ctx.clientOid}"` : ''} before acting again`, {
        ...details,
        clientOid: ctx.clientOid,
        clientOids: ctx.clientOids,
      });
    }
    // A read that the exchange could not answer in time changed nothing; it can be asked again.
    return new ExchangeError('EXCH_TIMEOUT', `${where(ctx)}: the exchange timed out answering (${said}); try again`, details);
  }
  if (isAuthCode(env.code)) {
    const hint =
      env.code === TIMESTAMP_EXPIRED_CODE
        ? 'the local clock differs from server time; check the system clock'
        : 'check the API key, secret and passphrase, the key permissions, the IP allow-list, and paper mode (demo keys need --paper)';
    return new ExchangeError('EXCH_AUTH', `${where(ctx)}: authentication refused (${said}); ${hint}`, details);
  }
  if (status >= 500) return serverFailure(status, ctx, env);
  return new ExchangeError('EXCH_REJECTED', `${where(ctx)}: rejected by the exchange (${said})`, details);
}

/** HTTP 5xx: for a read nothing happened (retryable); for a write the outcome is unknown. */
function serverFailure(status: number, ctx: ReplyContext, env: EnvelopeResponse | undefined): ExchangeError {
  const details = { httpStatus: status, opId: ctx.opId, request: ctx.request, exchangeCode: env?.code, exchangeMsg: env?.msg };
  if (ctx.write) {
    return new ExchangeError('EXCH_UNKNOWN_RESULT', `${where(ctx)}: server error HTTP ${status}; result unknown, query the order by clientOid${ctx.clientOid ? ` "${ctx.clientOid}"` : ''} before acting again`, {
      ...details,
      clientOid: ctx.clientOid,
      clientOids: ctx.clientOids,
    });
  }
  return new ExchangeError('EXCH_NETWORK', `${where(ctx)}: server error HTTP ${status}; the exchange may be busy or upgrading, try again shortly`, details);
}

/** Socket/DNS error codes meaning the request never left this machine (safe to send again). */
const NOT_SENT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Undici codes for a reply that did not arrive in time. */
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The error for a transport failure (no usable reply): a timeout or an undici/socket error.
 * A write that may have reached the exchange becomes `EXCH_UNKNOWN_RESULT`; one that provably
 * never left (connection refused, DNS, connect timeout) stays `EXCH_NETWORK`/`EXCH_TIMEOUT`.
 * @param timedOut true when our own request deadline fired.
 * @param timeoutMs the deadline, for the message.
 */
export function transportError(cause: unknown, ctx: ReplyContext, timedOut: boolean, timeoutMs: number): ExchangeError {
  const code = errorCodeOf(cause);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const isTimeout = timedOut || (code !== undefined && TIMEOUT_CODES.has(code));
  const what = isTimeout ? `no reply within ${timeoutMs} ms` : `network failure (${code ?? (cause instanceof Error ? cause.name : 'unknown')})`;
  const details = { cause, opId: ctx.opId, request: ctx.request };
  if (ctx.write && !notSent) {
    return new ExchangeError('EXCH_UNKNOWN_RESULT', `${where(ctx)}: ${what} after sending; result unknown, query the order by clientOid${ctx.clientOid ? ` "${ctx.clientOid}"` : ''} before acting again`, {
      ...details,
      clientOid: ctx.clientOid,
      clientOids: ctx.clientOids,
    });
  }
  const hint = notSent ? 'the request was not sent; check the network and baseUrl' : 'check the network; reads are retried automatically';
  return new ExchangeError(isTimeout ? 'EXCH_TIMEOUT' : 'EXCH_NETWORK', `${where(ctx)}: ${what}; ${hint}`, details);
}
