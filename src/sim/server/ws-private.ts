import type { SimEvent, SimExchange } from '../contract.js';
import { verifyWsLogin, WsLoginError, type SimCredentials } from './auth.js';
import type { Faults } from './faults.js';
import type { RateLimiter } from './rate-limits.js';
import type { OperationRoutes } from './routes.js';
import { WsTrade, type PrivateDeps } from './ws-trade.js';
import type { WsChannelHandler, WsConn } from './ws-server.js';

/**
 * The private socket (protocol-notes §4.4, §4.7, §7): login, the `order`, `fill`, `account` and
 * `position` topics (instType `UTA`, no symbol), and order entry with `op:"trade"`.
 */

const TOPICS = new Set(['order', 'fill', 'account', 'position']);


interface ConnState {
  uid: string | null;
  readonly topics: Set<string>;
  /** Coin → its item's JSON text in the last `account` push to this socket (for `partialAccountPushes`). */
  coins: ReadonlyMap<string, string>;
}

/** The private socket's login, topics and trade ops. */
export class PrivateChannels implements WsChannelHandler {
  private readonly state = new Map<WsConn, ConnState>();
  private readonly trade: WsTrade;
  private unsubscribeEvents: (() => void) | null = null;

  constructor(private readonly deps: PrivateDeps) {
    this.trade = new WsTrade(deps);
  }

  /** Starts forwarding exchange events. */
  start(): void {
    this.unsubscribeEvents = this.deps.exchange.subscribe((e) => this.onEvent(e));
  }

  /** Stops forwarding. */
  stop(): void {
    this.unsubscribeEvents?.();
    this.unsubscribeEvents = null;
  }

  private stateOf(conn: WsConn): ConnState {
    let s = this.state.get(conn);
    if (!s) {
      s = { uid: null, topics: new Set(), coins: new Map() };
      this.state.set(conn, s);
    }
    return s;
  }

  onMessage(conn: WsConn, message: Record<string, unknown>): void {
    const s = this.stateOf(conn);
    const op = message['op'];
    if (op === 'login') {
      this.login(conn, s, message['args']);
      return;
    }
    if (op === 'trade') {
      this.trade.handle(conn, s.uid, message);
      return;
    }
    if (s.uid === null) {
      conn.sendError(30004, 'User not logged in/User must be logged in');
      return;
    }
    const args = message['args'];
    if (!Array.isArray(args) || args.length === 0) {
      conn.sendError(30002, 'illegal request: "args" must be a non-empty array');
      return;
    }
    for (const arg of args) this.subscribeOne(conn, s, s.uid, op === 'subscribe', arg);
  }

  onClose(conn: WsConn): void {
    this.state.delete(conn);
  }

  private login(conn: WsConn, s: ConnState, args: unknown): void {
    try {
      const first: unknown = Array.isArray(args) ? args[0] : undefined;
      s.uid = verifyWsLogin(first, this.deps.keys, this.deps.now());
      conn.sendJson({ event: 'login', code: 0, connId: conn.connId });
    } catch (err) {
      // The socket stays open after a failed login, as the live exchange does.
      const e = err instanceof WsLoginError ? err : new WsLoginError(30005, 'login failed');
      conn.sendJson({ event: 'error', code: e.code, msg: e.message, connId: conn.connId });
    }
  }

  private subscribeOne(conn: WsConn, s: ConnState, uid: string, subscribe: boolean, arg: unknown): void {
    const a = typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<string, unknown>) : null;
    const topic = a?.['topic'];
    if (!a || a['instType'] !== 'UTA' || typeof topic !== 'string' || !TOPICS.has(topic)) {
      conn.sendJson({ event: 'error', code: 30001, msg: `${JSON.stringify(arg)} doesn't exist`, connId: conn.connId });
      return;
    }
    conn.sendJson({ event: subscribe ? 'subscribe' : 'unsubscribe', arg, connId: conn.connId });
    if (!subscribe) {
      s.topics.delete(topic);
      return;
    }
    s.topics.add(topic);
    const ts = this.deps.now();
    if (topic === 'account') conn.sendJson(frame('snapshot', topic, [this.accountItem(s, uid, false)], ts));
    if (topic === 'position') conn.sendJson(frame('snapshot', topic, this.deps.exchange.positionsPush(uid), ts));
  }

  private onEvent(event: SimEvent): void {
    if (event.type === 'publicTrade') return;
    const ts = this.deps.now();
    let text: string | null = null;
    for (const [conn, s] of this.state) {
      if (s.uid !== event.uid || !s.topics.has(event.type)) continue;
      if (event.type === 'account') {
        // Per socket: under `partialAccountPushes` each carries the coins changed since its own last push.
        conn.sendJson(frame('update', 'account', [this.accountItem(s, event.uid, this.deps.faults.accountPushesPartial)], ts));
        continue;
      }
      text ??= JSON.stringify(this.pushOf(event, ts));
      conn.send(text);
    }
  }

  private pushOf(event: Exclude<SimEvent, { type: 'publicTrade' | 'account' }>, ts: number): unknown {
    switch (event.type) {
      case 'order':
        return frame('snapshot', 'order', [event.order], ts);
      case 'fill':
        return frame('snapshot', 'fill', [event.fill], ts);
      case 'position':
        return frame('update', 'position', event.positions, ts);
    }
  }

  /**
   * The `account` item for one socket: every coin, or with `partial` only the coins whose item
   * changed since the last `account` push to this socket, plus, once, a zero item for each coin that
   * left the list (a changed-coins push cannot say "gone" otherwise). Records what the socket now holds.
   */
  private accountItem(s: ConnState, uid: string, partial: boolean): Readonly<Record<string, unknown>> {
    const item = this.deps.exchange.accountPush(uid);
    const list: unknown[] = Array.isArray(item['coin']) ? item['coin'] : [];
    const now = new Map<string, string>();
    const changed: unknown[] = [];
    for (const c of list) {
      const name = coinName(c);
      const text = JSON.stringify(c);
      now.set(name, text);
      if (s.coins.get(name) !== text) changed.push(c);
    }
    for (const name of s.coins.keys()) if (!now.has(name)) changed.push(zeroCoin(name));
    s.coins = now;
    return partial ? { ...item, coin: changed } : item;
  }
}

function coinName(item: unknown): string {
  const coin = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['coin'] : undefined;
  return typeof coin === 'string' ? coin : '';
}

/** The `account` coin item of a coin that left the account (all amounts zero). */
function zeroCoin(coin: string): Record<string, string> {
  return { coin, balance: '0', available: '0', locked: '0', equity: '0', usdValue: '0', borrow: '0', debts: '0' };
}

function frame(action: 'snapshot' | 'update', topic: string, data: readonly unknown[], ts: number): unknown {
  return { action, arg: { instType: 'UTA', topic }, data, ts };
}
