import { useRef, useState } from 'react';
import { useTextCapture } from './use-commands.js';

/** Options of a text field. */
export interface TextFieldOptions {
  /** Initial text (default ""). */
  readonly initial?: string;
  /** Characters the field accepts, tested one at a time (default: every printable character). */
  readonly accept?: RegExp;
  /** Longest text (default 32). */
  readonly maxLength?: number;
}

/** A text field's state: value, editing flag and the actions a form needs. */
export interface TextField {
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
 * One editable field. While editing, printable keys the field accepts are appended (the first one
 * after `startEditing` replaces the shown value, as in a selected form field) and `backspace` deletes; everything else (enter, escape, tab, arrows) falls through to the key bindings, so the
 * form decides what they do.
 */
export function useTextField(options: TextFieldOptions = {}): TextField {
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
    return false;
  });
  return {
    value,
    editing,
    current: () => text.current,
    isEditing: () => editingNow.current,
    setValue: put,
    startEditing: () => {
      editingNow.current = true;
      setEditing(true);
      fresh.current = true;
      capture.claim();
    },
    stopEditing: () => {
      editingNow.current = false;
      setEditing(false);
      capture.release();
    },
  };
}
