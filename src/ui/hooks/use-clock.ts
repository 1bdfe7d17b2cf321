import { useEffect, useState } from 'react';
import { UpdateJoiner } from '../../store/update-joiner.js';
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
    const joiner = new UpdateJoiner(store, CLOCK_JOIN_MS);
    const interval = setInterval(() => joiner.defer('clock', () => setT(now())), everyMs);
    return () => {
      clearInterval(interval);
      joiner.stop();
    };
  }, [now, store, everyMs]);
  return t;
}
