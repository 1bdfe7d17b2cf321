import { VIEWS } from '../../views/registry.js';
import type { Binding } from '../binding-types.js';

/**
 * Commands of the desk views: one per view (history, reference, administration; each bound to a
 * key in its panel, see src/ui/views/*-views.ts), plus the keys of the open view's overlay.
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

/** One view-opening command id. */
export type ViewCommandId = Extract<(typeof VIEWS_COMMANDS)[keyof typeof VIEWS_COMMANDS], `views.${string}`>;

const ALL_IDS: ReadonlySet<string> = new Set(Object.values(VIEWS_COMMANDS));

/** True when `id` is one of the view-opening commands. */
export function isViewCommand(id: string): id is ViewCommandId {
  return id.startsWith('views.') && ALL_IDS.has(id);
}

const C = VIEWS_COMMANDS;

/** Bindings of the desk: each view's key in its panel, then the overlay's keys. */
export const VIEWS_BINDINGS: readonly Binding[] = [
  ...VIEWS.flatMap((v): Binding[] => (isViewCommand(v.command) ? [{ command: v.command, keys: [v.key], description: v.title, category: v.group, scope: v.scope, showInFooter: false }] : [])),
  { command: C.DESK_UP, keys: ['up', 'k'], description: 'Previous field or row', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_DOWN, keys: ['down', 'j'], description: 'Next field or row', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_ENTER, keys: ['enter'], description: 'Edit/choose', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_RUN, keys: ['o'], description: 'Run/review', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_CONFIRM, keys: ['y'], description: 'Send', category: 'Desk', scope: 'overlay.desk', showInFooter: true, sends: true },
  { command: C.DESK_ZONE, keys: ['tab', 'shift+tab'], description: 'Form/results', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_NEXT_PAGE, keys: ['n', 'pagedown'], description: 'Older page (review: no)', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  { command: C.DESK_PREV_PAGE, keys: ['p', 'pageup'], description: 'Newer page', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_LEFT, keys: ['left'], description: 'Previous choice / scroll left', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_RIGHT, keys: ['right'], description: 'Next choice / scroll right', category: 'Desk', scope: 'overlay.desk', showInFooter: false },
  { command: C.DESK_BACK, keys: ['escape', 'q'], description: 'Back', category: 'Desk', scope: 'overlay.desk', showInFooter: true },
  // The ladder overlay (orders panel, L) shares the desk's form commands.
  { command: C.DESK_UP, keys: ['up', 'k'], description: 'Previous field', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_DOWN, keys: ['down', 'j'], description: 'Next field', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_ENTER, keys: ['enter'], description: 'Edit/choose', category: 'Desk', scope: 'overlay.ladder', showInFooter: true },
  { command: C.DESK_RUN, keys: ['o'], description: 'Review', category: 'Desk', scope: 'overlay.ladder', showInFooter: true },
  { command: C.DESK_CONFIRM, keys: ['y'], description: 'Send', category: 'Desk', scope: 'overlay.ladder', showInFooter: true, sends: true },
  { command: C.DESK_LEFT, keys: ['left'], description: 'Previous choice', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_RIGHT, keys: ['right'], description: 'Next choice', category: 'Desk', scope: 'overlay.ladder', showInFooter: false },
  { command: C.DESK_BACK, keys: ['escape', 'n'], description: 'Back', category: 'Desk', scope: 'overlay.ladder', showInFooter: true },
];
