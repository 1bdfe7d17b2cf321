import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { OperationSpec } from '../../exchange/wire/operation-types.js';
import { SimRejection, type SimExchange } from '../contract.js';
import { verifyRestAuth, type SimCredentials } from './auth.js';
import { queryParams } from './signature.js';
import { internalError, PLACEMENT_OPS, runOperation } from './dispatch.js';
import type { Faults } from './faults.js';
import type { RateLimiter } from './rate-limits.js';
import type { OperationRoutes } from './routes.js';

/**
 * The embedded exchange's REST side: routing by the operations table, ACCESS-* authentication over
 * the raw query and body, rate limits, parameter validation, and the `{code,msg,requestTime,data}`
 * envelope (protocol-notes §1–2). Secrets never reach a log line or a reply.
 */

/** Everything the REST handler needs. */
export interface HttpDeps {
  readonly exchange: SimExchange;
  readonly routes: OperationRoutes;
  readonly keys: readonly SimCredentials[];
  readonly limiter: RateLimiter;
  readonly faults: Faults;
  /** Server clock, Unix ms (fault skew included). */
  readonly now: () => number;
  /** Waits `ms` on the server's clock (the `deliverLate` hold). */
  readonly sleep: (ms: number) => Promise<void>;
  /**
   * Optional access log: one line per request (method, path, status, code), plus a line for each
   * placement fault applied. Never secrets.
   */
  readonly log?: (line: string) => void;
}

/** Largest request body accepted, bytes. */
const MAX_BODY = 1 << 20;

interface Reply {
  readonly status: number;
  readonly code: string;
  readonly msg: string;
  readonly data: unknown;
  /** `executeThenDrop`: destroy the connection instead of answering. */
  readonly drop?: boolean;
  /** Appended to the access log line (which fault changed this reply). */
  readonly note?: string;
}

function fail(status: number, code: string, msg: string): Reply {
  return { status, code, msg, data: null };
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Builds the `request` listener of the shared HTTP server. */
export function createHttpHandler(deps: HttpDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(deps, req).then(
      (reply) => send(deps, req, res, reply),
      () => send(deps, req, res, fail(500, '45001', 'Unknown error')),
    );
  };
}

function send(deps: HttpDeps, req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const line = `${req.method ?? '?'} ${(req.url ?? '').split('?')[0] ?? ''} ${reply.status} ${reply.code}${reply.note ? ` ${reply.note}` : ''}`;
  const write = (): void => {
    if (reply.drop) {
      req.socket.destroy();
      deps.log?.(`${line}: connection destroyed, no reply (executeThenDrop)`);
      return;
    }
    // A client that left while a late delivery was held gets nothing; the result stands.
    if (res.destroyed || req.socket.destroyed) {
      deps.log?.(`${line}: not sent, the client's connection is closed`);
      return;
    }
    const body = JSON.stringify({ code: reply.code, msg: reply.msg, requestTime: deps.now(), data: reply.data });
    res.on('error', () => undefined);
    res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    deps.log?.(line);
  };
  const delay = deps.faults.replyDelayMs;
  if (delay > 0) setTimeout(write, delay).unref();
  else write();
}

async function serve(deps: HttpDeps, req: IncomingMessage): Promise<Reply> {
  const body = await readBody(req);
  const forced = deps.faults.takeHttpError();
  if (forced !== null) return fail(forced, String(forced), 'Service Unavailable (injected fault)');
  if (body === null) return fail(413, '40017', `Parameter verification failed: request body over ${MAX_BODY} bytes`);
  const method = (req.method ?? 'GET').toUpperCase();
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? '' : url.slice(q + 1);
  const op = deps.routes.byPath(method, path);
  if (!op) {
    if (deps.routes.hasPath(path)) return fail(405, '40404', `Request method ${method} is not supported for ${path}`);
    return fail(404, '40404', `Request URL NOT FOUND: ${path}`);
  }
  // A late delivery is held before authentication, so the timestamp check sees the release time.
  const late = PLACEMENT_OPS.has(op.id) ? deps.faults.takeLateDelivery('rest') : null;
  if (late !== null) {
    deps.log?.(`${method} ${path} held ${late} ms (deliverLate)`);
    const gone = (): void => deps.log?.(`${method} ${path} client closed its connection while held`);
    req.socket.once('close', gone);
    await deps.sleep(late);
    req.socket.off('close', gone);
  }
  return execute(deps, req, op, { method, path, rawQuery, body });
}

/** Authenticates, limits, validates and runs one routed request. */
function execute(deps: HttpDeps, req: IncomingMessage, op: OperationSpec, r: { method: string; path: string; rawQuery: string; body: string }): Reply {
  const ip = req.socket.remoteAddress ?? 'unknown';
  let uid: string | null = null;
  let params: unknown = null;
  try {
    if (op.auth === 'private') {
      uid = verifyRestAuth({ headers: req.headers, method: r.method, path: r.path, rawQuery: r.rawQuery, body: r.body }, deps.keys, deps.now());
    }
    const scopeKey = op.rate.scope === 'uid' && uid !== null ? uid : ip;
    if (deps.faults.takeOverLimit(r.path) || !deps.limiter.take(op.rate, scopeKey)) return fail(429, '429', 'Too Many Requests');
    params = categoryUpperCase(parseParams(r.method, req, r.rawQuery, r.body));
    const issue = deps.routes.validate(op, params, deps.now());
    if (issue) return fail(400, issue.code, issue.msg);
  } catch (err) {
    return refusal(deps, op.id, err);
  }
  let reply: Reply;
  try {
    const data = runOperation(deps.exchange, deps.faults, op.id, uid, params, deps.log);
    reply = { status: 200, code: '00000', msg: 'success', data: data ?? null };
  } catch (err) {
    reply = refusal(deps, op.id, err);
  }
  return PLACEMENT_OPS.has(op.id) ? afterPlacement(deps.faults, reply) : reply;
}

/** The reply-replacing placement faults, applied once the exchange ran the placement. */
function afterPlacement(faults: Faults, reply: Reply): Reply {
  if (faults.takeExecuteThenDrop('rest')) return { ...reply, drop: true };
  const status = faults.takeExecuteThenFail();
  if (status === null) return reply;
  const note = `(executeThenFail: executed, the reply ${reply.status} ${reply.code} replaced)`;
  return { ...fail(status, String(status), `${STATUS_CODES[status] ?? 'Error'} (injected fault)`), note };
}

function refusal(deps: HttpDeps, opId: string, err: unknown): Reply {
  if (err instanceof SimRejection) return fail(err.httpStatus, err.code, err.message);
  deps.log?.(`internal error in ${opId}: ${err instanceof Error ? `${err.name}: ${err.message}` : 'non-Error thrown'}`);
  const e = internalError();
  return fail(e.httpStatus, e.code, e.message);
}

/**
 * `category` in upper case, in the request and in each batch item. The official pages' own examples
 * send it in lower case on REST (cancel-batch `"spot"`, history-strategy-orders
 * `usdt-futures`) while their tables list upper case, and the socket takes lower case: the live
 * exchange evidently accepts both, so this one does too. Other values keep their case.
 */
function categoryUpperCase(params: unknown): unknown {
  const one = (p: unknown): unknown => {
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return p;
    const rec = p as Record<string, unknown>;
    const c = rec['category'];
    return typeof c === 'string' && c !== c.toUpperCase() ? { ...rec, category: c.toUpperCase() } : p;
  };
  return Array.isArray(params) ? params.map(one) : one(params);
}

/** GET: the query as an object of strings; POST: the JSON body (object or array). */
function parseParams(method: string, req: IncomingMessage, rawQuery: string, body: string): unknown {
  if (method === 'GET') {
    const params = queryParams(rawQuery);
    if (params === null) throw new SimRejection('40017', 'Parameter verification failed: the query has a malformed %-escape');
    return params;
  }
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) {
    throw new SimRejection('40007', 'Invalid Content_Type, please use `application/json` format');
  }
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch (err) {
    const why = err instanceof Error ? err.message : 'unparseable';
    throw new SimRejection('40017', `Parameter verification failed: the request body is not valid JSON (${why})`);
  }
}
