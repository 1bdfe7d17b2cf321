import type { Binding, KeyScope } from '../binding-types.js';
import { ORDERS_COMMANDS } from '../command-ids.js';

/**
 * Store `ui.overlay` values of the orders area; each activates key scope `overlay.<name>`
 * (`overlay.orderConfirm`, `overlay.orderEdit`, `overlay.orderHistory`).
 */
export const ORDERS_OVERLAYS = {
  confirm: 'orderConfirm',
  edit: 'orderEdit',
  history: 'orderHistory',
} as const;

/** Key scope of each orders overlay (for the app's overlay → scope map). */
export const ORDERS_OVERLAY_SCOPES: Readonly<Record<string, KeyScope>> = {
  orderConfirm: 'overlay.orderConfirm',
  orderEdit: 'overlay.orderEdit',
  orderHistory: 'overlay.orderHistory',
};

const C = ORDERS_COMMANDS;

function b(command: (typeof C)[keyof typeof C], keys: readonly string[], description: string, scope: KeyScope, showInFooter: boolean): Binding {
  return { command, keys, description, category: 'Orders', scope, showInFooter };
}

/** Bindings of the orders area: the panel (scope `orders`) and its three modal overlays. */
export const ORDERS_BINDINGS: readonly Binding[] = [
  b(C.ORDERS_CURSOR_UP, ['up', 'k'], 'Order cursor up', 'orders', false),
  b(C.ORDERS_CURSOR_DOWN, ['down', 'j'], 'Order cursor down', 'orders', false),
  b(C.ORDERS_PAGE_UP, ['pageup'], 'Orders page up', 'orders', false),
  b(C.ORDERS_PAGE_DOWN, ['pagedown'], 'Orders page down', 'orders', false),
  b(C.ORDERS_HOME, ['home'], 'First order', 'orders', false),
  b(C.ORDERS_END, ['end'], 'Last order', 'orders', false),
  b(C.ORDERS_MODIFY, ['e', 'enter'], 'Modify price/qty of the order', 'orders', true),
  b(C.ORDERS_CANCEL, ['x'], 'Cancel the order (asks first)', 'orders', true),
  b(C.ORDERS_CANCEL_SYMBOL, ['X'], "Cancel all of the order's symbol (asks first)", 'orders', false),
  b(C.ORDERS_TOGGLE_SELECT, [' '], 'Select/unselect for a batch (max 20, one category)', 'orders', true),
  b(C.ORDERS_BATCH_CANCEL, ['b'], 'Batch-cancel the selection (asks first)', 'orders', false),
  b(C.ORDERS_BATCH_MODIFY, ['B'], 'Batch-modify the selection (tick offset or qty)', 'orders', false),
  b(C.ORDERS_HISTORY, ['h'], 'Order history and fills', 'orders', true),
  b(C.ORDERS_LADDER, ['L'], 'Ladder: a batch of limit orders between two prices', 'orders', false),
  b(C.ORDERS_CLEAR, ['escape'], 'Clear the selection and results', 'orders', false),
  { ...b(C.ORDERS_CONFIRM_YES, ['y'], 'Yes, do it', 'overlay.orderConfirm', true), sends: true },
  b(C.ORDERS_CONFIRM_NO, ['n', 'escape'], 'No, go back', 'overlay.orderConfirm', true),
  b(C.ORDERS_EDIT_ENTER, ['enter'], 'Edit field', 'overlay.orderEdit', true),
  b(C.ORDERS_EDIT_SUBMIT, ['o'], 'Review', 'overlay.orderEdit', true),
  b(C.ORDERS_EDIT_CANCEL, ['escape', 'n'], 'Back', 'overlay.orderEdit', true),
  b(C.ORDERS_EDIT_NEXT_FIELD, ['tab', 'down', 'j'], 'Next field', 'overlay.orderEdit', false),
  b(C.ORDERS_EDIT_PREV_FIELD, ['shift+tab', 'up', 'k'], 'Previous field', 'overlay.orderEdit', false),
  b(C.ORDERS_HISTORY_TAB, ['tab', 'left', 'right'], 'Orders / fills', 'overlay.orderHistory', true),
  b(C.ORDERS_HISTORY_NEXT_PAGE, ['n', 'pagedown'], 'Older page', 'overlay.orderHistory', true),
  b(C.ORDERS_HISTORY_PREV_PAGE, ['p', 'pageup'], 'Newer page', 'overlay.orderHistory', true),
  b(C.ORDERS_HISTORY_CATEGORY, ['c'], 'Next category', 'overlay.orderHistory', true),
  b(C.ORDERS_HISTORY_CLOSE, ['escape', 'h', 'q'], 'Close history', 'overlay.orderHistory', true),
];
