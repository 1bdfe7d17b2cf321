import type { Fill } from '../../domain/model.js';
import type { SliceCreator } from '../slice.js';

/** Our executions, newest first. */
export interface FillsData {
  readonly list: readonly Fill[];
  /** Unix ms of the last change (0 = never). */
  readonly updatedAt: number;
}

/** Fills kept. */
export const MAX_FILLS = 500;

/** Fills slice. */
export interface FillsSlice {
  readonly fills: FillsData;
  /** Adds fills (push or REST page); duplicates by execId are ignored. */
  addFills(list: readonly Fill[], now: number): void;
}

/** Builds the fills slice. */
export const createFillsSlice: SliceCreator<FillsSlice> = (set) => ({
  fills: { list: [], updatedAt: 0 },
  addFills: (list, now) =>
    set((s) => {
      const seen = new Set(s.fills.list.map((f) => f.execId));
      const fresh = list.filter((f) => !seen.has(f.execId));
      if (fresh.length === 0) return { fills: { ...s.fills, updatedAt: now } };
      const merged = [...fresh, ...s.fills.list].sort((a, b) => b.time - a.time).slice(0, MAX_FILLS);
      return { fills: { list: merged, updatedAt: now } };
    }),
});
