import type { Binding } from '../binding-types.js';
import { COUNTDOWN_COMMANDS } from '../command-ids.js';

/**
 * Bindings of the countdown area: the panel (scope `countdown`) and the quit prompt shown while
 * the countdown is armed (scope `overlay.quitcountdown`, i.e. `ui.overlay = 'quitcountdown'`).
 */
export const COUNTDOWN_BINDINGS: readonly Binding[] = [
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_ARM, keys: ['a'], description: 'Arm the countdown (enter a window, 5–60 s)', category: 'Countdown', scope: 'countdown', showInFooter: true },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_REARM, keys: ['r'], description: 'Re-arm now (asks first)', category: 'Countdown', scope: 'countdown', showInFooter: true },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_DISARM, keys: ['z'], description: 'Disarm (asks first)', category: 'Countdown', scope: 'countdown', showInFooter: true },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_SUBMIT, keys: ['enter'], description: 'Review arming with the window typed', category: 'Countdown', scope: 'countdown', showInFooter: false },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_CONFIRM, keys: ['y'], description: 'Send what the review shows', category: 'Countdown', scope: 'countdown', showInFooter: true, sends: true },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_CANCEL_EDIT, keys: ['escape'], description: 'Stop editing the window / back out of the review', category: 'Countdown', scope: 'countdown', showInFooter: false },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_QUIT_KEEP, keys: ['k'], description: 'Quit, keep the countdown armed', category: 'Countdown', scope: 'overlay.quitcountdown', showInFooter: true },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_QUIT_DISARM, keys: ['d'], description: 'Disarm and quit', category: 'Countdown', scope: 'overlay.quitcountdown', showInFooter: true, sends: true },
  { command: COUNTDOWN_COMMANDS.COUNTDOWN_QUIT_STAY, keys: ['escape'], description: 'Stay', category: 'Countdown', scope: 'overlay.quitcountdown', showInFooter: true },
];
