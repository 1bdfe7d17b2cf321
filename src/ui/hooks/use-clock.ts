import { useEffect, useState } from 'react';
import { useAppContext } from './app-context.js';

/** Longest a due tick waits for a store update to join, ms. */
export const CLOCK_JOIN_MS = 250;

/**
 * The injected clock, re-read every `everyMs` (default 1 s) so ages and countdowns tick. A due tick
 * waits up to `CLOCK_JOIN_MS` for the next store update and happens in the same task, so React draws
 * both in one frame: while market data streams the clock adds no frames of its own (each costs CPU
 * and bytes, over SSH too). On a quiet store it ticks by itself, at most `CLOCK_JOIN_MS` late.
 */
export function useClock(everyMs = 1000): number {
  const { now, store } = useAppContext();
  const [t, setT] = useState(now());
  useEffect(() => {
    let due = false;
    let fallback: ReturnType<typeof setTimeout> | null = null;
    const fire = () => {
      due = false;
      if (fallback) clearTimeout(fallback);
      fallback = null;
      setT(now());
    };
    const interval = setInterval(() => {
      if (due) return;
      due = true;
      fallback = setTimeout(fire, CLOCK_JOIN_MS);
    }, everyMs);
    const off = store.subscribe(() => {
      if (due) fire();
    });
    return () => {
      clearInterval(interval);
      if (fallback) clearTimeout(fallback);
      off();
    };
  }, [now, store, everyMs]);
  return t;
}
