import { Box, Text } from 'ink';
import { ALERT_FORM_KINDS, firstAlertFormError } from '../../domain/alert-form.js';
import { alertOutputText, alertRearmText, alertRuleText } from '../../domain/alert-rule-set.js';
import { FieldRow } from '../components/FieldRow.js';
import { useAlertForm } from '../hooks/use-alert-form.js';
import { useAppContext } from '../hooks/app-context.js';

/** Props of the alert form overlay. */
export interface AlertFormOverlayProps {
  /** Outer width in columns (min 40). */
  readonly width: number;
  /** Outer height in rows (min 8). */
  readonly height: number;
  /** Closes the overlay (the owner clears `ui.overlay`): after `y` added the rule, or Esc on the kind list. */
  readonly onClose: () => void;
}

const LABEL_WIDTH = 10;

/**
 * "Add an alert" (palette, or `a` in the alert list; `ui.overlay = 'alertForm'`, keys in
 * keys/areas/alerts.ts): the kind list, then the kind's fields, each with its problem under it as
 * typed, then the rule in words for `y`. Rows past the height are cut from the kind list's end.
 */
export function AlertFormOverlay({ width, height, onClose }: AlertFormOverlayProps) {
  const { theme, services } = useAppContext();
  const form = useAlertForm(onClose);
  const muted = theme.muted ?? undefined;
  const rows = Math.max(1, height - 5);
  const title = form.step === 'kind' ? 'Add an alert — choose what to watch' : `Add an alert — ${ALERT_FORM_KINDS[form.kindAt]?.label ?? form.kind}`;
  let body;
  let hint: string;
  if (form.step === 'kind') {
    const first = Math.max(0, Math.min(form.kindAt - rows + 1, ALERT_FORM_KINDS.length - rows));
    body = ALERT_FORM_KINDS.slice(first, first + rows).map((k, i) => (
      <Text key={k.kind} inverse={first + i === form.kindAt} wrap="truncate-end">
        {first + i === form.kindAt ? '› ' : '  '}
        {k.label}
      </Text>
    ));
    hint = '↑↓ kind · Enter choose · Esc close';
  } else if (form.step === 'fields') {
    const problem = form.check.problem ?? (form.tried ? firstAlertFormError(form.kind, form.check) : null);
    body = (
      <>
        {form.rows.map((r, i) => (
          <FieldRow
            key={r.spec.key}
            label={r.spec.label}
            value={r.spec.type === 'choice' ? `‹ ${r.value} ›` : r.value}
            selected={i === form.row}
            editing={r.field?.editing ?? false}
            placeholder={r.spec.type === 'text' ? r.spec.placeholder : ''}
            labelWidth={LABEL_WIDTH}
            error={r.value !== '' || form.tried ? (form.check.errors[r.spec.key] ?? null) : null}
            {...(r.spec.type === 'text' && r.spec.unit ? { unit: r.spec.unit } : {})}
          />
        ))}
        {form.check.rule ? (
          <Text wrap="truncate-end" color={muted}>{`alerts when ${alertRuleText(form.check.rule)}`}</Text>
        ) : (
          <Text wrap="truncate-end" color={(problem ? theme.danger : theme.muted) ?? undefined} bold={problem !== null}>
            {problem ? `cannot review: ${problem}` : 'fix the fields marked above to review'}
          </Text>
        )}
      </>
    );
    hint = '↑↓ field · type or Enter to edit · ←→ choice · o review · Esc back to the kinds';
  } else {
    const r = form.review;
    const rearm = r ? alertRearmText(r.rule) : null;
    body = r ? (
      <>
        <Text bold color={theme.warn ?? undefined} wrap="truncate-end">
          Add this alert?
        </Text>
        <Text wrap="truncate-end">{`  alerts when ${alertRuleText(r.rule)}`}</Text>
        <Text wrap="truncate-end" color={muted}>{`  ${alertOutputText(r.rule)}${rearm ? ` · ${rearm}` : ' · every new one alerts'}`}</Text>
        <Text wrap="truncate-end" color={muted}>
          {services.alerts ? '  active at once and kept for the next start ("List alerts" in the palette removes it)' : '  alerts are not available in this session'}
        </Text>
      </>
    ) : null;
    hint = 'y adds · n/Esc back to the fields (Enter never adds)';
  }
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      <Box flexDirection="column" height={rows + 1} overflow="hidden">
        {body}
      </Box>
      <Text color={muted} wrap="truncate-end">
        {hint}
      </Text>
    </Box>
  );
}
