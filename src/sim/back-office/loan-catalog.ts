/**
 * What can be borrowed and pledged, and the quote maths shared by the estimate and the borrow.
 *
 * Conventions (all wire values are strings):
 * - Rates are fractions, not percent: `rate7D` "0.045" is 4.5 % a year; the hourly rates are the
 *   annual rate / 8760, rounded down to 10 places.
 * - Collateral ratios are fractions: `initRate` "0.65" = 65 %.
 *   pledgeRate = (loan principal + accrued interest) USDT value / collateral USDT value,
 *   so the ratio RISES when the collateral price falls: margin call at ≥ supRate, liquidation at
 *   ≥ forceRate.
 * - Amounts carry 8 decimal places.
 */
import { Decimal } from 'decimal.js';
import { badParam } from './errors.js';

/** Loan term as the wire names it. */
export type LoanDaily = 'SEVEN' | 'THIRTY' | 'FLEXIBLE';

/** Every loan term. */
export const LOAN_DAILIES: readonly LoanDaily[] = ['SEVEN', 'THIRTY', 'FLEXIBLE'];

/** Decimal places of every loan and pledge amount. */
export const AMOUNT_DP = 8;

/** A coin that can be borrowed. Limits are in the coin (amount) and in USDT (limit). */
export interface LoanCoinSpec {
  readonly coin: string;
  /** Annual rates as fractions per term. */
  readonly annual: Readonly<Record<LoanDaily, Decimal>>;
  readonly minBorrowAmount: Decimal;
  readonly maxBorrowAmount: Decimal;
  /** USDT value bounds of one loan. */
  readonly minBorrowLimit: Decimal;
  readonly maxBorrowLimit: Decimal;
}

/** A coin that can be pledged. Ratios are fractions; pledge bounds are USDT values. */
export interface PledgeCoinSpec {
  readonly coin: string;
  readonly initRate: Decimal;
  readonly supRate: Decimal;
  readonly forceRate: Decimal;
  readonly minPledgeAmount: Decimal;
  readonly maxPledgeAmount: Decimal;
}

const d = (v: string): Decimal => new Decimal(v);

/** The loanable coins. */
export const LOAN_COINS: readonly LoanCoinSpec[] = [
  { coin: 'USDT', annual: { FLEXIBLE: d('0.0525'), SEVEN: d('0.045'), THIRTY: d('0.0425') }, minBorrowAmount: d('10'), maxBorrowAmount: d('2000000'), minBorrowLimit: d('10'), maxBorrowLimit: d('2000000') },
  { coin: 'USDC', annual: { FLEXIBLE: d('0.05'), SEVEN: d('0.044'), THIRTY: d('0.041') }, minBorrowAmount: d('10'), maxBorrowAmount: d('1000000'), minBorrowLimit: d('10'), maxBorrowLimit: d('1000000') },
  { coin: 'ETH', annual: { FLEXIBLE: d('0.021'), SEVEN: d('0.018'), THIRTY: d('0.016') }, minBorrowAmount: d('0.005'), maxBorrowAmount: d('300'), minBorrowLimit: d('10'), maxBorrowLimit: d('1000000') },
];

/** The pledgeable coins; a coin can never secure a loan of itself. */
export const PLEDGE_COINS: readonly PledgeCoinSpec[] = [
  { coin: 'BTC', initRate: d('0.65'), supRate: d('0.8'), forceRate: d('0.91'), minPledgeAmount: d('20'), maxPledgeAmount: d('5000000') },
  { coin: 'ETH', initRate: d('0.65'), supRate: d('0.8'), forceRate: d('0.91'), minPledgeAmount: d('20'), maxPledgeAmount: d('3000000') },
  { coin: 'BGB', initRate: d('0.5'), supRate: d('0.7'), forceRate: d('0.85'), minPledgeAmount: d('20'), maxPledgeAmount: d('500000') },
  { coin: 'USDT', initRate: d('0.8'), supRate: d('0.9'), forceRate: d('0.95'), minPledgeAmount: d('20'), maxPledgeAmount: d('2000000') },
];

/** Hours in a year, for hourly rates. */
const HOURS_PER_YEAR = 8760;

/** Hourly rate (fraction) of a loan coin for a term. */
export function hourRate(spec: LoanCoinSpec, daily: LoanDaily): Decimal {
  return spec.annual[daily].div(HOURS_PER_YEAR).toDecimalPlaces(10, Decimal.ROUND_DOWN);
}

/** Term length in ms; 0 for FLEXIBLE. */
export function termMs(daily: LoanDaily): number {
  const day = 24 * 3_600_000;
  return daily === 'SEVEN' ? 7 * day : daily === 'THIRTY' ? 30 * day : 0;
}

/** Term in days as a string ("7", "30"; "0" for FLEXIBLE). */
export function termDays(daily: LoanDaily): string {
  return daily === 'SEVEN' ? '7' : daily === 'THIRTY' ? '30' : '0';
}

/** The loan coin spec; refuses unknown coins. */
export function loanCoinSpec(coin: string): LoanCoinSpec {
  const spec = LOAN_COINS.find((c) => c.coin === coin.toUpperCase());
  if (!spec) throw badParam('loanCoin', `${coin} cannot be borrowed; loan coins are ${LOAN_COINS.map((c) => c.coin).join(', ')}`);
  return spec;
}

/** The pledge coin spec for a loan coin; refuses unknown coins and pledging the borrowed coin. */
export function pledgeCoinSpec(coin: string, loanCoin: string): PledgeCoinSpec {
  const spec = PLEDGE_COINS.find((c) => c.coin === coin.toUpperCase());
  if (!spec) throw badParam('pledgeCoin', `${coin} cannot be pledged; pledge coins are ${PLEDGE_COINS.map((c) => c.coin).join(', ')}`);
  if (spec.coin === loanCoin.toUpperCase()) throw badParam('pledgeCoin', `a loan of ${loanCoin} must be secured by a different coin`);
  return spec;
}

/** Loan amount borrowable against `pledgeAmount` at the initial ratio (rounded down). */
export function loanForPledge(pledgeAmount: Decimal, pledgePrice: Decimal, loanPrice: Decimal, initRate: Decimal): Decimal {
  return pledgeAmount.mul(pledgePrice).mul(initRate).div(loanPrice).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN);
}

/** Collateral needed for `loanAmount` at the initial ratio (rounded up). */
export function pledgeForLoan(loanAmount: Decimal, pledgePrice: Decimal, loanPrice: Decimal, initRate: Decimal): Decimal {
  return loanAmount.mul(loanPrice).div(initRate).div(pledgePrice).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP);
}

/**
 * Collateral ratio as a fraction: (principal + interest) value / collateral value.
 * An empty collateral with debt counts as infinitely risky (returns 999).
 */
export function collateralRatio(debt: Decimal, loanPrice: Decimal, pledgeAmount: Decimal, pledgePrice: Decimal): Decimal {
  const collateral = pledgeAmount.mul(pledgePrice);
  if (collateral.lte(0)) return debt.gt(0) ? new Decimal(999) : new Decimal(0);
  return debt.mul(loanPrice).div(collateral);
}

/** Wire form of an amount: 8 places at most, no trailing zeros. */
export function amountStr(v: Decimal): string {
  return v.toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN).toFixed();
}

/** Wire form of a ratio (fraction, 4 places). */
/**
 * A ratio (fraction) in percent with 2 decimals, as the official Get-Borrow-Ongoing and
 * Get-Liquidation-Records examples print collateral ratios ("77.97", "85", "91"); loan coins and
 * the collateral-change replies print fractions (`ratioStr`).
 */
export function pctStr(v: Decimal): string {
  return v.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed();
}

export function ratioStr(v: Decimal): string {
  return v.toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed();
}

/** The `loanInfos` entry of a loan coin. */
export function loanInfoWire(s: LoanCoinSpec): Record<string, string> {
  return {
    coin: s.coin,
    hourRateFlexible: hourRate(s, 'FLEXIBLE').toFixed(),
    rateFlexible: s.annual.FLEXIBLE.toFixed(),
    hourRate7D: hourRate(s, 'SEVEN').toFixed(),
    rate7D: s.annual.SEVEN.toFixed(),
    hourRate30D: hourRate(s, 'THIRTY').toFixed(),
    rate30D: s.annual.THIRTY.toFixed(),
    minBorrowLimit: s.minBorrowLimit.toFixed(),
    maxBorrowLimit: s.maxBorrowLimit.toFixed(),
    minBorrowAmount: s.minBorrowAmount.toFixed(),
    maxBorrowAmount: s.maxBorrowAmount.toFixed(),
  };
}

/** The `pledgeInfos` entry of a pledge coin. */
export function pledgeInfoWire(s: PledgeCoinSpec): Record<string, string> {
  return {
    coin: s.coin,
    initRate: s.initRate.toFixed(),
    supRate: s.supRate.toFixed(),
    forceRate: s.forceRate.toFixed(),
    minPledgeAmount: s.minPledgeAmount.toFixed(),
    maxPledgeAmount: s.maxPledgeAmount.toFixed(),
  };
}

/** `loan.getCoins` reply; `coin` filters both lists (upper case; unknown coin → empty lists). */
export function loanCoinsWire(coin: string | undefined): { loanInfos: Record<string, string>[]; pledgeInfos: Record<string, string>[] } {
  const keep = (c: string): boolean => coin === undefined || c === coin;
  return {
    loanInfos: LOAN_COINS.filter((s) => keep(s.coin)).map(loanInfoWire),
    pledgeInfos: PLEDGE_COINS.filter((s) => keep(s.coin)).map(pledgeInfoWire),
  };
}
