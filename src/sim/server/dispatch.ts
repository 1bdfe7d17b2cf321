import { SimRejection, type SimExchange } from '../contract.js';
import { UNKNOWN_RESULT_MSG, type Faults } from './faults.js';

/**
 * Runs one operation against the exchange for either transport, applying the faults that act on
 * results: unknown-result placement (`40010`/`40725`/`45001`) and the server clock skew in the
 * time operations.
 */

const TIME_OPS = new Set(['market.getTime', 'market.getPublicTime', 'market.getServerTime']);

/** Answers `opId` for `uid` (null for public) with wire `data`; throws `SimRejection` on refusals. */
export function runOperation(exchange: SimExchange, faults: Faults, opId: string, uid: string | null, params: unknown): unknown {
  if (opId === 'trade.placeOrder') {
    const fault = faults.takeUnknownResult();
    if (fault) {
      if (fault.placed) exchange.handle(opId, uid, params);
      throw new SimRejection(fault.code, UNKNOWN_RESULT_MSG[fault.code]);
    }
  }
  const data = exchange.handle(opId, uid, params);
  if (faults.skew !== 0 && TIME_OPS.has(opId)) return withSkew(data, faults.skew);
  return data;
}

/** A skewed server clock also shows in the time operation, so a client can resync. */
function withSkew(data: unknown, skew: number): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const rec = data as Record<string, unknown>;
  const t = rec['serverTime'];
  if (typeof t !== 'string' || !/^\d+$/.test(t)) return data;
  return { ...rec, serverTime: String(Number(t) + skew) };
}

/** The reply to send when an operation threw something that is not a `SimRejection`. */
export function internalError(): SimRejection {
  return new SimRejection('45001', 'Unknown error', 500);
}
