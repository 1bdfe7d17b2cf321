import { Box, Text } from 'ink';
import { FieldRow } from '../components/FieldRow.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { confirmLines, qtyUnitLabel, type TicketFieldView } from '../forms/ticket-form.js';
import { TICKET_READ_ONLY_REASON, useTicket, type LoadPrice, type TicketState } from '../hooks/use-ticket.js';

/** Props of the order ticket. */
export interface TicketPanelProps {
  /** Focused: keys of scope `ticket` reach it (the store's `ui.focus` must be 'ticket'). */
  readonly focused: boolean;
  /** Outer width, columns (min 30; values and reasons read well from ~56). */
  readonly width: number;
  /** Outer height, rows (min 6; every field visible without scrolling from ~24). */
  readonly height: number;
  /** Current unix ms (panel contract; the ticket shows no ages). */
  readonly now: number;
  /** A price to load into the price field (sets limit); loaded again whenever `nonce` changes. */
  readonly loadPrice?: LoadPrice;
}

/** Label column width: fits "take-profit". */
const LABEL_WIDTH = 11;

function rowHeight(f: TicketFieldView): number {
  return f.disabledReason === null && f.error ? 2 : 1;
}

/** First field to draw so the cursor row is inside `rows` rows. */
function windowStart(fields: readonly TicketFieldView[], cursorIndex: number, rows: number): number {
  let start = 0;
  const used = (from: number) => fields.slice(from, cursorIndex + 1).reduce((n, f) => n + rowHeight(f), 0);
  while (start < cursorIndex && used(start) > rows) start += 1;
  return start;
}

function maxOpenText(t: TicketState): string {
  if (t.maxOpen.kind === 'none' && !t.readOnly) return 'max open: asking…';
  if (t.maxOpen.kind !== 'ok') return 'max open —';
  return `max open ${t.maxOpen.maxOpen} · available ${t.maxOpen.available}`;
}

/** Greedy word wrap of `text` into lines of at most `width` columns (long words are cut). */
function wrapWords(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = word;
    while (rest.length > w) {
      if (line !== '') out.push(line);
      line = '';
      out.push(rest.slice(0, w));
      rest = rest.slice(w);
    }
    if (line === '') line = rest;
    else if (line.length + 1 + rest.length <= w) line = `${line} ${rest}`;
    else {
      out.push(line);
      line = rest;
    }
  }
  if (line !== '') out.push(line);
  return out;
}

function ConfirmView({ t, rows, columns }: { readonly t: TicketState; readonly rows: number; readonly columns: number }) {
  const { theme } = useAppContext();
  const r = t.confirming;
  if (!r) return null;
  const unit = qtyUnitLabel(t.env, r.side, r.orderType);
  const warnings = t.guard?.warnings ?? [];
  const armed = t.guard?.armed ?? false;
  // Title and hint always show; then the warnings (wrapped, "! " first); the request's lines get what is left.
  const warningLines = warnings
    .flatMap((w) => wrapWords(w.text, columns - 2).map((l, i) => ({ key: `${w.kind}:${i}`, text: `${i === 0 ? '!' : ' '} ${l}` })))
    .slice(0, Math.max(0, rows - 2));
  const lines = confirmLines(r, unit).slice(0, Math.max(0, rows - 2 - warningLines.length));
  const warnColor = theme.warn ?? undefined;
  const hint = warnings.length === 0 ? 'y sends · n/Esc back' : armed ? 'press y again to send anyway · Esc back' : 'y: acknowledge the warnings · n/Esc back';
  return (
    <>
      <Text bold color={warnColor} wrap="truncate-end">
        {warnings.length === 0 ? 'Place this order?' : `Place this order? ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`}
      </Text>
      {warningLines.map((w) => (
        <Text key={w.key} wrap="truncate-end" color={warnColor} bold={theme.warn === null}>
          {w.text}
        </Text>
      ))}
      <Text wrap="truncate-end" color={armed ? warnColor : (theme.muted ?? undefined)} bold={armed} inverse={armed && theme.warn === null}>
        {hint}
      </Text>
      {lines.map((l) => (
        <Text key={l} wrap="truncate-end" color={(r.side === 'buy' ? theme.bid : theme.ask) ?? undefined}>
          {l}
        </Text>
      ))}
    </>
  );
}

/**
 * The order ticket for the focused instrument: every place-order field that applies (the rest
 * greyed with the reason), live validation under each field, the instrument's status refusal, a
 * value/fee preview, max-open-available, a confirmation showing exactly what is sent (store overlay
 * `ticketConfirm`) with the order guards' warnings (then y acknowledges, y again sends) and the last
 * outcome. Read-only without API keys.
 */
export function TicketPanel({ focused, width, height, loadPrice }: TicketPanelProps) {
  const { theme } = useAppContext();
  const t = useTicket(focused, loadPrice);
  const body = Math.max(1, height - 3);
  const title = `Ticket ${t.env.category} ${t.env.symbol}`;

  let content;
  if (t.confirming) {
    content = <ConfirmView t={t} rows={body} columns={width - 2} />;
  } else {
    const statusRows = body >= 12 ? 2 : 1;
    const bottom = (body >= 8 ? 2 : body >= 4 ? 1 : 0) + statusRows;
    const fieldRows = Math.max(0, body - bottom);
    const cursorIndex = Math.max(0, t.fields.findIndex((f) => f.id === t.cursor));
    const start = windowStart(t.fields, cursorIndex, fieldRows);
    let budget = fieldRows;
    const shown: TicketFieldView[] = [];
    for (const f of t.fields.slice(start)) {
      const h = rowHeight(f);
      if (h > budget) break;
      budget -= h;
      shown.push(f);
    }
    const status = t.readOnly
      ? { text: TICKET_READ_ONLY_REASON, color: theme.warn }
      : t.outcome
        ? { text: t.outcome.text, color: t.outcome.kind === 'accepted' ? theme.ok : t.outcome.kind === 'sending' ? theme.muted : t.outcome.kind === 'note' ? theme.warn : theme.danger }
        : t.statusProblem
          ? { text: t.statusProblem, color: theme.danger }
          : t.request
            ? { text: 'ready: o (or Enter on a choice) to review', color: theme.ok }
            : { text: `to place: ${t.problem ?? ''}`, color: theme.muted };
    content = (
      <>
        <Box flexDirection="column" height={fieldRows} overflow="hidden" flexShrink={0}>
          {shown.map((f) => {
            const selected = focused && f.id === t.cursor;
            if (f.disabledReason !== null && selected) {
              return (
                <Text key={f.id} wrap="truncate-end" dimColor>
                  <Text inverse>{f.label.padEnd(LABEL_WIDTH)}</Text> — {f.disabledReason}
                </Text>
              );
            }
            return (
              <Box key={f.id} flexDirection="column" flexShrink={0}>
                <FieldRow label={f.label} value={f.value} selected={selected} editing={t.editing === f.id} unit={f.unit} disabledReason={f.disabledReason} labelWidth={LABEL_WIDTH} placeholder={f.id === 'tp' || f.id === 'sl' ? 'none' : ''} />
                {f.error && f.disabledReason === null ? (
                  <Text wrap="truncate-end" color={theme.danger ?? undefined} bold={theme.danger === null}>
                    {`  ${f.error}`}
                  </Text>
                ) : null}
              </Box>
            );
          })}
        </Box>
        {bottom - statusRows >= 2 ? (
          <Text wrap="truncate-end" color={theme.muted ?? undefined}>
            {`value ${t.notional}${t.leverage ? ` · ${t.leverage.toFixed()}x margin ${t.marginNeed ?? '—'}` : ''} · fee ${t.fee}`}
          </Text>
        ) : null}
        {bottom - statusRows >= 1 ? (
          <Text wrap="truncate-end" color={(t.overMaxOpen ? theme.warn : theme.muted) ?? undefined} bold={t.overMaxOpen !== null && theme.warn === null}>
            {t.overMaxOpen ? `! ${t.overMaxOpen}` : maxOpenText(t)}
          </Text>
        ) : null}
        <Box height={statusRows} overflow="hidden" flexShrink={0}>
          <Text wrap={statusRows > 1 ? 'wrap' : 'truncate-end'} color={status.color ?? undefined} bold={status.color === null && !t.request}>
            {status.text}
          </Text>
        </Box>
      </>
    );
  }
  return (
    <Panel title={title} hotkey="2" focused={focused} width={width} height={height}>
      <Box flexDirection="column" height={body} overflow="hidden">
        {content}
      </Box>
    </Panel>
  );
}
