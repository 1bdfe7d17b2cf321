import { useEffect, useState } from 'react';
import { useAppContext } from './app-context.js';

/** The injected clock, re-read every `everyMs` (default 1 s) so ages and countdowns tick. */
export function useClock(everyMs = 1000): number {
  const { now } = useAppContext();
  const [t, setT] = useState(now());
  useEffect(() => {
    const id = setInterval(() => setT(now()), everyMs);
    return () => clearInterval(id);
  }, [now, everyMs]);
  return t;
}
