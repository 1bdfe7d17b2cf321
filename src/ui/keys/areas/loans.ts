import type { Binding } from '../binding-types.js';
import { LOANS_COMMANDS } from '../command-ids.js';

/**
 * Bindings of the loans panel (scope `loans`) and its form (scope `overlay.loanForm`, i.e.
 * `ui.overlay = 'loanForm'`). Borrow is `b` because `n` is a global key. The form follows the one
 * form model: ↑↓/`j``k` move, Enter edits a text field (or finishes) and cycles a choice, a typed
 * digit or coin letter the field takes fills the field the cursor rests on, `o` reviews, `y` sends
 * what the review shows (on its own, never behind other keys of a burst), `n`/Esc back out of the
 * review, Esc closes.
 */
export const LOANS_BINDINGS: readonly Binding[] = [
  { command: LOANS_COMMANDS.LOANS_UP, keys: ['up', 'k'], description: 'Select the previous loan', category: 'Loans', scope: 'loans', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_DOWN, keys: ['down', 'j'], description: 'Select the next loan', category: 'Loans', scope: 'loans', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_BORROW, keys: ['b'], description: 'Borrow (new loan form)', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_REPAY, keys: ['r'], description: 'Repay the selected loan', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_ADD_PLEDGE, keys: ['+', '='], description: 'Add collateral', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_WITHDRAW_PLEDGE, keys: ['-'], description: 'Withdraw collateral', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_UP, keys: ['up', 'k'], description: 'Previous field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_FORM_DOWN, keys: ['down', 'j'], description: 'Next field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_EDIT, keys: ['enter'], description: 'Edit the text field / finish editing / next option (never sends)', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CHOICE, keys: ['right'], description: 'Next option of a choice field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CHOICE_PREV, keys: ['left'], description: 'Previous option of a choice field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_FORM_SUBMIT, keys: ['o'], description: 'Review what will be sent', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CONFIRM, keys: ['y'], description: 'Send what the review shows', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true, sends: true },
  { command: LOANS_COMMANDS.LOANS_FORM_BACK, keys: ['n'], description: 'Back out of the review', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CLOSE, keys: ['escape'], description: 'Stop editing / back out of the review / close the form', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
];
