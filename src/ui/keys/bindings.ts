import { ACCOUNT_BINDINGS } from './areas/account.js';
import { ALERTS_BINDINGS } from './areas/alerts.js';
import { COUNTDOWN_BINDINGS } from './areas/countdown.js';
import { JOURNAL_BINDINGS } from './areas/journal.js';
import { LOANS_BINDINGS } from './areas/loans.js';
import { VIEWS_BINDINGS } from './areas/views.js';
import { ORDERS_BINDINGS } from './areas/orders.js';
import { PALETTE_BINDINGS } from './areas/palette.js';
import { POSITIONS_BINDINGS } from './areas/positions.js';
import { STATS_BINDINGS } from './areas/stats.js';
import { TICKET_BINDINGS } from './areas/ticket.js';
import { WATCHLIST_BINDINGS } from './areas/watchlist.js';
import type { Binding, KeyScope } from './binding-types.js';
import { Command, type CommandId } from './commands.js';

export type { Binding, KeyCategory, KeyScope } from './binding-types.js';

/** The default bindings. Users override keys per command id in the config file (`keys`). */
export const DEFAULT_BINDINGS: readonly Binding[] = [
  ...TICKET_BINDINGS,
  ...ORDERS_BINDINGS,
  ...POSITIONS_BINDINGS,
  ...ACCOUNT_BINDINGS,
  ...COUNTDOWN_BINDINGS,
  ...PALETTE_BINDINGS,
  ...STATS_BINDINGS,
  ...LOANS_BINDINGS,
  ...VIEWS_BINDINGS,
  ...WATCHLIST_BINDINGS,
  ...ALERTS_BINDINGS,
  ...JOURNAL_BINDINGS,
  { command: Command.APP_QUIT, keys: ['q', 'ctrl+c'], description: 'Quit (asks first)', category: 'General', scope: 'global', showInFooter: true },
  { command: Command.APP_FORCE_QUIT, keys: ['ctrl+c'], description: 'Quit now (second Ctrl-C)', category: 'General', scope: 'overlay.confirm', showInFooter: false },
  { command: Command.APP_FORCE_QUIT, keys: ['ctrl+c'], description: 'Quit now, the countdown stays armed (second Ctrl-C)', category: 'General', scope: 'overlay.quitcountdown', showInFooter: false },
  { command: Command.APP_NEXT_THEME, keys: [], description: 'Switch theme (the next one; remembered for the next start)', category: 'General', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_WATCHLIST, keys: [], description: 'Focus the watchlist', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_JOURNAL, keys: [], description: 'Journal: open the trade journal (PnL by day/week/symbol, fees, funding, equity curve, fills)', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_NEXT_LAYOUT, keys: ['ctrl+o'], description: 'Next layout (trade, monitor, loans, your own)', category: 'General', scope: 'global', showInFooter: false },
  { command: Command.APP_REPAINT, keys: ['ctrl+l'], description: 'Redraw the whole screen', category: 'General', scope: 'always', showInFooter: false },
  { command: Command.APP_HELP, keys: ['?'], description: 'Show every key', category: 'General', scope: 'global', showInFooter: true },
  { command: Command.APP_PALETTE, keys: [':', 'ctrl+p'], description: 'Command palette', category: 'General', scope: 'global', showInFooter: false },
  { command: Command.APP_CLOSE_OVERLAY, keys: ['escape', '?', 'q'], description: 'Close', category: 'General', scope: 'overlay.help', showInFooter: true },
  { command: Command.HELP_SCROLL_DOWN, keys: ['down', 'j', 'pagedown', 'space'], description: 'Scroll the key list', category: 'General', scope: 'overlay.help', showInFooter: true },
  { command: Command.HELP_SCROLL_UP, keys: ['up', 'k', 'pageup'], description: 'Scroll back', category: 'General', scope: 'overlay.help', showInFooter: false },
  { command: Command.APP_CONFIRM, keys: ['y', 'enter'], description: 'Confirm', category: 'General', scope: 'overlay.confirm', showInFooter: true },
  { command: Command.APP_CLOSE_OVERLAY, keys: ['n', 'escape'], description: 'Cancel', category: 'General', scope: 'overlay.confirm', showInFooter: true },
  { command: Command.APP_FOCUS_NEXT, keys: ['tab'], description: 'Next panel', category: 'Navigation', scope: 'global', showInFooter: true },
  { command: Command.APP_FOCUS_PREV, keys: ['shift+tab'], description: 'Previous panel', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_1, keys: ['1', 'alt+1'], description: 'Focus the order book', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_2, keys: ['2', 'alt+2'], description: 'Focus the order ticket', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_3, keys: ['3', 'alt+3'], description: 'Focus the public trades', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_4, keys: ['4', 'alt+4'], description: 'Focus open orders', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_5, keys: ['5', 'alt+5'], description: 'Focus positions', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_6, keys: ['6', 'alt+6'], description: 'Focus the account', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_7, keys: ['7', 'alt+7'], description: 'Focus the countdown', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_8, keys: ['8', 'alt+8'], description: 'Focus the event log', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_9, keys: ['9', 'alt+9'], description: 'Focus the candle chart', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.APP_FOCUS_0, keys: ['0', 'alt+0'], description: 'Focus crypto loans', category: 'Navigation', scope: 'global', showInFooter: false },
  { command: Command.MARKET_NEXT_SYMBOL, keys: [']', 'n'], description: 'Next symbol', category: 'Market', scope: 'global', showInFooter: true },
  { command: Command.MARKET_PREV_SYMBOL, keys: ['[', 'p'], description: 'Previous symbol', category: 'Market', scope: 'global', showInFooter: false },
  { command: Command.BOOK_CURSOR_UP, keys: ['up', 'k'], description: 'Book cursor up', category: 'Book', scope: 'book', showInFooter: true },
  { command: Command.BOOK_CURSOR_DOWN, keys: ['down', 'j'], description: 'Book cursor down', category: 'Book', scope: 'book', showInFooter: false },
  { command: Command.BOOK_COPY_PRICE, keys: ['enter', 'c'], description: 'Copy the level price into the ticket', category: 'Book', scope: 'book', showInFooter: true },
  { command: Command.LOG_OLDER, keys: ['up', 'k'], description: 'Scroll the event log back', category: 'Navigation', scope: 'log', showInFooter: true },
  { command: Command.LOG_NEWER, keys: ['down', 'j'], description: 'Scroll the event log forward', category: 'Navigation', scope: 'log', showInFooter: false },
  { command: Command.LOG_PAGE_OLDER, keys: ['pageup'], description: 'Page the event log back', category: 'Navigation', scope: 'log', showInFooter: false },
  { command: Command.LOG_PAGE_NEWER, keys: ['pagedown'], description: 'Page the event log forward', category: 'Navigation', scope: 'log', showInFooter: false },
  { command: Command.LOG_FOLLOW, keys: ['end'], description: 'Follow the newest event', category: 'Navigation', scope: 'log', showInFooter: true },
  { command: Command.BOOK_DEPTH, keys: ['d'], description: 'Cycle book depth (books1/5/50/full)', category: 'Book', scope: 'book', showInFooter: true },
];

/** A bad key override from the config file. */
export class KeyBindingError extends Error {
  override readonly name = 'KeyBindingError';
  readonly code = 'UI_KEYS';
}

/**
 * Applies the config file's overrides (command id → keys). Unknown ids and keys that would be
 * claimed twice in one scope are refused with a message that names them.
 */
export function applyKeyOverrides(bindings: readonly Binding[], overrides: Readonly<Record<string, readonly string[]>>): readonly Binding[] {
  const known = new Set<string>(bindings.map((b) => b.command));
  for (const id of Object.keys(overrides)) if (!known.has(id)) throw new KeyBindingError(`unknown command "${id}" in the config file's keys (known: ${[...known].sort().join(', ')})`);
  const next = bindings.map((b) => {
    const keys = overrides[b.command];
    return keys ? { ...b, keys: [...keys] } : b;
  });
  const clash = findKeyClashes(next)[0];
  if (clash) throw new KeyBindingError(`key "${clash.key}" is bound twice in ${clash.scope}: ${clash.commands.join(' and ')}`);
  return next;
}

/** A key claimed by two commands in one scope (a global key counts in every panel scope). */
export interface KeyClash {
  readonly key: string;
  readonly scope: KeyScope;
  readonly commands: readonly CommandId[];
}

/** Every clash: the same key on two commands in one scope, or a panel key that shadows a global one. */
export function findKeyClashes(bindings: readonly Binding[]): readonly KeyClash[] {
  const byScope = new Map<KeyScope, Map<string, CommandId[]>>();
  for (const b of bindings) {
    const map = byScope.get(b.scope) ?? new Map<string, CommandId[]>();
    byScope.set(b.scope, map);
    for (const k of b.keys) map.set(k, [...(map.get(k) ?? []), b.command]);
  }
  const global = byScope.get('global') ?? new Map<string, CommandId[]>();
  const clashes: KeyClash[] = [];
  for (const [scope, map] of byScope) {
    for (const [key, commands] of map) {
      const unique = [...new Set(commands)];
      const shadowed = scope !== 'global' && !scope.startsWith('overlay.') ? (global.get(key) ?? []) : [];
      const all = [...new Set([...unique, ...shadowed])];
      if (all.length > 1) clashes.push({ key, scope, commands: all });
    }
  }
  return clashes;
}
