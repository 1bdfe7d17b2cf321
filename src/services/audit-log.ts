import { randomBytes } from 'node:crypto';
import type { RestAttempt, RestAttemptResult, RestObserver } from '../exchange/rest/rest-client.js';
import type { ExchangeError } from '../exchange/wire/errors.js';
import { scrubSecrets } from '../exchange/wire/recording.js';
import type { WsTradeObserver, WsTradeReply, WsTradeRequestInfo } from '../exchange/ws/ws-trade.js';
import type { ReconciledEvent } from './placement-watch.js';
import { PrivateNdjsonFile } from './private-ndjson-file.js';

/**
 * The append-only audit log: one NDJSON line for every action sent to the exchange (every REST
 * write, every order request over the socket's trade channel) when it is sent, and one for its
 * outcome. The file is opened with O_APPEND (mode 0600): earlier sessions' lines are never
 * rewritten. Lines never hold credentials, signatures or headers; params are scrubbed of
 * secret-looking fields, and replies of operations that create API keys are reduced to a count.
 *
 * Sent:    {"t":"2026-…Z","ts":<ms>,"session":"a1b2c3","mode":"DEMO","event":"sent","id":"rest-12",
 *           "channel":"rest","op":"trade.placeOrder","symbol":"BTCUSDT","side":"buy","qty":"0.01",
 *           "price":"90000","clientOid":"…","params":{…}}
 * Outcome: {…,"event":"outcome","id":"rest-12","channel":"rest","op":"trade.placeOrder",
 *           "result":"accepted|rejected|unknown|network","code":"40762","msg":"…","orderId":"…","latencyMs":12}
 * Verdict: {…,"event":"reconciled|correction","clientOid":"…","result":"accepted|not-placed","orderId":"…","detail":"…"}
 *           (an unknown placement proven either way; a correction when one called not placed appears)
 */

/** How an action ended: `network` means it provably never reached the exchange. */
export type AuditResult = 'accepted' | 'rejected' | 'unknown' | 'network';

/** Options of `AuditLog`. */
export interface AuditLogOptions {
  /** File to append to; its directory is created (mode 0700) when missing. */
  readonly path: string;
  /** Trading mode written on every line (LIVE, PAPER, DEMO, REPLAY). */
  readonly mode: string;
  /** Unix ms clock; default Date.now. */
  readonly now?: () => number;
  /** Final pass over every line, e.g. the CLI's `Redactor.text` (registered secrets → `[redacted]`); default none. */
  readonly redact?: (text: string) => string;
  /** Told once when a write fails (full disk, permissions); the session carries on. Default none. */
  readonly onError?: (message: string) => void;
}

/** Operations whose replies carry newly created API keys and secrets: only a count is logged. */
const KEY_CREATING_OPS: ReadonlySet<string> = new Set(['user.batchCreateSubApiKey']);

/** Order fields lifted to the top level of a line (or into `items` for batches). */
const SUMMARY_FIELDS = ['category', 'symbol', 'side', 'orderType', 'qty', 'price', 'clientOid', 'orderId', 'posSide', 'reduceOnly', 'newClientOid'] as const;

/** Largest reply `data` (as JSON text) copied into an outcome line; bigger ones keep ids only. */
const MAX_DATA_CHARS = 2000;

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The summary fields present in one params object or reply entry (wire strings as they are). */
export function summaryOf(value: unknown): Record<string, unknown> {
  const r = record(value);
  if (!r) return {};
  const out: Record<string, unknown> = {};
  for (const k of SUMMARY_FIELDS) if (r[k] !== undefined && r[k] !== null && r[k] !== '') out[k] = r[k];
  for (const k of ['code', 'msg'] as const) if (typeof r[k] === 'string' && r[k] !== '') out[k] = r[k];
  return out;
}

/** The summary of params or reply data: top-level fields for one object, `items` for a list. */
function summaryFields(value: unknown): Record<string, unknown> {
  const list = Array.isArray(value) ? value : record(value) && Array.isArray(record(value)?.list) ? (record(value)?.list as unknown[]) : null;
  if (list) return { items: list.map(summaryOf) };
  return summaryOf(value);
}

function envelopeData(body: string | null): unknown {
  if (body === null) return undefined;
  try {
    return record(JSON.parse(body))?.data;
  } catch {
    return undefined;
  }
}

/** The audit result of a failed call. */
export function resultOfError(error: ExchangeError, replied: boolean): AuditResult {
  if (error.code === 'EXCH_UNKNOWN_RESULT' || error.code === 'EXCH_BAD_REPLY') return 'unknown';
  if (!replied && (error.code === 'EXCH_NETWORK' || error.code === 'EXCH_TIMEOUT')) return 'network';
  return 'rejected';
}

function errorFields(error: ExchangeError, replied: boolean): Record<string, unknown> {
  return {
    result: resultOfError(error, replied),
    ...(error.exchangeCode === undefined ? { code: error.code } : { code: error.exchangeCode }),
    msg: error.exchangeMsg ?? error.message,
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
  };
}

/** Append-only audit log of exchange actions (see the file comment for the line format). */
export class AuditLog {
  /** Hook for `RestClient` (`observer` option or `observe()`): logs writes only. */
  readonly restObserver: RestObserver;
  /** Hook for `WsTrade` (`observer` option): logs every socket order request. */
  readonly wsObserver: WsTradeObserver;
  /** Random id of this session, on every line (ids restart with each session). */
  readonly session = randomBytes(3).toString('hex');
  private readonly file: PrivateNdjsonFile;
  private readonly now: () => number;

  /** Opens (creates) the file for appending. Throws when it cannot be opened, naming the path. */
  constructor(private readonly options: AuditLogOptions) {
    this.now = options.now ?? Date.now;
    try {
      this.file = new PrivateNdjsonFile({
        path: options.path,
        flags: 'a',
        makeDir: true,
        afterFailure: 'continue',
        ...(options.redact ? { redact: options.redact } : {}),
        onWriteError: (why) => options.onError?.(`audit log ${options.path}: write failed (${why}); actions are no longer audited`),
      });
    } catch (error) {
      throw new AuditLogError(`cannot open the audit log ${options.path}: ${(error as Error).message}; pick another path with --audit-file PATH, or --no-audit`);
    }
    this.restObserver = {
      onRequest: (a) => {
        if (a.write) this.sent(`rest-${a.seq}`, 'rest', a.opId, a.params);
      },
      onReply: (a, r) => {
        if (a.write) this.restOutcome(a, r);
      },
    };
    this.wsObserver = {
      onSend: (req) => this.sent(`ws-${req.id}`, 'ws', `ws.${req.topic}`, wsParams(req)),
      onOutcome: (req, outcome) => this.wsOutcome(req, outcome),
    };
  }

  /**
   * The verdict on a placement whose result was unknown: found (accepted, with its orderId) or
   * proven not placed, and a correction when an order reported not placed appears after all.
   */
  reconciled(event: ReconciledEvent): void {
    this.append({ event: event.correction ? 'correction' : 'reconciled', clientOid: event.clientOid, result: event.result, ...(event.orderId ? { orderId: event.orderId } : {}), detail: event.detail });
  }

  /** Closes the file. Later events are dropped. Idempotent. */
  close(): void {
    this.file.close();
  }

  private sent(id: string, channel: 'rest' | 'ws', op: string, params: unknown): void {
    this.append({ event: 'sent', id, channel, op, ...summaryFields(params), params: scrubSecrets(params) });
  }

  private restOutcome(a: RestAttempt, r: RestAttemptResult): void {
    const base = { event: 'outcome', id: `rest-${a.seq}`, channel: 'rest', op: a.opId, latencyMs: r.latencyMs };
    if (r.error) {
      this.append({ ...base, ...errorFields(r.error, r.status !== null) });
      return;
    }
    const data = envelopeData(r.body);
    if (KEY_CREATING_OPS.has(a.opId)) {
      const created = Array.isArray(data) ? data.length : data === undefined || data === null ? 0 : 1;
      this.append({ ...base, result: 'accepted', created, note: 'API keys created; their values are never logged' });
      return;
    }
    this.append({ ...base, result: 'accepted', ...summaryFields(data), ...dataField(data) });
  }

  private wsOutcome(req: WsTradeRequestInfo, outcome: { readonly reply: WsTradeReply } | { readonly error: ExchangeError }): void {
    const base = { event: 'outcome', id: `ws-${req.id}`, channel: 'ws', op: `ws.${req.topic}` };
    if ('error' in outcome) {
      // A socket error always follows a send; "not sent" never reaches the observer.
      this.append({ ...base, ...errorFields(outcome.error, true) });
      return;
    }
    const { reply } = outcome;
    const items = reply.args.map(summaryOf);
    this.append({ ...base, result: 'accepted', code: reply.code, msg: reply.msg, ...(items.length === 1 ? items[0] : { items }) });
  }

  private append(fields: Record<string, unknown>): void {
    const at = this.now();
    this.file.write({ t: new Date(at).toISOString(), ts: at, session: this.session, mode: this.options.mode, ...fields });
  }
}

/** Reply data (scrubbed) when it is small; ids and codes are in the summary either way. */
function dataField(data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) return {};
  const scrubbed = scrubSecrets(data);
  const text = JSON.stringify(scrubbed);
  return text.length <= MAX_DATA_CHARS ? { data: scrubbed } : {};
}

function wsParams(req: WsTradeRequestInfo): unknown {
  const withCategory = req.args.map((a) => ({ category: req.category, ...a }));
  return withCategory.length === 1 ? withCategory[0] : withCategory;
}

/** The audit log could not be opened; the message names the path and the way out. */
export class AuditLogError extends Error {
  /** Stable code. */
  readonly code = 'AUDIT_LOG_OPEN';
  override readonly name = 'AuditLogError';
}
