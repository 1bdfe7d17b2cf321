/**
 * The refusals the back office answers with. Bitget documents few codes for these operations, so the
 * back office picks plausible ones and keeps them stable:
 *
 * | code  | when                                                                                  |
 * |-------|---------------------------------------------------------------------------------------|
 * | 40019 | a required parameter is missing (`Parameter x cannot be empty`, Bitget's error table)  |
 * | 40020 | a parameter has a bad value: format, enum, range, time window, page size, exactly-one |
 * | 40014 | the call needs an authenticated account, or a sub-account calls a main-account op     |
 * | 40054 | the object does not exist: loan order, withdrawal request                             |
 * | 25202 | insufficient balance (raised by the ledger, or by the funding wallet)                 |
 * | 40919 | a collateral withdrawal would push the ratio above the initial ratio                   |
 * | 40920 | the withdrawal request is no longer in its cooling-off period                          |
 * | 40921 | the sub-account name is already taken                                                 |
 */
import { SimRejection } from '../contract.js';

/** Stable codes used by the back office (see the table above). */
export const BackOfficeCode = {
  MISSING_PARAM: '40019',
  BAD_PARAM: '40020',
  NOT_ALLOWED: '40014',
  NOT_FOUND: '40054',
  INSUFFICIENT_BALANCE: '25202',
  RATIO_LIMIT: '40919',
  NOT_COOLING_OFF: '40920',
  NAME_TAKEN: '40921',
} as const;

/** A required parameter is absent or empty. */
export function missingParam(name: string): SimRejection {
  return new SimRejection(BackOfficeCode.MISSING_PARAM, `Parameter ${name} cannot be empty: it is required`);
}

/** A parameter has a value the back office cannot accept; `why` says what to send instead. */
export function badParam(name: string, why: string): SimRejection {
  return new SimRejection(BackOfficeCode.BAD_PARAM, `Parameter ${name} error: ${why}`);
}

/** The object named by `what` does not exist for this account. */
export function notFound(what: string): SimRejection {
  return new SimRejection(BackOfficeCode.NOT_FOUND, `${what} does not exist`);
}
