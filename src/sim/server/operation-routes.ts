import { OPERATION_BY_ID, OPERATIONS, operationByPath } from '../../exchange/wire/operations.js';
import { validateRequest } from '../../exchange/wire/validate.js';
import type { OperationRoutes } from './routes.js';

/**
 * Routes over the real operations table (`exchange/wire/operations.ts`, the one wire contract) with
 * the shared request validator, so the embedded exchange refuses exactly what the table forbids,
 * with the code Bitget's error table gives each case.
 */
export function operationRoutes(): OperationRoutes {
  const paths = new Set(OPERATIONS.map((op) => op.path));
  return {
    byPath: (method, path) => operationByPath(method, path),
    byId: (id) => OPERATION_BY_ID.get(id as never),
    hasPath: (path) => paths.has(path),
    validate: (op, params, now) => {
      const issues = validateRequest(op, params, now);
      const first = issues[0];
      if (first === undefined) return null;
      const all = issues.map((i) => i.message).join('; ');
      // Codes of Bitget's REST error table: 40019 "Parameter {0} cannot be empty" for a missing
      // field, 40020 "Parameter {0} error" for a bad value, 40017 "Parameter verification failed"
      // for a body that is not the right JSON at all. Extra fields pass: the table has no code for them.
      if (first.rule === 'required') return { code: '40019', msg: `Parameter ${first.field} cannot be empty: ${all}` };
      if (first.field === 'body') return { code: '40017', msg: `Parameter verification failed: ${all}` };
      return { code: '40020', msg: `Parameter ${first.field} error: ${all}` };
    },
  };
}
