import { useRef, type MutableRefObject } from 'react';

/**
 * A ref holding `value` as of the latest render. Key handlers read it: keys of one stdin chunk run
 * before the next render, and a handler registered once must still see the current list, book or
 * callback rather than the one it closed over.
 */
export function useLatest<T>(value: T): Readonly<MutableRefObject<T>> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
