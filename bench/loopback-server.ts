import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * Child process of `loopback-bench.ts`: a websocket server on 127.0.0.1 (port 0, sent to the parent)
 * that answers `ping`, acks every subscribe arg, and then sends every frame of the file named by
 * its first argument, as fast as `ws` takes them.
 */

const file = process.argv[2] ?? '';
const frames = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('listening', () => process.send?.({ port: (wss.address() as AddressInfo).port }));
wss.on('connection', (socket) => {
  socket.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    if (text === 'ping') {
      socket.send('pong');
      return;
    }
    const request = JSON.parse(text) as { op?: string; args?: unknown[] };
    if (request.op !== 'subscribe') return;
    for (const arg of request.args ?? []) socket.send(JSON.stringify({ event: 'subscribe', arg }));
    for (const frame of frames) socket.send(frame);
  });
});
process.on('disconnect', () => {
  wss.close();
  process.exit(0);
});
