import { Decimal } from 'decimal.js';
import type { AccountSummary, Category, Loan, PosSide, Position } from './model.js';

/**
 * The account's risk at a glance (issue 17 item 3), for the always-visible top line: equity,
 * unrealised PnL, the account margin ratio, the nearest liquidation over the open positions, the
 * worst crypto loan against its lines, and the dead-man countdown. Pure: the caller passes the
 * facts (store data, the latest mark prices, the time). A figure the data cannot give is null
 * (shown as a dash), never zero.
 */

/** How close is dangerous; every value is a fraction (0.05 = 5 %). */
export interface RiskLimits {
  /** Liquidation within this move of the mark (fraction of the mark) shows as danger; default 0.05. */
  readonly liqDanger: Decimal;
  /** … as a warning; default 0.15. */
  readonly liqWarn: Decimal;
  /** A loan ratio within this many ratio points (fraction) under its margin-call line, or past it, is danger; default 0.03. */
  readonly loanDanger: Decimal;
  /** … a warning; default 0.10. */
  readonly loanWarn: Decimal;
  /** Account margin ratio (maintenance margin / equity; liquidated at 1) from which it warns; default 0.5, as the account panel. */
  readonly marginWarn: Decimal;
  /** … from which it is danger; default 0.8, as the account panel. */
  readonly marginDanger: Decimal;
}

/** The defaults of `RiskLimits`. */
export const DEFAULT_RISK_LIMITS: RiskLimits = {
  liqDanger: new Decimal('0.05'),
  liqWarn: new Decimal('0.15'),
  loanDanger: new Decimal('0.03'),
  loanWarn: new Decimal('0.10'),
  marginWarn: new Decimal('0.5'),
  marginDanger: new Decimal('0.8'),
};

/** How worrying a figure is: `null` = fine (or unknown). */
export type RiskLevel = 'warn' | 'danger' | null;

/** The open position closest to its liquidation price. */
export interface NearestLiquidation {
  readonly category: Category;
  readonly symbol: string;
  readonly posSide: PosSide;
  /** The mark price the distance was measured from (the ticker's when known, else the position's). */
  readonly mark: Decimal;
  readonly liqPrice: Decimal;
  /**
   * How far the mark may move against the position before liquidation, as a fraction of the mark
   * (0.042 = 4.2 %): (mark − liq) / mark for a long, (liq − mark) / mark for a short. Negative once
   * the mark is past the liquidation price.
   */
  readonly distance: Decimal;
  readonly level: RiskLevel;
}

/** The crypto loan nearest to its liquidation line. Ratios are fractions (0.65 = 65 %). */
export interface WorstLoan {
  readonly orderId: string;
  readonly loanCoin: string;
  readonly pledgeCoin: string;
  /** Current collateral ratio (debt / collateral value). */
  readonly ratio: Decimal;
  /** Margin-call line; null when the exchange gave none (not positive). */
  readonly marginCall: Decimal | null;
  /** Liquidation line; null when the exchange gave none (not positive). */
  readonly liquidation: Decimal | null;
  readonly level: RiskLevel;
}

/** The dead-man countdown as the top line shows it. */
export interface CountdownState {
  /** `failing`: armed, but renewals fail or are held back; `fired`: it ran out and the exchange cancelled our orders. */
  readonly state: 'off' | 'armed' | 'failing' | 'fired';
  /** Whole seconds until the exchange cancels (rounded up, never negative); 0 unless armed or failing. */
  readonly secondsLeft: number;
}

/** The countdown facts `countdownState` reads (the store's countdown slice fits). */
export interface CountdownFacts {
  readonly armed: boolean;
  /** Unix ms when the exchange cancels unless renewed. */
  readonly expiresAt: number;
  readonly failing: boolean;
  /** Unix ms when it fired (0 = has not). */
  readonly firedAt: number;
}

/** The account-level figures (USD); each null until the account has been read. */
export interface AccountRisk {
  readonly equity: Decimal | null;
  readonly unrealisedPnl: Decimal | null;
  /** Maintenance margin / equity, fraction; the account is liquidated at 1. */
  readonly marginRatio: Decimal | null;
  readonly marginLevel: RiskLevel;
}

/** Everything on the risk line. */
export interface RiskSummary extends AccountRisk {
  /** Null without an open position that has a liquidation price and a mark. */
  readonly nearestLiquidation: NearestLiquidation | null;
  /** Null without an ongoing loan. */
  readonly worstLoan: WorstLoan | null;
  readonly countdown: CountdownState;
}

/** What `riskSummary` is computed from. */
export interface RiskInput {
  /** The account summary; null before the first read. */
  readonly account: AccountSummary | null;
  readonly positions: readonly Position[];
  /** The latest mark price of a position's instrument (e.g. from its ticker); null = use the position's own mark. Default: always null. */
  readonly markOf?: (position: Position) => Decimal | null;
  readonly loans: readonly Loan[];
  readonly countdown: CountdownFacts;
  /** Unix ms. */
  readonly now: number;
}

/** Equity, unrealised PnL and margin ratio of the account, with the margin ratio's level. */
export function accountRisk(account: AccountSummary | null, limits: RiskLimits = DEFAULT_RISK_LIMITS): AccountRisk {
  if (account === null) return { equity: null, unrealisedPnl: null, marginRatio: null, marginLevel: null };
  const r = account.mgnRatio;
  return { equity: account.equity, unrealisedPnl: account.unrealisedPnl, marginRatio: r, marginLevel: r.gte(limits.marginDanger) ? 'danger' : r.gte(limits.marginWarn) ? 'warn' : null };
}

/**
 * The open position whose mark is the smallest move from its liquidation price. Positions without
 * a liquidation price (zero or negative) or without a positive mark are left out; ties keep the
 * first in `positions`.
 */
export function nearestLiquidation(positions: readonly Position[], markOf: (position: Position) => Decimal | null = () => null, limits: RiskLimits = DEFAULT_RISK_LIMITS): NearestLiquidation | null {
  let best: NearestLiquidation | null = null;
  for (const p of positions) {
    if (p.liqPrice.lte(0)) continue;
    const mark = markOf(p) ?? p.markPrice;
    if (mark.lte(0)) continue;
    const gap = p.posSide === 'long' ? mark.minus(p.liqPrice) : p.liqPrice.minus(mark);
    const distance = gap.div(mark);
    if (best !== null && !distance.lt(best.distance)) continue;
    const level: RiskLevel = distance.lte(limits.liqDanger) ? 'danger' : distance.lte(limits.liqWarn) ? 'warn' : null;
    best = { category: p.category, symbol: p.symbol, posSide: p.posSide, mark, liqPrice: p.liqPrice, distance, level };
  }
  return best;
}

/** A positive line, or null (the exchange gave none). */
function line(rate: Decimal): Decimal | null {
  return rate.gt(0) ? rate : null;
}

/**
 * The ongoing loan with the least room under its liquidation line (liquidation − ratio, in ratio
 * points); loans without a liquidation line rank after those with one, by ratio. Null without loans.
 */
export function worstLoan(loans: readonly Loan[], limits: RiskLimits = DEFAULT_RISK_LIMITS): WorstLoan | null {
  let worst: Loan | null = null;
  const worse = (a: Loan, b: Loan): boolean => {
    const la = line(a.forceRate);
    const lb = line(b.forceRate);
    if (la && lb) return la.minus(a.pledgeRate).lt(lb.minus(b.pledgeRate));
    if (la || lb) return la !== null;
    return a.pledgeRate.gt(b.pledgeRate);
  };
  for (const l of loans) if (worst === null || worse(l, worst)) worst = l;
  if (worst === null) return null;
  const marginCall = line(worst.supRate);
  const liquidation = line(worst.forceRate);
  const ratio = worst.pledgeRate;
  // The margin call is the line that matters first; without one, the liquidation line stands in.
  const first = marginCall ?? liquidation;
  const level: RiskLevel = first === null ? null : ratio.gte(first.minus(limits.loanDanger)) ? 'danger' : ratio.gte(first.minus(limits.loanWarn)) ? 'warn' : null;
  return { orderId: worst.orderId, loanCoin: worst.loanCoin, pledgeCoin: worst.pledgeCoin, ratio, marginCall, liquidation, level };
}

/** The countdown at `now`. */
export function countdownState(c: CountdownFacts, now: number): CountdownState {
  if (!c.armed) return { state: c.firedAt > 0 ? 'fired' : 'off', secondsLeft: 0 };
  return { state: c.failing ? 'failing' : 'armed', secondsLeft: Math.max(0, Math.ceil((c.expiresAt - now) / 1000)) };
}

/** The whole risk line's figures. */
export function riskSummary(input: RiskInput, limits: RiskLimits = DEFAULT_RISK_LIMITS): RiskSummary {
  return {
    ...accountRisk(input.account, limits),
    nearestLiquidation: nearestLiquidation(input.positions, input.markOf, limits),
    worstLoan: worstLoan(input.loans, limits),
    countdown: countdownState(input.countdown, input.now),
  };
}
