import { Text } from 'ink';
import { memo } from 'react';
import { useAppContext } from '../hooks/app-context.js';

/** Props of one form row. */
export interface FieldRowProps {
  /** Label, padded to `labelWidth`. */
  readonly label: string;
  /** Current text ('' shows the placeholder). */
  readonly value: string;
  /** True when this row has the form's cursor. */
  readonly selected: boolean;
  /** True while keys go into this field (shows a caret). */
  readonly editing: boolean;
  /** Shown dimmed when the value is empty. */
  readonly placeholder?: string;
  /** Unit shown after the value, e.g. "BTC". */
  readonly unit?: string;
  /** Problem with the value, shown in the danger colour under the row (one line). */
  readonly error?: string | null;
  /** Greyed out with this reason when the field does not apply. */
  readonly disabledReason?: string | null;
  /** Label column width (default 12). */
  readonly labelWidth?: number;
}

/** `label  value▌ unit` with the selection shown inverse and any error on the next line. */
function FieldRowView({ label, value, selected, editing, placeholder = '', unit, error, disabledReason, labelWidth = 12 }: FieldRowProps) {
  const { theme } = useAppContext();
  if (disabledReason) {
    return (
      <Text wrap="truncate-end" color={theme.muted ?? undefined} dimColor>
        {label.padEnd(labelWidth)} — {disabledReason}
      </Text>
    );
  }
  const shown = value === '' ? placeholder : value;
  return (
    <>
      <Text wrap="truncate-end">
        <Text bold={selected} inverse={selected && !editing}>{label.padEnd(labelWidth)}</Text>
        <Text underline={editing} dimColor={value === ''}>{` ${shown}${editing ? '▌' : ''}`}</Text>
        {unit ? <Text color={theme.muted ?? undefined}>{` ${unit}`}</Text> : null}
      </Text>
      {error ? (
        <Text wrap="truncate-end" color={theme.danger ?? undefined} bold={theme.danger === null}>
          {' '.repeat(labelWidth)} {error}
        </Text>
      ) : null}
    </>
  );
}

/** Memoized: a form re-renders with the market (the ticket's preview), its rows only when their own text changes. */
export const FieldRow = memo(FieldRowView);
