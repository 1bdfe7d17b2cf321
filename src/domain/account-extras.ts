import type { Decimal } from 'decimal.js';
import type { Category } from './model.js';

/** Account facts the private stream never pushes; polled by the services and kept in the store. */

/** One coin line of the loan debts reply. */
export interface DebtLine {
  readonly coin: string;
  readonly amount: Decimal;
  /** USDT value as the exchange computed it. */
  readonly amountUsdt: Decimal;
}

/** Collateral pledged and amounts owed over all ongoing crypto loans. */
export interface LoanDebts {
  readonly pledges: readonly DebtLine[];
  readonly loans: readonly DebtLine[];
}

/** One coin of the funding (non-trading) account. */
export interface FundingAsset {
  readonly coin: string;
  /** Total = available + frozen. */
  readonly balance: Decimal;
  readonly available: Decimal;
  readonly frozen: Decimal;
}

/** Leverage configured for one futures symbol. */
export interface SymbolLeverage {
  readonly category: Category;
  readonly symbol: string;
  readonly marginMode: string;
  readonly leverage: Decimal;
}

/** Account settings (protocol-notes §8.4). Mode strings are the exchange's (e.g. `unified`, `advanced`). */
export interface AccountSettings {
  readonly accountMode: string;
  readonly assetMode: string;
  /** `basic|advanced|isolated|delta`. */
  readonly accountLevel: string;
  /** `one_way_mode|hedge_mode`. */
  readonly holdMode: string;
  readonly stpMode: string;
  /** True when the reply says the delta-neutral switch is on (`deltaSwitch`, or the legacy level `delta`). */
  readonly deltaSwitch: boolean;
  readonly symbolLeverage: readonly SymbolLeverage[];
  readonly coinLeverage: readonly { readonly coin: string; readonly leverage: Decimal }[];
}

/** Delta-neutral figures (only while the switch is on). Ratios are fractions (0.2 = 20%). */
export interface DeltaInfo {
  /** Coin net-position ratio threshold; null when not sent. */
  readonly positionThreshold: Decimal | null;
  readonly coins: readonly { readonly coin: string; readonly positionRatio: Decimal }[];
}

/** The latest polled facts; a part is null until first fetched (delta: also while the switch is off). */
export interface AccountExtras {
  readonly debts: LoanDebts | null;
  readonly funding: readonly FundingAsset[] | null;
  readonly settings: AccountSettings | null;
  readonly delta: DeltaInfo | null;
  /** Unix ms of the last completed poll (0 = none yet). */
  readonly updatedAt: number;
}

