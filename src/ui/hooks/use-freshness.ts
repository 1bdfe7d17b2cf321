import type { AppState } from '../../store/app-state.js';
import { freshnessOf, type Freshness, type FreshnessSource } from '../../store/freshness.js';
import { useAppStore } from './use-app-store.js';

/**
 * The freshness (`store/freshness.ts`) of a panel's data at `now` (the clock the panel is given,
 * which ticks once a second). `source` and `updatedAt` read the store. The panel re-renders only
 * when the verdict changes (the result is compared field by field), not on every socket health update.
 */
export function useFreshness(source: FreshnessSource | ((s: AppState) => FreshnessSource), updatedAt: (s: AppState) => number, now: number): Freshness {
  return useAppStore((s) => freshnessOf(typeof source === 'function' ? source(s) : source, updatedAt(s), s.connection, now));
}
