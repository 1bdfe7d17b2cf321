import { createHmac } from 'node:crypto';

/**
 * Request signing, protocol-notes §1 and §4.4 as corrected by Bitget's signature page
 * (docs/conformance.md "Signing"): a GET's query is SENT percent-encoded but SIGNED as its decoded
 * text (`symbol=A B`, not `symbol=A%20B`). Used by the REST client and the websocket login; the
 * embedded exchange verifies with code of its own (`sim/server/signature.ts`).
 */

/** One query parameter as it is sent: name and text value, in sending order. */
type QueryPair = readonly [string, string];

function queryPairs(params: Readonly<Record<string, unknown>> | undefined): QueryPair[] {
  if (!params) return [];
  return Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== null)
    .sort()
    .map((k) => [k, String(params[k])] as const);
}

/** The query string for a GET's URL: keys sorted, values through encodeURIComponent; `undefined` skipped. */
export function buildQueryString(params: Readonly<Record<string, unknown>> | undefined): string {
  return queryPairs(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * The query text a GET is signed over: the same pairs in the same order as `buildQueryString`,
 * values NOT encoded (Bitget verifies over the decoded query).
 */
export function signingQueryString(params: Readonly<Record<string, unknown>> | undefined): string {
  return queryPairs(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The exact text that is signed for a REST request. `query` is the DECODED query text (may be empty). */
export function restPrehash(timestamp: string, method: string, path: string, query: string, body: string): string {
  return `${timestamp}${method.toUpperCase()}${path}${query ? `?${query}` : ''}${body}`;
}

/** base64(HMAC-SHA256(secret, text)). */
export function hmacBase64(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64');
}

/** ACCESS-SIGN for a REST request; `query` is the decoded query text (`signingQueryString`). */
export function signRest(secret: string, timestamp: string, method: string, path: string, query: string, body: string): string {
  return hmacBase64(secret, restPrehash(timestamp, method, path, query, body));
}

/** The `sign` of a websocket login: HMAC over `timestamp + "GET" + "/user/verify"` (timestamp in seconds). */
export function signWsLogin(secret: string, timestampSeconds: string): string {
  return hmacBase64(secret, `${timestampSeconds}GET/user/verify`);
}
