import http from 'node:http';
import https from 'node:https';
import type { HttpTransport } from './http-transport.js';

/**
 * Node's own `http`/`https` with a keep-alive agent (up to 8 sockets): what the one-shot commands
 * use, since Node has these compiled in while undici's package costs ~45 ms to load. Socket errors
 * keep Node's codes (ECONNREFUSED: nothing was sent; ECONNRESET: maybe sent).
 */
export function nodeHttpTransport(origin: string): HttpTransport {
  const url = new URL(origin);
  const lib = url.protocol === 'https:' ? https : http;
  const agent = new lib.Agent({ keepAlive: true, maxSockets: 8 });
  // An IPv6 literal comes bracketed in a URL; `http.request` wants it bare.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    request: (r) =>
      new Promise((resolve, reject) => {
        const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
        const req = lib.request({ protocol: url.protocol, hostname, port: url.port === '' ? undefined : Number(url.port), method: r.method, path: r.path, headers, agent, signal: r.signal }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
          // A connection closed mid-body: the request may have been acted on (never "not sent").
          res.on('close', () => {
            if (!res.complete) reject(Object.assign(new Error('the connection closed before the reply ended'), { code: 'ECONNRESET' }));
          });
        });
        req.on('error', reject);
        req.end(r.body);
      }),
    close: async () => {
      agent.destroy();
    },
  };
}
