import type { OperationSpec } from '../../exchange/wire/operation-types.js';

/**
 * What the transports need from the operations table and the request validator. The real one is
 * built from `exchange/wire/operations.ts` and `validate.ts` (see `operation-routes.ts`); tests may
 * pass a small table of their own.
 */
export interface OperationRoutes {
  /** The operation served at `method path`, or undefined. */
  byPath(method: string, path: string): OperationSpec | undefined;
  /** The operation with this id, or undefined. */
  byId(id: string): OperationSpec | undefined;
  /** True if some operation is served at `path` under any method (405 rather than 404). */
  hasPath(path: string): boolean;
  /**
   * Checks the parameters of one request; returns null if valid, else the rejection to send
   * (`code` "40017" or "40020" and a message naming the field and what to fix).
   */
  validate(op: OperationSpec, params: unknown, now: number): { readonly code: string; readonly msg: string } | null;
}

/** Builds routes over a plain list of operations with an optional validator (tests, tools). */
export function routesFromList(
  ops: readonly OperationSpec[],
  validate: OperationRoutes['validate'] = () => null,
): OperationRoutes {
  const byKey = new Map<string, OperationSpec>();
  const byId = new Map<string, OperationSpec>();
  const paths = new Set<string>();
  for (const op of ops) {
    byKey.set(`${op.method} ${op.path}`, op);
    byId.set(op.id, op);
    paths.add(op.path);
  }
  return {
    byPath: (method, path) => byKey.get(`${method.toUpperCase()} ${path}`),
    byId: (id) => byId.get(id),
    hasPath: (path) => paths.has(path),
    validate,
  };
}
