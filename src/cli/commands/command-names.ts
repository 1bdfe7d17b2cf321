/**
 * The first words that start a scriptable command (`utadash status`, `utadash order place …`)
 * instead of the dashboard. bin.ts checks them before it loads anything else, so a command never
 * loads Ink; src/cli/commands/run.ts runs them.
 */
export const COMMAND_NAMES: ReadonlySet<string> = new Set(['status', 'positions', 'orders', 'account', 'loans', 'book', 'ticker', 'order', 'countdown', 'borrow', 'repay', 'watch', 'completion', 'help']);
