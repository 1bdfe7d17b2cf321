import { ACCOUNT_VIEWS } from './account-views.js';
import { LOAN_VIEWS } from './loan-views.js';
import { MARKET_VIEWS } from './market-views.js';
import { TRADING_VIEWS } from './trading-views.js';
import type { ViewDef } from './view-types.js';

/** Every desk view, in help order (loans, account, orders, positions, market). */
export const VIEWS: readonly ViewDef[] = [...LOAN_VIEWS, ...ACCOUNT_VIEWS, ...TRADING_VIEWS, ...MARKET_VIEWS];

const BY_COMMAND = new Map(VIEWS.map((v) => [v.command, v]));

/** The view a command opens, or undefined. */
export function viewByCommand(command: string): ViewDef | undefined {
  return BY_COMMAND.get(command);
}
