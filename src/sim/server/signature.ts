import { createHmac } from 'node:crypto';

/**
 * The exchange's side of Bitget's signature rules, written from the official signature page
 * (https://www.bitget.com/api-doc/common/signature), never from our client's signer, so that a
 * client mistake in signing is refused here as it would be live:
 *
 * - REST: `sign = base64(HMAC-SHA256(secret, timestamp + METHOD + requestPath + ["?" + queryString] + body))`,
 *   where `queryString` is the query DECODED (a client sends `clientOid=a%3Ab`, signs `clientOid=a:b`),
 *   in the order the client sent it, and `body` is the raw body text.
 * - Websocket login: `sign = base64(HMAC-SHA256(secret, timestamp + "GET" + "/user/verify"))`.
 */

/**
 * The query text the exchange expects a signature over: `rawQuery` (as received, after `?`) with
 * every `%XX` escape decoded; `+` stays a plus (only `%20` is a space). Null when an escape is
 * malformed, so no signature can match it.
 */
export function decodedQuery(rawQuery: string): string | null {
  try {
    return decodeURIComponent(rawQuery);
  } catch {
    return null;
  }
}

/**
 * The query parameters of `rawQuery`, each name and value decoded the same way as the signed text
 * (`+` is a plus). A later repeat of a name wins. Null when an escape is malformed.
 */
export function queryParams(rawQuery: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (rawQuery === '') return out;
  try {
    for (const part of rawQuery.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const name = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
      out[name] = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    }
  } catch {
    return null;
  }
  return out;
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64');
}

/** The signature a REST request must carry; `query` is the decoded query ('' for none). */
export function expectedRestSign(secret: string, timestamp: string, method: string, path: string, query: string, body: string): string {
  const q = query === '' ? '' : `?${query}`;
  return hmac(secret, `${timestamp}${method.toUpperCase()}${path}${q}${body}`);
}

/** The signature a websocket login must carry for `timestamp` (as the client sent it). */
export function expectedLoginSign(secret: string, timestamp: string): string {
  return hmac(secret, `${timestamp}GET/user/verify`);
}
