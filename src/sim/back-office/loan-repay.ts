/**
 * Repaying a loan and adjusting its collateral.
 *
 * Repay: interest first, then principal. `repayAll=yes` pays the whole debt and returns all
 * collateral; a partial repay with `repayUnlock=yes` redeems collateral in proportion to the
 * principal repaid, but only if the ratio afterwards stays ≤ initRate (otherwise nothing is
 * redeemed and the repay still goes through). A repay that clears the debt ends the loan with
 * borrow status REPAY and returns the remaining collateral. `method` (required, official Repay
 * page): `borrowed_coin` pays from the account's loan coin; `collateral` sells collateral at the
 * USDT prices for the amount due, so nothing leaves the account's balance of the loan coin.
 *
 * Revise: IN adds collateral (reviseSide down, ratio falls); OUT withdraws it (reviseSide up) and
 * is refused if the ratio afterwards would exceed initRate.
 */
import { Decimal } from 'decimal.js';
import { SimRejection } from '../contract.js';
import { BackOfficeCode, badParam, missingParam } from './errors.js';
import { AMOUNT_DP, amountStr, ratioStr } from './loan-catalog.js';
import { debtOf, endLoan, ownLoan, ratioOf, type LoanContext } from './loan-state.js';
import { optAmount, optEnum, reqAmount, reqEnum, reqString, type Params } from './params.js';

const YES_NO = ['yes', 'no'] as const;

/** `loan.repay`: returns the repayment result. */
export function repayLoan(ctx: LoanContext, uid: string, p: Params): Record<string, string> {
  const orderId = reqString(p, 'orderId');
  const method = reqEnum(p, 'method', ['borrowed_coin', 'collateral'] as const);
  const repayAll = reqEnum(p, 'repayAll', YES_NO) === 'yes';
  const amount = repayAll ? undefined : optAmount(p, 'amount');
  if (!repayAll && amount === undefined) throw missingParam('amount');
  const unlock = (optEnum(p, 'repayUnlock', YES_NO) ?? 'no') === 'yes';
  const loan = ownLoan(ctx, uid, orderId);
  const debt = debtOf(loan);
  const pay = amount ?? debt;
  if (pay.gt(debt)) throw badParam('amount', `${pay.toFixed()} exceeds the debt of ${amountStr(debt)} ${loan.loanCoin}; send repayAll=yes to repay everything`);

  const payInterest = Decimal.min(pay, loan.interest);
  const payPrincipal = pay.minus(payInterest);
  const principalAfter = loan.principal.minus(payPrincipal);
  const interestAfter = loan.interest.minus(payInterest);
  const cleared = principalAfter.lte(0) && interestAfter.lte(0);
  // Collateral sold to pay (method collateral), rounded up so the debt is covered.
  const sold = method === 'collateral' ? pay.mul(ctx.deps.priceUsdt(loan.loanCoin)).div(ctx.deps.priceUsdt(loan.pledgeCoin)).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP) : new Decimal(0);
  if (sold.gt(loan.pledge)) throw badParam('method', `collateral of ${amountStr(loan.pledge)} ${loan.pledgeCoin} does not cover ${amountStr(pay)} ${loan.loanCoin}`);
  let unlockAmount = new Decimal(0);
  if (cleared) unlockAmount = loan.pledge.minus(sold);
  else if (unlock && payPrincipal.gt(0)) {
    const share = loan.pledge.mul(payPrincipal).div(loan.principal).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN);
    const after = ratioOf(ctx, loan, principalAfter.plus(interestAfter), loan.pledge.minus(sold).minus(share));
    if (after.lte(loan.initRate)) unlockAmount = share;
  }

  // The ledger refuses (25202) before any loan state changes.
  if (method === 'borrowed_coin') ctx.deps.ledger.debit(uid, loan.loanCoin, pay, `loan repay ${orderId}`);
  loan.principal = principalAfter;
  loan.interest = interestAfter;
  loan.pledge = loan.pledge.minus(sold).minus(unlockAmount);
  if (unlockAmount.gt(0)) ctx.deps.ledger.credit(uid, loan.pledgeCoin, unlockAmount, `loan collateral redeemed ${orderId}`);
  const result = {
    loanCoin: loan.loanCoin,
    pledgeCoin: loan.pledgeCoin,
    repayAmount: amountStr(pay),
    payInterest: amountStr(payInterest),
    repayLoanAmount: amountStr(payPrincipal),
    repayUnlockAmount: amountStr(unlockAmount),
  };
  const now = ctx.deps.now();
  ctx.histories(uid).repays.push({ at: now, wire: { ...result, orderId, repayTime: String(now) } });
  if (cleared) endLoan(ctx, loan, 'REPAY');
  return result;
}

/** `loan.revisePledge`: returns the collateral adjustment result. */
export function revisePledge(ctx: LoanContext, uid: string, p: Params): Record<string, string> {
  const orderId = reqString(p, 'orderId');
  const amount = reqAmount(p, 'amount');
  const pledgeCoin = reqString(p, 'pledgeCoin').toUpperCase();
  const reviseType = reqEnum(p, 'reviseType', ['IN', 'OUT'] as const);
  const loan = ownLoan(ctx, uid, orderId);
  if (pledgeCoin !== loan.pledgeCoin) throw badParam('pledgeCoin', `loan ${orderId} is secured by ${loan.pledgeCoin}, not ${pledgeCoin}`);
  const before = ratioOf(ctx, loan);
  let pledgeAfter: Decimal;
  if (reviseType === 'IN') {
    ctx.deps.ledger.debit(uid, pledgeCoin, amount, `loan collateral added ${orderId}`);
    pledgeAfter = loan.pledge.plus(amount);
  } else {
    if (amount.gte(loan.pledge)) throw badParam('amount', `cannot withdraw ${amount.toFixed()} of the ${amountStr(loan.pledge)} ${pledgeCoin} pledged; repay the loan to redeem all collateral`);
    pledgeAfter = loan.pledge.minus(amount);
    const after = ratioOf(ctx, loan, debtOf(loan), pledgeAfter);
    if (after.gt(loan.initRate)) {
      throw new SimRejection(
        BackOfficeCode.RATIO_LIMIT,
        `Withdrawing ${amount.toFixed()} ${pledgeCoin} would raise the collateral ratio to ${ratioStr(after)}, above the initial ratio ${loan.initRate.toFixed()}; withdraw less`,
      );
    }
    ctx.deps.ledger.credit(uid, pledgeCoin, amount, `loan collateral withdrawn ${orderId}`);
  }
  loan.pledge = pledgeAfter;
  const after = ratioOf(ctx, loan);
  if (loan.marginCall && after.lt(loan.supRate)) loan.marginCall = false;
  const now = ctx.deps.now();
  ctx.histories(uid).revises.push({
    at: now,
    wire: {
      loanCoin: loan.loanCoin,
      pledgeCoin,
      orderId,
      reviseTime: String(now),
      reviseSide: reviseType === 'IN' ? 'down' : 'up',
      reviseAmount: amountStr(amount),
      afterPledgeRate: ratioStr(after),
      beforePledgeRate: ratioStr(before),
    },
  });
  return { loanCoin: loan.loanCoin, pledgeCoin, afterPledgeRate: ratioStr(after) };
}
