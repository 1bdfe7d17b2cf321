import type { SimCategory } from '../contract.js';

/**
 * Fault injection for the embedded exchange's transports. Test code drives it through
 * `SimHandle.faults`; `utadash sim --faults <spec>` drives it through `applyFaultSpec`.
 * Socket faults act at once on the sockets open at the call; the others hold until used or reset.
 */

/** Which websocket server a socket fault targets. */
export type SocketKind = 'public' | 'private' | 'all';

/** Codes meaning "result unknown" for an order placement (spec Errors). */
export type UnknownResultCode = '40010' | '40725' | '45001';

/** Messages the exchange sends with each unknown-result code. */
export const UNKNOWN_RESULT_MSG: Readonly<Record<UnknownResultCode, string>> = {
  '40010': 'Request timed out',
  '40725': 'service return an error',
  '45001': 'Unknown error',
};

/** The transport an order placement arrived on. */
export type PlacementTransport = 'rest' | 'socket';

/** Which transport a placement fault targets. */
export type TransportScope = PlacementTransport | 'all';

/** Which placements an unknown-result fault targets: single `place-order`, batch placement, or both. */
export type PlacementScope = 'single' | 'batch' | 'all';

/** A pending `partialBatch` fault: item indexes (0-based) refused, and the per-item code and message. */
export interface PartialBatchFault {
  readonly failIndexes: readonly number[];
  readonly code: string;
  readonly msg: string;
}

/** Default per-item code of `partialBatch`: the engine's own insufficient-balance code. */
export const PARTIAL_BATCH_CODE = '25202';

/** Default per-item message of `partialBatch`. */
export const PARTIAL_BATCH_MSG = 'Insufficient balance: the order needs more than is available';

/** A use count: 1 when absent, else a whole number of at least 1. */
function countOf(count: number | undefined): number {
  return Math.max(1, Math.floor(count ?? 1));
}

function reaches(scope: TransportScope, transport: PlacementTransport): boolean {
  return scope === 'all' || scope === transport;
}

/** What the socket servers register so faults can reach live sockets. */
export interface SocketFaultTarget {
  /** Terminates every socket of `kind` with no close frame. */
  drop(kind: SocketKind): void;
  /** Sends a non-JSON text frame and a truncated JSON frame to every socket of `kind`. */
  garbage(kind: SocketKind): void;
}

/** The fault switches, all off after construction and after `reset()`. */
export class Faults {
  private readonly targets = new Set<SocketFaultTarget>();
  private pongsStalled = false;
  private readonly skip = new Set<string>();
  private readonly restart = new Set<string>();
  private httpErrorCount = 0;
  private httpErrorStatus = 503;
  private delayMs = 0;
  private unknown: { code: UnknownResultCode; placed: boolean; scope: PlacementScope; left: number } | null = null;
  private execFail: { status: number; left: number } | null = null;
  private execDrop: { transport: TransportScope; left: number } | null = null;
  private late: { ms: number; transport: TransportScope; left: number } | null = null;
  private partial: PartialBatchFault | null = null;
  private skewMs = 0;
  private overlapFirst = false;
  private partialAccount = false;
  private readonly socketRefused = new Set<string>();
  private readonly overLimitLeft = new Map<string, number>();

  /** Registers a socket server; returns the unregister function. */
  attach(target: SocketFaultTarget): () => void {
    this.targets.add(target);
    return () => this.targets.delete(target);
  }

  /** Terminates open sockets of `kind` (default all) without a close frame (client sees 1006). */
  dropSockets(kind: SocketKind = 'all'): void {
    for (const t of this.targets) t.drop(kind);
  }

  /** While on, text `ping` gets no `pong`. */
  stallPongs(on: boolean): void {
    this.pongsStalled = on;
  }

  /** The next `books` update of this book skips one seq number (its pseq ≠ the previous seq). */
  skipSeq(category: SimCategory, symbol: string): void {
    this.skip.add(`${category}|${symbol}`);
  }

  /** The next `books` update of this book restarts numbering: pseq 0 and a new seq. */
  restartSeq(category: SimCategory, symbol: string): void {
    this.restart.add(`${category}|${symbol}`);
  }

  /**
   * While on, the first `books` update each subscriber gets after its snapshot overlaps the snapshot
   * (pseq below the snapshot's seq, seq above it), as the official Order-Book-Channel page allows;
   * later updates chain as usual. Only snapshots sent while on are affected.
   */
  overlapFirstUpdate(on: boolean): void {
    this.overlapFirst = on;
  }

  /**
   * While on, `account` update pushes carry only the coins that changed since the last `account`
   * push to that socket (the official page does not say whether an update carries all coins). The
   * subscribe snapshot still carries every coin.
   */
  partialAccountPushes(on: boolean): void {
    this.partialAccount = on;
  }

  /**
   * The socket trade op refuses orders of these categories (lower case, as the socket spells them)
   * with 40020, as a live exchange would whose socket op does not take a category: the request is
   * refused before anything runs. An empty list turns it off.
   */
  refuseSocketTrade(categories: readonly string[]): void {
    this.socketRefused.clear();
    for (const c of categories) this.socketRefused.add(c.toLowerCase());
  }

  /** True when the socket trade op refuses `category` (lower case). */
  socketTradeRefuses(category: string): boolean {
    return this.socketRefused.has(category.toLowerCase());
  }

  /** Sends `notjson` text and a truncated JSON frame to open sockets of `kind` (default all). */
  garbageFrame(kind: SocketKind = 'all'): void {
    for (const t of this.targets) t.garbage(kind);
  }

  /** The next `count` HTTP requests get HTTP `status` (default 503) with an error envelope. */
  httpErrors(count: number, status = 503): void {
    this.httpErrorCount = Math.max(0, Math.floor(count));
    this.httpErrorStatus = status;
  }

  /**
   * The next `count` (default 1) REST requests to `path` answer 429 as if the caller's allowance
   * were spent (by another client of the same account): the rate limit check fails, nothing runs.
   */
  overLimit(path: string, count = 1): void {
    this.overLimitLeft.set(path, countOf(count));
  }

  /** Delays every HTTP reply and websocket trade reply by `ms` (0 turns it off). */
  delayReplies(ms: number): void {
    this.delayMs = Math.max(0, ms);
  }

  /**
   * The next `count` (default 1) order placements (REST or socket) of `scope` (default 'single':
   * `trade.placeOrder` only; 'batch': the batch placement; 'all': both) answer `code`. With `placed`
   * true the order, or the whole batch, is executed first (so it exists); with false nothing runs.
   */
  unknownResult(opts: { code: UnknownResultCode; placed: boolean; count?: number; scope?: PlacementScope }): void {
    this.unknown = { code: opts.code, placed: opts.placed, scope: opts.scope ?? 'single', left: countOf(opts.count) };
  }

  /**
   * The next `count` (default 1) REST order placements (single or batch) are executed, then their
   * reply is replaced by HTTP `status` (default 500, must be 400–599) with an error envelope: the
   * order exists, the client saw a server error.
   */
  executeThenFail(opts: { count?: number; status?: number } = {}): void {
    const status = opts.status ?? 500;
    if (!Number.isInteger(status) || status < 400 || status > 599) throw new RangeError(`executeThenFail: status ${status} is not an HTTP error status (400-599)`);
    this.execFail = { status, left: countOf(opts.count) };
  }

  /**
   * The next `count` (default 1) order placements (single or batch) on `transport` (default 'all')
   * are executed, then never answered: REST destroys the TCP connection, the socket is terminated
   * with no close frame and no reply.
   */
  executeThenDrop(opts: { count?: number; transport?: TransportScope } = {}): void {
    this.execDrop = { transport: opts.transport ?? 'all', left: countOf(opts.count) };
  }

  /**
   * The next `count` (default 1) order placements (single or batch) on `transport` (default 'all')
   * are held `ms` on the server's clock (its `sleep`) before anything else happens to them. REST
   * holds before authentication, so a request held past the 30 s timestamp window is refused 40008
   * and not executed; the socket holds the trade frame, then executes it even if the socket closed
   * meanwhile. Replies go out only if the connection is still open.
   */
  deliverLate(opts: { ms: number; count?: number; transport?: TransportScope }): void {
    if (!Number.isFinite(opts.ms) || opts.ms < 0) throw new RangeError(`deliverLate: ms ${opts.ms} must be a non-negative number`);
    this.late = { ms: opts.ms, transport: opts.transport ?? 'all', left: countOf(opts.count) };
  }

  /**
   * The next batch placement (REST or socket) executes every item except those at `failIndexes`
   * (0-based; indexes past the batch are ignored), which come back as per-item failures with `code`
   * (default 25202, the engine's insufficient-balance code) and `msg`.
   */
  partialBatch(opts: { failIndexes: readonly number[]; code?: string; msg?: string }): void {
    if (opts.failIndexes.length === 0 || opts.failIndexes.some((i) => !Number.isInteger(i) || i < 0)) {
      throw new RangeError('partialBatch: failIndexes must be one or more whole numbers >= 0');
    }
    this.partial = { failIndexes: [...opts.failIndexes], code: opts.code ?? PARTIAL_BATCH_CODE, msg: opts.msg ?? PARTIAL_BATCH_MSG };
  }

  /** Shifts the server clock by `ms` (positive = server ahead), so client timestamps expire. */
  clockSkew(ms: number): void {
    this.skewMs = ms;
  }

  /** Turns every fault off. */
  reset(): void {
    this.pongsStalled = false;
    this.skip.clear();
    this.socketRefused.clear();
    this.overLimitLeft.clear();
    this.restart.clear();
    this.httpErrorCount = 0;
    this.httpErrorStatus = 503;
    this.delayMs = 0;
    this.unknown = null;
    this.execFail = null;
    this.execDrop = null;
    this.late = null;
    this.partial = null;
    this.skewMs = 0;
    this.overlapFirst = false;
    this.partialAccount = false;
  }

  // ---- read side, used by the servers ----

  /** True while pongs are stalled. */
  get pongStalled(): boolean {
    return this.pongsStalled;
  }

  /** Reply delay in ms (0 = none). */
  get replyDelayMs(): number {
    return this.delayMs;
  }

  /** Server clock offset in ms. */
  get skew(): number {
    return this.skewMs;
  }

  /** True while first `books` updates overlap their snapshot. */
  get firstUpdateOverlaps(): boolean {
    return this.overlapFirst;
  }

  /** True while `account` updates carry only the changed coins. */
  get accountPushesPartial(): boolean {
    return this.partialAccount;
  }

  /** Consumes one forced HTTP error; returns its status or null. */
  takeHttpError(): number | null {
    if (this.httpErrorCount <= 0) return null;
    this.httpErrorCount -= 1;
    return this.httpErrorStatus;
  }

  /** Consumes one forced 429 for a request to `path`; true when there was one. */
  takeOverLimit(path: string): boolean {
    const left = this.overLimitLeft.get(path) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.overLimitLeft.delete(path);
    else this.overLimitLeft.set(path, left - 1);
    return true;
  }

  /** Consumes a pending seq fault for a book: 'skip', 'restart' or null. */
  takeSeqFault(category: SimCategory, symbol: string): 'skip' | 'restart' | null {
    const key = `${category}|${symbol}`;
    if (this.restart.delete(key)) return 'restart';
    if (this.skip.delete(key)) return 'skip';
    return null;
  }

  /** Consumes one pending unknown-result fault for a placement of `kind` (default single), if aimed at it. */
  takeUnknownResult(kind: 'single' | 'batch' = 'single'): { code: UnknownResultCode; placed: boolean } | null {
    const u = this.unknown;
    if (!u || (u.scope !== 'all' && u.scope !== kind)) return null;
    u.left -= 1;
    if (u.left <= 0) this.unknown = null;
    return { code: u.code, placed: u.placed };
  }

  /** Consumes one pending execute-then-fail fault (REST placements); returns its HTTP status or null. */
  takeExecuteThenFail(): number | null {
    const f = this.execFail;
    if (!f) return null;
    f.left -= 1;
    if (f.left <= 0) this.execFail = null;
    return f.status;
  }

  /** Consumes one pending execute-then-drop fault for a placement on `transport`; true if it applies. */
  takeExecuteThenDrop(transport: PlacementTransport): boolean {
    const d = this.execDrop;
    if (!d || !reaches(d.transport, transport)) return false;
    d.left -= 1;
    if (d.left <= 0) this.execDrop = null;
    return true;
  }

  /** Consumes one pending late delivery for a placement on `transport`; returns the hold in ms or null. */
  takeLateDelivery(transport: PlacementTransport): number | null {
    const l = this.late;
    if (!l || !reaches(l.transport, transport)) return null;
    l.left -= 1;
    if (l.left <= 0) this.late = null;
    return l.ms;
  }

  /** Consumes the pending partial-batch fault (one batch placement). */
  takePartialBatch(): PartialBatchFault | null {
    const p = this.partial;
    this.partial = null;
    return p;
  }
}

const CATEGORIES: readonly SimCategory[] = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];

function kindOf(v: string | undefined): SocketKind {
  if (v === undefined || v === '' || v === 'all') return 'all';
  if (v === 'public' || v === 'private') return v;
  throw new Error(`fault spec: socket kind "${v}" is not public, private or all`);
}

function transportOf(raw: string, v: string | undefined): TransportScope {
  if (v === undefined || v === '' || v === 'all') return 'all';
  if (v === 'rest' || v === 'socket') return v;
  throw new Error(`fault spec "${raw}": transport "${v}" is not rest, socket or all`);
}

function scopeOf(raw: string, v: string | undefined): PlacementScope {
  if (v === undefined || v === '') return 'single';
  if (v === 'single' || v === 'batch' || v === 'all') return v;
  throw new Error(`fault spec "${raw}": scope "${v}" is not single, batch or all`);
}

const KNOWN = 'dropSockets, garbageFrame, stallPongs, overlapFirstUpdate, partialAccountPushes, refuseSocketTrade, skipSeq, restartSeq, httpErrors, overLimit, delayReplies, clockSkew, unknownResult, executeThenFail, executeThenDrop, deliverLate, partialBatch';

/**
 * Applies a comma-separated fault spec, e.g.
 * `httpErrors=3:503,delayReplies=200,stallPongs,clockSkew=60000,unknownResult=40010:placed,skipSeq=USDT-FUTURES:BTCUSDT`.
 * Switches (`stallPongs`, `overlapFirstUpdate`, `partialAccountPushes`) turn on bare and off with `=off`.
 * `refuseSocketTrade=spot:margin` makes the socket trade op refuse those categories.
 * Socket actions (`dropSockets[=kind]`, `garbageFrame[=kind]`) act at once.
 * Placement faults: `unknownResult=CODE:placed|notplaced[:COUNT[:single|batch|all]]`,
 * `executeThenFail[=COUNT[:STATUS]]`, `executeThenDrop[=COUNT[:rest|socket|all]]`,
 * `deliverLate=MS[:COUNT[:rest|socket|all]]`, `partialBatch=I[:I...]` (0-based item indexes).
 * `overLimit=PATH[:COUNT]` answers 429 to the next requests to a REST path.
 * Throws on an unknown or malformed item.
 */
export function applyFaultSpec(faults: Faults, spec: string): void {
  for (const raw of spec.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const [name = '', value] = raw.split('=', 2);
    const parts = value?.split(':') ?? [];
    const int = (v: string | undefined, what: string): number => {
      if (v === undefined || !/^-?\d+$/.test(v)) throw new Error(`fault spec "${raw}": ${what} must be an integer`);
      return Number(v);
    };
    const atLeast = (v: string | undefined, min: number, what: string): number => {
      const n = int(v, what);
      if (n < min) throw new Error(`fault spec "${raw}": ${what} must be at least ${min}`);
      return n;
    };
    const count = (v: string | undefined): number => (v === undefined || v === '' ? 1 : atLeast(v, 1, 'count'));
    const book = (): [SimCategory, string] => {
      const cat = CATEGORIES.find((c) => c === parts[0]);
      if (!cat || !parts[1]) throw new Error(`fault spec "${raw}": use ${name}=CATEGORY:SYMBOL, e.g. ${name}=USDT-FUTURES:BTCUSDT`);
      return [cat, parts[1]];
    };
    switch (name) {
      case 'dropSockets': faults.dropSockets(kindOf(value)); break;
      case 'garbageFrame': faults.garbageFrame(kindOf(value)); break;
      case 'stallPongs': faults.stallPongs(value !== 'off'); break;
      case 'overlapFirstUpdate': faults.overlapFirstUpdate(value !== 'off'); break;
      case 'partialAccountPushes': faults.partialAccountPushes(value !== 'off'); break;
      case 'refuseSocketTrade': faults.refuseSocketTrade(parts); break;
      case 'skipSeq': faults.skipSeq(...book()); break;
      case 'restartSeq': faults.restartSeq(...book()); break;
      case 'httpErrors': faults.httpErrors(int(parts[0], 'count'), parts[1] === undefined ? 503 : int(parts[1], 'status')); break;
      case 'overLimit':
        if (!parts[0]?.startsWith('/')) throw new Error(`fault spec "${raw}": use overLimit=PATH[:COUNT], e.g. overLimit=/api/v3/trade/countdown-cancel-all:1`);
        faults.overLimit(parts[0], count(parts[1]));
        break;
      case 'delayReplies': faults.delayReplies(int(parts[0], 'ms')); break;
      case 'clockSkew': faults.clockSkew(int(parts[0], 'ms')); break;
      case 'unknownResult': {
        const code = parts[0];
        if (code !== '40010' && code !== '40725' && code !== '45001') throw new Error(`fault spec "${raw}": code must be 40010, 40725 or 45001`);
        if (parts[1] !== 'placed' && parts[1] !== 'notplaced') throw new Error(`fault spec "${raw}": use unknownResult=CODE:placed or CODE:notplaced`);
        faults.unknownResult({ code, placed: parts[1] === 'placed', count: count(parts[2]), scope: scopeOf(raw, parts[3]) });
        break;
      }
      case 'executeThenFail': {
        const status = parts[1] === undefined ? 500 : int(parts[1], 'status');
        if (status < 400 || status > 599) throw new Error(`fault spec "${raw}": status must be an HTTP error status, 400-599`);
        faults.executeThenFail({ count: count(parts[0]), status });
        break;
      }
      case 'executeThenDrop': faults.executeThenDrop({ count: count(parts[0]), transport: transportOf(raw, parts[1]) }); break;
      case 'deliverLate':
        if (!parts[0]) throw new Error(`fault spec "${raw}": use deliverLate=MS[:COUNT[:rest|socket|all]]`);
        faults.deliverLate({ ms: atLeast(parts[0], 0, 'ms'), count: count(parts[1]), transport: transportOf(raw, parts[2]) });
        break;
      case 'partialBatch':
        if (parts.length === 0) throw new Error(`fault spec "${raw}": use partialBatch=INDEX[:INDEX...], e.g. partialBatch=1:3`);
        faults.partialBatch({ failIndexes: parts.map((p) => atLeast(p, 0, 'item index')) });
        break;
      default:
        throw new Error(`fault spec: unknown fault "${name}" (known: ${KNOWN})`);
    }
  }
}
