import type { Loan } from '../../domain/model.js';
import type { AppState, SliceCreator } from '../app-state.js';

/** Ongoing crypto loans (polled: the stream has no loan topic). */
export interface LoansData {
  readonly ongoing: readonly Loan[];
  /** Unix ms of the last successful poll (0 = never). */
  readonly updatedAt: number;
}

/** Loans slice. */
export interface LoansSlice {
  readonly loans: LoansData;
  /** Replaces the ongoing loans. */
  setLoans(list: readonly Loan[], now: number): void;
}

/** Builds the loans slice. */
export const createLoansSlice: SliceCreator<LoansSlice> = (set) => ({
  loans: { ongoing: [], updatedAt: 0 },
  setLoans: (list, now) => set((_s: AppState) => ({ loans: { ongoing: [...list], updatedAt: now } })),
});
