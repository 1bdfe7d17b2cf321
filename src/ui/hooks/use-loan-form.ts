import type { Decimal } from 'decimal.js';
import { useEffect, useRef, useState } from 'react';
import type { LoanTerm, Ticker } from '../../domain/model.js';
import { Command } from '../keys/commands.js';
import { useAppContext } from './app-context.js';
import { askLoanCoins, borrowTermsFrom, reviewBorrow, useBorrowEstimate } from './use-borrow-estimate.js';
import { useCommand, useRestingField } from './use-commands.js';
import { useLatest } from './use-latest.js';
import { borrowProblem, borrowRequest, loanPreview, loanWrite, loanWriteName, sendLoanWrite, type BorrowInput, type LoanFormKind, type LoanPreview, type LoanView, type LoanWrite } from './use-loans.js';
import { useRefState } from './use-ref-state.js';
import { useTextField, type TextField } from './use-text-field.js';

/** How a loan write ended, shown under the loans table. */
export interface LoanOutcome {
  /** True when the exchange accepted the write. */
  readonly ok: boolean;
  /** The exchange's reply or error, in words. */
  readonly text: string;
}

const TERMS: readonly LoanTerm[] = ['FLEXIBLE', 'SEVEN', 'THIRTY'];

/** What a loan form is for: its kind, the loan it acts on and the prices it previews with. */
export interface LoanFormInput {
  readonly kind: LoanFormKind;
  /** The loan a repay or collateral form acts on; null for a borrow. */
  readonly loan: LoanView | null;
  /** Tickers by `category:symbol` (collateral prices in the previews). */
  readonly tickers: Readonly<Record<string, Ticker>>;
  /** Called once the form is done: with the write's outcome, or null when closed without sending. */
  readonly onDone: (result: LoanOutcome | null) => void;
}

const NUM = /^[0-9.]$/;
const COIN = /^[A-Za-z0-9]$/;

/** A reviewed write: what y sends, fixed when the review opened. */
export interface LoanReview {
  readonly write: LoanWrite;
  /** Lines shown; the first starts "Confirm:". */
  readonly lines: readonly string[];
  /** False while the review still asks the exchange (y waits for it). */
  readonly ready: boolean;
  /** The preview's ratio after (fraction), to read the reply's ratio. */
  readonly expectedRatio: Decimal | null;
}

/** One form row: a text field, or a choice cycled by Enter / ←→. */
export interface LoanFormRow {
  readonly label: string;
  /** The row's text field; absent on a choice row. */
  readonly field?: TextField;
  /** Moves a choice row to its next (1) or previous (-1) option; absent on a text row. */
  readonly choice?: (step: 1 | -1) => void;
  /** A choice row's text. */
  readonly value?: string;
  /** Shown after the value (a coin). */
  readonly unit?: string;
}

/** The next (step 1) or previous (-1) entry of `list` after `at`, wrapping. */
function cycle<T>(list: readonly T[], at: T, step: 1 | -1): T {
  return list[(list.indexOf(at) + step + list.length) % list.length] ?? at;
}

/** A withdrawal may not push the ratio past the initial ratio: asks the loan service for it. */
function useWithdrawLimit(loan: LoanView | null, active: boolean): Decimal | null {
  const { services } = useAppContext();
  const [initRate, setInitRate] = useState<Decimal | null>(null);
  const coins = active && loan ? `${loan.loan.loanCoin}/${loan.loan.pledgeCoin}` : null;
  useEffect(() => {
    if (!coins) return undefined;
    const [loanCoin = '', pledgeCoin = ''] = coins.split('/');
    let live = true;
    askLoanCoins(services.loans).then(
      (coins) => {
        const rate = borrowTermsFrom(coins, loanCoin, pledgeCoin, 'FLEXIBLE').initRate;
        if (live && rate) setInitRate(rate);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [coins]);
  return initRate;
}

/** The form's rows and text fields; `…Now` read the present (keys of one burst run before a re-render). */
function useLoanFields(kind: LoanFormKind, loan: LoanView | null) {
  const coinOpts = { accept: COIN, maxLength: 12, takes: 'letters and digits' };
  const numOpts = { accept: NUM, maxLength: 24, takes: 'digits and .' };
  const loanCoin = useTextField({ ...coinOpts, initial: 'USDT', label: 'loan coin' });
  const pledgeCoin = useTextField({ ...coinOpts, initial: 'BTC', label: 'collateral coin' });
  const pledgeAmount = useTextField({ ...numOpts, label: 'collateral amount' });
  const loanAmount = useTextField({ ...numOpts, label: 'loan amount' });
  const amount = useTextField({ ...numOpts, label: kind === 'repay' ? 'repay amount' : 'collateral amount' });
  const [term, setTerm, termNow] = useRefState<LoanTerm>('FLEXIBLE');
  const [unlock, setUnlock, unlockNow] = useRefState(false);
  const [row, setRow, rowNow] = useRefState(0);
  const l = loan?.loan ?? null;
  const fields: readonly LoanFormRow[] =
    kind === 'borrow'
      ? [
          { label: 'Loan coin', field: loanCoin },
          { label: 'Collateral', field: pledgeCoin },
          { label: 'Term', choice: (step) => setTerm((t) => cycle(TERMS, t, step)), value: `‹ ${term} ›` },
          { label: 'Coll. amount', field: pledgeAmount, unit: pledgeCoin.value.toUpperCase() },
          { label: 'Loan amount', field: loanAmount, unit: loanCoin.value.toUpperCase() },
        ]
      : kind === 'repay'
        ? [
            { label: 'Amount', field: amount, unit: `${l?.loanCoin ?? ''} (empty = all)` },
            { label: 'Unlock coll.', choice: () => setUnlock((u) => !u), value: `‹ ${unlock ? 'yes' : 'no'} ›` },
          ]
        : [{ label: kind === 'pledgeIn' ? 'Add' : 'Withdraw', field: amount, unit: l?.pledgeCoin ?? '' }];
  const editingNow = () => fields.find((f) => f.field?.isEditing())?.field ?? null;
  return {
    fields,
    row,
    amount,
    unlockNow,
    /** The borrow form as shown (the live estimate follows it). */
    borrowShown: { loanCoin: loanCoin.value.toUpperCase(), pledgeCoin: pledgeCoin.value.toUpperCase(), term, pledgeAmount: pledgeAmount.value, loanAmount: loanAmount.value },
    borrowNow: (): BorrowInput => ({ loanCoin: loanCoin.current().toUpperCase(), pledgeCoin: pledgeCoin.current().toUpperCase(), term: termNow.current, pledgeAmount: pledgeAmount.current(), loanAmount: loanAmount.current() }),
    currentNow: () => fields[Math.min(rowNow.current, fields.length - 1)],
    editingNow,
    move: (step: number) => {
      editingNow()?.stopEditing();
      setRow((r) => Math.max(0, Math.min(fields.length - 1, r + step)));
    },
  };
}

/** What the loan form shows. */
export interface LoanFormState {
  readonly fields: readonly LoanFormRow[];
  /** The row under the cursor. */
  readonly row: number;
  /** The write under review; null while the form is edited. */
  readonly review: LoanReview | null;
  /** True while the write is in flight. */
  readonly busy: boolean;
  /** True once a review was asked for: a problem then shows as an error. */
  readonly tried: boolean;
  readonly preview: LoanPreview;
  /** The live estimate's lines (borrow terms, the exchange's estimate). */
  readonly liveLines: readonly string[];
}

/**
 * The form's state: fields, preview (re-checked at every render, so on each edit, and again at
 * `o`), review and send. Keys in `useLoanFormKeys`.
 */
export function useLoanForm({ kind, loan, tickers, onDone }: LoanFormInput): LoanFormState {
  const { services } = useAppContext();
  const f = useLoanFields(kind, loan);
  const [review, setReview, reviewNow] = useRefState<LoanReview | null>(null);
  const [busy, setBusy, busyNow] = useRefState(false);
  const [tried, setTried] = useState(false);
  const reviewSeq = useRef(0);
  const l = loan?.loan ?? null;
  const initRate = useWithdrawLimit(loan, kind === 'pledgeOut');
  const preview = (): LoanPreview => {
    if (kind !== 'borrow') return loanPreview(kind, loan, f.amount.current(), tickers, initRate);
    const problem = borrowProblem(f.borrowNow());
    return { text: problem ? '' : 'o reviews: the collateral, the starting ratio, the margin-call and liquidation prices', problem, ratio: null };
  };
  const live = useBorrowEstimate(kind === 'borrow' && review === null, f.borrowShown, tickers);
  const coinsNow = useLatest(live.coins);

  const startReview = () => {
    f.editingNow()?.stopEditing();
    setTried(true);
    const pv = preview();
    if (pv.problem) return;
    const seq = (reviewSeq.current += 1);
    if (kind !== 'borrow') {
      const write = l ? loanWrite(kind, l, f.amount.current(), f.unlockNow.current) : null;
      if (write) setReview({ write, lines: [`Confirm: ${pv.text}`], ready: true, expectedRatio: pv.ratio });
      return;
    }
    // Sent as reviewed; the review's lines follow once the exchange has answered.
    const input = f.borrowNow();
    const req = borrowRequest(input);
    if (!req) return;
    const base = { write: { kind: 'borrow', req } as const, expectedRatio: null };
    setReview({ ...base, lines: [`Confirm: borrow ${input.loanAmount || '…'} ${input.loanCoin} against ${input.pledgeAmount || '…'} ${input.pledgeCoin}, ${input.term}`, 'working out the collateral, the starting ratio and the lines…'], ready: false });
    void reviewBorrow(services.loans, input, coinsNow.current, tickers).then((lines) => {
      if (reviewSeq.current === seq && reviewNow.current) setReview({ ...base, lines, ready: true });
    });
  };
  const back = () => {
    reviewSeq.current += 1;
    setReview(null);
  };
  const send = () => {
    const r = reviewNow.current;
    if (!r) return;
    setBusy(true);
    sendLoanWrite(services.loans, r.write, r.expectedRatio).then(
      (text) => onDone({ ok: true, text }),
      (error: unknown) => onDone({ ok: false, text: `${loanWriteName(r.write.kind)} failed: ${error instanceof Error ? error.message : String(error)}` }),
    );
  };
  useLoanFormKeys({ ...f, reviewNow, busyNow, startReview, back, send, close: () => onDone(null) });
  return { fields: f.fields, row: f.row, review, busy, tried, preview: preview(), liveLines: [live.terms, live.estimate].filter((t): t is string => t !== null) };
}

/** What the form's keys act on. */
interface LoanFormActions extends Pick<ReturnType<typeof useLoanFields>, 'currentNow' | 'editingNow' | 'move'> {
  readonly reviewNow: { readonly current: LoanReview | null };
  readonly busyNow: { readonly current: boolean };
  startReview(): void;
  back(): void;
  send(): void;
  close(): void;
}

/**
 * The keys of scope `overlay.loanForm` (one form model) and the resting field: a digit or coin
 * letter the field under the cursor takes starts editing it, no Enter first.
 */
function useLoanFormKeys(a: LoanFormActions): void {
  const { store } = useAppContext();
  const { currentNow, editingNow, reviewNow, busyNow } = a;
  useRestingField(() => {
    if (store.getState().ui.overlay !== 'loanForm' || reviewNow.current || busyNow.current || editingNow()) return null;
    return currentNow()?.field ?? null;
  });
  const reviewing = () => (busyNow.current ? 'sending' : reviewNow.current ? 'reviewing: y sends, n goes back' : null);
  const choiceReason = () => reviewing() ?? (currentNow()?.choice ? null : 'not a choice field: Enter edits it');
  useCommand(Command.LOANS_FORM_UP, () => a.move(-1), reviewing);
  useCommand(Command.LOANS_FORM_DOWN, () => a.move(1), reviewing);
  useCommand(Command.LOANS_FORM_CHOICE, () => currentNow()?.choice?.(1), choiceReason);
  useCommand(Command.LOANS_FORM_CHOICE_PREV, () => currentNow()?.choice?.(-1), choiceReason);
  useCommand(
    Command.LOANS_FORM_EDIT,
    () => {
      const editing = editingNow();
      if (editing) return editing.stopEditing();
      const at = currentNow();
      if (at?.field) return at.field.startEditing();
      return at?.choice?.(1);
    },
    // Enter never sends: on the review it only says so.
    () => (busyNow.current ? 'sending' : reviewNow.current ? 'Enter never sends: y sends, n goes back' : null),
  );
  useCommand(Command.LOANS_FORM_SUBMIT, a.startReview, reviewing);
  useCommand(Command.LOANS_FORM_CONFIRM, a.send, () => (busyNow.current ? 'in flight' : !reviewNow.current ? 'review first with o' : reviewNow.current.ready ? null : 'the review is still asking the exchange'));
  useCommand(Command.LOANS_FORM_BACK, a.back, () => (busyNow.current ? 'in flight' : reviewNow.current ? null : 'nothing to back out of: n leaves a review'));
  useCommand(Command.LOANS_FORM_CLOSE, () => {
    const editing = editingNow();
    if (editing) return editing.stopEditing();
    if (reviewNow.current && !busyNow.current) return a.back();
    return a.close();
  });
}
