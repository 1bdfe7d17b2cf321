import type { Binding, KeyScope } from '../binding-types.js';

/** Commands of the alerts area (dotted ids; namespace = area): the palette's two commands and their overlays' keys. */
export const ALERTS_COMMANDS = {
  /** Opens the alert form (palette: no key by default; `a` in the alert list). */
  ALERTS_ADD: 'alerts.add',
  /** Opens the list of active alert rules (palette: no key by default). */
  ALERTS_LIST: 'alerts.list',
  /** Form: previous field / kind. */
  ALERTS_FORM_UP: 'alerts.formUp',
  /** Form: next field / kind. */
  ALERTS_FORM_DOWN: 'alerts.formDown',
  /** Form: choose the kind; on a field, edit it / finish editing / next option. Never adds. */
  ALERTS_FORM_ENTER: 'alerts.formEnter',
  ALERTS_FORM_CHOICE: 'alerts.formChoice',
  ALERTS_FORM_CHOICE_PREV: 'alerts.formChoicePrev',
  /** Form: review the rule in words. */
  ALERTS_FORM_REVIEW: 'alerts.formReview',
  /** Form: add the reviewed rule. */
  ALERTS_FORM_CONFIRM: 'alerts.formConfirm',
  /** Form: back out of the review. */
  ALERTS_FORM_BACK: 'alerts.formBack',
  /** Form: stop editing / back out of the review / back to the kinds / close. */
  ALERTS_FORM_CLOSE: 'alerts.formClose',
  ALERTS_LIST_UP: 'alerts.listUp',
  ALERTS_LIST_DOWN: 'alerts.listDown',
  /** List: remove the selected rule added here (asks first). */
  ALERTS_LIST_REMOVE: 'alerts.listRemove',
  /** List: yes, remove it. */
  ALERTS_LIST_CONFIRM: 'alerts.listConfirm',
  /** List: keep it (n / Esc on the question) or close the list. */
  ALERTS_LIST_CLOSE: 'alerts.listClose',
} as const;

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
