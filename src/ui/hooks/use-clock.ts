import { useEffect, useState, useSyncExternalStore } from 'react';
import { UpdateJoiner } from '../../pacing/update-joiner.js';
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
  const { now, store, frameGate } = useAppContext();
  // With a frame gate (the app), the clock is the gate's: it ticks in a frame the gate lets through
  // anyway (its own pace, about every second), never in a render of its own.
  const gated = useSyncExternalStore(frameGate?.store.subscribe ?? noSubscribe, frameGate ? frameGate.clock : zero);
  const [t, setT] = useState(now());
  useEffect(() => {
    if (frameGate) return undefined;
    const joiner = new UpdateJoiner(store, CLOCK_JOIN_MS);
    const interval = setInterval(() => joiner.defer('clock', () => setT(now())), everyMs);
    return () => {
      clearInterval(interval);
      joiner.stop();
    };
  }, [now, store, everyMs, frameGate]);
  return frameGate ? gated : t;
}

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;
