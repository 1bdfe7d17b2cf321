import type { SimCategory, SimEvent, SimExchange } from '../contract.js';
import { BookFeed, DepthFeed, initialSeq, type BookSides } from './book-feed.js';
import type { Faults } from './faults.js';
import type { WsChannelHandler, WsConn } from './ws-server.js';

/**
 * Public socket topics (protocol-notes §5): books, books1, books5, books50, ticker, publicTrade
 * and kline, with lower-case instType. Feeds are shared per instrument, so every subscriber of a
 * book sees the same seq numbering.
 */

/** Lower-case public instType → REST category (margin books are the spot books). */
export const INST_TYPE_CATEGORY: Readonly<Record<string, SimCategory>> = {
  spot: 'SPOT',
  'usdt-futures': 'USDT-FUTURES',
  'coin-futures': 'COIN-FUTURES',
  'usdc-futures': 'USDC-FUTURES',
};

/** REST category → public instType. */
export function instTypeOf(category: SimCategory): string {
  return category === 'SPOT' || category === 'MARGIN' ? 'spot' : category.toLowerCase();
}

/** Kline intervals the socket accepts (others get 30001). */
export const KLINE_INTERVALS: readonly string[] = ['1m', '3m', '5m', '15m', '30m', '1H', '4H', '6H', '12H', '1D'];

const DEPTHS: Readonly<Record<string, number>> = { books1: 1, books5: 5, books50: 50 };
const TOPICS = new Set(['books', 'books1', 'books5', 'books50', 'ticker', 'publicTrade', 'kline']);
/** Levels per side in a full `books` channel. */
const FULL_DEPTH = 1000;

/** Push cadences in ms. */
export interface PublicIntervals {
  /** `books` updates. Default 50. */
  readonly booksMs?: number;
  /** `books1/5/50` snapshots. Default 20. */
  readonly depthMs?: number;
  /** `ticker` (only when changed). Default 300. */
  readonly tickerMs?: number;
  /** `kline` updates (only when changed). Default 1000. */
  readonly klineMs?: number;
}

interface Sub {
  readonly key: string;
  readonly topic: string;
  readonly category: SimCategory;
  readonly symbol: string;
  readonly interval: string;
  readonly argJson: string;
}

/** JSON text of an object with its keys sorted (the exchange's error text uses this form). */
function sortedJson(o: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]])));
}

/** One subscription and its sockets. */
interface SubEntry {
  readonly sub: Sub;
  /** Sockets that got their first push and now get every push. */
  readonly conns: Set<WsConn>;
  /** Sockets waiting for their first push. */
  readonly pending: Set<WsConn>;
  /** `books` sockets whose next update is their first after a snapshot sent under `overlapFirstUpdate`. */
  readonly fresh: Set<WsConn>;
}

/** Kline push item from a REST candle array. */
function klineItem(c: readonly string[]): Record<string, string> {
  return { start: c[0] ?? '', open: c[1] ?? '', high: c[2] ?? '', low: c[3] ?? '', close: c[4] ?? '', volume: c[5] ?? '', turnover: c[6] ?? '' };
}

/** The public socket's topics. */
export class PublicChannels implements WsChannelHandler {
  private readonly subs = new Map<string, SubEntry>();
  /** New subscriptions waiting for their first push; served one a macrotask (see `serveFirsts`). */
  private readonly firsts: { conn: WsConn; key: string }[] = [];
  private firstsTimer: NodeJS.Immediate | null = null;
  private readonly byConn = new Map<WsConn, Set<string>>();
  private readonly books = new Map<string, BookFeed>();
  private readonly depths = new Map<string, DepthFeed>();
  private readonly lastText = new Map<string, string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribeEvents: (() => void) | null = null;

  constructor(
    private readonly exchange: SimExchange,
    private readonly now: () => number,
    private readonly faults: Faults,
    private readonly intervals: PublicIntervals = {},
  ) {}

  /** Starts the push timers and the trade listener. */
  start(): void {
    const every = (ms: number, fn: () => void): void => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.intervals.booksMs ?? 50, () => this.tick('books'));
    every(this.intervals.depthMs ?? 20, () => this.tick('depth'));
    every(this.intervals.tickerMs ?? 300, () => this.tick('ticker'));
    every(this.intervals.klineMs ?? 1000, () => this.tick('kline'));
    this.unsubscribeEvents = this.exchange.subscribe((e) => this.onEvent(e));
  }

  /** Stops timers and the listener. */
  stop(): void {
    for (const t of this.timers.splice(0)) clearInterval(t);
    this.firsts.length = 0;
    if (this.firstsTimer !== null) clearImmediate(this.firstsTimer);
    this.firstsTimer = null;
    this.unsubscribeEvents?.();
    this.unsubscribeEvents = null;
  }

  onMessage(conn: WsConn, message: Record<string, unknown>): void {
    const op = message['op'];
    if (op !== 'subscribe' && op !== 'unsubscribe') {
      conn.sendError(30003, `invalid op "${String(op)}" on the public socket: use subscribe or unsubscribe`);
      return;
    }
    const args = message['args'];
    if (!Array.isArray(args) || args.length === 0) {
      conn.sendError(30002, 'illegal request: "args" must be a non-empty array');
      return;
    }
    for (const arg of args) {
      const sub = this.parseArg(arg);
      if (typeof sub === 'string') {
        conn.sendJson({ event: 'error', code: 30001, msg: `${sub} doesn't exist`, connId: conn.connId });
        continue;
      }
      conn.sendJson({ event: op, arg, connId: conn.connId });
      if (op === 'subscribe') this.add(conn, sub);
      else this.remove(conn, sub.key);
    }
  }

  onClose(conn: WsConn): void {
    for (const key of this.byConn.get(conn) ?? []) this.remove(conn, key);
    this.byConn.delete(conn);
  }

  /** Parses one arg; returns the subscription or the arg's JSON text for a 30001 error. */
  private parseArg(arg: unknown): Sub | string {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return JSON.stringify(arg);
    const a = arg as Record<string, unknown>;
    const text = sortedJson(a);
    const instType = a['instType'];
    const topic = a['topic'];
    const symbol = a['symbol'];
    const interval = a['interval'];
    if (typeof instType !== 'string' || typeof topic !== 'string' || typeof symbol !== 'string') return text;
    const category = INST_TYPE_CATEGORY[instType];
    if (!category || !TOPICS.has(topic) || !this.exchange.hasInstrument(category, symbol)) return text;
    let iv = '';
    if (topic === 'kline') {
      if (typeof interval !== 'string' || !KLINE_INTERVALS.includes(interval)) return text;
      iv = interval;
    }
    const push: Record<string, string> = { instType, topic, symbol };
    if (iv) push['interval'] = iv;
    return { key: `${topic}|${category}|${symbol}|${iv}`, topic, category, symbol, interval: iv, argJson: JSON.stringify(push) };
  }

  private add(conn: WsConn, sub: Sub): void {
    let entry = this.subs.get(sub.key);
    if (!entry) {
      entry = { sub, conns: new Set(), pending: new Set(), fresh: new Set() };
      this.subs.set(sub.key, entry);
    }
    if (entry.conns.has(conn) || entry.pending.has(conn)) return;
    const mine = this.byConn.get(conn) ?? new Set<string>();
    mine.add(sub.key);
    this.byConn.set(conn, mine);
    entry.pending.add(conn);
    this.firsts.push({ conn, key: sub.key });
    this.serveFirsts();
  }

  /**
   * Sends the first push of the oldest waiting subscription, then lets I/O run before the next. A
   * first push can be costly (a ticker's 24 h statistics build a day of candles; a kline snapshot
   * 500 of them), and with the exchange in the dashboard's process (`npm start`) one subscribe of a
   * dozen tickers used to hold the thread for half a second before the first book went out. A
   * subscriber gets no updates before its snapshot: it joins the feed when the snapshot is sent.
   */
  private serveFirsts(): void {
    if (this.firstsTimer !== null) return;
    this.firstsTimer = setImmediate(() => {
      this.firstsTimer = null;
      const next = this.firsts.shift();
      if (next !== undefined) {
        const entry = this.subs.get(next.key);
        if (entry?.pending.delete(next.conn)) {
          this.sendFirst(next.conn, entry);
          entry.conns.add(next.conn);
        }
      }
      if (this.firsts.length > 0) this.serveFirsts();
    });
  }

  private remove(conn: WsConn, key: string): void {
    const entry = this.subs.get(key);
    this.byConn.get(conn)?.delete(key);
    if (!entry) return;
    entry.conns.delete(conn);
    entry.pending.delete(conn);
    entry.fresh.delete(conn);
    if (entry.conns.size === 0 && entry.pending.size === 0) {
      this.subs.delete(key);
      this.lastText.delete(key);
    }
  }

  private sides(sub: Sub, depth: number): BookSides {
    return this.exchange.bookLevels(sub.category, sub.symbol, depth);
  }

  /** The first push(es) for a new subscriber (not yet in `entry.conns`, which holds the others). */
  private sendFirst(conn: WsConn, entry: SubEntry): void {
    const { sub } = entry;
    const ts = this.now();
    switch (sub.topic) {
      case 'books': {
        // Bring existing subscribers up to date first, so the snapshot and their state share one seq.
        const feed = this.bookFeed(sub);
        this.publishBook(entry, feed);
        conn.send(feed.snapshotText(ts));
        if (this.faults.firstUpdateOverlaps) entry.fresh.add(conn);
        return;
      }
      case 'books1':
      case 'books5':
      case 'books50':
        conn.send(this.depthFeed(sub).snapshotText(this.sides(sub, DEPTHS[sub.topic] ?? 1), ts));
        return;
      case 'ticker': {
        const t = this.exchange.tickerPush(sub.category, sub.symbol);
        if (!t) return;
        const text = JSON.stringify(t);
        conn.send(`{"action":"snapshot","arg":${sub.argJson},"data":[${text}],"ts":${ts}}`);
        if (!this.lastText.has(sub.key)) this.lastText.set(sub.key, text);
        return;
      }
      case 'kline': {
        const items = this.exchange.candles(sub.category, sub.symbol, sub.interval, 500).map(klineItem);
        conn.send(`{"action":"snapshot","arg":${sub.argJson},"data":${JSON.stringify(items)},"ts":${ts}}`);
        const last = items[items.length - 1];
        if (last && !this.lastText.has(sub.key)) this.lastText.set(sub.key, JSON.stringify(last));
        return;
      }
      default:
        return; // publicTrade: events only
    }
  }

  private bookFeed(sub: Sub): BookFeed {
    const id = `${sub.category}|${sub.symbol}`;
    let feed = this.books.get(id);
    if (!feed) {
      feed = new BookFeed(sub.argJson, this.sides(sub, FULL_DEPTH), initialSeq(sub.category, this.now()));
      this.books.set(id, feed);
    }
    return feed;
  }

  private depthFeed(sub: Sub): DepthFeed {
    let feed = this.depths.get(sub.key);
    if (!feed) {
      feed = new DepthFeed(sub.argJson, DEPTHS[sub.topic] ?? 1, initialSeq(sub.category, this.now()));
      this.depths.set(sub.key, feed);
    }
    return feed;
  }

  /** Sends the book's next update, if it changed, to the entry's sockets (an overlapping one to fresh sockets). */
  private publishBook(entry: SubEntry, feed: BookFeed): void {
    const { sub, conns } = entry;
    // With nobody listening a pending seq fault would vanish unseen; keep it for a real update.
    const takeFault = conns.size === 0 ? () => null : () => this.faults.takeSeqFault(sub.category, sub.symbol);
    const ts = this.now();
    const text = feed.publish(this.sides(sub, FULL_DEPTH), ts, takeFault);
    if (text === null) return;
    const overlap = entry.fresh.size > 0 ? (feed.overlapText(ts) ?? text) : text;
    for (const c of conns) c.send(entry.fresh.delete(c) ? overlap : text);
  }

  private tick(kind: 'books' | 'depth' | 'ticker' | 'kline'): void {
    for (const entry of this.subs.values()) {
      const { sub, conns } = entry;
      if (conns.size === 0) continue;
      if (kind === 'books' && sub.topic === 'books') this.publishBook(entry, this.bookFeed(sub));
      else if (kind === 'depth' && sub.topic in DEPTHS) {
        const text = this.depthFeed(sub).publish(this.sides(sub, DEPTHS[sub.topic] ?? 1), this.now());
        if (text !== null) for (const c of conns) c.send(text);
      } else if (kind === 'ticker' && sub.topic === 'ticker') {
        const t = this.exchange.tickerPush(sub.category, sub.symbol);
        this.sendIfChanged(sub, conns, t ? JSON.stringify(t) : null, 'snapshot');
      } else if (kind === 'kline' && sub.topic === 'kline') {
        const last = this.exchange.candles(sub.category, sub.symbol, sub.interval, 1)[0];
        this.sendIfChanged(sub, conns, last ? JSON.stringify(klineItem(last)) : null, 'update');
      }
    }
  }

  private sendIfChanged(sub: Sub, conns: ReadonlySet<WsConn>, itemText: string | null, action: string): void {
    if (itemText === null || this.lastText.get(sub.key) === itemText) return;
    this.lastText.set(sub.key, itemText);
    const frame = `{"action":"${action}","arg":${sub.argJson},"data":[${itemText}],"ts":${this.now()}}`;
    for (const c of conns) c.send(frame);
  }

  private onEvent(event: SimEvent): void {
    if (event.type !== 'publicTrade') return;
    const category = event.category === 'MARGIN' ? 'SPOT' : event.category;
    const entry = this.subs.get(`publicTrade|${category}|${event.symbol}|`);
    if (!entry || entry.conns.size === 0) return;
    const frame = `{"action":"update","arg":${entry.sub.argJson},"data":[${JSON.stringify(event.trade)}],"ts":${this.now()}}`;
    for (const c of entry.conns) c.send(frame);
  }
}
