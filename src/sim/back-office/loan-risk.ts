/**
 * Time-driven loan work: hourly interest accrual, margin calls and liquidation.
 *
 * Interest: every whole hour of exchange time a loan is charged principal × hourRate (simple
 * interest, rounded up to 8 places). Elapsed time between ticks is multiplied by `deps.speed`,
 * so at speed 60 an hour of interest accrues every wall-clock minute. If the engine's clock
 * already runs at `speed`, it should build the back office with speed 1.
 *
 * Risk: ratio = (principal + interest) value / collateral value. At ≥ supRate the loan enters
 * margin call (an `account` event tells clients to refresh); at ≥ forceRate it is liquidated at
 * once: collateral worth the debt plus a 2 % fee is sold, the rest returns to the account, a
 * COMPLETE reduce record is written and the loan ends with borrow status FORCE.
 */
import { Decimal } from 'decimal.js';
import { AMOUNT_DP, amountStr, pctStr } from './loan-catalog.js';
import { debtOf, endLoan, ratioOf, type LoanContext, type LoanState } from './loan-state.js';

/** One hour in ms. */
const HOUR_MS = 3_600_000;

/** Liquidation fee, fraction of the debt value, paid from the collateral. */
export const LIQUIDATION_FEE_RATE = new Decimal('0.02');

/** Charges the whole hours elapsed (speed-scaled) since the loan's last check. */
export function accrueInterest(ctx: LoanContext, loan: LoanState, now: number): void {
  if (now <= loan.lastTickAt) return;
  loan.pendingMs += (now - loan.lastTickAt) * ctx.deps.speed;
  loan.lastTickAt = now;
  const hours = Math.floor(loan.pendingMs / HOUR_MS);
  if (hours <= 0) return;
  loan.pendingMs -= hours * HOUR_MS;
  const charge = loan.principal.mul(loan.hourRate).mul(hours).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP);
  loan.interest = loan.interest.plus(charge);
}

/** Checks the ratio: enters/leaves margin call, or liquidates. */
export function checkRisk(ctx: LoanContext, loan: LoanState, now: number): void {
  // No price yet (market still warming up): never judge a loan on a missing price.
  if (ctx.deps.priceUsdt(loan.pledgeCoin).lte(0) || ctx.deps.priceUsdt(loan.loanCoin).lte(0)) return;
  const ratio = ratioOf(ctx, loan);
  if (ratio.gte(loan.forceRate)) {
    liquidate(ctx, loan, ratio, now);
    return;
  }
  const inCall = ratio.gte(loan.supRate);
  if (inCall !== loan.marginCall) {
    loan.marginCall = inCall;
    if (inCall) ctx.deps.emit({ type: 'account', uid: loan.uid });
  }
}

/** Sells collateral to clear the debt and ends the loan with status FORCE. Both prices must be positive. */
export function liquidate(ctx: LoanContext, loan: LoanState, ratio: Decimal, now: number): void {
  const pledgePrice = ctx.deps.priceUsdt(loan.pledgeCoin);
  const loanPrice = ctx.deps.priceUsdt(loan.loanCoin);
  const debt = debtOf(loan);
  const onePlusFee = LIQUIDATION_FEE_RATE.plus(1);
  const needed = debt.mul(loanPrice).mul(onePlusFee).div(pledgePrice).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP);
  const sold = Decimal.min(needed, loan.pledge);
  const reduceFee = sold.mul(LIQUIDATION_FEE_RATE).div(onePlusFee).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP);
  const residue = loan.pledge.minus(sold);
  // When the collateral falls short the exchange absorbs the rest (no negative balances).
  const repaid = sold.eq(needed)
    ? debt
    : Decimal.min(debt, sold.minus(reduceFee).mul(pledgePrice).div(loanPrice).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN));
  if (residue.gt(0)) ctx.deps.ledger.credit(loan.uid, loan.pledgeCoin, residue, `loan liquidation residue ${loan.orderId}`);
  ctx.histories(loan.uid).reduces.push({
    at: now,
    wire: {
      orderId: loan.orderId,
      loanCoin: loan.loanCoin,
      pledgeCoin: loan.pledgeCoin,
      reduceTime: String(now),
      pledgeRate: pctStr(ratio),
      pledgePrice: pledgePrice.toFixed(),
      status: 'COMPLETE',
      pledgeAmount: amountStr(sold),
      reduceFee: amountStr(reduceFee),
      residueAmount: amountStr(residue),
      runlockAmount: amountStr(residue),
      repayLoanAmount: amountStr(repaid),
    },
  });
  loan.pledge = residue;
  endLoan(ctx, loan, 'FORCE');
  ctx.deps.emit({ type: 'account', uid: loan.uid });
}

/** Runs accrual and risk checks for every ongoing loan up to `now`. */
export function tickLoans(ctx: LoanContext, now: number): void {
  for (const loan of [...ctx.loans.values()]) {
    accrueInterest(ctx, loan, now);
    checkRisk(ctx, loan, now);
  }
}
