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
  private unknown: { code: UnknownResultCode; placed: boolean; left: number } | null = null;
  private skewMs = 0;
  private overlapFirst = false;
  private partialAccount = false;
  private readonly socketRefused = new Set<string>();

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

  /** Delays every HTTP reply and websocket trade reply by `ms` (0 turns it off). */
  delayReplies(ms: number): void {
    this.delayMs = Math.max(0, ms);
  }

  /**
   * The next `count` (default 1) `trade.placeOrder` calls (REST or socket) answer `code`; with
   * `placed` true the order is placed first (so it exists), with false it is not.
   */
  unknownResult(opts: { code: UnknownResultCode; placed: boolean; count?: number }): void {
    this.unknown = { code: opts.code, placed: opts.placed, left: Math.max(1, opts.count ?? 1) };
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
    this.restart.clear();
    this.httpErrorCount = 0;
    this.httpErrorStatus = 503;
    this.delayMs = 0;
    this.unknown = null;
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

  /** Consumes a pending seq fault for a book: 'skip', 'restart' or null. */
  takeSeqFault(category: SimCategory, symbol: string): 'skip' | 'restart' | null {
    const key = `${category}|${symbol}`;
    if (this.restart.delete(key)) return 'restart';
    if (this.skip.delete(key)) return 'skip';
    return null;
  }

  /** Consumes one pending unknown-result fault for an order placement. */
  takeUnknownResult(): { code: UnknownResultCode; placed: boolean } | null {
    const u = this.unknown;
    if (!u) return null;
    u.left -= 1;
    if (u.left <= 0) this.unknown = null;
    return { code: u.code, placed: u.placed };
  }
}

const CATEGORIES: readonly SimCategory[] = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'];

function kindOf(v: string | undefined): SocketKind {
  if (v === undefined || v === '' || v === 'all') return 'all';
  if (v === 'public' || v === 'private') return v;
  throw new Error(`fault spec: socket kind "${v}" is not public, private or all`);
}

/**
 * Applies a comma-separated fault spec, e.g.
 * `httpErrors=3:503,delayReplies=200,stallPongs,clockSkew=60000,unknownResult=40010:placed,skipSeq=USDT-FUTURES:BTCUSDT`.
 * Switches (`stallPongs`, `overlapFirstUpdate`, `partialAccountPushes`) turn on bare and off with `=off`.
 * `refuseSocketTrade=spot:margin` makes the socket trade op refuse those categories.
 * Socket actions (`dropSockets[=kind]`, `garbageFrame[=kind]`) act at once. Throws on an unknown item.
 */
export function applyFaultSpec(faults: Faults, spec: string): void {
  for (const raw of spec.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const [name = '', value] = raw.split('=', 2);
    const parts = value?.split(':') ?? [];
    const int = (v: string | undefined, what: string): number => {
      if (v === undefined || !/^-?\d+$/.test(v)) throw new Error(`fault spec "${raw}": ${what} must be an integer`);
      return Number(v);
    };
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
      case 'delayReplies': faults.delayReplies(int(parts[0], 'ms')); break;
      case 'clockSkew': faults.clockSkew(int(parts[0], 'ms')); break;
      case 'unknownResult': {
        const code = parts[0];
        if (code !== '40010' && code !== '40725' && code !== '45001') throw new Error(`fault spec "${raw}": code must be 40010, 40725 or 45001`);
        faults.unknownResult({ code, placed: parts[1] === 'placed', count: parts[2] === undefined ? 1 : int(parts[2], 'count') });
        break;
      }
      default:
        throw new Error(`fault spec: unknown fault "${name}" (known: dropSockets, garbageFrame, stallPongs, overlapFirstUpdate, partialAccountPushes, refuseSocketTrade, skipSeq, restartSeq, httpErrors, delayReplies, clockSkew, unknownResult)`);
    }
  }
}
