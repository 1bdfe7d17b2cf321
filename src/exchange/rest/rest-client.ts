import { systemClock, type Clock } from '../../domain/model.js';
import { ExchangeError, redactRequest, TIMESTAMP_EXPIRED_CODE } from '../wire/errors.js';
import type { OperationSpec } from '../wire/operation-types.js';
import { OPERATION_BY_ID, type OperationId } from '../wire/operations.js';
import type { OperationParams } from '../wire/params.js';
import { buildQueryString, signingQueryString, signRest } from '../wire/sign.js';
import { assertValid } from '../wire/validate.js';
import { ClockSync, type ServerTimeReading } from './clock-sync.js';
import { decodeReply, transportError, type ReplyContext } from './envelope.js';
import type { HttpTransport, HttpTransportFactory } from './http-transport.js';
import { RateLimiter, type BucketHeadroom } from './rate-limiter.js';

/**
 * The default: undici's pool, loaded on the first request (so a client built but never used, and a
 * process that passes another transport, never compiles undici).
 */
function lazyPoolTransport(origin: string): HttpTransport {
  let made: Promise<HttpTransport> | null = null;
  const get = (): Promise<HttpTransport> => (made ??= import('./pool-transport.js').then((m) => m.poolTransport(origin)));
  return {
    request: async (request) => (await get()).request(request),
    close: async () => {
      if (made !== null) await (await made).close();
    },
  };
}

/** API credentials of a Bitget key. Never logged, never put in errors. */
export interface RestCredentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

/** The part of the app logger the client uses (cli's `Logger` fits). */
export interface RestLogger {
  debug(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
}

/** Automatic retry of reads (writes are never retried automatically). */
export interface RetryOptions {
  /** Total attempts including the first; default 3. */
  readonly maxAttempts?: number;
  /** Backoff before the 2nd attempt, ms; doubles per attempt; default 250. */
  readonly baseDelayMs?: number;
  /** Backoff cap, ms; default 2000. */
  readonly maxDelayMs?: number;
}

/** Options of `RestClient`. */
export interface RestClientOptions {
  /** Exchange origin; default `https://api.bitget.com`. No path prefix. */
  readonly baseUrl?: string;
  /** Key, secret and passphrase; `null`/absent allows public operations only. */
  readonly credentials?: RestCredentials | null;
  /** Demo trading: adds header `paptrading: 1` to every request; default false. */
  readonly paper?: boolean;
  /** `locale` header; default `en-US`. */
  readonly locale?: string;
  /** Broker code sent as `X-CHANNEL-API-CODE` on order placement only; default none. */
  readonly channelApiCode?: string;
  /** Per-attempt deadline in ms (connect + reply); default 10 000. A read that times out is retried like a network failure. */
  readonly timeoutMs?: number;
  /** Local time source; default the system clock. */
  readonly clock?: Clock;
  /** Request/diagnostic logger; default none. */
  readonly logger?: RestLogger;
  /** Rate limiter; default one built from the operations table with the client's clock. */
  readonly limiter?: RateLimiter;
  /** Read retry policy. */
  readonly retry?: RetryOptions;
  /** Waits `ms` between read retries; default a real timer. Tests inject an instant one. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); default Math.random. */
  readonly random?: () => number;
  /** Measure the server-time offset before the first signed request; default true. */
  readonly syncClock?: boolean;
  /** Operations table; default `OPERATION_BY_ID`. */
  readonly operations?: ReadonlyMap<string, OperationSpec>;
  /** Told about every HTTP attempt and its reply (audit log, session recorder); default none. More with `observe`. */
  readonly observer?: RestObserver;
  /** How requests travel; default undici's pool, loaded on first use (`nodeHttpTransport` for one-shot commands). */
  readonly transport?: HttpTransportFactory;
}

/** One HTTP attempt as an observer sees it: never headers, credentials or signatures. */
export interface RestAttempt {
  /** Attempt number of this client, from 1 (a retry is a new attempt). */
  readonly seq: number;
  /** Operation id, e.g. `trade.placeOrder`. */
  readonly opId: string;
  readonly method: 'GET' | 'POST';
  /** Path without host. */
  readonly path: string;
  /** True for operations that change state. */
  readonly write: boolean;
  /** The params as sent: GET query object or POST body (object or array). Auth is never in here. */
  readonly params: unknown;
  /** Local clock when the request was handed to the connection pool, Unix ms. */
  readonly at: number;
}

/** How an attempt ended. */
export interface RestAttemptResult {
  /** HTTP status; null when no reply arrived (network failure, timeout). */
  readonly status: number | null;
  /** Reply text; null when no reply arrived. */
  readonly body: string | null;
  /** The error the call raised for this attempt; null on success. */
  readonly error: ExchangeError | null;
  /** Local time from sending to the end of the reply, ms. */
  readonly latencyMs: number;
}

/**
 * Watches the client's traffic. Called synchronously; a throwing observer is ignored (it never
 * breaks a call). `params` and `body` may hold account data: observers must scrub what they keep.
 */
export interface RestObserver {
  /** An attempt is being sent. */
  onRequest?(attempt: RestAttempt): void;
  /** An attempt ended (reply decoded, refused, or failed in transport). */
  onReply?(attempt: RestAttempt, result: RestAttemptResult): void;
}

/** Per-call options. */
export interface CallOptions {
  /** Deadline for this call, ms; default the client's `timeoutMs`. */
  readonly timeoutMs?: number;
}

/** Told when the exchange answers 429. */
export interface RateLimitEvent {
  /** Operation that was limited. */
  readonly opId: string;
  /** Attempt number (1-based). */
  readonly attempt: number;
  /** True when the client retries (reads only). */
  readonly willRetry: boolean;
}

/** Health figures for the status bar. */
export interface RestHealth {
  /** HTTP requests sent (attempts, including retries). */
  readonly requests: number;
  /** Attempts that ended in an error. */
  readonly failures: number;
  /** Replies with HTTP 429 / code 429. */
  readonly rateLimited: number;
  /** Latency of the last completed HTTP exchange, ms; undefined before the first. */
  readonly lastLatencyMs: number | undefined;
  /** Code of the last error, if any. */
  readonly lastErrorCode: string | undefined;
  /** Server minus local time, ms. */
  readonly clockOffsetMs: number;
  /** Remaining client-side tokens per bucket. */
  readonly headroom: readonly BucketHeadroom[];
}

/** Orders are placed by these operations; only they carry `X-CHANNEL-API-CODE`. */
const PLACEMENT_OPS: ReadonlySet<string> = new Set(['trade.placeOrder', 'trade.placeBatch']);

interface Prepared {
  readonly op: OperationSpec;
  readonly params: unknown;
  /** The query as sent in the URL (percent-encoded). */
  readonly query: string;
  /** The same query decoded: what ACCESS-SIGN is computed over. */
  readonly signedQuery: string;
  readonly body: string;
  readonly ctx: ReplyContext;
}

/** Signs and sends REST calls to the exchange: validation first, then limiter, sign, send, decode. */
export class RestClient {
  /** Server-time offset used for ACCESS-TIMESTAMP. */
  readonly clockSync: ClockSync;
  /** The limiter the client draws from. */
  readonly limiter: RateLimiter;
  private readonly transport: HttpTransport;
  private readonly ops: ReadonlyMap<string, OperationSpec>;
  private readonly clock: Clock;
  private readonly credentials: RestCredentials | null;
  private readonly secrets: readonly string[];
  private readonly rateListeners = new Set<(e: RateLimitEvent) => void>();
  private autoSync: Promise<void> | undefined;
  private counters = { requests: 0, failures: 0, rateLimited: 0 };
  private lastLatencyMs: number | undefined;
  private lastErrorCode: string | undefined;
  private readonly observers = new Set<RestObserver>();
  private attempts = 0;

  constructor(private readonly options: RestClientOptions = {}) {
    const url = new URL(options.baseUrl ?? 'https://api.bitget.com');
    if (url.pathname !== '/' || url.search) throw new TypeError(`baseUrl must be an origin like https://api.bitget.com, got ${url.href}`);
    this.transport = (options.transport ?? lazyPoolTransport)(url.origin);
    this.ops = options.operations ?? OPERATION_BY_ID;
    this.clock = options.clock ?? systemClock;
    this.credentials = options.credentials ?? null;
    this.secrets = this.credentials ? [this.credentials.apiKey, this.credentials.secret, this.credentials.passphrase] : [];
    this.limiter = options.limiter ?? new RateLimiter({ rateOf: (id) => this.ops.get(id)?.rate, clock: this.clock });
    this.clockSync = new ClockSync({ clock: this.clock, fetchServerTime: () => this.fetchServerTime() });
    if (options.observer) this.observers.add(options.observer);
  }

  /** Adds a traffic observer (see `RestObserver`); returns the function that removes it. */
  observe(observer: RestObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /**
   * Calls operation `id`. Throws `EXCH_VALIDATION` without sending anything when `params` break a
   * documented rule. Reads are retried on 429/5xx/network failures; writes never are, except an
   * idempotent one (operations table) once after a 429, when the limiter lets it go again.
   * @returns the envelope's `data`.
   */
  async call<Id extends OperationId>(id: Id, params: OperationParams[Id], opts: CallOptions = {}): Promise<unknown> {
    const op = this.ops.get(id);
    if (!op) throw new ExchangeError('EXCH_VALIDATION', `unknown operation "${id}"; use an id from the operations table`, { opId: id });
    assertValid(op, params, this.clock.now());
    if (op.auth === 'private' && !this.credentials) {
      throw new ExchangeError('EXCH_AUTH', `${id} needs API credentials; configure apiKey, secret and passphrase`, { opId: id });
    }
    const prepared = this.prepare(op, params);
    const maxAttempts = op.write ? (op.idempotent ? 2 : 1) : Math.max(1, this.options.retry?.maxAttempts ?? 3);
    let resynced = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const data = await this.send(prepared, opts.timeoutMs ?? this.options.timeoutMs ?? 10_000);
        // A success clears the last error: health reflects the present, not the first blip.
        this.lastErrorCode = undefined;
        return data;
      } catch (err) {
        if (!(err instanceof ExchangeError)) throw err;
        this.counters.failures++;
        this.lastErrorCode = err.code;
        if (err.code === 'EXCH_AUTH' && err.exchangeCode === TIMESTAMP_EXPIRED_CODE && !resynced) {
          // 40008 means the exchange checked our timestamp and refused before acting on the request,
          // so sending it once more with a corrected timestamp is safe even for writes.
          resynced = true;
          const synced = await this.clockSync.sync().then(
            () => true,
            () => false,
          );
          if (synced) {
            attempt--;
            continue;
          }
        }
        const retryable = err.code === 'EXCH_RATE_LIMITED' || err.code === 'EXCH_NETWORK' || err.code === 'EXCH_TIMEOUT';
        // A 429 was refused before anything ran; an idempotent write sent again after it (the limiter
        // holds the bucket for its window first) does what one call does. Any other write failure
        // may have run: never sent again.
        const willRetry = retryable && attempt < maxAttempts && (!op.write || err.code === 'EXCH_RATE_LIMITED');
        if (err.code === 'EXCH_RATE_LIMITED') this.noteRateLimited(op.id, attempt, willRetry);
        if (!willRetry) {
          this.options.logger?.warn(`${op.id} failed: ${err.code}`, { error: err.toJSON() });
          throw err;
        }
        this.options.logger?.debug(`retrying ${op.id} after ${err.code}`, { attempt });
        await (this.options.sleep ?? realSleep)(this.backoffMs(attempt));
      }
    }
  }

  /** Subscribes to 429 notifications; returns the unsubscribe function. */
  onRateLimit(listener: (e: RateLimitEvent) => void): () => void {
    this.rateListeners.add(listener);
    return () => this.rateListeners.delete(listener);
  }

  /** Counters for the status bar. */
  health(): RestHealth {
    return { ...this.counters, lastLatencyMs: this.lastLatencyMs, lastErrorCode: this.lastErrorCode, clockOffsetMs: this.clockSync.offsetMs(), headroom: this.limiter.headroom() };
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.transport.close();
  }

  private prepare(op: OperationSpec, params: unknown): Prepared {
    const isGet = op.method === 'GET';
    const queryParams = isGet ? (params as Record<string, unknown> | undefined) : undefined;
    const query = buildQueryString(queryParams);
    const signedQuery = signingQueryString(queryParams);
    const body = isGet ? '' : JSON.stringify(params ?? {});
    const request = redactRequest(op.method, op.path, query, isGet ? undefined : params, this.secrets);
    return { op, params, query, signedQuery, body, ctx: { opId: op.id, write: op.write, request, ...clientOidsOf(params) } };
  }

  private async send(p: Prepared, timeoutMs: number): Promise<unknown> {
    const { op } = p;
    const isPrivate = op.auth === 'private';
    if (isPrivate && this.options.syncClock !== false) {
      // One attempt per client, awaited by every signed call that starts while it runs.
      this.autoSync ??= this.clockSync.ensureSynced().then(
        () => undefined,
        (e: unknown) => {
          this.options.logger?.warn('server time sync failed; signing with the local clock', { error: e instanceof Error ? e.message : String(e) });
        },
      );
      await this.autoSync;
    }
    await this.limiter.acquire(op.id);
    return (await this.exchange(p, timeoutMs)).data;
  }

  /**
   * One HTTP exchange, after the limiter granted its slot: sign, send, decode. `sentAt` and
   * `receivedAt` bracket the network round trip alone (the clock sampler's timing).
   */
  private async exchange(p: Prepared, timeoutMs: number): Promise<{ data: unknown; sentAt: number; receivedAt: number }> {
    const { op } = p;
    const isPrivate = op.auth === 'private';
    const headers: Record<string, string> = { 'Content-Type': 'application/json', locale: this.options.locale ?? 'en-US' };
    if (this.options.paper) headers.paptrading = '1';
    if (this.options.channelApiCode && PLACEMENT_OPS.has(op.id)) headers['X-CHANNEL-API-CODE'] = this.options.channelApiCode;
    if (isPrivate && this.credentials) {
      const ts = String(this.clockSync.now());
      headers['ACCESS-KEY'] = this.credentials.apiKey;
      headers['ACCESS-SIGN'] = signRest(this.credentials.secret, ts, op.method, op.path, p.signedQuery, p.body);
      headers['ACCESS-TIMESTAMP'] = ts;
      headers['ACCESS-PASSPHRASE'] = this.credentials.passphrase;
    }
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    const started = this.clock.now();
    this.counters.requests++;
    const attempt: RestAttempt = { seq: ++this.attempts, opId: op.id, method: op.method, path: op.path, write: op.write, params: p.params ?? {}, at: started };
    this.notify((o) => o.onRequest?.(attempt));
    let status: number | null = null;
    let text: string | null = null;
    try {
      const res = await this.transport.request({
        method: op.method,
        path: p.query ? `${op.path}?${p.query}` : op.path,
        headers,
        body: op.method === 'GET' ? undefined : p.body,
        signal: abort.signal,
      });
      text = res.text;
      status = res.statusCode;
      const receivedAt = this.clock.now();
      this.lastLatencyMs = receivedAt - started;
      this.options.logger?.debug(`${op.id} ${op.method} ${op.path} -> HTTP ${res.statusCode} in ${this.lastLatencyMs} ms`);
      const data = decodeReply(res.statusCode, text, p.ctx);
      this.notifyReply(attempt, status, text, null, started);
      return { data, sentAt: started, receivedAt };
    } catch (err) {
      const error = err instanceof ExchangeError ? err : transportError(err, p.ctx, timedOut, timeoutMs);
      this.notifyReply(attempt, status, text, error, started);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private notifyReply(attempt: RestAttempt, status: number | null, body: string | null, error: ExchangeError | null, started: number): void {
    const result: RestAttemptResult = { status, body, error, latencyMs: this.clock.now() - started };
    this.notify((o) => o.onReply?.(attempt, result));
  }

  /** Calls every observer; one that throws is skipped (observing must never break a call). */
  private notify(fn: (o: RestObserver) => void): void {
    for (const o of this.observers) {
      try {
        fn(o);
      } catch {
        // An observer's failure is its own business.
      }
    }
  }

  private noteRateLimited(opId: string, attempt: number, willRetry: boolean): void {
    this.counters.rateLimited++;
    this.limiter.penalize(opId);
    for (const l of this.rateListeners) l({ opId, attempt, willRetry });
  }

  /** Capped exponential backoff with jitter: half fixed, half random. */
  private backoffMs(attempt: number): number {
    const base = this.options.retry?.baseDelayMs ?? 250;
    const cap = this.options.retry?.maxDelayMs ?? 2000;
    const full = Math.min(cap, base * 2 ** (attempt - 1));
    return Math.round(full / 2 + (this.options.random ?? Math.random)() * (full / 2));
  }

  /**
   * One server-time sample for `clockSync`: the limiter is waited for first, then a single HTTP
   * exchange is timed (no retry inside the timed window; the sampler skips a failed sample).
   */
  private async fetchServerTime(): Promise<ServerTimeReading> {
    // The official pages name GET /api/v2/public/time (common Get-Server-Time); the v3 paths are
    // only in the seed spec and SDKs, kept for tables without the official one.
    const id = (['market.getServerTime', 'market.getPublicTime', 'market.getTime'] as const).find((o) => this.ops.has(o)) ?? 'market.getTime';
    const op = this.ops.get(id);
    if (!op) throw new ExchangeError('EXCH_VALIDATION', `no server-time operation in the operations table (looked for ${id})`, { opId: id });
    const prepared = this.prepare(op, {});
    await this.limiter.acquire(op.id);
    let reply: { data: unknown; sentAt: number; receivedAt: number };
    try {
      reply = await this.exchange(prepared, this.options.timeoutMs ?? 10_000);
      this.lastErrorCode = undefined;
    } catch (err) {
      if (err instanceof ExchangeError) {
        this.counters.failures++;
        this.lastErrorCode = err.code;
        if (err.code === 'EXCH_RATE_LIMITED') this.noteRateLimited(op.id, 1, false);
        this.options.logger?.debug(`server time sample failed: ${err.code}`, { error: err.toJSON() });
      }
      throw err;
    }
    const { data } = reply;
    const raw = data !== null && typeof data === 'object' && 'serverTime' in data ? (data as { serverTime: unknown }).serverTime : undefined;
    const ms = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : Number.NaN;
    if (!Number.isFinite(ms)) throw new ExchangeError('EXCH_BAD_REPLY', `${id}: reply has no numeric serverTime`, { opId: id });
    return { serverTime: ms, sentAt: reply.sentAt, receivedAt: reply.receivedAt };
  }
}

function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The clientOid (single request) or clientOids (batch) carried by the params, for reconciliation. */
function clientOidsOf(params: unknown): { clientOid?: string; clientOids?: readonly string[] } {
  const oidOf = (v: unknown): string | undefined =>
    v !== null && typeof v === 'object' && 'clientOid' in v && typeof (v as { clientOid: unknown }).clientOid === 'string' ? (v as { clientOid: string }).clientOid : undefined;
  if (Array.isArray(params)) {
    const oids = params.map(oidOf).filter((o): o is string => o !== undefined);
    return oids.length > 0 ? { clientOids: oids } : {};
  }
  const oid = oidOf(params);
  return oid === undefined ? {} : { clientOid: oid };
}
