import type { AccountExtras } from '../../domain/account-extras.js';
import type { SliceCreator } from '../slice.js';

/** Extras slice: loan debts, funding assets, settings and delta info, polled (no stream topic). */
export interface ExtrasSlice {
  /** The latest poll; parts are null until first fetched. */
  readonly extras: AccountExtras;
  /** Replaces the polled facts (updatedAt comes with them). */
  setAccountExtras(extras: AccountExtras): void;
}

/** Builds the extras slice. */
export const createExtrasSlice: SliceCreator<ExtrasSlice> = (set) => ({
  extras: { debts: null, funding: null, settings: null, delta: null, updatedAt: 0 },
  setAccountExtras: (extras) => set(() => ({ extras })),
});
