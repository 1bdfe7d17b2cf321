/**
 * How the REST client reaches the exchange: one request out, the status and body text back. Two
 * kinds: undici's `Pool` (pool-transport.ts) for the long-lived cockpit, and Node's own `http`
 * (node-http-transport.ts) for the one-shot commands, which then never load undici: its package
 * index (fetch, websockets, caches, mocks) was ~45 ms of `utadash status`'s ~250 ms start.
 * Errors are the transport's own (`code` ECONNREFUSED, ECONNRESET, UND_ERR_…): `transportError`
 * in envelope.ts decides from them whether a write was sent.
 */

/** One request, its path holding the query. */
export interface HttpRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** Aborts the request (the client's timeout). */
  readonly signal: AbortSignal;
}

/** What came back. */
export interface HttpReply {
  readonly statusCode: number;
  readonly text: string;
}

/** A connection pool to one origin. */
export interface HttpTransport {
  request(request: HttpRequest): Promise<HttpReply>;
  /** Closes its connections. */
  close(): Promise<void>;
}

/** Makes the transport for an origin (`https://api.bitget.com`). */
export type HttpTransportFactory = (origin: string) => HttpTransport;
