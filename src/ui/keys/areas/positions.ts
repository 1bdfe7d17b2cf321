import type { Binding, KeyScope } from '../binding-types.js';

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

const C = POSITIONS_COMMANDS;

function b(command: (typeof C)[keyof typeof C], keys: readonly string[], description: string, scope: KeyScope, showInFooter: boolean): Binding {
  return { command, keys, description, category: 'Positions', scope, showInFooter };
}

/**
 * Bindings of the positions area. The close confirmations and the reduce form are modal: the panel
 * sets `ui.overlay` to `positions`, which activates scope `overlay.positions`. In the form the
 * field the cursor rests on takes digits, `.` and `%` (typing starts editing it).
 */
export const POSITIONS_BINDINGS: readonly Binding[] = [
  b(C.POSITIONS_CURSOR_UP, ['up', 'k'], 'Previous position', 'positions', false),
  b(C.POSITIONS_CURSOR_DOWN, ['down', 'j'], 'Next position', 'positions', false),
  b(C.POSITIONS_CLOSE, ['c'], 'Close the selected position at market (asks first)', 'positions', true),
  b(C.POSITIONS_CLOSE_ALL, ['C'], "Close every position of the selected position's category (asks first)", 'positions', true),
  b(C.POSITIONS_REDUCE, ['r'], 'Partial close: a quantity or % of the size, at market or a limit price (form, then review)', 'positions', true),
  b(C.POSITIONS_LIMIT_CLOSE, ['l'], 'Close at a limit price (the same form, on its price)', 'positions', true),
  b(C.POSITIONS_FORM_ENTER, ['enter'], 'Edit field', 'overlay.positions', true),
  b(C.POSITIONS_FORM_REVIEW, ['o'], 'Review', 'overlay.positions', true),
  b(C.POSITIONS_FORM_MARKET, ['m'], 'Market (clear the price)', 'overlay.positions', false),
  b(C.POSITIONS_FORM_NEXT_FIELD, ['tab', 'down', 'j'], 'Next field', 'overlay.positions', false),
  b(C.POSITIONS_FORM_PREV_FIELD, ['shift+tab', 'up', 'k'], 'Previous field', 'overlay.positions', false),
  { ...b(C.POSITIONS_CONFIRM, ['y'], 'Send the close (Enter never sends)', 'overlay.positions', true), sends: true },
  b(C.POSITIONS_CANCEL, ['n', 'escape'], 'Back / cancel the close (nothing is sent)', 'overlay.positions', true),
];
