import type { Binding } from '../binding-types.js';

/** Commands of the positions area (dotted ids; namespace = area). */
export const POSITIONS_COMMANDS = {
  POSITIONS_CURSOR_UP: 'positions.cursorUp',
  POSITIONS_CURSOR_DOWN: 'positions.cursorDown',
  POSITIONS_CLOSE: 'positions.close',
  POSITIONS_CLOSE_ALL: 'positions.closeAll',
  POSITIONS_CONFIRM: 'positions.confirm',
  POSITIONS_CANCEL: 'positions.cancel',
} as const;

/**
 * Bindings of the positions area. The close confirmation is modal: the panel sets `ui.overlay` to
 * `positions`, which activates scope `overlay.positions`.
 */
export const POSITIONS_BINDINGS: readonly Binding[] = [
  { command: POSITIONS_COMMANDS.POSITIONS_CURSOR_UP, keys: ['up', 'k'], description: 'Previous position', category: 'Positions', scope: 'positions', showInFooter: false },
  { command: POSITIONS_COMMANDS.POSITIONS_CURSOR_DOWN, keys: ['down', 'j'], description: 'Next position', category: 'Positions', scope: 'positions', showInFooter: false },
  { command: POSITIONS_COMMANDS.POSITIONS_CLOSE, keys: ['c'], description: 'Close the selected position at market (asks first)', category: 'Positions', scope: 'positions', showInFooter: true },
  { command: POSITIONS_COMMANDS.POSITIONS_CLOSE_ALL, keys: ['C'], description: "Close every position of the selected position's category (asks first)", category: 'Positions', scope: 'positions', showInFooter: true },
  { command: POSITIONS_COMMANDS.POSITIONS_CONFIRM, keys: ['y'], description: 'Send the close (Enter never sends)', category: 'Positions', scope: 'overlay.positions', showInFooter: true, sends: true },
  { command: POSITIONS_COMMANDS.POSITIONS_CANCEL, keys: ['n', 'escape'], description: 'Cancel the close (nothing is sent)', category: 'Positions', scope: 'overlay.positions', showInFooter: true },
];
