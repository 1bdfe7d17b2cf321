import type { Binding, KeyScope } from '../binding-types.js';
import { ALERTS_COMMANDS } from '../command-ids.js';

/** Store `ui.overlay` values of the alert overlays. */
export const ALERTS_OVERLAYS = {
  form: 'alertForm',
  list: 'alertList',
} as const;

/** Key scope of each alert overlay (for the app's overlay → scope map). */
export const ALERTS_OVERLAY_SCOPES: Readonly<Record<string, KeyScope>> = {
  alertForm: 'overlay.alertForm',
  alertList: 'overlay.alertList',
};

/** True when `overlay` is one of the alert overlays. */
export function isAlertOverlay(overlay: string | null): overlay is (typeof ALERTS_OVERLAYS)[keyof typeof ALERTS_OVERLAYS] {
  return overlay === ALERTS_OVERLAYS.form || overlay === ALERTS_OVERLAYS.list;
}

const C = ALERTS_COMMANDS;

function b(command: (typeof C)[keyof typeof C], keys: readonly string[], description: string, scope: KeyScope, showInFooter: boolean): Binding {
  return { command, keys, description, category: 'Alerts', scope, showInFooter };
}

/**
 * Bindings of the alerts area. The form follows the one form model: ↑↓/`j``k`/Tab move, Enter
 * chooses the kind, then edits a text field (or finishes the edit) and cycles a choice, a typed
 * character the field under the cursor takes starts editing it, `o` reviews the rule in words, `y`
 * adds what the review shows (on its own, never behind other keys of a burst), `n`/Esc back out.
 */
export const ALERTS_BINDINGS: readonly Binding[] = [
  b(C.ALERTS_ADD, [], 'Add an alert… (price, liquidation, loan, margin, socket, order; form, review, y)', 'global', false),
  b(C.ALERTS_LIST, [], 'List alerts (config and added here; d removes an added one)', 'global', false),
  b(C.ALERTS_FORM_UP, ['up', 'k', 'shift+tab'], 'Previous field', 'overlay.alertForm', false),
  b(C.ALERTS_FORM_DOWN, ['down', 'j', 'tab'], 'Next field', 'overlay.alertForm', true),
  b(C.ALERTS_FORM_ENTER, ['enter'], 'Choose the kind / edit the field / next option (never adds)', 'overlay.alertForm', true),
  b(C.ALERTS_FORM_CHOICE, ['right'], 'Next option of a choice field', 'overlay.alertForm', false),
  b(C.ALERTS_FORM_CHOICE_PREV, ['left'], 'Previous option of a choice field', 'overlay.alertForm', false),
  b(C.ALERTS_FORM_REVIEW, ['o'], 'Review the rule in words', 'overlay.alertForm', true),
  { ...b(C.ALERTS_FORM_CONFIRM, ['y'], 'Add the reviewed rule', 'overlay.alertForm', true), sends: true },
  b(C.ALERTS_FORM_BACK, ['n'], 'Back out of the review', 'overlay.alertForm', false),
  b(C.ALERTS_FORM_CLOSE, ['escape'], 'Stop editing / back (review → fields → kinds) / close', 'overlay.alertForm', true),
  b(C.ALERTS_LIST_UP, ['up', 'k'], 'Previous rule', 'overlay.alertList', false),
  b(C.ALERTS_LIST_DOWN, ['down', 'j'], 'Next rule', 'overlay.alertList', false),
  b(C.ALERTS_LIST_REMOVE, ['d'], 'Remove the selected rule (added here only; asks first)', 'overlay.alertList', true),
  b(C.ALERTS_ADD, ['a'], 'Add an alert…', 'overlay.alertList', true),
  { ...b(C.ALERTS_LIST_CONFIRM, ['y'], 'Yes, remove it', 'overlay.alertList', true), sends: true },
  b(C.ALERTS_LIST_CLOSE, ['n', 'escape', 'q'], 'Keep it / close the list', 'overlay.alertList', true),
];
