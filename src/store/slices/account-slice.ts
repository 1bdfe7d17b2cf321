import { Decimal } from 'decimal.js';
import type { AccountSummary, AccountUpdate, CoinAsset } from '../../domain/model.js';
import type { SliceCreator } from '../slice.js';

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
  /**
   * Replaces the whole account, coin list included: a REST `account/assets` reply or an `account`
   * push with action `snapshot` (full data).
   */
  setAccount(summary: AccountSummary, now: number): void;
  /**
   * Merges an `account` push with action `update` (incremental data): each coin it carries replaces
   * that coin (new coins are appended), coins it does not carry are kept, and the account-level
   * figures it carries replace those. Before any snapshot, figures it lacks read as zero.
   */
  mergeAccount(update: AccountUpdate, now: number): void;
}

const ZERO = new Decimal(0);

/** `base` with `update` merged in (see `mergeAccount`). */
function merged(base: AccountSummary | null, update: AccountUpdate): AccountSummary {
  const f = update.figures;
  const carried = new Map(update.assets.map((a) => [a.coin, a] as const));
  const assets: CoinAsset[] = (base?.assets ?? []).map((a) => {
    const next = carried.get(a.coin);
    carried.delete(a.coin);
    return next ?? a;
  });
  assets.push(...carried.values());
  return {
    equity: f.equity ?? base?.equity ?? ZERO,
    effEquity: f.effEquity ?? base?.effEquity ?? ZERO,
    imr: f.imr ?? base?.imr ?? ZERO,
    mmr: f.mmr ?? base?.mmr ?? ZERO,
    mgnRatio: f.mgnRatio ?? base?.mgnRatio ?? ZERO,
    unrealisedPnl: f.unrealisedPnl ?? base?.unrealisedPnl ?? ZERO,
    assets,
    updatedTime: update.updatedTime,
  };
}

/** Builds the account slice. */
export const createAccountSlice: SliceCreator<AccountSlice> = (set) => ({
  account: { summary: null, updatedAt: 0 },
  setAccount: (summary, now) => set(() => ({ account: { summary, updatedAt: now } })),
  mergeAccount: (update, now) => set((s) => ({ account: { summary: merged(s.account.summary, update), updatedAt: now } })),
});
