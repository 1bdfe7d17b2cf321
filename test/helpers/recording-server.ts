import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it reached the recording server. */
export interface Captured {
  readonly method: string;
  readonly path: string;
  /** Raw text after `?`, still encoded ('' when none). */
  readonly query: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the server answers: a status and body, or `hang` (never answer). */
export type Reply = { readonly status: number; readonly body: string } | 'hang';

/** A running recording server. */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request, oldest first. */
  readonly seen: Captured[];
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
}

/**
 * A loopback HTTP server (127.0.0.1, port 0) that records each request byte for byte and answers
 * with `reply(request, index)`, read at each request so a test may swap it.
 */
export async function startRecordingServer(reply: () => (req: Captured, index: number) => Reply): Promise<RecordingServer> {
  const seen: Captured[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      const captured: Captured = { method: req.method ?? '', path: q < 0 ? url : url.slice(0, q), query: q < 0 ? '' : url.slice(q + 1), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(captured);
      const r = reply()(captured, seen.length - 1);
      if (r === 'hang') return;
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
