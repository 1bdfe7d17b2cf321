import { timingSafeEqual } from 'node:crypto';
import { SimRejection } from '../contract.js';
import { decodedQuery, expectedLoginSign, expectedRestSign } from './signature.js';

/**
 * Request authentication for the embedded exchange: REST ACCESS-* headers (protocol-notes §1) and
 * the private websocket login (§4.4). Errors never echo the key, passphrase or signature.
 */

/** One API key the exchange accepts. */
export interface SimCredentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
  /** Account UID the key belongs to. */
  readonly uid: string;
}

/** Allowed distance between a client timestamp and the server clock, ms (±30 s). */
export const TIMESTAMP_WINDOW_MS = 30_000;

/** The headers a signed REST request carries (lower-case names, as Node gives them). */
export interface RestAuthInput {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly method: string;
  /** Path without the query, e.g. `/api/v3/account/assets`. */
  readonly path: string;
  /** Raw text after `?` exactly as received, still encoded ('' if none); verified decoded. */
  readonly rawQuery: string;
  /** Raw body text exactly as received ('' if none). */
  readonly body: string;
}

function header(headers: RestAuthInput['headers'], name: string): string {
  const v = headers[name];
  if (Array.isArray(v)) return v[0] ?? '';
  return v ?? '';
}

function sameText(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/**
 * Verifies a private REST request; returns the UID of the key or throws `SimRejection` with the
 * exchange code (40001/40002/40003/40011 missing header, 40006 unknown key, 40012 wrong passphrase,
 * 40005 bad timestamp, 40008 expired, 40009 bad signature).
 */
export function verifyRestAuth(input: RestAuthInput, keys: readonly SimCredentials[], now: number): string {
  const key = header(input.headers, 'access-key');
  const sign = header(input.headers, 'access-sign');
  const ts = header(input.headers, 'access-timestamp');
  const pass = header(input.headers, 'access-passphrase');
  if (!key) throw new SimRejection('40001', 'ACCESS_KEY cannot be empty');
  if (!sign) throw new SimRejection('40002', 'ACCESS_SIGN cannot be empty');
  if (!ts) throw new SimRejection('40003', 'ACCESS_TIMESTAMP cannot be empty');
  if (!pass) throw new SimRejection('40011', 'ACCESS_PASSPHRASE cannot be empty');
  const cred = keys.find((k) => sameText(k.apiKey, key));
  if (!cred) throw new SimRejection('40006', 'Invalid ACCESS_KEY');
  if (!sameText(cred.passphrase, pass)) throw new SimRejection('40012', 'apikey/password is incorrect');
  if (!/^\d{1,16}$/.test(ts)) throw new SimRejection('40005', 'Invalid ACCESS_TIMESTAMP: send Unix milliseconds as digits');
  if (Math.abs(Number(ts) - now) > TIMESTAMP_WINDOW_MS) {
    throw new SimRejection('40008', 'Request timestamp expired: ACCESS-TIMESTAMP is more than 30 s from server time; sync with /api/v3/public/time');
  }
  const query = decodedQuery(input.rawQuery);
  if (query === null || !sameText(expectedRestSign(cred.secret, ts, input.method, input.path, query, input.body), sign)) {
    throw new SimRejection('40009', 'sign signature error');
  }
  return cred.uid;
}

/** A websocket error to send as `{"event":"error","code":<number>,"msg":…}`. */
export class WsLoginError extends Error {
  override readonly name = 'WsLoginError';
  /** 30011 key, 30012 passphrase, 30013 timestamp format, 30014 expired, 30015 sign, 30002 shape. */
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

function field(arg: Record<string, unknown>, name: string): string {
  const v = arg[name];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/**
 * Verifies one login arg `{apiKey, passphrase, timestamp, sign}` (timestamp in seconds or ms, as a
 * string or a number, within 30 s); returns the UID or throws `WsLoginError`.
 */
export function verifyWsLogin(arg: unknown, keys: readonly SimCredentials[], now: number): string {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) {
    throw new WsLoginError(30002, 'illegal request: login args[0] must be {apiKey, passphrase, timestamp, sign}');
  }
  const a = arg as Record<string, unknown>;
  const key = field(a, 'apiKey');
  const cred = keys.find((k) => key !== '' && sameText(k.apiKey, key));
  if (!cred) throw new WsLoginError(30011, 'Invalid ACCESS_KEY');
  if (!sameText(cred.passphrase, field(a, 'passphrase'))) throw new WsLoginError(30012, 'Invalid ACCESS_PASSPHRASE');
  const ts = field(a, 'timestamp');
  if (!/^\d{1,16}$/.test(ts)) throw new WsLoginError(30013, 'Invalid ACCESS_TIMESTAMP: send Unix seconds as digits');
  const ms = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs(ms - now) > TIMESTAMP_WINDOW_MS) throw new WsLoginError(30014, 'Request timestamp expired');
  if (!sameText(expectedLoginSign(cred.secret, ts), field(a, 'sign'))) throw new WsLoginError(30015, 'Invalid sign');
  return cred.uid;
}
