import { useAppContext } from './app-context.js';
import { useCommand, useRestingField } from './use-commands.js';
import { useRefState } from './use-ref-state.js';
import { useTextField, type TextField } from './use-text-field.js';
import { Command } from '../keys/commands.js';

/** The reduce form's two fields and its cursor (0 = quantity, 1 = price). */
export interface ReduceFields {
  /** A quantity in the position's unit, or a percent of its size (`50%`). */
  readonly qty: TextField;
  /** A limit price; empty = market. */
  readonly price: TextField;
  /** Index of the selected field (as of the last render). */
  readonly at: number;
  /** Fills both fields and puts the cursor on field `at`; any edit ends. */
  load(qty: string, price: string, at: number): void;
  /** True while one of the fields takes keys (right now). */
  isEditing(): boolean;
  /** Ends any edit now (the text stays). */
  stopEditing(): void;
}

/**
 * The reduce form's fields and their keys, the same as every form's: ↑/↓, j/k and Tab move between
 * the fields, Enter edits the selected one or finishes the edit, `m` clears the price (market).
 * The selected field is the resting field: a digit, `.` or `%` typed on it starts editing at once.
 * `active` reads the present (store and refs): the keys act only while the form is on screen, and
 * fall through (return false) otherwise.
 */
export function useReduceFields(active: () => boolean): ReduceFields {
  const { store } = useAppContext();
  const qty = useTextField({ initial: '', accept: /^[0-9.%]$/, maxLength: 24, label: 'qty', takes: 'digits, . and % (a percent of the size)' });
  const price = useTextField({ initial: '', accept: /^[0-9.]$/, maxLength: 24, label: 'price', takes: 'digits and . (empty = market)' });
  const fields = [qty, price];
  const [at, setAt, atNow] = useRefState(0);
  const editingNow = (): TextField | null => fields.find((f) => f.isEditing()) ?? null;
  const stopEditing = () => {
    for (const f of fields) if (f.isEditing()) f.stopEditing();
  };
  const go = (delta: number) => {
    if (!active()) return false;
    stopEditing();
    setAt((from) => (from + delta + fields.length) % fields.length);
    return true;
  };
  useRestingField(() => (active() && editingNow() === null ? (fields[atNow.current] ?? null) : null));
  useCommand(Command.POSITIONS_FORM_NEXT_FIELD, () => go(1));
  useCommand(Command.POSITIONS_FORM_PREV_FIELD, () => go(-1));
  useCommand(Command.POSITIONS_FORM_ENTER, () => {
    if (!active()) return false;
    if (editingNow()) stopEditing();
    else fields[atNow.current]?.startEditing();
    return true;
  });
  useCommand(Command.POSITIONS_FORM_MARKET, () => {
    if (!active()) return false;
    stopEditing();
    price.setValue('');
    store.getState().setHint({ level: 'info', text: 'price cleared: the close goes at market' });
    return true;
  });
  return {
    qty,
    price,
    at,
    load: (qtyText, priceText, cursor) => {
      stopEditing();
      qty.setValue(qtyText);
      price.setValue(priceText);
      setAt(cursor);
    },
    isEditing: () => editingNow() !== null,
    stopEditing,
  };
}
