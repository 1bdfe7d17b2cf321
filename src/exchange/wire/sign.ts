import { createHmac } from 'node:crypto';

/**
 * Request signing, protocol-notes §1 and §4.4. One definition shared by the REST client, the
 * websocket login and the embedded exchange's verifier.
 */

/** The query string for a GET: keys sorted, values through encodeURIComponent; `undefined` skipped. */
export function buildQueryString(params: Readonly<Record<string, unknown>> | undefined): string {
  if (!params) return '';
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(String(params[k]))}`)
    .join('&');
}

/** The exact text that is signed for a REST request. `query` is the raw text after `?` (may be empty). */
export function restPrehash(timestamp: string, method: string, path: string, query: string, body: string): string {
  return `${timestamp}${method.toUpperCase()}${path}${query ? `?${query}` : ''}${body}`;
}

/** base64(HMAC-SHA256(secret, text)). */
export function hmacBase64(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64');
}

/** ACCESS-SIGN for a REST request. */
export function signRest(secret: string, timestamp: string, method: string, path: string, query: string, body: string): string {
  return hmacBase64(secret, restPrehash(timestamp, method, path, query, body));
}

/** The `sign` of a websocket login: HMAC over `timestamp + "GET" + "/user/verify"` (timestamp in seconds). */
export function signWsLogin(secret: string, timestampSeconds: string): string {
  return hmacBase64(secret, `${timestampSeconds}GET/user/verify`);
}
