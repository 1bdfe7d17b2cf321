import type { AccountSummary } from '../../domain/model.js';
import type { AppState, SliceCreator } from '../app-state.js';

/** Account-level figures and per-coin assets. */
export interface AccountData {
  /** Null until the first snapshot. */
  readonly summary: AccountSummary | null;
  /** Unix ms of the last change (0 = never). */
  readonly updatedAt: number;
}

/** Account slice. */
export interface AccountSlice {
  readonly account: AccountData;
  /** Replaces the account figures (the exchange always sends absolute values). */
  setAccount(summary: AccountSummary, now: number): void;
}

/** Builds the account slice. */
export const createAccountSlice: SliceCreator<AccountSlice> = (set) => ({
  account: { summary: null, updatedAt: 0 },
  setAccount: (summary, now) => set((_s: AppState) => ({ account: { summary, updatedAt: now } })),
});
