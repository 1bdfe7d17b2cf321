import type { Loan } from '../../domain/model.js';
import type { SliceCreator } from '../slice.js';

/** How often the ongoing loans are polled by default, ms (the stream has no loan topic). */
export const DEFAULT_LOAN_POLL_MS = 10_000;

/** Ongoing crypto loans (polled: the stream has no loan topic). */
export interface LoansData {
  readonly ongoing: readonly Loan[];
  /** Unix ms of the last successful poll (0 = never). */
  readonly updatedAt: number;
  /** Unix ms of the last failed poll (0 = none); a success after it (`updatedAt` later) clears it. */
  readonly failedAt: number;
  /** Why the last poll failed (null = it did not). */
  readonly lastError: string | null;
}

/** Loans slice. */
export interface LoansSlice {
  readonly loans: LoansData;
  /** Replaces the ongoing loans (a successful poll). */
  setLoans(list: readonly Loan[], now: number): void;
  /** Records a failed poll: the loans shown are kept, and read as stale until a poll succeeds. */
  failLoansPoll(error: string, now: number): void;
}

/** Builds the loans slice. */
export const createLoansSlice: SliceCreator<LoansSlice> = (set) => ({
  loans: { ongoing: [], updatedAt: 0, failedAt: 0, lastError: null },
  setLoans: (list, now) => set(() => ({ loans: { ongoing: [...list], updatedAt: now, failedAt: 0, lastError: null } })),
  failLoansPoll: (error, now) => set((s) => ({ loans: { ...s.loans, failedAt: now, lastError: error } })),
});
