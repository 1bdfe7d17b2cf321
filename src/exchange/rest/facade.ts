import type { OperationSpec } from '../wire/operation-types.js';
import { OPERATIONS, type OperationId } from '../wire/operations.js';
import type { OperationParams } from '../wire/params.js';
import type { CallOptions } from './rest-client.js';

/**
 * Typed per-family methods over `RestClient.call`, generated from the operations table at runtime:
 * operation `loan.borrow` becomes `api.loan.borrow(params)`, `trade.placeOrder` becomes
 * `api.trade.placeOrder(params)`. Group = text before the dot, method = text after.
 */

/** Anything that can call an operation (a `RestClient`, or a test double). */
export interface OperationCaller {
  call<Id extends OperationId>(id: Id, params: OperationParams[Id], opts?: CallOptions): Promise<unknown>;
}

/** Family names: `loan`, `trade`, `market`, … */
export type OperationGroup = OperationId extends infer Id ? (Id extends `${infer G}.${string}` ? G : never) : never;

/** Arguments of a method: params may be left out when every param is optional. */
type MethodArgs<P> = Record<string, never> extends P ? [params?: P, opts?: CallOptions] : [params: P, opts?: CallOptions];

/** The methods of one family, keyed by the text after the dot. */
export type OperationGroupApi<G extends string> = {
  readonly [Id in OperationId as Id extends `${G}.${infer M}` ? M : never]: (...args: MethodArgs<OperationParams[Id]>) => Promise<unknown>;
};

/** Every family with its methods: `api.loan.borrow(p)`, `api.market.getTickers(p)`, … */
export type ExchangeApi = { readonly [G in OperationGroup]: OperationGroupApi<G> };

/** Generic shape used while building; the mapped type above is what callers see. */
type LooseApi = Record<string, Record<string, (params?: unknown, opts?: CallOptions) => Promise<unknown>>>;

/**
 * Builds the grouped API over `client`. Every operation in `operations` (default the whole
 * table) gets one method; missing params default to `{}`.
 */
export function createExchangeApi(client: OperationCaller, operations: readonly OperationSpec[] = OPERATIONS): ExchangeApi {
  const api: LooseApi = {};
  for (const op of operations) {
    const dot = op.id.indexOf('.');
    if (dot <= 0) throw new TypeError(`operation id "${op.id}" has no "group.method" form`);
    const group = op.id.slice(0, dot);
    const method = op.id.slice(dot + 1);
    const members = (api[group] ??= {});
    const id = op.id as OperationId;
    members[method] = (params?: unknown, opts?: CallOptions) => client.call(id, (params ?? {}) as OperationParams[OperationId], opts);
  }
  for (const members of Object.values(api)) Object.freeze(members);
  // The loop above creates exactly one method per table id under its group, which is what the
  // mapped type describes; TypeScript cannot follow that through string slicing.
  return Object.freeze(api) as unknown as ExchangeApi;
}
