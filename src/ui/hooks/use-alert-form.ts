import type { AlertRuleJson } from '../../domain/alert-config.js';
import { ALERT_FORM_FIELDS, ALERT_FORM_KINDS, alertFormInitialValues, checkAlertForm, type AlertFormCheck, type AlertFormField, type AlertFormFieldKey, type AlertFormInput, type AlertFormValues } from '../../domain/alert-form.js';
import type { AlertKind, AlertRule } from '../../domain/alert-rules.js';
import { useState } from 'react';
import { Command } from '../keys/commands.js';
import { ALERTS_OVERLAYS } from '../keys/areas/alerts.js';
import { useAppContext } from './app-context.js';
import { useCommand, useRestingField } from './use-commands.js';
import { useRefState } from './use-ref-state.js';
import { useTextField, type TextField } from './use-text-field.js';

/** Where the form is: choosing the kind, filling its fields, or reviewing the rule. */
export type AlertFormStep = 'kind' | 'fields' | 'review';

/** The rule under review: fixed when the review opened, added as shown by `y`. */
export interface AlertReview {
  readonly rule: AlertRule;
  readonly json: AlertRuleJson;
}

/** One row of the fields step: its spec, and the text field behind a text row. */
export interface AlertFormRow {
  readonly spec: AlertFormField;
  readonly field: TextField | null;
  /** The text or the chosen option as shown. */
  readonly value: string;
}

/** What the form component renders. */
export interface AlertFormState {
  readonly step: AlertFormStep;
  /** Index of the highlighted kind (kind step) and the chosen kind (after). */
  readonly kindAt: number;
  readonly kind: AlertKind;
  readonly rows: readonly AlertFormRow[];
  /** Index of the selected row (fields step). */
  readonly row: number;
  /** The texts on screen checked now. */
  readonly check: AlertFormCheck;
  /** True after a review was refused: empty required fields show their message too. */
  readonly tried: boolean;
  readonly review: AlertReview | null;
}

/** Text fields of every kind, each kept while the form is open (going back to the kinds keeps what was typed). */
const TEXT_SPECS = Object.values(ALERT_FORM_FIELDS).flatMap((list) => list.filter((f) => f.type === 'text'));

const ACCEPT: Readonly<Record<AlertFormInput, { readonly accept: RegExp; readonly takes: string }>> = {
  decimal: { accept: /^[0-9.]$/, takes: 'digits and .' },
  integer: { accept: /^[0-9]$/, takes: 'digits' },
  symbol: { accept: /^[A-Za-z0-9]$/, takes: 'letters and digits' },
};

/** Every text field of the form, by key (a constant list: the hook order never changes). */
function useTextFields(initial: AlertFormValues): Readonly<Partial<Record<AlertFormFieldKey, TextField>>> {
  const out: Partial<Record<AlertFormFieldKey, TextField>> = {};
  for (const spec of TEXT_SPECS) {
    if (spec.type !== 'text' || out[spec.key]) continue;
    out[spec.key] = useTextField({ initial: initial[spec.key] ?? '', ...ACCEPT[spec.input], maxLength: 24, label: spec.label });
  }
  return out;
}

/**
 * The alert form's state and keys (scope `overlay.alertForm`; the one form model): the kind list,
 * then the kind's fields (typed text goes to the field, never to a command), `o` reviews the rule
 * in words, `y` adds it through `services.alerts` and closes, `n`/Esc back out one step at a time
 * without losing what was typed, Esc on the kind list closes. Key handlers read refs: the keys of
 * one burst each see what the previous one did.
 */
export function useAlertForm(onClose: () => void): AlertFormState {
  const { store, services } = useAppContext();
  const [initial] = useState(() => alertFormInitialValues(store.getState().market.selected));
  const texts = useTextFields(initial);
  const [choices, setChoices, choicesNow] = useRefState<AlertFormValues>(initial);
  const [step, setStep, stepNow] = useRefState<AlertFormStep>('kind');
  const [kindAt, setKindAt, kindAtNow] = useRefState(0);
  const [row, setRow, rowNow] = useRefState(0);
  const [tried, setTried] = useState(false);
  const [review, setReview, reviewNow] = useRefState<AlertReview | null>(null);
  const kindOf = (i: number): AlertKind => ALERT_FORM_KINDS[i]?.kind ?? 'price';
  const specsNow = () => ALERT_FORM_FIELDS[kindOf(kindAtNow.current)];
  const open = () => store.getState().ui.overlay === ALERTS_OVERLAYS.form;
  const editingNow = (): TextField | null => Object.values(texts).find((f) => f.isEditing()) ?? null;
  const currentNow = () => specsNow()[rowNow.current] ?? null;
  const valuesNow = (): AlertFormValues => {
    const v: Partial<Record<AlertFormFieldKey, string>> = { ...choicesNow.current };
    for (const [k, f] of Object.entries(texts)) v[k as AlertFormFieldKey] = f.current();
    return v;
  };
  const instruments = () => new Set(Object.keys(store.getState().market.instruments));
  const checkNow = () => checkAlertForm(kindOf(kindAtNow.current), valuesNow(), { instruments: instruments() });

  const cycle = (step1: 1 | -1): boolean | void => {
    const spec = currentNow();
    if (spec?.type !== 'choice') return false;
    const at = spec.options.indexOf(choicesNow.current[spec.key] ?? '');
    const next = spec.options[(at + step1 + spec.options.length) % spec.options.length] ?? spec.options[0] ?? '';
    setChoices((c) => ({ ...c, [spec.key]: next }));
  };
  const startReview = () => {
    editingNow()?.stopEditing();
    const c = checkNow();
    if (!c.rule || !c.json) {
      setTried(true);
      return;
    }
    setReview({ rule: c.rule, json: c.json });
    setStep('review');
  };
  const move = (delta: number) => {
    if (stepNow.current === 'kind') return setKindAt((k) => (k + delta + ALERT_FORM_KINDS.length) % ALERT_FORM_KINDS.length);
    const n = specsNow().length;
    if (n === 0) return undefined;
    editingNow()?.stopEditing();
    return setRow((r) => (r + delta + n) % n);
  };
  const back = () => {
    setReview(null);
    setStep(specsNow().length === 0 ? 'kind' : 'fields');
  };

  const choose = () => {
    setRow(0);
    setTried(false);
    // A kind without fields has nothing to fill: straight to its review.
    if (specsNow().length === 0) return startReview();
    return setStep('fields');
  };
  const add = () => {
    const r = reviewNow.current;
    if (!r || !services.alerts) return;
    // The event log says so (and a failed save, as a warning); no footer hint: it would hide the banner of an alert that fires now.
    services.alerts.add(r.rule);
    onClose();
  };
  useAlertFormKeys({ texts, stepNow, reviewNow, hasAlerts: services.alerts !== undefined, open, editingNow, currentNow, move, cycle, choose, startReview, add, back, toKinds: () => setStep('kind'), close: onClose });

  const kind = kindOf(kindAt);
  const shown: Partial<Record<AlertFormFieldKey, string>> = { ...choices };
  for (const [k, f] of Object.entries(texts)) shown[k as AlertFormFieldKey] = f.value;
  const rows = ALERT_FORM_FIELDS[kind].map((spec) => ({ spec, field: spec.type === 'text' ? (texts[spec.key] ?? null) : null, value: shown[spec.key] ?? '' }));
  return { step, kindAt, kind, rows, row, check: checkAlertForm(kind, shown, { instruments: instruments() }), tried, review };
}

/** What the form's keys act on (read at each key: the keys of one burst each see the last one's effect). */
interface AlertFormActions {
  readonly texts: Readonly<Partial<Record<AlertFormFieldKey, TextField>>>;
  readonly stepNow: { readonly current: AlertFormStep };
  readonly reviewNow: { readonly current: AlertReview | null };
  readonly hasAlerts: boolean;
  open(): boolean;
  editingNow(): TextField | null;
  currentNow(): AlertFormField | null;
  move(delta: number): void;
  cycle(step: 1 | -1): boolean | void;
  choose(): void;
  startReview(): void;
  add(): void;
  back(): void;
  toKinds(): void;
  close(): void;
}

/** The keys of scope `overlay.alertForm` and the resting field (a character the field under the cursor takes starts editing it). */
function useAlertFormKeys(a: AlertFormActions): void {
  const { stepNow, reviewNow, editingNow, currentNow } = a;
  useRestingField(() => {
    const spec = currentNow();
    if (!a.open() || stepNow.current !== 'fields' || editingNow() !== null || spec?.type !== 'text') return null;
    return a.texts[spec.key] ?? null;
  });
  const reviewing = () => (stepNow.current === 'review' ? 'reviewing: y adds, n goes back' : null);
  useCommand(Command.ALERTS_FORM_UP, () => a.move(-1), reviewing);
  useCommand(Command.ALERTS_FORM_DOWN, () => a.move(1), reviewing);
  const choiceReason = () => reviewing() ?? (stepNow.current === 'fields' && currentNow()?.type === 'choice' ? null : 'not a choice field');
  useCommand(Command.ALERTS_FORM_CHOICE, () => a.cycle(1), choiceReason);
  useCommand(Command.ALERTS_FORM_CHOICE_PREV, () => a.cycle(-1), choiceReason);
  useCommand(
    Command.ALERTS_FORM_ENTER,
    () => {
      if (stepNow.current === 'kind') return a.choose();
      const editing = editingNow();
      if (editing) return editing.stopEditing();
      const spec = currentNow();
      if (spec?.type === 'text') return a.texts[spec.key]?.startEditing();
      return a.cycle(1);
    },
    // Enter never adds: on the review it only says so.
    () => (stepNow.current === 'review' ? 'Enter never adds: y adds, n goes back' : null),
  );
  useCommand(Command.ALERTS_FORM_REVIEW, a.startReview, () => reviewing() ?? (stepNow.current === 'kind' ? 'choose a kind first (Enter)' : null));
  useCommand(Command.ALERTS_FORM_CONFIRM, a.add, () => (!a.hasAlerts ? 'alerts are not available in this session' : reviewNow.current ? null : 'review first with o; y adds only from the review'));
  useCommand(Command.ALERTS_FORM_BACK, a.back, () => (stepNow.current === 'review' ? null : 'nothing to back out of: n leaves a review'));
  useCommand(Command.ALERTS_FORM_CLOSE, () => {
    const editing = editingNow();
    if (editing) return editing.stopEditing();
    if (stepNow.current === 'review') return a.back();
    if (stepNow.current === 'fields') return a.toKinds();
    return a.close();
  });
}
