import type { MutableRefObject } from 'react';
import type { FormField } from '../../services/operation-catalog.js';
import type { RestingField } from './use-commands.js';
import { useRefState, type RefStateSetter } from './use-ref-state.js';
import { useTextField, type TextField } from './use-text-field.js';

/** Field kinds typed as numbers: their text takes digits, `.` and `-` only. */
const NUMERIC_KINDS: ReadonlySet<FormField['kind']> = new Set(['decimal', 'integer']);

/** A desk form's values: field name → its text. */
export type DeskValues = Readonly<Record<string, string>>;

/** The form: its values, the cursor, and the one field being edited at a time. */
export interface DeskForm {
  readonly values: DeskValues;
  readonly valuesRef: MutableRefObject<DeskValues>;
  readonly editing: string | null;
  readonly editingRef: MutableRefObject<string | null>;
  readonly editText: string;
  readonly cursor: number;
  readonly cursorRef: MutableRefObject<number>;
  readonly setCursor: RefStateSetter<number>;
  startEdit(field: FormField): void;
  /** Keeps the typed text (trimmed) as the field's value and ends the edit. */
  finishEdit(): void;
  /** The field as a resting field: a character its text accepts starts editing it with that character. */
  resting(field: FormField): RestingField;
  /** Next (`delta` 1) or previous option of a choice field; false for other fields. */
  cycle(field: FormField | undefined, delta: number): boolean;
}

/** The state of a desk view's form over `fields`, starting from `initial` (see `DeskForm`). */
export function useDeskForm(fields: readonly FormField[], initial: DeskValues): DeskForm {
  const [values, setValues, valuesRef] = useRefState<DeskValues>(initial);
  const [editing, setEditing, editingRef] = useRefState<string | null>(null);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  // Two inputs, one per kind of text, so each refuses what its fields cannot take.
  const label = fields[cursor]?.name ?? 'this field';
  const numberText = useTextField({ accept: /^[0-9.-]$/, maxLength: 200, label, takes: 'digits, . and -' });
  const freeText = useTextField({ maxLength: 200, label, takes: 'printable characters' });
  const textOf = (f: FormField): TextField => (NUMERIC_KINDS.has(f.kind) ? numberText : freeText);
  const named = (name: string | null) => fields.find((f) => f.name === name);
  const active = named(editing);
  return {
    values,
    valuesRef,
    editing,
    editingRef,
    editText: active ? textOf(active).value : '',
    cursor,
    cursorRef,
    setCursor,
    startEdit: (f) => {
      const t = textOf(f);
      setEditing(f.name);
      t.setValue(valuesRef.current[f.name] ?? '');
      t.startEditing();
    },
    finishEdit: () => {
      const f = named(editingRef.current);
      if (!f) return;
      const t = textOf(f);
      const typed = t.current().trim();
      setValues((v) => ({ ...v, [f.name]: typed }));
      setEditing(null);
      t.stopEditing();
    },
    resting: (f) => ({
      offer: (key) => {
        if (!textOf(f).offer(key)) return false;
        setEditing(f.name);
        return true;
      },
    }),
    cycle: (f, delta) => {
      if (!f || f.kind !== 'choice') return false;
      const choices = f.required ? (f.choices ?? []) : ['', ...(f.choices ?? [])];
      const i = choices.indexOf(valuesRef.current[f.name] ?? '');
      const next = choices[(i + delta + choices.length) % choices.length] ?? '';
      setValues((v) => ({ ...v, [f.name]: next }));
      return true;
    },
  };
}
