import { buildQueryString, signingQueryString, signRest } from '../../../src/exchange/wire/sign.js';

/** Credentials a test signs with. */
export interface TestCreds {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

/** Reply of `signedFetch`: HTTP status and parsed envelope. */
export interface TestReply {
  readonly status: number;
  readonly body: { code: string; msg: string; requestTime: number; data: unknown };
}

/**
 * Sends a signed REST request like a client would (sorted query, sent encoded and signed decoded; JSON body); `headers`
 * overrides or removes (undefined) any header after signing; `signal` aborts it.
 */
export async function signedFetch(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  creds: TestCreds | null,
  opts: { query?: Record<string, string>; body?: unknown; rawBody?: string; ts?: number; headers?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<TestReply> {
  const query = buildQueryString(opts.query);
  const body = opts.rawBody ?? (opts.body === undefined ? '' : JSON.stringify(opts.body));
  const ts = String(opts.ts ?? Date.now());
  const h: Record<string, string | undefined> = { 'content-type': 'application/json' };
  if (creds) {
    h['access-key'] = creds.apiKey;
    h['access-passphrase'] = creds.passphrase;
    h['access-timestamp'] = ts;
    h['access-sign'] = signRest(creds.secret, ts, method, path, signingQueryString(opts.query), body);
  }
  Object.assign(h, opts.headers ?? {});
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) headers[k] = v;
  const res = await fetch(`${base}${path}${query ? `?${query}` : ''}`, { method, headers, ...(method === 'POST' ? { body } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as TestReply['body'] };
}
