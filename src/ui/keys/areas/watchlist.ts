import type { Binding } from '../binding-types.js';
import { WATCHLIST_COMMANDS } from '../command-ids.js';

/**
 * Bindings of the watchlist panel (scope `watchlist`): ↑↓/`k``j` move the row cursor, Enter makes
 * the cockpit (book, ticker, trades, ticket, chart) follow the row's symbol. All three are consumed
 * by the panel even with an empty list, so they never reach another binding.
 */
export const WATCHLIST_BINDINGS: readonly Binding[] = [
  { command: WATCHLIST_COMMANDS.WATCHLIST_UP, keys: ['up', 'k'], description: 'Previous watchlist symbol', category: 'Market', scope: 'watchlist', showInFooter: true },
  { command: WATCHLIST_COMMANDS.WATCHLIST_DOWN, keys: ['down', 'j'], description: 'Next watchlist symbol', category: 'Market', scope: 'watchlist', showInFooter: false },
  { command: WATCHLIST_COMMANDS.WATCHLIST_FOLLOW, keys: ['enter'], description: 'Follow the selected symbol (book, ticker, trades, ticket)', category: 'Market', scope: 'watchlist', showInFooter: true },
];
