import { Pool } from 'undici';
import type { HttpTransport } from './http-transport.js';

/** undici's `Pool`: up to 8 kept-alive connections to the origin (the cockpit's transport). */
export function poolTransport(origin: string): HttpTransport {
  const pool = new Pool(origin, { connections: 8, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
  return {
    async request(r) {
      const res = await pool.request({ method: r.method, path: r.path, headers: r.headers, body: r.body, signal: r.signal });
      return { statusCode: res.statusCode, text: await res.body.text() };
    },
    close: () => pool.close(),
  };
}
