import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { emptyListText, SOURCES, staleSuffix } from '../../store/freshness.js';
import type { Submission } from '../../store/slices/orders-slice.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { orderColumns, orderHeader, orderLine, sortOrders } from '../tables/order-columns.js';
import { OrderResultsView } from '../components/OrderResults.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { useOrderActions } from '../hooks/use-order-actions.js';
import { useOrderSelection } from '../hooks/use-order-selection.js';
import { ConfirmOverlay } from './ConfirmOverlay.js';
import { OrderBatchEditOverlay, OrderEditOverlay } from './OrderEditOverlay.js';
import { OrderHistoryOverlay } from './OrderHistoryOverlay.js';

/** Props of the open-orders panel. */
export interface OrdersPanelProps {
  /** Focused: keys of scope `orders` reach it (the store's `ui.focus` must be 'orders'). */
  readonly focused: boolean;
  /** Outer width, columns (min 30; all columns from ~80). */
  readonly width: number;
  /** Outer height, rows (min 6; the edit form wants 9, history 8). */
  readonly height: number;
  /** Current unix ms (for the data-age badge; see `store/freshness.ts`). */
  readonly now: number;
}

/** Submissions shown above the table: still sending, or sent with an unknown result. */
const MAX_SUBMISSION_ROWS = 3;

function submissionText(s: Submission): string {
  return s.state === 'unknown' ? `? result unknown — checking: ${s.label}` : `… sending: ${s.label}`;
}

/**
 * Open orders of every category, newest first, with a cursor tracked by orderId, multi-select for
 * batches, our pending submissions on top, and the last action's per-order results at the bottom.
 * Modify (`e`), cancel (`x`), cancel symbol (`X`), batch cancel/modify (`b`/`B`) and history (`h`)
 * open modal overlays inside the panel (store `ui.overlay` orderConfirm / orderEdit / orderHistory).
 */
export function OrdersPanel({ focused, width, height, now }: OrdersPanelProps) {
  const { theme } = useAppContext();
  const open = useAppStore((s) => s.orders.open);
  const modifying = useAppStore((s) => s.orders.modifying);
  const submissions = useAppStore((s) => s.orders.submissions);
  const freshness = useFreshness(SOURCES.private, (s) => s.orders.updatedAt, now);
  const instruments = useAppStore((s) => s.market.instruments);
  const hint = useAppStore((s) => s.ui.hint);
  const orders = useMemo(() => sortOrders(Object.values(open)), [open]);
  const pending = Object.values(submissions)
    .filter((s) => s.state === 'sending' || s.state === 'unknown')
    .slice(0, MAX_SUBMISSION_ROWS);

  const inner = Math.max(10, width - 2);
  const body = Math.max(1, height - 3);
  // The answer to the last key (a command that cannot run now), until the next key.
  const notice = focused && hint ? hint.text : null;
  const sel = useOrderSelection(orders, Math.max(1, body - 1 - pending.length - (notice ? 1 : 0)));
  const actions = useOrderActions(sel);
  // Row budget: the table keeps a header and one row; then the results summary, our pending
  // submissions, the notice, more result lines; the table gets the rest.
  let spare = Math.max(0, body - 2);
  const take = (want: number) => {
    const n = Math.max(0, Math.min(want, spare));
    spare -= n;
    return n;
  };
  const results = actions.results;
  let resultsRows = results ? take(1) : 0;
  const submissionRows = take(pending.length);
  const noticeRows = notice ? take(1) : 0;
  if (results) resultsRows += take(Math.min(results.items.length, Math.max(2, Math.floor(body / 3)) - 1));
  const rows = 1 + spare;
  const columns = orderColumns(inner);
  const mode = actions.mode;

  if (mode.kind === 'history') return <OrderHistoryOverlay category={mode.category} width={width} height={height} onClose={actions.close} />;

  const title = `Orders ${orders.length} open${sel.selected.length > 0 ? ` · ${sel.selected.length} sel` : ''}${staleSuffix(freshness)}`;
  const editing = mode.kind === 'edit' ? (open[mode.orderId] ?? null) : null;
  let content;
  if (mode.kind === 'confirm') {
    const { question, details } = mode.confirm;
    content =
      body >= details.length + 4 ? (
        <ConfirmOverlay question={question} details={details} width={inner} />
      ) : (
        // Too short for the bordered box: the question first, then the keys, then what fits of the details.
        <>
          <Text bold color={theme.warn ?? undefined} wrap="truncate-end">
            {question}
          </Text>
          <Text wrap="truncate-end">y yes · n/Esc no</Text>
          {details.map((d) => (
            <Text key={d} wrap="truncate-end">
              {d}
            </Text>
          ))}
        </>
      );
  } else if (mode.kind === 'edit' && editing) {
    content = <OrderEditOverlay order={editing} instrument={instruments[`${editing.category}:${editing.symbol}`]} width={inner} onSubmit={(c) => actions.submitEdit(editing.orderId, c)} onCancel={actions.close} />;
  } else if (mode.kind === 'batchEdit') {
    content = <OrderBatchEditOverlay orders={sel.selected} instruments={instruments} width={inner} onSubmit={actions.submitBatchEdit} onCancel={actions.close} />;
  } else {
    const top = sel.index >= sel.top + rows ? sel.index - rows + 1 : sel.top;
    const visible = orders.slice(top, top + rows);
    content = (
      <>
        {notice && noticeRows > 0 ? (
          <Text wrap="truncate-end" color={theme.warn ?? undefined} bold={theme.warn === null}>
            {notice}
          </Text>
        ) : null}
        {pending.slice(0, submissionRows).map((s) => (
          <Text key={s.clientOid} wrap="truncate-end" color={(s.state === 'unknown' ? theme.danger : theme.muted) ?? undefined} bold={s.state === 'unknown'}>
            {submissionText(s)}
          </Text>
        ))}
        {orders.length === 0 ? (
          // An empty list is a fact only while fresh: "0 open" through an outage is a guess.
          <Text wrap="truncate-end" color={(freshness.fresh ? theme.muted : theme.warn) ?? undefined} bold={!freshness.fresh && theme.warn === null}>
            {emptyListText(freshness, 'no open orders', '0 open')}
          </Text>
        ) : (
          <Text wrap="truncate-end" color={theme.muted ?? undefined}>
            {orderHeader(columns)}
          </Text>
        )}
        <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0}>
          {visible.map((o, i) => {
            const isCursor = top + i === sel.index;
            const line = orderLine(columns, o, instruments[`${o.category}:${o.symbol}`], { cursor: isCursor, selected: sel.selectedIds.has(o.orderId), modifying: modifying[o.orderId] === true });
            const color = o.side === 'buy' ? theme.bid : theme.ask;
            return (
              <Text key={o.orderId} wrap="truncate-end" inverse={isCursor && focused} bold={isCursor && !focused} color={color ?? undefined}>
                {line}
              </Text>
            );
          })}
        </Box>
        {results && resultsRows > 0 ? <OrderResultsView results={results} rows={resultsRows} /> : null}
      </>
    );
  }
  return (
    <Panel title={title} hotkey="4" focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      <Box flexDirection="column" height={body} overflow="hidden">
        {content}
      </Box>
    </Panel>
  );
}
