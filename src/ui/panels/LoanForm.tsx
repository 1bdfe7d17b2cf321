import { Text } from 'ink';
import { FieldRow } from '../components/FieldRow.js';
import { useAppContext } from '../hooks/app-context.js';
import { useLoanForm, type LoanFormInput } from '../hooks/use-loan-form.js';

/** Props of the loan form. */
export interface LoanFormProps extends LoanFormInput {
  /** Rows the form may use (≥ 1): title, fields, preview or review, hint. */
  readonly rows: number;
}

/** The borrow / repay / collateral form: fields, a live preview, review, then the loan service's write. */
export function LoanForm(props: LoanFormProps) {
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
