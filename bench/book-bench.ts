import { OrderBook } from '../src/exchange/book/order-book.js';
import { SOCKET_PATH, socketPath } from './socket-bench.js';

/**
 * Order-book benchmark: parse + apply + sequence check (+ checksum when the frames carry one) over
 * frames held in memory, against JSON.parse alone and against ccxt's own order-book classes fed the
 * way ccxt's bitget watcher feeds them (JSON.parse, then `handleDeltas` into a counted book, plus
 * its CRC check when a frame carries a checksum). Beside the book alone, the same frames through the
 * stream client's inbound path (`socket-bench.ts`), timed in the same interleaved rounds.
 */

/** One bench result line. */
export interface BookBenchResult {
  readonly msgs: number;
  readonly msgsPerSec: number;
  readonly usPerMsg: number;
  /** Median CPU time of this process per frame, µs (wall-clock figures inflate when other work shares the cores). */
  readonly cpuUsPerMsg: number;
  readonly rssMB: number;
  readonly bids: [string, string][];
  readonly asks: [string, string][];
  readonly jsonParseUsPerMsg: number;
  readonly ratioToJsonParse: number;
  /** The same frames from socket bytes to the applied book, through the stream connection and client. */
  readonly socket: { readonly path: string; readonly msgsPerSec: number; readonly usPerMsg: number; readonly cpuUsPerMsg: number; readonly ratioToBook: number };
  readonly ccxt: { readonly msgsPerSec: number; readonly usPerMsg: number; readonly ratioOursFaster: number } | null;
  /** Why ccxt is null (absent when it ran). */
  readonly ccxtError?: string;
}

/** Median wall and CPU milliseconds per contender. */
interface Medians {
  readonly wall: number[];
  /** This process's CPU time (user + system, all threads): steadier than wall time when other work shares the cores. */
  readonly cpu: number[];
}

/**
 * Times each contender once per round, interleaved, so load from other processes hits all of them
 * alike; returns the median ms per contender. `warm` unmeasured rounds come first (JIT).
 */
function interleavedMedians(contenders: readonly (() => void)[], runs: number, warm: number): Medians {
  for (let i = 0; i < warm; i++) for (const fn of contenders) fn();
  const wall: number[][] = contenders.map(() => []);
  const cpu: number[][] = contenders.map(() => []);
  for (let r = 0; r < runs; r++) {
    contenders.forEach((fn, k) => {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      fn();
      wall[k]?.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const c = process.cpuUsage(c0);
      cpu[k]?.push((c.user + c.system) / 1e3);
    });
  }
  const median = (t: number[]): number => {
    t.sort((a, b) => a - b);
    return t[Math.floor(t.length / 2)] ?? 0;
  };
  return { wall: wall.map(median), cpu: cpu.map(median) };
}

interface CcxtSide {
  readonly length: number;
  readonly [i: number]: [number, number, [string, string]];
}
interface CcxtBook {
  readonly bids: CcxtSide;
  readonly asks: CcxtSide;
}
interface CcxtExchange {
  countedOrderBook(snapshot?: object): CcxtBook;
  handleDeltas(side: CcxtSide, deltas: unknown): void;
  crc32(text: string, signed: boolean): number;
}
interface RawFrame {
  readonly action?: string;
  readonly data?: readonly { readonly a?: unknown; readonly b?: unknown; readonly checksum?: number }[];
}

/** Loads ccxt's bitget pro exchange, or returns the reason it cannot be used. */
async function loadCcxt(): Promise<CcxtExchange | string> {
  try {
    const mod: { pro?: { bitget?: new () => unknown }; default?: { pro?: { bitget?: new () => unknown } } } = await import('ccxt');
    const Bitget = mod.pro?.bitget ?? mod.default?.pro?.bitget;
    if (Bitget === undefined) return 'ccxt.pro.bitget not found in the installed ccxt';
    return new Bitget() as CcxtExchange;
  } catch (err) {
    return `cannot import ccxt: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** ccxt's bitget handleOrderBook for the incremental `books` channel, without the socket plumbing. */
function ccxtRun(ex: CcxtExchange, frames: readonly string[]): CcxtBook | null {
  let book: CcxtBook | null = null;
  for (const text of frames) {
    const msg = JSON.parse(text) as RawFrame;
    const raw = msg.data?.[0] ?? {};
    if (book === null || msg.action === 'snapshot') book = ex.countedOrderBook({});
    ex.handleDeltas(book.asks, raw.a ?? []);
    ex.handleDeltas(book.bids, raw.b ?? []);
    if (msg.action !== 'snapshot' && raw.checksum !== undefined) {
      const parts: string[] = [];
      for (let i = 0; i < 25; i++) {
        const b = book.bids[i];
        const a = book.asks[i];
        if (i < book.bids.length && b !== undefined) parts.push(b[2][0], b[2][1]);
        if (i < book.asks.length && a !== undefined) parts.push(a[2][0], a[2][1]);
      }
      if (ex.crc32(parts.join(':'), true) !== raw.checksum) throw new Error('ccxt checksum mismatch');
    }
  }
  return book;
}

/** Runs the benchmark over `frames` (raw websocket text frames, snapshot first). */
export async function runBookBench(frames: readonly string[], runs = 7): Promise<BookBenchResult> {
  let last = new OrderBook();
  const ours = (): void => {
    const book = new OrderBook();
    for (const text of frames) book.applyText(text);
    last = book;
  };
  let sink = 0;
  const json = (): void => {
    for (const text of frames) sink += (JSON.parse(text) as RawFrame).data?.length ?? 0;
  };
  const n = frames.length;
  const ex = await loadCcxt();
  let ccxtError: string | undefined = typeof ex === 'string' ? ex : undefined;
  let ccxtFn: (() => void) | null = null;
  if (typeof ex !== 'string') {
    try {
      // Correctness gate: ccxt's book must agree with ours before its speed means anything.
      ours();
      const check = ccxtRun(ex, frames);
      const mine = last.wireTop(5);
      const theirs = (side: CcxtSide | undefined): [string, string][] => {
        const out: [string, string][] = [];
        for (let i = 0; i < Math.min(5, side?.length ?? 0); i++) {
          const level = side?.[i];
          if (level !== undefined) out.push([level[2][0], level[2][1]]);
        }
        return out;
      };
      if (JSON.stringify([theirs(check?.bids), theirs(check?.asks)]) !== JSON.stringify([mine.bids, mine.asks]))
        throw new Error('ccxt book disagrees with ours on the top 5 levels');
      ccxtFn = () => void ccxtRun(ex, frames);
    } catch (err) {
      ccxtError = `ccxt run failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  const socket = socketPath(frames);
  const socketTop = socket.run().wireTop(5);
  ours();
  if (JSON.stringify(socketTop) !== JSON.stringify(last.wireTop(5))) throw new Error('the socket path ends in another book than the book alone');
  const socketFn = (): void => void socket.run();
  const contenders = ccxtFn === null ? [ours, json, socketFn] : [ours, json, socketFn, ccxtFn];
  const medians = interleavedMedians(contenders, runs, 2);
  const [oursMs = 0, jsonMs = 0, socketMs = 0, ccxtMs = 0] = medians.wall;
  const [oursCpuMs = 0, , socketCpuMs = 0] = medians.cpu;
  socket.close();
  if (sink <= 0) throw new Error('JSON.parse baseline saw no data items');
  const top = last.wireTop(5);
  const ccxt: BookBenchResult['ccxt'] =
    ccxtFn === null ? null : { msgsPerSec: Math.round(n / (ccxtMs / 1000)), usPerMsg: round((ccxtMs * 1000) / n), ratioOursFaster: round(ccxtMs / oursMs) };
  return {
    msgs: n,
    msgsPerSec: Math.round(n / (oursMs / 1000)),
    usPerMsg: round((oursMs * 1000) / n),
    cpuUsPerMsg: round((oursCpuMs * 1000) / n),
    rssMB: round(process.memoryUsage().rss / 2 ** 20),
    bids: top.bids,
    asks: top.asks,
    jsonParseUsPerMsg: round((jsonMs * 1000) / n),
    ratioToJsonParse: round(oursMs / jsonMs),
    socket: { path: SOCKET_PATH, msgsPerSec: Math.round(n / (socketMs / 1000)), usPerMsg: round((socketMs * 1000) / n), cpuUsPerMsg: round((socketCpuMs * 1000) / n), ratioToBook: round(socketMs / oursMs) },
    ccxt,
    ...(ccxtError === undefined ? {} : { ccxtError }),
  };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
