/**
 * Every area's command ids (dotted; namespace = area), apart from the bindings that use them
 * (areas/*.ts), so commands.ts, the binding types and the areas import in one direction.
 */

/** Commands of the account area (dotted ids; namespace = area). */
export const ACCOUNT_COMMANDS = {
  ACCOUNT_SCROLL_UP: 'account.scrollUp',
  ACCOUNT_SCROLL_DOWN: 'account.scrollDown',
  ACCOUNT_PAGE_UP: 'account.pageUp',
  ACCOUNT_PAGE_DOWN: 'account.pageDown',
} as const;

/** Commands of the alerts area (dotted ids; namespace = area): the palette's two commands and their overlays' keys. */
export const ALERTS_COMMANDS = {
  /** Opens the alert form (palette: no key by default; `a` in the alert list). */
  ALERTS_ADD: 'alerts.add',
  /** Opens the list of active alert rules (palette: no key by default). */
  ALERTS_LIST: 'alerts.list',
  /** Form: previous field / kind. */
  ALERTS_FORM_UP: 'alerts.formUp',
  /** Form: next field / kind. */
  ALERTS_FORM_DOWN: 'alerts.formDown',
  /** Form: choose the kind; on a field, edit it / finish editing / next option. Never adds. */
  ALERTS_FORM_ENTER: 'alerts.formEnter',
  ALERTS_FORM_CHOICE: 'alerts.formChoice',
  ALERTS_FORM_CHOICE_PREV: 'alerts.formChoicePrev',
  /** Form: review the rule in words. */
  ALERTS_FORM_REVIEW: 'alerts.formReview',
  /** Form: add the reviewed rule. */
  ALERTS_FORM_CONFIRM: 'alerts.formConfirm',
  /** Form: back out of the review. */
  ALERTS_FORM_BACK: 'alerts.formBack',
  /** Form: stop editing / back out of the review / back to the kinds / close. */
  ALERTS_FORM_CLOSE: 'alerts.formClose',
  ALERTS_LIST_UP: 'alerts.listUp',
  ALERTS_LIST_DOWN: 'alerts.listDown',
  /** List: remove the selected rule added here (asks first). */
  ALERTS_LIST_REMOVE: 'alerts.listRemove',
  /** List: yes, remove it. */
  ALERTS_LIST_CONFIRM: 'alerts.listConfirm',
  /** List: keep it (n / Esc on the question) or close the list. */
  ALERTS_LIST_CLOSE: 'alerts.listClose',
} as const;

/** Commands of the countdown area (dotted ids; namespace = area). */
export const COUNTDOWN_COMMANDS = {
  COUNTDOWN_ARM: 'countdown.arm',
  COUNTDOWN_REARM: 'countdown.rearm',
  COUNTDOWN_DISARM: 'countdown.disarm',
  COUNTDOWN_SUBMIT: 'countdown.submit',
  COUNTDOWN_CANCEL_EDIT: 'countdown.cancelEdit',
  COUNTDOWN_CONFIRM: 'countdown.confirm',
  COUNTDOWN_QUIT_KEEP: 'countdown.quitKeep',
  COUNTDOWN_QUIT_DISARM: 'countdown.quitDisarm',
  COUNTDOWN_QUIT_STAY: 'countdown.quitStay',
} as const;

/** Commands of the loans area (dotted ids; namespace = area). */
export const LOANS_COMMANDS = {
  LOANS_UP: 'loans.up',
  LOANS_DOWN: 'loans.down',
  LOANS_BORROW: 'loans.borrow',
  LOANS_REPAY: 'loans.repay',
  LOANS_ADD_PLEDGE: 'loans.addPledge',
  LOANS_WITHDRAW_PLEDGE: 'loans.withdrawPledge',
  LOANS_FORM_UP: 'loans.formUp',
  LOANS_FORM_DOWN: 'loans.formDown',
  LOANS_FORM_EDIT: 'loans.formEdit',
  LOANS_FORM_CHOICE: 'loans.formChoice',
  LOANS_FORM_CHOICE_PREV: 'loans.formChoicePrev',
  LOANS_FORM_SUBMIT: 'loans.formSubmit',
  LOANS_FORM_CONFIRM: 'loans.formConfirm',
  LOANS_FORM_BACK: 'loans.formBack',
  LOANS_FORM_CLOSE: 'loans.formClose',
} as const;

/** Commands of the orders area (dotted ids; namespace = area). */
export const ORDERS_COMMANDS = {
  ORDERS_CURSOR_UP: 'orders.cursorUp',
  ORDERS_CURSOR_DOWN: 'orders.cursorDown',
  ORDERS_PAGE_UP: 'orders.pageUp',
  ORDERS_PAGE_DOWN: 'orders.pageDown',
  ORDERS_HOME: 'orders.home',
  ORDERS_END: 'orders.end',
  ORDERS_MODIFY: 'orders.modify',
  ORDERS_CANCEL: 'orders.cancel',
  ORDERS_CANCEL_SYMBOL: 'orders.cancelSymbol',
  ORDERS_TOGGLE_SELECT: 'orders.toggleSelect',
  ORDERS_BATCH_CANCEL: 'orders.batchCancel',
  ORDERS_BATCH_MODIFY: 'orders.batchModify',
  ORDERS_HISTORY: 'orders.history',
  /** Opens the ladder: a batch of limit orders between two prices (place-batch). */
  ORDERS_LADDER: 'orders.ladder',
  ORDERS_CLEAR: 'orders.clear',
  ORDERS_CONFIRM_YES: 'orders.confirmYes',
  ORDERS_CONFIRM_NO: 'orders.confirmNo',
  /** Modify form: review the change (the one review key of every form; `y` on the question sends). */
  ORDERS_EDIT_SUBMIT: 'orders.editSubmit',
  /** Modify form: edit the selected field / finish editing. Never reviews or sends. */
  ORDERS_EDIT_ENTER: 'orders.editEnter',
  ORDERS_EDIT_CANCEL: 'orders.editCancel',
  ORDERS_EDIT_NEXT_FIELD: 'orders.editNextField',
  ORDERS_EDIT_PREV_FIELD: 'orders.editPrevField',
  ORDERS_HISTORY_TAB: 'orders.historyTab',
  ORDERS_HISTORY_NEXT_PAGE: 'orders.historyNextPage',
  ORDERS_HISTORY_PREV_PAGE: 'orders.historyPrevPage',
  ORDERS_HISTORY_CATEGORY: 'orders.historyCategory',
  ORDERS_HISTORY_CLOSE: 'orders.historyClose',
} as const;

/**
 * Commands of the palette area (dotted ids): the command palette and symbol picker overlays (which
 * share the list-navigation commands, only one of them is open at a time) and the candle panel.
 */
export const PALETTE_COMMANDS = {
  /** Opens the symbol picker overlay (global). */
  PALETTE_SYMBOLS: 'palette.symbols',
  /** Moves the selection of the open palette/picker list up. */
  PALETTE_UP: 'palette.up',
  /** Moves the selection of the open palette/picker list down. */
  PALETTE_DOWN: 'palette.down',
  /** Runs the selected palette entry / picks the selected symbol. */
  PALETTE_RUN: 'palette.run',
  /** Closes the palette or picker. */
  PALETTE_CLOSE: 'palette.close',
  /** Picker: next category tab. */
  PALETTE_NEXT_TAB: 'palette.nextTab',
  /** Picker: previous category tab. */
  PALETTE_PREV_TAB: 'palette.prevTab',
  /** Candle panel: next interval. */
  CANDLES_NEXT_INTERVAL: 'candles.nextInterval',
  /** Candle panel: previous interval. */
  CANDLES_PREV_INTERVAL: 'candles.prevInterval',
  /** Candle panel: next candle type (market, mark, index, premium). */
  CANDLES_NEXT_TYPE: 'candles.nextType',
} as const;

/** Commands of the positions area (dotted ids; namespace = area). */
export const POSITIONS_COMMANDS = {
  POSITIONS_CURSOR_UP: 'positions.cursorUp',
  POSITIONS_CURSOR_DOWN: 'positions.cursorDown',
  POSITIONS_CLOSE: 'positions.close',
  POSITIONS_CLOSE_ALL: 'positions.closeAll',
  /** Opens the reduce form: part of the position (a quantity or a % of the size), at market or a limit price. */
  POSITIONS_REDUCE: 'positions.reduce',
  /** Opens the reduce form on its price: close at a limit price. */
  POSITIONS_LIMIT_CLOSE: 'positions.limitClose',
  /** Reduce form: review what would be sent (`y` on the review sends). */
  POSITIONS_FORM_REVIEW: 'positions.formReview',
  /** Reduce form: edit the selected field / finish editing. Never reviews or sends. */
  POSITIONS_FORM_ENTER: 'positions.formEnter',
  POSITIONS_FORM_NEXT_FIELD: 'positions.formNextField',
  POSITIONS_FORM_PREV_FIELD: 'positions.formPrevField',
  /** Reduce form: clear the price, so the close goes at market. */
  POSITIONS_FORM_MARKET: 'positions.formMarket',
  POSITIONS_CONFIRM: 'positions.confirm',
  POSITIONS_CANCEL: 'positions.cancel',
} as const;

/** Commands of the render-stats area (dotted ids; namespace = area). */
export const STATS_COMMANDS = {
  STATS_TOGGLE: 'stats.toggle',
} as const;

/** Commands of the ticket area (dotted ids; namespace = area). */
export const TICKET_COMMANDS = {
  TICKET_UP: 'ticket.up',
  TICKET_DOWN: 'ticket.down',
  TICKET_ENTER: 'ticket.enter',
  TICKET_EDIT: 'ticket.edit',
  TICKET_STOP_EDIT: 'ticket.stopEdit',
  TICKET_NEXT_CHOICE: 'ticket.nextChoice',
  TICKET_PREV_CHOICE: 'ticket.prevChoice',
  TICKET_BUY: 'ticket.buy',
  TICKET_SELL: 'ticket.sell',
  TICKET_TOGGLE_TYPE: 'ticket.toggleType',
  TICKET_REVIEW: 'ticket.review',
  TICKET_CONFIRM_YES: 'ticket.confirmYes',
  TICKET_CONFIRM_ENTER: 'ticket.confirmEnter',
  TICKET_CONFIRM_NO: 'ticket.confirmNo',
} as const;

/**
 * Commands of the desk views: one per view (history, reference, administration; each bound to a
 * key in its panel, see src/ui/view-defs/*-views.ts), plus the keys of the open view's overlay.
 */
export const VIEWS_COMMANDS = {
  VIEW_LOAN_BORROW_HISTORY: 'views.loanBorrowHistory',
  VIEW_LOAN_REPAY_HISTORY: 'views.loanRepayHistory',
  VIEW_LOAN_PLEDGE_HISTORY: 'views.loanPledgeHistory',
  VIEW_LOAN_LIQUIDATIONS: 'views.loanLiquidations',
  VIEW_LOAN_DEBTS: 'views.loanDebts',
  VIEW_LOAN_COINS: 'views.loanCoins',
  VIEW_LOAN_INTEREST: 'views.loanInterest',
  VIEW_LOAN_ONGOING: 'views.loanOngoing',
  VIEW_LOAN_COINS_CONVERT: 'views.loanCoinsConvert',
  VIEW_ACCOUNT_SETTINGS: 'views.accountSettings',
  VIEW_ACCOUNT_MODE: 'views.accountMode',
  VIEW_HOLD_MODE: 'views.holdMode',
  VIEW_LEVERAGE: 'views.leverage',
  VIEW_DELTA_INFO: 'views.deltaInfo',
  VIEW_FUNDING_ASSETS: 'views.fundingAssets',
  VIEW_ASSETS: 'views.assets',
  VIEW_MAX_TRANSFERABLE: 'views.maxTransferable',
  VIEW_MAX_OPEN: 'views.maxOpen',
  VIEW_FINANCIAL_RECORDS: 'views.financialRecords',
  VIEW_CANCEL_WITHDRAWAL: 'views.cancelWithdrawal',
  VIEW_SUB_ACCOUNTS: 'views.subAccounts',
  VIEW_CREATE_SUB: 'views.createSub',
  VIEW_CREATE_SUB_KEYS: 'views.createSubKeys',
  VIEW_MARGIN_TAX: 'views.marginTax',
  VIEW_STRATEGY_HISTORY: 'views.strategyHistory',
  VIEW_HISTORY_ORDERS: 'views.historyOrders',
  VIEW_FILLS: 'views.fills',
  VIEW_UNFILLED_ORDERS: 'views.unfilledOrders',
  VIEW_ORDER_INFO: 'views.orderInfo',
  VIEW_POSITION_HISTORY: 'views.positionHistory',
  VIEW_CURRENT_POSITIONS: 'views.currentPositions',
  VIEW_LEGACY_POSITIONS: 'views.legacyPositions',
  VIEW_INSTRUMENTS: 'views.instruments',
  VIEW_COINS: 'views.coins',
  VIEW_ANNOUNCEMENTS: 'views.announcements',
  VIEW_FEE_GROUPS: 'views.feeGroups',
  VIEW_SCORE_WEIGHTS: 'views.scoreWeights',
  VIEW_RPI_SYMBOLS: 'views.rpiSymbols',
  VIEW_RPI_BOOK: 'views.rpiBook',
  VIEW_REST_BOOK: 'views.restBook',
  VIEW_TICKERS: 'views.tickers',
  VIEW_PUBLIC_FILLS: 'views.publicFills',
  VIEW_HISTORY_CANDLES: 'views.historyCandles',
  VIEW_CANDLES: 'views.candles',
  VIEW_SERVER_TIME: 'views.serverTime',
  /** Desk overlay: cursor up (form field or result row); finishes an edit first. */
  DESK_UP: 'desk.up',
  /** Desk overlay: cursor down. */
  DESK_DOWN: 'desk.down',
  /** Desk overlay: switch between the form and the results. */
  DESK_ZONE: 'desk.zone',
  /** Desk overlay: edit the text field / finish editing / next option of a choice; on a result row, show every field. Never runs or sends. */
  DESK_ENTER: 'desk.enter',
  /** Desk overlay: previous choice / scroll the table left. */
  DESK_LEFT: 'desk.left',
  /** Desk overlay: next choice / scroll the table right. */
  DESK_RIGHT: 'desk.right',
  /** Desk overlay: run the query, or review a write (the one review key of every form). */
  DESK_RUN: 'desk.run',
  /** Desk overlay: send a reviewed write. */
  DESK_CONFIRM: 'desk.confirm',
  /** Desk overlay: next (older) page; while a write is under review, backs out of it (no). */
  DESK_NEXT_PAGE: 'desk.nextPage',
  /** Desk overlay: previous (newer) page. */
  DESK_PREV_PAGE: 'desk.prevPage',
  /** Desk overlay: back (detail → table, review → form) or close. */
  DESK_BACK: 'desk.back',
} as const;

/** Commands of the watchlist panel (dotted ids; namespace = area). */
export const WATCHLIST_COMMANDS = {
  WATCHLIST_UP: 'watchlist.up',
  WATCHLIST_DOWN: 'watchlist.down',
  WATCHLIST_FOLLOW: 'watchlist.follow',
} as const;

/** Commands of the trade journal panel (dotted ids; namespace = area). */
export const JOURNAL_COMMANDS = {
  JOURNAL_VIEW: 'journal.view',
  JOURNAL_RANGE: 'journal.range',
  JOURNAL_SYMBOL: 'journal.symbol',
  JOURNAL_SIDE: 'journal.side',
  JOURNAL_UP: 'journal.up',
  JOURNAL_DOWN: 'journal.down',
} as const;
