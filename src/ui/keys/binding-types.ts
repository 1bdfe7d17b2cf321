import type { CommandId } from './commands.js';

/** Help-sheet sections. */
export type KeyCategory = 'General' | 'Navigation' | 'Market' | 'Book' | 'Ticket' | 'Orders' | 'Positions' | 'Account' | 'Countdown' | 'Loans' | 'Palette' | 'Desk' | 'Alerts' | 'Journal';

/** Where a binding applies: everywhere, in one panel, or in one overlay. */
export type KeyScope =
  /** Everywhere, overlays included (Ctrl-L). */
  | 'always'
  | 'global'
  | 'book'
  | 'ticker'
  | 'trades'
  | 'ticket'
  | 'orders'
  | 'positions'
  | 'account'
  | 'countdown'
  | 'log'
  | 'candles'
  | 'watchlist'
  | 'journal'
  | 'loans' | 'overlay.loanForm'
  | 'overlay.orderConfirm' | 'overlay.orderEdit' | 'overlay.orderHistory'
  | 'overlay.ticketConfirm'
  | 'overlay.quitcountdown'
  | 'overlay.help'
  | 'overlay.confirm'
  | 'overlay.palette'
  | 'overlay.picker'
  | 'overlay.history'
  | 'overlay.edit'
  | 'overlay.positions'
  | 'overlay.desk'
  | 'overlay.ladder'
  | 'overlay.alertForm' | 'overlay.alertList';

/** One binding: the single source for dispatch, the footer hints and the `?` help overlay. */
export interface Binding {
  readonly command: CommandId;
  /** Key names as produced by `keyNames` (e.g. `q`, `ctrl+p`, `up`, `shift+tab`). */
  readonly keys: readonly string[];
  readonly description: string;
  readonly category: KeyCategory;
  readonly scope: KeyScope;
  /** Shown in the footer when its scope is active. */
  readonly showInFooter: boolean;
  /**
   * The key sends a reviewed write. It counts only as the first key of its input chunk: a `y`
   * that arrives in one burst with the keys that opened the review was never seen on screen.
   */
  readonly sends?: true;
}
