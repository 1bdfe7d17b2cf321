import { Box, Text } from 'ink';
import { Decimal } from 'decimal.js';
import { useEffect, useState } from 'react';
import { fit, fitLeft, fmtPct } from '../../domain/format.js';
import { ratioAfterPledgeChange, repayOutcome } from '../../domain/loan-math.js';
import type { LoanTerm } from '../../domain/model.js';
import { FieldRow } from '../components/FieldRow.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useBorrowEstimate } from '../hooks/use-borrow-estimate.js';
import { useCommand } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useLatest } from '../hooks/use-latest.js';
import { useTextField } from '../hooks/use-text-field.js';
import { borrowParams, borrowProblem, coinPriceUsdt, loanView, parseAmount, ratioGauge, replyField, termText, type LoanView } from '../hooks/use-loans.js';
import { Command } from '../keys/commands.js';

/** Props of the loans panel. */
export interface LoansPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 30). */
  readonly width: number;
  /** Outer height in rows (≥ 6). */
  readonly height: number;
  /** Current Unix ms. */
  readonly now: number;
}

/** Which form is open. */
export type LoanFormKind = 'borrow' | 'repay' | 'pledgeIn' | 'pledgeOut';

interface Outcome {
  readonly ok: boolean;
  readonly text: string;
}

const TERMS: readonly LoanTerm[] = ['FLEXIBLE', 'SEVEN', 'THIRTY'];

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
 * form runs in scope `overlay.loanForm` (`ui.overlay = 'loanForm'`). The exchange's reply or error
 * is shown under the table. Minimum size 30×6.
 */
export function LoansPanel({ focused, width, height, now }: LoansPanelProps) {
  const { services, store, theme } = useAppContext();
  const loans = useAppStore((s) => s.loans.ongoing);
  const updatedAt = useAppStore((s) => s.loans.updatedAt);
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
        {loans.length === 0 ? <Text wrap="truncate-end" color={theme.muted ?? undefined}>{fit('no ongoing loans (b borrows)', inner)}</Text> : null}
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
    <Panel title="Loans" focused={focused} width={width} height={height} badge={<AgeBadge at={updatedAt} now={now} staleAfterMs={30_000} />}>
      <Box flexDirection="column" height={rows} overflow="hidden">{body}</Box>
    </Panel>
  );
}

interface LoanFormProps {
  readonly kind: LoanFormKind;
  readonly loan: LoanView | null;
  readonly tickers: Parameters<typeof coinPriceUsdt>[0];
  readonly rows: number;
  readonly onDone: (result: Outcome | null) => void;
}

const NUM = /^[0-9.]$/;
const COIN = /^[A-Za-z0-9]$/;

/** The borrow / repay / collateral form: fields, a live preview, review, then the exchange call. */
function LoanForm({ kind, loan, tickers, rows, onDone }: LoanFormProps) {
  const { services, theme } = useAppContext();
  const loanCoin = useTextField({ initial: 'USDT', accept: COIN, maxLength: 12 });
  const pledgeCoin = useTextField({ initial: 'BTC', accept: COIN, maxLength: 12 });
  const pledgeAmount = useTextField({ accept: NUM, maxLength: 24 });
  const loanAmount = useTextField({ accept: NUM, maxLength: 24 });
  const amount = useTextField({ accept: NUM, maxLength: 24 });
  const [term, setTerm] = useState<LoanTerm>('FLEXIBLE');
  const [unlock, setUnlock] = useState(false);
  const [row, setRow, rowNow] = useRefState(0);
  const [review, setReview] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [initRate, setInitRate] = useState<Decimal | null>(null);
  const [busy, setBusy] = useState(false);
  const l = loan?.loan ?? null;
  const { exchange } = services;
  const withdrawFor = kind === 'pledgeOut' && l ? `${l.loanCoin}/${l.pledgeCoin}` : null;
  // A withdrawal may not push the ratio past the initial ratio: ask the exchange for it (loan.getCoins).
  useEffect(() => {
    if (!withdrawFor) return undefined;
    const [loanCoinName, pledgeCoinName] = withdrawFor.split('/');
    let live = true;
    Promise.resolve()
      .then(() => exchange.call('loan.getCoins', { coin: loanCoinName }))
      .then(
        (reply) => {
          const infos: unknown = typeof reply === 'object' && reply !== null ? (reply as Record<string, unknown>).pledgeInfos : null;
          const info = Array.isArray(infos) ? infos.find((i: unknown) => replyField(i, 'coin') === pledgeCoinName) : undefined;
          const rate = replyField(info, 'initRate');
          if (live && rate !== null && parseAmount(rate)) setInitRate(new Decimal(rate));
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [withdrawFor, exchange]);

  type Row = { readonly label: string; readonly field?: typeof amount; readonly choice?: () => void; readonly value?: string; readonly unit?: string };
  const fields: Row[] =
    kind === 'borrow'
      ? [
          { label: 'Loan coin', field: loanCoin },
          { label: 'Collateral', field: pledgeCoin },
          { label: 'Term', choice: () => setTerm(TERMS[(TERMS.indexOf(term) + 1) % TERMS.length] ?? 'FLEXIBLE'), value: `‹ ${term} ›` },
          { label: 'Coll. amount', field: pledgeAmount, unit: pledgeCoin.value.toUpperCase() },
          { label: 'Loan amount', field: loanAmount, unit: loanCoin.value.toUpperCase() },
        ]
      : kind === 'repay'
        ? [
            { label: 'Amount', field: amount, unit: `${l?.loanCoin ?? ''} (empty = all)` },
            { label: 'Unlock coll.', choice: () => setUnlock(!unlock), value: `‹ ${unlock ? 'yes' : 'no'} ›` },
          ]
        : [{ label: kind === 'pledgeIn' ? 'Add' : 'Withdraw', field: amount, unit: l?.pledgeCoin ?? '' }];
  const current = fields[Math.min(row, fields.length - 1)];
  const editingField = fields.find((f) => f.field?.editing)?.field ?? null;
  // Handlers read the present: keys of one burst run before the next render.
  const currentNow = () => fields[Math.min(rowNow.current, fields.length - 1)];
  const editingNow = () => fields.find((f) => f.field?.isEditing())?.field ?? null;
  const borrowInput = () => ({ loanCoin: loanCoin.current().toUpperCase(), pledgeCoin: pledgeCoin.current().toUpperCase(), term, pledgeAmount: pledgeAmount.current(), loanAmount: loanAmount.current() });

  /** Live preview (repay / collateral) and the problem blocking a send, from the typed values. */
  const preview = (): { readonly text: string; readonly problem: string | null } => {
    if (kind === 'borrow') {
      const p = borrowProblem(borrowInput());
      return { text: p ? '' : 'review (s) asks the exchange for the hourly interest', problem: p };
    }
    if (!l || !loan) return { text: '', problem: 'no loan selected' };
    const typed = amount.current();
    const pledgePrice = coinPriceUsdt(tickers, l.pledgeCoin);
    const loanPrice = coinPriceUsdt(tickers, l.loanCoin);
    const value = typed === '' ? null : parseAmount(typed);
    if (kind === 'repay') {
      if (typed !== '' && !value) return { text: '', problem: `amount must be a positive number (got "${typed}")` };
      if (!value) return { text: `repays everything: ${amt(l.loanAmount.plus(l.interestAmount))} ${l.loanCoin}`, problem: null };
      if (!pledgePrice || !loanPrice) return { text: `no price for ${pledgePrice ? l.loanCoin : l.pledgeCoin}; no preview`, problem: null };
      const o = repayOutcome(l.loanAmount, l.interestAmount, value, loanPrice, l.pledgeAmount.times(pledgePrice));
      return { text: `interest ${amt(o.interestPaid)} + principal ${amt(o.principalPaid)}; left ${amt(o.principalLeft)}; ratio → ${fmtPct(o.ratio)}`, problem: null };
    }
    if (!value) return { text: '', problem: typed === '' ? 'enter an amount' : `amount must be a positive number (got "${typed}")` };
    if (!pledgePrice || !loan.debtValue) return { text: `no price for ${pledgePrice ? l.loanCoin : l.pledgeCoin}; no preview`, problem: null };
    const change = kind === 'pledgeIn' ? value : value.neg();
    const after = ratioAfterPledgeChange(loan.debtValue, l.pledgeAmount, change, pledgePrice);
    const limit = initRate ?? l.supRate;
    if (kind === 'pledgeOut' && (after === null || after.gt(limit))) {
      const line = initRate ? 'initial ratio' : 'margin call';
      return { text: `ratio → ${fmtPct(after)}`, problem: `withdrawing ${amt(value)} ${l.pledgeCoin} would put the ratio past the ${line} ${fmtPct(limit)}` };
    }
    return { text: `ratio ${fmtPct(l.pledgeRate)} → ${fmtPct(after)}`, problem: null };
  };
  const pv = preview();

  const send = () => {
    let op: string;
    let params: Record<string, string>;
    if (kind === 'borrow') {
      op = 'loan.borrow';
      params = borrowParams(borrowInput());
    } else if (!l) {
      return;
    } else if (kind === 'repay') {
      op = 'loan.repay';
      // Repaid with the borrowed coin from the account (the official page's method borrowed_coin).
      const base = { orderId: l.orderId, method: 'borrowed_coin', repayUnlock: unlock ? 'yes' : 'no' };
      params = amount.current() === '' ? { ...base, repayAll: 'yes' } : { ...base, repayAll: 'no', amount: amount.current() };
    } else {
      op = 'loan.revisePledge';
      params = { orderId: l.orderId, amount: amount.current(), pledgeCoin: l.pledgeCoin, reviseType: kind === 'pledgeIn' ? 'IN' : 'OUT' };
    }
    setBusy(true);
    exchange.call(op, params).then(
      (reply) => {
        const rate = replyField(reply, 'afterPledgeRate');
        const text =
          kind === 'borrow'
            ? `borrowed: order ${replyField(reply, 'orderId') ?? '?'}`
            : kind === 'repay'
              ? `repaid ${replyField(reply, 'repayAmount') ?? amount.value} (interest ${replyField(reply, 'payInterest') ?? '?'}, principal ${replyField(reply, 'repayLoanAmount') ?? '?'})`
              : `collateral ${kind === 'pledgeIn' ? 'added' : 'withdrawn'}: ratio now ${rate ?? '?'}%`;
        onDone({ ok: true, text });
      },
      (error: unknown) => onDone({ ok: false, text: `${op} failed: ${errorText(error)}` }),
    );
  };

  const startReview = () => {
    editingNow()?.stopEditing();
    setTried(true);
    // The preview as of now (the amount may have been typed in the same burst as s).
    const now = preview();
    if (now.problem) return;
    if (kind !== 'borrow') {
      setReview(now.text);
      return;
    }
    const input = borrowInput();
    const what = `borrow ${input.loanAmount || '?'} ${input.loanCoin} against ${input.pledgeAmount || '?'} ${input.pledgeCoin}, ${input.term}`;
    if (input.pledgeAmount === '') {
      setReview(`${what}; the exchange sets the collateral at the initial ratio`);
      return;
    }
    setReview(`${what}; asking for the interest…`);
    services.exchange.call('loan.getInterest', { loanCoin: input.loanCoin, pledgeCoin: input.pledgeCoin, daily: input.term, pledgeAmount: input.pledgeAmount }).then(
      (reply) => setReview(`${what}: up to ${replyField(reply, 'loanAmount') ?? '?'} ${input.loanCoin}, ~${replyField(reply, 'hourInterest') ?? '?'} ${input.loanCoin}/hour`),
      (error: unknown) => setReview(`${what}; interest estimate failed: ${errorText(error)}`),
    );
  };

  useCommand(Command.LOANS_FORM_UP, () => setRow((r) => Math.max(0, r - 1)), () => (review ? 'reviewing' : null));
  useCommand(Command.LOANS_FORM_DOWN, () => setRow((r) => Math.min(fields.length - 1, r + 1)), () => (review ? 'reviewing' : null));
  useCommand(Command.LOANS_FORM_CHOICE, () => currentNow()?.choice?.(), () => (currentNow()?.choice && !review ? null : 'not a choice field'));
  useCommand(Command.LOANS_FORM_EDIT, () => {
    if (busy) return;
    const editing = editingNow();
    if (editing) return editing.stopEditing();
    // Enter never sends: on the review it does nothing (y sends, Esc goes back).
    if (review) return;
    const at = currentNow();
    if (at?.field) return at.field.startEditing();
    at?.choice?.();
  });
  useCommand(Command.LOANS_FORM_SUBMIT, startReview, () => (busy ? 'in flight' : review ? 'reviewing: y sends, Esc goes back' : null));
  useCommand(Command.LOANS_FORM_CONFIRM, send, () => (busy ? 'in flight' : review ? null : 'review first with s'));
  useCommand(Command.LOANS_FORM_CLOSE, () => {
    const editing = editingNow();
    if (editing) return editing.stopEditing();
    if (review && !busy) return setReview(null);
    onDone(null);
  });

  const title = kind === 'borrow' ? 'New loan' : kind === 'repay' ? `Repay ${l?.orderId ?? ''}` : `${kind === 'pledgeIn' ? 'Add' : 'Withdraw'} collateral ${l?.orderId ?? ''}`;
  // Borrow: the coins' rates and ratios, and an estimate that follows what is typed (before any review).
  const live = useBorrowEstimate(kind === 'borrow' && review === null, { loanCoin: loanCoin.value.toUpperCase(), pledgeCoin: pledgeCoin.value.toUpperCase(), term, pledgeAmount: pledgeAmount.value, loanAmount: loanAmount.value }, tickers);
  const liveLines = [live.terms, live.estimate].filter((t): t is string => t !== null);
  // Field rows that fit beside the title, the live lines, preview and hint; the window follows the cursor.
  const extra = Math.min(liveLines.length, Math.max(0, rows - 4));
  const shown = Math.max(1, rows - 3 - extra);
  const first = Math.max(0, Math.min(row - shown + 1, fields.length - shown));
  const hint = busy ? 'sending…' : review ? 'y sends · esc back (Enter never sends)' : '↑↓ field · enter edit · ←→ choice · s review · esc close';
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
      {tried && pv.problem && !review ? (
        <Text wrap="truncate-end" color={theme.danger ?? undefined} bold>{pv.problem}</Text>
      ) : (
        <Text wrap="truncate-end" color={review ? (theme.warn ?? undefined) : (theme.muted ?? undefined)} bold={review !== null}>{review ? `Confirm: ${review}` : pv.problem ?? pv.text}</Text>
      )}
      <Text wrap="truncate-end" color={theme.muted ?? undefined}>{hint}</Text>
    </>
  );
}
