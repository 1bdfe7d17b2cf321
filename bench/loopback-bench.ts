import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { OrderBook } from '../src/exchange/book/order-book.js';
import { BOOK_TOPICS } from '../src/exchange/ws/push-head.js';
import { StreamClient } from '../src/exchange/ws/stream-client.js';
import type { StreamArg } from '../src/exchange/ws/topics.js';

/**
 * Socket-path benchmark over a real loopback websocket (issue 18): `loopback-server.ts` in a child
 * process sends the frames file; this process runs a real `StreamClient` (the `ws` client socket,
 * its framing and UTF-8 decoding, then our inbound path) with a `books` topic handler applying each
 * read to an `OrderBook`. Per run, from the first book push to the last: wall time (which the
 * sender can bound) and this process's CPU time (user + system, all threads), per frame.
 */

/** What the loopback figure measures, printed with it. */
export const LOOPBACK_PATH =
  "real ws over 127.0.0.1 from a child-process server → StreamClient (ws client, parseFrame) → onTopic('books') → OrderBook.applyRead; cpu = this process's CPU per frame";

/** One loopback result line. */
export interface LoopbackResult {
  readonly path: string;
  readonly msgs: number;
  readonly runs: number;
  /** Median wall time per frame, first push to last, µs. */
  readonly wallUsPerMsg: number;
  /** Frames a second at that wall time. */
  readonly msgsPerSec: number;
  /** Median CPU time of this process per frame over the same span, µs. */
  readonly cpuUsPerMsg: number;
  /** Best and worst CPU per frame over the runs, µs (the spread on a shared machine). */
  readonly cpuUsPerMsgRange: readonly [number, number];
  readonly bids: [string, string][];
  readonly asks: [string, string][];
}

interface Run {
  readonly wallUs: number;
  readonly cpuUs: number;
  readonly top: ReturnType<OrderBook['wireTop']>;
}

/** One connection: subscribe, receive `count` book pushes, close. */
function oneRun(port: number, count: number, arg: StreamArg): Promise<Run> {
  const client = new StreamClient({ publicUrl: `ws://127.0.0.1:${port}` });
  const book = new OrderBook();
  let seen = 0;
  let t0 = 0n;
  let cpu0 = process.cpuUsage();
  return new Promise<Run>((resolve, reject) => {
    const fail = (error: Error): void => {
      client.close();
      reject(error);
    };
    for (const topic of BOOK_TOPICS) {
      client.onTopic(topic, (push) => {
        if (seen === 0) {
          t0 = process.hrtime.bigint();
          cpu0 = process.cpuUsage();
        }
        book.applyRead(push.book);
        seen += 1;
        if (seen < count) return;
        const cpu = process.cpuUsage(cpu0);
        const wallUs = Number(process.hrtime.bigint() - t0) / 1e3;
        client.close();
        resolve({ wallUs, cpuUs: cpu.user + cpu.system, top: book.wireTop(5) });
      });
    }
    client.onError((_kind, error) => fail(error));
    client.subscribe([arg]);
    client.connect();
  });
}

/** Runs the loopback benchmark over the frames in `file` (`count` book frames, snapshot first). */
export async function runLoopback(file: string, count: number, arg: StreamArg, runs = 3): Promise<LoopbackResult> {
  const server = fork(fileURLToPath(new URL('./loopback-server.ts', import.meta.url)), [file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.once('message', (m: { port?: number }) => (m.port === undefined ? reject(new Error('loopback server sent no port')) : resolve(m.port)));
      server.once('exit', (code) => reject(new Error(`loopback server exited (${String(code)})`)));
    });
    await oneRun(port, count, arg); // warm-up (JIT)
    const all: Run[] = [];
    for (let r = 0; r < runs; r++) all.push(await oneRun(port, count, arg));
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const wall = median(all.map((r) => r.wallUs)) / count;
    const cpus = all.map((r) => r.cpuUs / count);
    const top = all.at(-1)?.top ?? { bids: [], asks: [] };
    return {
      path: LOOPBACK_PATH,
      msgs: count,
      runs,
      wallUsPerMsg: round(wall),
      msgsPerSec: Math.round(1e6 / wall),
      cpuUsPerMsg: round(median(cpus)),
      cpuUsPerMsgRange: [round(Math.min(...cpus)), round(Math.max(...cpus))],
      bids: top.bids,
      asks: top.asks,
    };
  } finally {
    server.disconnect();
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
