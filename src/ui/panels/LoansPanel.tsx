import { Box, Text } from 'ink';
import type { Decimal } from 'decimal.js';
import { useEffect, useRef, useState } from 'react';
import { fit, fitLeft, fmtPct } from '../../domain/format.js';
import type { LoanTerm, Ticker } from '../../domain/model.js';
import { emptyListText, staleSuffix } from '../../store/freshness.js';
import { DEFAULT_LOAN_POLL_MS } from '../../store/slices/loans-slice.js';
import { FieldRow } from '../components/FieldRow.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { askLoanCoins, borrowTermsFrom, reviewBorrow, useBorrowEstimate } from '../hooks/use-borrow-estimate.js';
import { useCommand, useRestingField } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useLatest } from '../hooks/use-latest.js';
import { useTextField, type TextField } from '../hooks/use-text-field.js';
import {
  borrowProblem,
  borrowRequest,
  loanPreview,
  loanView,
  loanWrite,
  loanWriteName,
  ratioGauge,
  sendLoanWrite,
  termText,
  type BorrowInput,
  type LoanFormKind,
  type LoanPreview,
  type LoanView,
  type LoanWrite,
} from '../hooks/use-loans.js';
import { Command } from '../keys/commands.js';

/** Props of the loans panel. */
export interface LoansPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 30). */
  readonly width: number;
  /** Outer height in rows (≥ 6). */
  readonly height: number;
  /** Current Unix ms (for the data-age badge: polled data, stale after a failed poll or 3 missed polls). */
  readonly now: number;
}

interface Outcome {
  readonly ok: boolean;
  readonly text: string;
}

const TERMS: readonly LoanTerm[] = ['FLEXIBLE', 'SEVEN', 'THIRTY'];

function amt(d: Decimal): string {
  return d.toSignificantDigits(8).toFixed();
}

/** Gauge cells in the wide layout: what the fixed columns leave, 16 to 40. */
function wideGauge(width: number): number {
  return Math.min(40, Math.max(16, width - 82));
}

/** One table line: coin/amount+interest, collateral, gauge, ratio, call/liq prices, term. */
function loanLine(v: LoanView, width: number): string {
  const l = v.loan;
  const debt = fit(`${amt(l.loanAmount)}+${amt(l.interestAmount)} ${l.loanCoin}`, 22);
  const coll = fit(`${amt(l.pledgeAmount)} ${l.pledgeCoin}`, 16);
  const ratio = fitLeft(fmtPct(l.pledgeRate), 7);
  if (width < 60) return `${debt.slice(0, 14)} ${ratio} ${ratioGauge(l.pledgeRate, l.supRate, l.forceRate, Math.max(5, width - 24))}`;
  const prices = `${fitLeft(v.marginCallPrice ? amt(v.marginCallPrice) : '—', 10)} ${fitLeft(v.liquidationPrice ? amt(v.liquidationPrice) : '—', 10)}`;
  return `${debt} ${coll} ${ratio} ${ratioGauge(l.pledgeRate, l.supRate, l.forceRate, wideGauge(width))} ${prices} ${termText(l)}`;
}

/**
 * Ongoing crypto loans: debt (principal + accrued interest), collateral, ratio with a gauge marking
 * the margin-call `|` and liquidation `!` lines, the collateral prices at those lines and the term.
 * Keys (scope `loans`): up/down select, `b` borrow, `r` repay, `+`/`-` add/withdraw collateral; the
 * form runs in scope `overlay.loanForm` (`ui.overlay = 'loanForm'`; keys in keys/areas/loans.ts).
 * The exchange's reply or error is shown under the table. Minimum size 30×6.
 */
export function LoansPanel({ focused, width, height, now }: LoansPanelProps) {
  const { services, store, theme } = useAppContext();
  const loans = useAppStore((s) => s.loans.ongoing);
  const freshness = useFreshness((s) => ({ kind: 'poll', everyMs: DEFAULT_LOAN_POLL_MS, failedAt: s.loans.failedAt }), (s) => s.loans.updatedAt, now);
  const tickers = useAppStore((s) => s.market.tickers);
  const overlay = useAppStore((s) => s.ui.overlay);
  // Ref-backed cursor: "j r" in one burst of keys opens the repay form for the loan the cursor is on now.
  const [cursor, setCursor, cursorNow] = useRefState(0);
  const loansNow = useLatest(loans);
  const [form, setForm] = useState<LoanFormKind | null>(null);
  // The loan a repay / collateral form acts on, by id: a poll that reorders the list must not switch it.
  const [formLoanId, setFormLoanId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sel = Math.min(cursor, Math.max(0, loans.length - 1));
  const noKeys = () => (services.trading === null ? 'no API keys' : null);
  const selectedNow = () => loansNow.current[Math.min(cursorNow.current, Math.max(0, loansNow.current.length - 1))] ?? null;
  const needLoan = () => noKeys() ?? (selectedNow() ? null : 'no loan selected');
  const open = (kind: LoanFormKind) => {
    setForm(kind);
    setFormLoanId(kind === 'borrow' ? null : (selectedNow()?.orderId ?? null));
    setOutcome(null);
    store.getState().setOverlay('loanForm');
  };
  const close = (result: Outcome | null) => {
    setForm(null);
    if (result) setOutcome(result);
    store.getState().setOverlay(null);
  };
  useCommand(Command.LOANS_UP, () => setCursor((c) => Math.max(0, Math.min(c, loansNow.current.length - 1) - 1)), () => (loans.length ? null : 'no ongoing loans'));
  useCommand(Command.LOANS_DOWN, () => setCursor((c) => Math.min(loansNow.current.length - 1, c + 1)), () => (loans.length ? null : 'no ongoing loans'));
  useCommand(Command.LOANS_BORROW, () => open('borrow'), noKeys);
  useCommand(Command.LOANS_REPAY, () => open('repay'), needLoan);
  useCommand(Command.LOANS_ADD_PLEDGE, () => open('pledgeIn'), needLoan);
  useCommand(Command.LOANS_WITHDRAW_PLEDGE, () => open('pledgeOut'), needLoan);

  const inner = Math.max(10, width - 2);
  const rows = Math.max(1, height - 3);
  const showForm = form !== null && overlay === 'loanForm';
  let body;
  if (showForm) {
    const formLoan = loans.find((l) => l.orderId === formLoanId) ?? null;
    body = <LoanForm kind={form} loan={formLoan ? loanView(formLoan, tickers) : null} tickers={tickers} rows={rows} onDone={close} />;
  } else {
    const tableRows = Math.max(0, rows - 2);
    const start = Math.max(0, Math.min(sel - tableRows + 1, loans.length - tableRows));
    const header = inner < 60 ? `${fit('Debt', 14)} ${fitLeft('Ratio', 7)} Gauge` : `${fit('Debt (+interest)', 22)} ${fit('Collateral', 16)} ${fitLeft('Ratio', 7)} ${fit('Gauge |call !liq', wideGauge(inner))} ${fitLeft('Call@', 10)} ${fitLeft('Liq@', 10)} Term`;
    body = (
      <>
        <Text wrap="truncate-end" color={theme.muted ?? undefined} bold>{fit(header, inner)}</Text>
        {loans.length === 0 ? (
          <Text wrap="truncate-end" color={(freshness.fresh ? theme.muted : theme.warn) ?? undefined} bold={!freshness.fresh && theme.warn === null}>
            {fit(emptyListText(freshness, 'no ongoing loans (b borrows)', '0 loans'), inner)}
          </Text>
        ) : null}
        {loans.slice(start, start + tableRows).map((l, i) => (
          <Text key={l.orderId} wrap="truncate-end" inverse={focused && start + i === sel} color={l.pledgeRate.gte(l.supRate) ? (theme.danger ?? undefined) : undefined}>
            {fit(loanLine(loanView(l, tickers), inner), inner)}
          </Text>
        ))}
        {outcome ? (
          <Text wrap="truncate-end" color={(outcome.ok ? theme.ok : theme.danger) ?? undefined} bold={!outcome.ok}>{fit(outcome.text, inner)}</Text>
        ) : null}
      </>
    );
  }
  return (
    <Panel title={`Loans${staleSuffix(freshness)}`} hotkey="0" focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      <Box flexDirection="column" height={rows} overflow="hidden">{body}</Box>
    </Panel>
  );
}

interface LoanFormProps {
  readonly kind: LoanFormKind;
  readonly loan: LoanView | null;
  readonly tickers: Readonly<Record<string, Ticker>>;
  readonly rows: number;
  readonly onDone: (result: Outcome | null) => void;
}

const NUM = /^[0-9.]$/;
const COIN = /^[A-Za-z0-9]$/;

/** A reviewed write: what y sends, fixed when the review opened. */
interface Review {
  readonly write: LoanWrite;
  /** Lines shown; the first starts "Confirm:". */
  readonly lines: readonly string[];
  /** False while the review still asks the exchange (y waits for it). */
  readonly ready: boolean;
  /** The preview's ratio after (fraction), to read the reply's ratio. */
  readonly expectedRatio: Decimal | null;
}

/** One form row: a text field, or a choice cycled by Enter / ←→. */
interface Row {
  readonly label: string;
  readonly field?: TextField;
  readonly choice?: (step: 1 | -1) => void;
  readonly value?: string;
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
  const fields: readonly Row[] =
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

/**
 * The form's state: fields, preview (re-checked at every render, so on each edit, and again at
 * `o`), review and send. Keys in `useLoanFormKeys`.
 */
function useLoanForm({ kind, loan, tickers, onDone }: LoanFormProps) {
  const { services } = useAppContext();
  const f = useLoanFields(kind, loan);
  const [review, setReview, reviewNow] = useRefState<Review | null>(null);
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
  readonly reviewNow: { readonly current: Review | null };
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

/** The borrow / repay / collateral form: fields, a live preview, review, then the loan service's write. */
function LoanForm(props: LoanFormProps) {
  const { kind, loan, rows } = props;
  const { theme } = useAppContext();
  const { fields, row, review, busy, tried, preview: pv, liveLines } = useLoanForm(props);
  const l = loan?.loan ?? null;
  const title = kind === 'borrow' ? 'New loan' : kind === 'repay' ? `Repay ${l?.orderId ?? ''}` : `${kind === 'pledgeIn' ? 'Add' : 'Withdraw'} collateral ${l?.orderId ?? ''}`;
  // Rows between the title and the hint: the review's lines first, else the live lines and the preview.
  const body = Math.max(1, rows - 2);
  const reviewLines = review ? review.lines.slice(0, body) : [];
  const extra = review ? 0 : Math.min(liveLines.length, Math.max(0, rows - 4));
  const shown = Math.max(review ? 0 : 1, body - reviewLines.length - extra - (review ? 0 : 1));
  const first = Math.max(0, Math.min(row - shown + 1, fields.length - shown));
  const hint = busy ? 'sending…' : review ? (review.ready ? 'y sends · n/esc back (Enter never sends)' : 'asking the exchange…') : '↑↓ field · type or enter to edit · ←→ choice · o review · esc close';
  return (
    <>
      <Text wrap="truncate-end" bold>{title}</Text>
      {fields.slice(first, first + shown).map((f, j) => (
        <FieldRow key={f.label} label={f.label} value={f.field ? f.field.value : (f.value ?? '')} selected={first + j === row && !review} editing={f.field?.editing ?? false} unit={f.unit} />
      ))}
      {liveLines.slice(0, extra).map((t, i) => (
        <Text key={`live${i}`} wrap="truncate-end" color={theme.accent ?? undefined}>
          {t}
        </Text>
      ))}
      {review ? (
        reviewLines.map((t, i) => (
          <Text key={`review${i}`} wrap="truncate-end" color={theme.warn ?? undefined} bold={i === 0}>
            {t}
          </Text>
        ))
      ) : tried && pv.problem ? (
        <Text wrap="truncate-end" color={theme.danger ?? undefined} bold>{pv.problem}</Text>
      ) : (
        <Text wrap="truncate-end" color={theme.muted ?? undefined}>{pv.problem ?? pv.text}</Text>
      )}
      <Text wrap="truncate-end" color={theme.muted ?? undefined}>{hint}</Text>
    </>
  );
}
