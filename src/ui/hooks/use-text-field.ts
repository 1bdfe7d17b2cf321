import { useRef, useState } from 'react';
import { useAppContext } from './app-context.js';
import { useTextCapture, type RestingField } from './use-commands.js';

/** Options of a text field. */
export interface TextFieldOptions {
  /** Initial text (default ""). */
  readonly initial?: string;
  /** Characters the field accepts, tested one at a time (default: every printable character). */
  readonly accept?: RegExp;
  /** Longest text (default 32). */
  readonly maxLength?: number;
  /** The field's name in messages (default "this field"). */
  readonly label?: string;
  /** What `accept` takes, in words, for the message on a refused character (e.g. "digits and ."). */
  readonly takes?: string;
}

/** A text field's state: value, editing flag and the actions a form needs. */
export interface TextField extends RestingField {
  readonly value: string;
  /** True while keys go to this field (as of the last render). */
  readonly editing: boolean;
  /** True while keys go to this field right now, including a start or stop earlier in the same burst. */
  isEditing(): boolean;
  /** The text right now, including keys earlier in the same burst (before a re-render). */
  current(): string;
  setValue(text: string): void;
  /** Starts editing: typed characters go to the field; Enter/Escape/Tab fall through to the bindings. */
  startEditing(): void;
  stopEditing(): void;
}

/**
 * One editable field. While editing it owns every printable key: one it accepts is appended (the
 * first after `startEditing` replaces the shown value, as in a selected form field), any other is
 * refused with a one-line hint naming what the field takes (never a hotkey); `backspace` deletes;
 * everything else (enter, escape, tab, arrows, chords) falls through to the key bindings, so the
 * form decides what they do. `offer` starts editing with an accepted character: the dispatcher
 * calls it for the field the cursor rests on, so typing needs no Enter first.
 */
export function useTextField(options: TextFieldOptions = {}): TextField {
  const { store } = useAppContext();
  const [value, setValueState] = useState(options.initial ?? '');
  const [editing, setEditing] = useState(false);
  // Like a selected field in a form: the first character typed replaces the shown value.
  // Refs, not state: a burst of keys arrives in one handler call, before any re-render.
  const fresh = useRef(false);
  const editingNow = useRef(false);
  const text = useRef(options.initial ?? '');
  const accept = options.accept ?? /^[\x20-\x7e]$/;
  const max = options.maxLength ?? 32;
  const put = (next: string) => {
    text.current = next;
    setValueState(next);
  };
  const capture = useTextCapture(editing, (key) => {
    if (key === 'backspace') {
      fresh.current = false;
      put(text.current.slice(0, -1));
      return true;
    }
    if (key.length === 1 && accept.test(key)) {
      const replace = fresh.current;
      fresh.current = false;
      put(replace ? key : text.current.length >= max ? text.current : text.current + key);
      return true;
    }
    if (key.length === 1 && key >= ' ') {
      const shown = key === ' ' ? 'Space' : `'${key}'`;
      store.getState().setHint({ level: 'warn', text: `${options.label ?? 'this field'} takes ${options.takes ?? 'other characters'}: ${shown} ignored (Esc or Enter leaves the field)` });
      return true;
    }
    return false;
  });
  const startEditing = () => {
    editingNow.current = true;
    setEditing(true);
    fresh.current = true;
    capture.claim();
  };
  return {
    value,
    editing,
    current: () => text.current,
    isEditing: () => editingNow.current,
    setValue: put,
    startEditing,
    offer: (key) => {
      if (editingNow.current || key.length !== 1 || !accept.test(key)) return false;
      startEditing();
      fresh.current = false;
      put(key);
      return true;
    },
    stopEditing: () => {
      editingNow.current = false;
      setEditing(false);
      capture.release();
    },
  };
}
