import type { Position } from '../../domain/model.js';
import type { SliceCreator } from '../slice.js';

/** `CATEGORY:SYMBOL:posSide`, the key of one position. */
export function positionKey(p: Pick<Position, 'category' | 'symbol' | 'posSide'>): string {
  return `${p.category}:${p.symbol}:${p.posSide}`;
}

/** Open futures positions. */
export interface PositionsData {
  readonly open: Readonly<Record<string, Position>>;
  /** Unix ms of the last change (0 = never). */
  readonly updatedAt: number;
}

/** Positions slice. */
export interface PositionsSlice {
  readonly positions: PositionsData;
  /** Applies position updates: `ended` keys are removed, the others replaced. */
  applyPositions(updated: readonly Position[], endedKeys: readonly string[], now: number): void;
  /** Replaces every position (a snapshot from REST or the subscribe snapshot). */
  replacePositions(list: readonly Position[], now: number): void;
}

/** Builds the positions slice. */
export const createPositionsSlice: SliceCreator<PositionsSlice> = (set) => ({
  positions: { open: {}, updatedAt: 0 },
  applyPositions: (updated, endedKeys, now) =>
    set((s) => {
      const open = { ...s.positions.open };
      for (const k of endedKeys) delete open[k];
      for (const p of updated) {
        if (p.size.isZero()) delete open[positionKey(p)];
        else open[positionKey(p)] = p;
      }
      return { positions: { open, updatedAt: now } };
    }),
  replacePositions: (list, now) =>
    set(() => ({ positions: { open: Object.fromEntries(list.filter((p) => !p.size.isZero()).map((p) => [positionKey(p), p])), updatedAt: now } })),
});
