import { Box, Text } from 'ink';
import { useAppContext } from '../hooks/app-context.js';
import type { OrderResultItem, OrderResults } from '../hooks/use-order-actions.js';

/** Props of the results area. */
export interface OrderResultsViewProps {
  readonly results: OrderResults;
  /** Rows available (≥ 1): a summary line, then one line per order, then "+N more". */
  readonly rows: number;
}

const MARK = { accepted: 'ok', rejected: 'REJECTED', unknown: 'UNKNOWN' } as const;

/** Summary like "cancel 3 orders: 2 accepted, 1 rejected". */
export function resultSummary(r: OrderResults): string {
  if (r.pending) return `${r.title}: sending…`;
  const counts = (['accepted', 'rejected', 'unknown'] as const).map((s) => [s, r.items.filter((i) => i.status === s).length] as const).filter(([, n]) => n > 0);
  const parts = counts.map(([s, n]) => `${n} ${s}`);
  if (r.error) parts.push(r.error);
  return `${r.title}: ${parts.length > 0 ? parts.join(', ') : 'no orders touched'}`;
}

/** Per-order results: accepted / rejected with code and message / unknown. */
export function OrderResultsView({ results, rows }: OrderResultsViewProps) {
  const { theme } = useAppContext();
  const room = Math.max(0, rows - 1);
  const shown = results.items.length > room ? results.items.slice(0, Math.max(0, room - 1)) : results.items;
  const more = results.items.length - shown.length;
  const color = (s: OrderResultItem['status']) => (s === 'accepted' ? theme.ok : s === 'rejected' ? theme.danger : theme.warn) ?? undefined;
  return (
    <Box flexDirection="column" height={rows} overflow="hidden" flexShrink={0}>
      <Text bold wrap="truncate-end">
        {resultSummary(results)}
      </Text>
      {shown.map((i, n) => (
        <Text key={`${n}:${i.orderId}`} wrap="truncate-end" color={color(i.status)} bold={i.status !== 'accepted' && theme.danger === null}>
          {`  ${i.orderId} ${MARK[i.status]}${i.error ? ` ${i.error}` : ''}`}
        </Text>
      ))}
      {more > 0 && room > 0 ? <Text wrap="truncate-end">{`  +${more} more (see the event log)`}</Text> : null}
    </Box>
  );
}
