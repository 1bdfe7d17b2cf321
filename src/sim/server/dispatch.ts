import { SimRejection, type SimExchange } from '../contract.js';
import { UNKNOWN_RESULT_MSG, type Faults, type PartialBatchFault } from './faults.js';

/**
 * Runs one operation against the exchange for either transport, applying the faults that act on
 * results: unknown-result placement (`40010`/`40725`/`45001`, single or batch), the partial batch,
 * and the server clock skew in the time operations. The faults that act on the reply itself
 * (execute-then-fail/drop, late delivery) live in the transports.
 */

const TIME_OPS = new Set(['market.getTime', 'market.getPublicTime', 'market.getServerTime']);

/** Operation ids that place orders (single and batch); the placement faults act on these only. */
export const PLACEMENT_OPS: ReadonlySet<string> = new Set(['trade.placeOrder', 'trade.placeBatch']);

/**
 * Answers `opId` for `uid` (null for public) with wire `data`; throws `SimRejection` on refusals.
 * `log` (optional) gets one line per result fault applied.
 */
export function runOperation(exchange: SimExchange, faults: Faults, opId: string, uid: string | null, params: unknown, log?: (line: string) => void): unknown {
  if (PLACEMENT_OPS.has(opId)) {
    const batch = opId === 'trade.placeBatch';
    const fault = faults.takeUnknownResult(batch ? 'batch' : 'single');
    if (fault) {
      log?.(`${opId}: unknownResult ${fault.code} (${fault.placed ? 'executed' : 'not executed'})`);
      if (fault.placed) exchange.handle(opId, uid, params);
      throw new SimRejection(fault.code, UNKNOWN_RESULT_MSG[fault.code]);
    }
    const partial = batch && Array.isArray(params) ? faults.takePartialBatch() : null;
    if (partial && Array.isArray(params)) {
      log?.(`${opId}: partialBatch refuses items ${partial.failIndexes.join(', ')} with ${partial.code}`);
      return placePartially(exchange, opId, uid, params, partial);
    }
  }
  const data = exchange.handle(opId, uid, params);
  if (faults.skew !== 0 && TIME_OPS.has(opId)) return withSkew(data, faults.skew);
  return data;
}

/**
 * A batch placement with the items at `fault.failIndexes` left out of the exchange call and put
 * back in their places as refused entries, shaped like the engine's own (`orderId` null,
 * `clientOid`, `code`, `msg`). The place-batch reply is an array, one entry per item.
 */
function placePartially(exchange: SimExchange, opId: string, uid: string | null, items: readonly unknown[], fault: PartialBatchFault): unknown {
  const failed = new Set(fault.failIndexes);
  const kept = items.filter((_, i) => !failed.has(i));
  // Every item refused: nothing reaches the exchange (an empty batch would be a different refusal).
  const data = kept.length > 0 ? exchange.handle(opId, uid, kept) : [];
  if (!Array.isArray(data)) return data;
  let k = 0;
  return items.map((item, i) => (failed.has(i) ? refusedEntry(item, fault) : data[k++]));
}

function refusedEntry(item: unknown, fault: PartialBatchFault): Record<string, unknown> {
  const oid = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['clientOid'] : undefined;
  return { orderId: null, clientOid: typeof oid === 'string' ? oid : '', code: fault.code, msg: fault.msg };
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
