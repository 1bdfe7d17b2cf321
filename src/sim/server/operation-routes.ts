import { OPERATION_BY_ID, OPERATIONS, operationByPath } from '../../exchange/wire/operations.js';
import { validateRequest } from '../../exchange/wire/validate.js';
import type { OperationRoutes } from './routes.js';

/**
 * Routes over the real operations table (`exchange/wire/operations.ts`) with the shared request
 * validator, so the embedded exchange refuses exactly what the client would refuse.
 */
export function operationRoutes(): OperationRoutes {
  const paths = new Set(OPERATIONS.map((op) => op.path));
  return {
    byPath: (method, path) => operationByPath(method, path),
    byId: (id) => OPERATION_BY_ID.get(id as never),
    hasPath: (path) => paths.has(path),
    validate: (op, params, now) => {
      const issues = validateRequest(op, params, now);
      if (issues.length === 0) return null;
      return { code: '40017', msg: `Parameter verification failed: ${issues.map((i) => i.message).join('; ')}` };
    },
  };
}
