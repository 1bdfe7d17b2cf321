import { SimRejection, type SimCategory, type SimExchange } from '../contract.js';
import { internalError, PLACEMENT_OPS, runOperation } from './dispatch.js';
import type { SimCredentials } from './auth.js';
import type { Faults } from './faults.js';
import type { RateLimiter } from './rate-limits.js';
import type { OperationRoutes } from './routes.js';
import type { WsConn } from './ws-server.js';

/** Everything the private socket needs. */
export interface PrivateDeps {
  readonly exchange: SimExchange;
  readonly keys: readonly SimCredentials[];
  /** Server clock, Unix ms (fault skew included). */
  readonly now: () => number;
  readonly faults: Faults;
  readonly routes: OperationRoutes;
  /** Shared with REST: trade over the socket draws from the same per-UID buckets. */
  readonly limiter: RateLimiter;
  /** Waits `ms` on the server's clock (the `deliverLate` hold of a trade frame). */
  readonly sleep: (ms: number) => Promise<void>;
  /** Optional server log: one line per placement fault applied to a trade frame. Never secrets. */
  readonly log?: (line: string) => void;
}

/**
 * Order entry over the private socket (protocol-notes §4.7): `{"op":"trade","id","category",
 * "topic","args"}` runs the matching REST operation and answers `event:"trade"` (or
 * `event:"error"`) carrying the request's `id`. Placement faults: a late delivery holds the frame,
 * execute-then-drop terminates the socket instead of answering.
 */

/** Socket trade topic → operation id. */
export const TRADE_TOPIC_OP: Readonly<Record<string, string>> = {
  'place-order': 'trade.placeOrder',
  'modify-order': 'trade.modifyOrder',
  'cancel-order': 'trade.cancelOrder',
  'batch-place': 'trade.placeBatch',
  'batch-modify': 'trade.batchModifyOrder',
  'batch-cancel': 'trade.cancelBatch',
};

const CATEGORY: Readonly<Record<string, SimCategory>> = {
  spot: 'SPOT',
  margin: 'MARGIN',
  'usdt-futures': 'USDT-FUTURES',
  'coin-futures': 'COIN-FUTURES',
  'usdc-futures': 'USDC-FUTURES',
};

/** Socket arg names that differ from REST. */
const RENAME: Readonly<Record<string, string>> = { takeprofit: 'takeProfit', stoploss: 'stopLoss' };

function restItem(arg: unknown, category: SimCategory): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof arg === 'object' && arg !== null && !Array.isArray(arg)) {
    for (const [k, v] of Object.entries(arg)) out[RENAME[k] ?? k] = v;
  }
  out['category'] = category;
  return out;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Reply `args` entries from the operation's data: one per order, batch entries keep code/msg. */
function replyArgs(data: unknown, items: readonly Record<string, unknown>[], cTime: string): Record<string, string>[] {
  const rec = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const list: unknown[] = Array.isArray(data) ? data : Array.isArray(rec['list']) ? (rec['list'] as unknown[]) : [data];
  return list.map((entry, i) => {
    const e = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const req = items[i] ?? items[0] ?? {};
    const out: Record<string, string> = {
      symbol: str(e['symbol']) || str(req['symbol']),
      orderId: str(e['orderId']) || str(req['orderId']),
      clientOid: str(e['clientOid']) || str(req['clientOid']),
      cTime,
    };
    if (e['code'] !== undefined) out['code'] = str(e['code']);
    if (e['msg'] !== undefined) out['msg'] = str(e['msg']);
    return out;
  });
}

/** Handles `op:"trade"` messages. */
export class WsTrade {
  constructor(private readonly deps: PrivateDeps) {}

  /** Answers one trade message for `uid` (null = not logged in), held first under `deliverLate`. */
  handle(conn: WsConn, uid: string | null, message: Record<string, unknown>): void {
    const topic = str(message['topic']);
    const opId = TRADE_TOPIC_OP[topic];
    const late = opId !== undefined && PLACEMENT_OPS.has(opId) ? this.deps.faults.takeLateDelivery('socket') : null;
    if (late === null) return this.run(conn, uid, message);
    const what = `ws trade ${topic} id=${str(message['id'])}`;
    this.deps.log?.(`${what} held ${late} ms (deliverLate)`);
    // The frame was received: it runs at release even if the socket closed meanwhile.
    void this.deps.sleep(late).then(() => {
      this.run(conn, uid, message);
      this.deps.log?.(`${what} released and run${conn.open ? '' : '; the socket is closed, no reply'}`);
    });
  }

  private run(conn: WsConn, uid: string | null, message: Record<string, unknown>): void {
    const id = str(message['id']);
    const send = (value: unknown): void => {
      const delay = this.deps.faults.replyDelayMs;
      if (delay > 0) setTimeout(() => conn.sendJson(value), delay).unref();
      else conn.sendJson(value);
    };
    const fail = (code: string, msg: string): void => send(errorFrame(conn, id, code, msg));
    if (uid === null) return fail('30004', 'User not logged in/User must be logged in');
    if (id === '') return fail('30002', 'illegal request: a trade message needs a string "id" to match the reply');
    const topic = str(message['topic']);
    const opId = TRADE_TOPIC_OP[topic];
    if (!opId) return fail('30002', `illegal request: trade topic "${topic}" is not one of ${Object.keys(TRADE_TOPIC_OP).join(', ')}`);
    const catText = str(message['category']);
    const category = CATEGORY[catText.toLowerCase()];
    if (!category) return fail('40017', `Parameter verification failed: category "${catText}" must be spot, margin, usdt-futures, coin-futures or usdc-futures`);
    if (this.deps.faults.socketTradeRefuses(catText)) return fail('40020', `Parameter category error: ${catText.toLowerCase()} orders are not accepted over the socket; use REST`);
    const args = message['args'];
    if (!Array.isArray(args) || args.length === 0) return fail('40017', 'Parameter verification failed: "args" must be a non-empty array of orders');
    const op = this.deps.routes.byId(opId);
    if (!op) return fail('30002', `illegal request: operation ${opId} is not served`);
    const items = args.map((a) => restItem(a, category));
    const batch = topic.startsWith('batch-');
    const params: unknown = batch ? items : items[0];
    if (!this.deps.limiter.take(op.rate, uid)) return fail('429', 'Too Many Requests');
    const now = this.deps.now();
    const issue = this.deps.routes.validate(op, params, now);
    if (issue) return fail(issue.code, issue.msg);
    let reply: unknown;
    try {
      const data = runOperation(this.deps.exchange, this.deps.faults, opId, uid, params, this.deps.log);
      const tradeArgs = replyArgs(data, items, String(now));
      reply = { event: 'trade', id, category: catText, topic, args: tradeArgs, code: '0', msg: 'success', connId: conn.connId, ts: String(now) };
    } catch (err) {
      const e = err instanceof SimRejection ? err : internalError();
      reply = errorFrame(conn, id, e.code, e.message);
    }
    if (PLACEMENT_OPS.has(opId) && this.deps.faults.takeExecuteThenDrop('socket')) {
      this.deps.log?.(`ws trade ${topic} id=${id} executed; socket terminated, no reply (executeThenDrop)`);
      conn.terminate();
      return;
    }
    send(reply);
  }
}

function errorFrame(conn: WsConn, id: string, code: string, msg: string): Record<string, unknown> {
  return { event: 'error', id, code, msg, connId: conn.connId };
}
