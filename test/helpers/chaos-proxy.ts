import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A recording REST forwarder for chaos tests: the app's RestClient talks to it, it passes every
 * request byte for byte to the embedded exchange and remembers each order placement (clientOids,
 * HTTP status and envelope code of the reply). It is how a test counts what reached the exchange's
 * door, including requests the exchange then refused (injected 5xx/429, expired timestamps), which
 * the exchange's own order table never sees.
 */

/** One order-placement request that went through the forwarder. */
export interface PlacementRequest {
  /** `/api/v3/trade/place-order` or `/api/v3/trade/place-batch`. */
  readonly path: string;
  /** clientOids in the body (one for place-order). */
  readonly clientOids: readonly string[];
  /** HTTP status of the reply; null when the exchange could not be reached. */
  status: number | null;
  /** Envelope `code` of the reply ('' when none). */
  code: string;
}

/** A running forwarder. */
export interface RestProxy {
  /** Origin to give the RestClient, e.g. `http://127.0.0.1:40125`. */
  readonly url: string;
  /** Every placement request, oldest first. */
  readonly placements: readonly PlacementRequest[];
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

const PLACEMENT_PATHS = new Set(['/api/v3/trade/place-order', '/api/v3/trade/place-batch']);

function clientOidsOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.flatMap((i) => (typeof i === 'object' && i !== null && typeof (i as { clientOid?: unknown }).clientOid === 'string' ? [(i as { clientOid: string }).clientOid] : []));
  } catch {
    return [];
  }
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function envelopeCode(body: Buffer): string {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const code = typeof parsed === 'object' && parsed !== null ? (parsed as { code?: unknown }).code : undefined;
    return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
  } catch {
    return '';
  }
}

/**
 * Starts the forwarder on 127.0.0.1 port 0. `target()` is asked per request for the exchange origin
 * (so a restarted exchange on the same port is reached again). When the exchange cannot be reached
 * the client connection is reset, as a dead server would.
 */
export async function startRestProxy(target: () => string): Promise<RestProxy> {
  const placements: PlacementRequest[] = [];
  const agent = new Agent({ keepAlive: true });
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readAll(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const record: PlacementRequest | null = PLACEMENT_PATHS.has(path) ? { path, clientOids: clientOidsOf(body.toString('utf8')), status: null, code: '' } : null;
    if (record) placements.push(record);
    const upstream = new URL(target());
    const headers = { ...req.headers, host: upstream.host };
    const out = request({ agent, host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (reply) => {
      void readAll(reply).then((replyBody) => {
        if (record) {
          record.status = reply.statusCode ?? null;
          record.code = envelopeCode(replyBody);
        }
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        res.end(replyBody);
      });
    });
    out.on('error', () => req.socket.destroy());
    out.end(body);
  };
  const server = createServer((req, res) => {
    forward(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    placements,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
