import type { Binding } from '../binding-types.js';
import { JOURNAL_COMMANDS } from '../command-ids.js';

/**
 * Bindings of the trade journal panel (scope `journal`): `v` cycles the table (PnL by day, by ISO
 * week, by symbol, the fills), `t` the time range, `s` and `b` the fills' symbol and side filters,
 * ↑↓/`k``j` scroll the table. Reading only: nothing here sends anything.
 */
export const JOURNAL_BINDINGS: readonly Binding[] = [
  { command: JOURNAL_COMMANDS.JOURNAL_VIEW, keys: ['v'], description: 'PnL table: by day, by week, by symbol, or the fills list', category: 'Journal', scope: 'journal', showInFooter: true },
  { command: JOURNAL_COMMANDS.JOURNAL_RANGE, keys: ['t'], description: 'PnL time range: all, 90 days, 30 days, 7 days, today', category: 'Journal', scope: 'journal', showInFooter: true },
  { command: JOURNAL_COMMANDS.JOURNAL_SYMBOL, keys: ['s'], description: 'Fills list: next symbol filter (all, then each symbol)', category: 'Journal', scope: 'journal', showInFooter: true },
  { command: JOURNAL_COMMANDS.JOURNAL_SIDE, keys: ['b'], description: 'Fills list: side filter (buy and sell, buy, sell)', category: 'Journal', scope: 'journal', showInFooter: true },
  { command: JOURNAL_COMMANDS.JOURNAL_UP, keys: ['up', 'k'], description: 'Scroll the PnL table or fills up', category: 'Journal', scope: 'journal', showInFooter: false },
  { command: JOURNAL_COMMANDS.JOURNAL_DOWN, keys: ['down', 'j'], description: 'Scroll the PnL table or fills down', category: 'Journal', scope: 'journal', showInFooter: false },
];
