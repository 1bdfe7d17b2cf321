import type { Loan, LoanTerm, Ticker } from '../../domain/model.js';
import { borrowToWire, repayToWire } from '../../exchange/wire/loan-mappers.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { reviewBorrow } from '../../ui/hooks/use-borrow-estimate.js';
import { borrowDoneText, borrowProblem, borrowRequest, loanPreview, loanView, loanWrite, repayDoneText, type BorrowInput } from '../../ui/hooks/use-loans.js';
import { UsageError } from '../args.js';
import type { Session } from '../session.js';
import type { CommandContext, CommandResult } from './command-types.js';
import { openCommandSession, waitForData, waitMsOf } from './command-session.js';
import { confirmSend } from './confirm.js';
import { CommandError, ExitCode } from './exit-codes.js';
import { expectPositionals, oneOf } from './flags.js';
import { dec, renderJson } from './output.js';
import { readSpotTickers } from './rest-reads.js';

/**
 * `utadash borrow` and `utadash repay`: the loan forms without the screen. Validation, the review
 * lines (starting ratio, the collateral prices at the margin-call and liquidation lines, the
 * exchange's interest estimate) and the repayment preview are the loan panel's own
 * (ui/hooks/use-loans.ts, use-borrow-estimate.ts); the writes go through the cockpit's LoanService.
 * Loan writes carry no clientOid (none of the loan operations has one): a result the exchange did
 * not give is unknown (exit 3) and `utadash loans` says what happened.
 */

const TERMS: Readonly<Record<string, LoanTerm>> = { flexible: 'FLEXIBLE', '7': 'SEVEN', '30': 'THIRTY', seven: 'SEVEN', thirty: 'THIRTY' };

/** Coin prices for the reviews: spot tickers over REST, keyed as the store keys them. */
async function spotTickers(session: Session): Promise<Readonly<Record<string, Ticker>>> {
  const list = await readSpotTickers(session.api, Date.now());
  return Object.fromEntries(list.map((t) => [symbolKey(t), t]));
}

/** Runs `borrow LOAN_COIN PLEDGE_COIN (--pledge A | --loan A) [--term flexible|7|30]`. */
export async function runBorrow(ctx: CommandContext): Promise<CommandResult> {
  const command = 'borrow';
  expectPositionals(ctx.args, 2, 2, command, 'LOAN_COIN PLEDGE_COIN (--pledge AMOUNT | --loan AMOUNT) [--term flexible|7|30]');
  const [loanCoin = '', pledgeCoin = ''] = ctx.args.positionals.map((c) => c.toUpperCase());
  const termWord = oneOf(ctx.args.values.get('--term') ?? 'flexible', ['flexible', '7', '30', 'seven', 'thirty'], '--term', command);
  const input: BorrowInput = { loanCoin, pledgeCoin, term: TERMS[termWord] ?? 'FLEXIBLE', pledgeAmount: ctx.args.values.get('--pledge') ?? '', loanAmount: ctx.args.values.get('--loan') ?? '' };
  const problem = borrowProblem(input);
  const req = borrowRequest(input);
  if (problem !== null || req === null) throw new UsageError(`${command}: ${problem ?? 'invalid borrow'}`);
  const { session, close } = await openCommandSession(ctx);
  try {
    const lines = await reviewBorrow(session.services.loans, input, null, await spotTickers(session));
    const wire = borrowToWire(req);
    await confirmSend(ctx, {
      title: `${(lines[0] ?? '').replace(/^Confirm: /, '')} on ${ctx.target.exchange.mode} (${ctx.target.exchange.account})`,
      details: [...lines.slice(1), `send: loan.borrow ${Object.entries(wire).map(([k, v]) => `${k}=${String(v)}`).join(' ')}`],
    });
    const receipt = await session.services.loans.submitBorrow(req);
    if (ctx.args.common.format === 'json') return { stdout: renderJson({ status: 'accepted', orderId: receipt.orderId }), code: ExitCode.OK };
    return { stdout: `${borrowDoneText(receipt)}\n`, code: ExitCode.OK };
  } finally {
    await close();
  }
}

/** The ongoing loans as the session polled them: waits for the first poll. */
async function ongoingLoans(ctx: CommandContext, session: Session, command: string): Promise<readonly Loan[]> {
  await waitForData(session, (s) => (s.loans.updatedAt > 0 ? null : s.loans.lastError !== null ? `loans could not be read: ${s.loans.lastError}` : 'loans not loaded yet'), waitMsOf(ctx, command));
  return session.store.getState().loans.ongoing;
}

/** Runs `repay LOAN_ORDER_ID [AMOUNT] [--unlock]`. */
export async function runRepay(ctx: CommandContext): Promise<CommandResult> {
  const command = 'repay';
  expectPositionals(ctx.args, 1, 2, command, 'LOAN_ORDER_ID [AMOUNT] [--unlock]');
  const [orderId = '', typed = ''] = ctx.args.positionals;
  const unlock = ctx.args.switches.has('--unlock');
  const { session, close } = await openCommandSession(ctx);
  try {
    const loan = (await ongoingLoans(ctx, session, command)).find((l) => l.orderId === orderId);
    if (!loan) throw new CommandError(`${command}: no ongoing loan ${orderId}; nothing sent (utadash loans lists them)`, ExitCode.REFUSED);
    const tickers = await spotTickers(session);
    const preview = loanPreview('repay', loanView(loan, tickers), typed, tickers, null);
    if (preview.problem !== null) throw new UsageError(`${command}: ${preview.problem}`);
    const write = loanWrite('repay', loan, typed, unlock);
    if (write === null || write.kind !== 'repay') throw new UsageError(`${command}: AMOUNT must be a positive number (got "${typed}")`);
    const wire = repayToWire(write.req);
    await confirmSend(ctx, {
      title: `repay ${typed === '' ? 'everything' : `${typed} ${loan.loanCoin}`} of loan ${loan.orderId} (${loan.loanAmount.toFixed()} ${loan.loanCoin} against ${loan.pledgeAmount.toFixed()} ${loan.pledgeCoin})`,
      details: [preview.text, `send: loan.repay ${Object.entries(wire).map(([k, v]) => `${k}=${String(v)}`).join(' ')}`].filter((l) => l !== ''),
    });
    const receipt = await session.services.loans.submitRepay(write.req);
    if (ctx.args.common.format === 'json') {
      return { stdout: renderJson({ status: 'accepted', orderId: loan.orderId, repayAmount: dec(receipt.repayAmount), payInterest: dec(receipt.payInterest), repayLoanAmount: dec(receipt.repayLoanAmount), repayUnlockAmount: dec(receipt.repayUnlockAmount) }), code: ExitCode.OK };
    }
    return { stdout: `${repayDoneText(receipt, write.req.amount)}\n`, code: ExitCode.OK };
  } finally {
    await close();
  }
}
