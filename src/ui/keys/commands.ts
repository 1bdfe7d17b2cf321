import { ACCOUNT_COMMANDS } from './areas/account.js';
import { ALERTS_COMMANDS } from './areas/alerts.js';
import { COUNTDOWN_COMMANDS } from './areas/countdown.js';
import { LOANS_COMMANDS } from './areas/loans.js';
import { VIEWS_COMMANDS } from './areas/views.js';
import { ORDERS_COMMANDS } from './areas/orders.js';
import { PALETTE_COMMANDS } from './areas/palette.js';
import { POSITIONS_COMMANDS } from './areas/positions.js';
import { STATS_COMMANDS } from './areas/stats.js';
import { TICKET_COMMANDS } from './areas/ticket.js';
import { WATCHLIST_COMMANDS } from './areas/watchlist.js';

/** Every keyboard command, as a dotted id whose namespace is the panel or area it belongs to. */
export const Command = {
  ...TICKET_COMMANDS,
  ...ORDERS_COMMANDS,
  ...POSITIONS_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...COUNTDOWN_COMMANDS,
  ...PALETTE_COMMANDS,
  ...STATS_COMMANDS,
  ...LOANS_COMMANDS,
  ...VIEWS_COMMANDS,
  ...WATCHLIST_COMMANDS,
  ...ALERTS_COMMANDS,
  APP_QUIT: 'app.quit',
  /** Ctrl-C while the quit prompt is up: quit now (the terminal is restored as on any quit). */
  APP_FORCE_QUIT: 'app.forceQuit',
  /** Switches to the next theme and remembers it (palette only: no key by default). */
  APP_NEXT_THEME: 'app.nextTheme',
  APP_NEXT_LAYOUT: 'app.nextLayout',
  APP_FOCUS_WATCHLIST: 'app.focusWatchlist',
  /** Ctrl-L: redraw the whole screen. */
  APP_REPAINT: 'app.repaint',
  APP_HELP: 'app.help',
  APP_PALETTE: 'app.palette',
  APP_CLOSE_OVERLAY: 'app.closeOverlay',
  HELP_SCROLL_DOWN: 'help.scrollDown',
  HELP_SCROLL_UP: 'help.scrollUp',
  APP_CONFIRM: 'app.confirm',
  APP_FOCUS_NEXT: 'app.focusNext',
  APP_FOCUS_PREV: 'app.focusPrev',
  APP_FOCUS_1: 'app.focus1',
  APP_FOCUS_2: 'app.focus2',
  APP_FOCUS_3: 'app.focus3',
  APP_FOCUS_4: 'app.focus4',
  APP_FOCUS_5: 'app.focus5',
  APP_FOCUS_6: 'app.focus6',
  APP_FOCUS_7: 'app.focus7',
  APP_FOCUS_8: 'app.focus8',
  APP_FOCUS_9: 'app.focus9',
  APP_FOCUS_0: 'app.focus0',
  MARKET_NEXT_SYMBOL: 'market.nextSymbol',
  MARKET_PREV_SYMBOL: 'market.prevSymbol',
  BOOK_CURSOR_UP: 'book.cursorUp',
  BOOK_CURSOR_DOWN: 'book.cursorDown',
  BOOK_DEPTH: 'book.depth',
  LOG_OLDER: 'log.older',
  LOG_NEWER: 'log.newer',
  LOG_PAGE_OLDER: 'log.pageOlder',
  LOG_PAGE_NEWER: 'log.pageNewer',
  LOG_FOLLOW: 'log.follow',
  BOOK_COPY_PRICE: 'book.copyPrice',
} as const;

/** One command id. */
export type CommandId = (typeof Command)[keyof typeof Command];
