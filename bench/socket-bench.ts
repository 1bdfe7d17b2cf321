import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { OrderBook } from '../src/exchange/book/order-book.js';
import { BOOK_TOPICS } from '../src/exchange/ws/push-head.js';
import { StreamClient } from '../src/exchange/ws/stream-client.js';

/**
 * Socket-path benchmark (issue 18): frame text in → book applied, through the stream client. Each
 * frame goes, as a `Buffer` view the way `ws` delivers it, into the public `StreamConnection`'s own
 * `message` listener (UTF-8 decode, `parseFrame`: the books head scan and the one book read, health,
 * the `text` and `frame` events), then `StreamClient`'s routing by topic, then a `books` topic handler
 * that applies the read to an `OrderBook` as `MarketService` does. Only the socket is replaced: an
 * in-process stand-in that emits what `ws` would, so the figure is our inbound cost without the
 * kernel and `ws`'s framing (`runLoopback` in `loopback-bench.ts` measures those too).
 */

/** What the socket-path figure measures, printed with it. */
export const SOCKET_PATH =
  "StreamConnection's ws 'message' listener fed a Buffer view per frame (socket stand-in, no kernel/ws framing) → parseFrame → StreamClient.onTopic('books') → OrderBook.applyRead";

/** A stand-in for the `ws` client socket: open at once, sends nothing anywhere. */
class InboundSocket extends EventEmitter {
  readonly readyState = WebSocket.OPEN;
  send(): void {}
  close(): void {}
  terminate(): void {}
}

/** A stream client wired to an in-process socket; `run` pushes every frame through it into a fresh book. */
export interface SocketPath {
  /** Feeds every frame (snapshot first) into a fresh book through the client; returns the book. */
  run(): OrderBook;
  /** Closes the client (stops its timers). */
  close(): void;
}

/** Builds the socket path over `frames` (raw websocket text frames, snapshot first). */
export function socketPath(frames: readonly string[]): SocketPath {
  // One buffer, and per frame a view into it, as `ws` hands out views of what it received.
  const all = Buffer.from(frames.join(''), 'utf8');
  const ends = new Int32Array(frames.length);
  let end = 0;
  frames.forEach((text, i) => (ends[i] = end += Buffer.byteLength(text, 'utf8')));
  let socket: InboundSocket | null = null;
  const client = new StreamClient({
    publicUrl: 'ws://bench.invalid/public',
    tuning: { createSocket: () => (socket = new InboundSocket()) as unknown as WebSocket, pingIntervalMs: 3_600_000 },
  });
  let book = new OrderBook();
  const errors: string[] = [];
  for (const topic of BOOK_TOPICS) client.onTopic(topic, (push) => book.applyRead(push.book));
  client.onError((_kind, error) => errors.push(`${error.code}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`));
  client.connect();
  const open = socket as InboundSocket | null;
  if (open === null) throw new Error('socket path: the client opened no socket');
  open.emit('open');
  return {
    run: () => {
      book = new OrderBook();
      let start = 0;
      for (const stop of ends) {
        open.emit('message', all.subarray(start, stop), false);
        start = stop;
      }
      if (errors.length > 0) throw new Error(`socket path: ${errors.length} errors, first: ${errors[0] ?? ''}`);
      return book;
    },
    close: () => client.close(),
  };
}
