import type { Binding } from '../binding-types.js';
import { ACCOUNT_COMMANDS } from '../command-ids.js';

/** Bindings of the account area (the per-coin table scrolls within the panel). */
export const ACCOUNT_BINDINGS: readonly Binding[] = [
  { command: ACCOUNT_COMMANDS.ACCOUNT_SCROLL_UP, keys: ['up', 'k'], description: 'Scroll the coin table up', category: 'Account', scope: 'account', showInFooter: true },
  { command: ACCOUNT_COMMANDS.ACCOUNT_SCROLL_DOWN, keys: ['down', 'j'], description: 'Scroll the coin table down', category: 'Account', scope: 'account', showInFooter: false },
  { command: ACCOUNT_COMMANDS.ACCOUNT_PAGE_UP, keys: ['pageup'], description: 'Coin table: page up', category: 'Account', scope: 'account', showInFooter: false },
  { command: ACCOUNT_COMMANDS.ACCOUNT_PAGE_DOWN, keys: ['pagedown'], description: 'Coin table: page down', category: 'Account', scope: 'account', showInFooter: false },
];
