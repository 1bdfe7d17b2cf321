import { useCallback, useRef, useState, type MutableRefObject } from 'react';

/** A state setter that also takes an updater. */
export type RefStateSetter<T> = (next: T | ((prev: T) => T)) => void;

/**
 * State whose latest value is also readable at once through a ref. Key handlers read the ref:
 * several keys of one burst (one stdin chunk) run before React re-renders, and each must see what
 * the previous one did (the cursor moved, a field started editing).
 */
export function useRefState<T>(initial: T): [T, RefStateSetter<T>, MutableRefObject<T>] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const set = useCallback<RefStateSetter<T>>((next) => {
    ref.current = typeof next === 'function' ? (next as (prev: T) => T)(ref.current) : next;
    setValue(ref.current);
  }, []);
  return [value, set, ref];
}
