import { useAppContext } from './app-context.js';
import { useAppStore } from './use-app-store.js';
import { useRefState } from './use-ref-state.js';

/** A modal (a confirmation, a form) that a panel opens over itself. */
export interface Modal<T> {
  /** What the open modal shows; null while it is not open. */
  readonly shown: T | null;
  /** What it shows right now, for key handlers later in the same burst of keys (null: not open). */
  readonly now: () => T | null;
  /** Opens it on `value` (the store's overlay becomes `overlayOf(value)`). */
  readonly open: (value: T) => void;
  /** Closes it, if it is still the open overlay. */
  readonly close: () => void;
}

/**
 * A modal's one source of truth for being open: the store's `ui.overlay`, which also picks the key
 * scope. The panel keeps only what the modal shows. Whatever else closes the overlay (Esc handled
 * elsewhere, another overlay opening) closes the modal with it; a kept value never shows on its own.
 */
export function useModal<T>(overlayOf: (value: T) => string): Modal<T> {
  const { store } = useAppContext();
  const overlay = useAppStore((s) => s.ui.overlay);
  const [value, setValue, valueNow] = useRefState<T | null>(null);
  const isOpen = (v: T | null, o: string | null): v is T => v !== null && o === overlayOf(v);
  return {
    shown: isOpen(value, overlay) ? value : null,
    now: () => {
      const v = valueNow.current;
      return isOpen(v, store.getState().ui.overlay) ? v : null;
    },
    open: (v) => {
      setValue(v);
      store.getState().setOverlay(overlayOf(v));
    },
    close: () => {
      const v = valueNow.current;
      setValue(null);
      if (isOpen(v, store.getState().ui.overlay)) store.getState().setOverlay(null);
    },
  };
}
