import type { Binding } from '../binding-types.js';

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
  LOANS_FORM_SUBMIT: 'loans.formSubmit',
  LOANS_FORM_CONFIRM: 'loans.formConfirm',
  LOANS_FORM_CLOSE: 'loans.formClose',
} as const;

/**
 * Bindings of the loans panel (scope `loans`) and its form (scope `overlay.loanForm`, i.e.
 * `ui.overlay = 'loanForm'`). Borrow is `b` because `n` is a global key.
 */
export const LOANS_BINDINGS: readonly Binding[] = [
  { command: LOANS_COMMANDS.LOANS_UP, keys: ['up', 'k'], description: 'Select the previous loan', category: 'Loans', scope: 'loans', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_DOWN, keys: ['down', 'j'], description: 'Select the next loan', category: 'Loans', scope: 'loans', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_BORROW, keys: ['b'], description: 'Borrow (new loan form)', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_REPAY, keys: ['r'], description: 'Repay the selected loan', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_ADD_PLEDGE, keys: ['+', '='], description: 'Add collateral', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_WITHDRAW_PLEDGE, keys: ['-'], description: 'Withdraw collateral', category: 'Loans', scope: 'loans', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_UP, keys: ['up'], description: 'Previous field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_FORM_DOWN, keys: ['down'], description: 'Next field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: false },
  { command: LOANS_COMMANDS.LOANS_FORM_EDIT, keys: ['enter'], description: 'Edit the field / finish editing (never sends)', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CHOICE, keys: ['left', 'right'], description: 'Change a choice field', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_SUBMIT, keys: ['s'], description: 'Review what will be sent', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CONFIRM, keys: ['y'], description: 'Send what the review shows', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
  { command: LOANS_COMMANDS.LOANS_FORM_CLOSE, keys: ['escape'], description: 'Back / close the form', category: 'Loans', scope: 'overlay.loanForm', showInFooter: true },
];
