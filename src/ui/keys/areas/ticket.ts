import type { Binding, KeyScope } from '../binding-types.js';
import { TICKET_COMMANDS } from '../command-ids.js';

/** Store `ui.overlay` values of the ticket; `ticketConfirm` activates key scope `overlay.ticketConfirm`. */
export const TICKET_OVERLAYS = {
  confirm: 'ticketConfirm',
} as const;

/** Key scope of each ticket overlay (for the app's overlay → scope map). */
export const TICKET_OVERLAY_SCOPES: Readonly<Record<string, KeyScope>> = {
  ticketConfirm: 'overlay.ticketConfirm',
};

const C = TICKET_COMMANDS;

function b(command: (typeof C)[keyof typeof C], keys: readonly string[], description: string, scope: KeyScope, showInFooter: boolean): Binding {
  return { command, keys, description, category: 'Ticket', scope, showInFooter };
}

/**
 * Bindings of the ticket (scope `ticket`) and its confirmation (`overlay.ticketConfirm`). While a
 * text field is edited its characters go to the field; up/down then step the price by one tick.
 */
export const TICKET_BINDINGS: readonly Binding[] = [
  b(C.TICKET_REVIEW, ['o'], 'Review the order', 'ticket', true),
  b(C.TICKET_BUY, ['b'], 'Buy (long open / short close)', 'ticket', true),
  b(C.TICKET_SELL, ['s'], 'Sell (short open / long close)', 'ticket', true),
  b(C.TICKET_TOGGLE_TYPE, ['m'], 'Limit/market', 'ticket', true),
  b(C.TICKET_ENTER, ['enter'], 'Edit field / next option', 'ticket', true),
  b(C.TICKET_DOWN, ['down', 'j'], 'Next field (price: tick down)', 'ticket', true),
  b(C.TICKET_UP, ['up', 'k'], 'Previous field (price: tick up)', 'ticket', false),
  b(C.TICKET_EDIT, ['e'], 'Edit the selected text field', 'ticket', false),
  b(C.TICKET_STOP_EDIT, ['escape'], 'Leave the field (or clear the last result)', 'ticket', false),
  b(C.TICKET_NEXT_CHOICE, ['right', ' '], 'Next option of the selected choice', 'ticket', false),
  b(C.TICKET_PREV_CHOICE, ['left'], 'Previous option of the selected choice', 'ticket', false),
  { ...b(C.TICKET_CONFIRM_YES, ['y'], 'Send (with warnings: y, then y again)', 'overlay.ticketConfirm', true), sends: true },
  b(C.TICKET_CONFIRM_ENTER, ['enter'], 'Enter never sends: y sends, n goes back', 'overlay.ticketConfirm', false),
  b(C.TICKET_CONFIRM_NO, ['n', 'escape'], 'Back to the ticket', 'overlay.ticketConfirm', true),
];
