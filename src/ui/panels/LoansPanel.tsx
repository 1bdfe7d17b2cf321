import { Box, Text } from 'ink';
import type { Decimal } from 'decimal.js';
import { useState } from 'react';
import { fit, fitLeft, fmtPct } from '../../domain/format.js';
import { emptyListText, staleSuffix } from '../../store/freshness.js';
import { DEFAULT_LOAN_POLL_MS } from '../../store/slices/loans-slice.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { useLatest } from '../hooks/use-latest.js';
import type { LoanOutcome } from '../hooks/use-loan-form.js';
import { loanView, ratioGauge, termText, type LoanFormKind, type LoanView } from '../hooks/use-loans.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { Command } from '../keys/commands.js';
import { LoanForm } from './LoanForm.js';

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
  const [outcome, setLoanOutcome] = useState<LoanOutcome | null>(null);
  const sel = Math.min(cursor, Math.max(0, loans.length - 1));
  const noKeys = () => (services.trading === null ? 'no API keys' : null);
  const selectedNow = () => loansNow.current[Math.min(cursorNow.current, Math.max(0, loansNow.current.length - 1))] ?? null;
  const needLoan = () => noKeys() ?? (selectedNow() ? null : 'no loan selected');
  const open = (kind: LoanFormKind) => {
    setForm(kind);
    setFormLoanId(kind === 'borrow' ? null : (selectedNow()?.orderId ?? null));
    setLoanOutcome(null);
    store.getState().setOverlay('loanForm');
  };
  const close = (result: LoanOutcome | null) => {
    setForm(null);
    if (result) setLoanOutcome(result);
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
