import type { Binding, KeyScope } from '../binding-types.js';
import { POSITIONS_COMMANDS } from '../command-ids.js';

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
