/**
 * The operation table: one record per exchange operation. The REST client, the client rate
 * limiter, the request validator, the coverage doc and the embedded exchange's routes are all
 * derived from it. The records live in `operations/<part>.ts`; this module joins them.
 */
import type { HttpMethod, OperationSpec } from './operation-types.js';
import { ACCOUNT_OPERATIONS } from './operations/account.js';
import { LOAN_OPERATIONS } from './operations/loans.js';
import { MARKET_OPERATIONS } from './operations/market.js';
import { POSITION_OPERATIONS } from './operations/position.js';
import { TRADE_OPERATIONS } from './operations/trade.js';

/** Every operation id, e.g. `trade.placeOrder` (derived from the table). */
export type OperationId =
  | (typeof LOAN_OPERATIONS)[number]['id']
  | (typeof TRADE_OPERATIONS)[number]['id']
  | (typeof POSITION_OPERATIONS)[number]['id']
  | (typeof ACCOUNT_OPERATIONS)[number]['id']
  | (typeof MARKET_OPERATIONS)[number]['id'];

/** All operations, in spec order: loans, trade, position, account, market. */
export const OPERATIONS: readonly OperationSpec<OperationId>[] = [
  ...LOAN_OPERATIONS,
  ...TRADE_OPERATIONS,
  ...POSITION_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...MARKET_OPERATIONS,
];

/** Operations by id. */
export const OPERATION_BY_ID: ReadonlyMap<OperationId, OperationSpec<OperationId>> = new Map(
  OPERATIONS.map((op) => [op.id, op] as const),
);

const BY_ROUTE: ReadonlyMap<string, OperationSpec<OperationId>> = new Map(
  OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const),
);

/**
 * The operation served at `method` + `path` (path without query string, e.g.
 * `/api/v3/trade/place-order`), or undefined when none is.
 */
export function operationByPath(method: string, path: string): OperationSpec<OperationId> | undefined {
  return BY_ROUTE.get(`${method.toUpperCase()} ${path}`);
}

/** True if `id` names an operation of the table (narrows a free string to `OperationId`). */
export function isOperationId(id: string): id is OperationId {
  return OPERATION_BY_ID.has(id as OperationId);
}

/** The operation for `id`; throws if the id is unknown (a programming error, not user input). */
export function operationById(id: OperationId): OperationSpec<OperationId> {
  const op = OPERATION_BY_ID.get(id);
  if (op === undefined) throw new RangeError(`unknown operation id "${id}"; see src/exchange/wire/operations.ts`);
  return op;
}

/** Re-exported for callers that only need the method type next to the table. */
export type { HttpMethod };
