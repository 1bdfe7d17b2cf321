import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { fit, fitLeft } from '../../domain/format.js';
import { CATEGORIES, type Category, type Fill, type Order } from '../../domain/model.js';
import type { HistoryQuery } from '../../domain/trade-queries.js';
import { formatClock } from '../../domain/time-format.js';
import type { HistoryServices } from '../../services/app-services.js';
import { useAppContext } from '../hooks/app-context.js';
import { useCommand } from '../hooks/use-commands.js';
import { Command } from '../keys/commands.js';

/** One history row as shown: its key and the text of each column, by column title. */
interface HistoryRow {
  readonly key: string;
  readonly cells: Readonly<Record<string, string>>;
}

/** A column of a history table: title, fixed width, alignment and priority (lower kept longer). */
interface HistoryColumn {
  readonly title: string;
  readonly width: number;
  readonly right: boolean;
  readonly priority: number;
}

function timeText(ms: number): string {
  return ms > 0 ? formatClock(ms) : '-';
}

/** The order's price; for a market order (or one without a price) its average fill (`@avg`), or `market` before a fill. */
function marketAwarePrice(o: Order): string {
  if (o.orderType !== 'market' && o.price !== null && !o.price.isZero()) return o.price.toFixed();
  return o.avgPrice.isZero() ? 'market' : `@${o.avgPrice.toFixed()}`;
}

/** An order of the history as its row. */
export function orderRow(o: Order): HistoryRow {
  return {
    key: o.orderId,
    cells: {
      time: timeText(o.updatedTime),
      symbol: o.symbol,
      side: o.side,
      type: o.orderType,
      // A market order has no price of its own: its average fill price stands there ("@97012.3").
      price: marketAwarePrice(o),
      qty: o.qty.toFixed(),
      filled: o.cumExecQty.toFixed(),
      avg: o.avgPrice.toFixed(),
      status: o.status.replace('partially_filled', 'partial'),
    },
  };
}

/** A fill of the history as its row. */
export function fillRow(f: Fill): HistoryRow {
  return {
    key: f.execId,
    cells: {
      time: timeText(f.time),
      symbol: f.symbol,
      side: f.side,
      price: f.price.toFixed(),
      qty: f.qty.toFixed(),
      role: f.scope,
      fee: f.feeCoin === '' && f.fee.isZero() ? '-' : `${f.fee.toFixed()} ${f.feeCoin}`.trim(),
      order: f.orderId,
    },
  };
}

const ORDER_COLUMNS: readonly HistoryColumn[] = [
  { title: 'time', width: 8, right: false, priority: 4 },
  { title: 'symbol', width: 10, right: false, priority: 1 },
  { title: 'side', width: 4, right: false, priority: 1 },
  { title: 'type', width: 6, right: false, priority: 6 },
  { title: 'price', width: 11, right: true, priority: 1 },
  { title: 'qty', width: 9, right: true, priority: 2 },
  { title: 'filled', width: 9, right: true, priority: 5 },
  { title: 'avg', width: 11, right: true, priority: 7 },
  { title: 'status', width: 9, right: false, priority: 3 },
];

const FILL_COLUMNS: readonly HistoryColumn[] = [
  { title: 'time', width: 8, right: false, priority: 4 },
  { title: 'symbol', width: 10, right: false, priority: 1 },
  { title: 'side', width: 4, right: false, priority: 1 },
  { title: 'price', width: 11, right: true, priority: 1 },
  { title: 'qty', width: 9, right: true, priority: 2 },
  { title: 'role', width: 5, right: false, priority: 5 },
  { title: 'fee', width: 14, right: true, priority: 3 },
  { title: 'order', width: 19, right: false, priority: 6 },
];

function fitted(columns: readonly HistoryColumn[], width: number): readonly HistoryColumn[] {
  const kept = new Set<HistoryColumn>();
  let used = 0;
  for (const c of [...columns].sort((a, b) => a.priority - b.priority)) {
    if (used + c.width + (used === 0 ? 0 : 1) > width) continue;
    kept.add(c);
    used += c.width + (used === 0 ? 0 : 1);
  }
  return columns.filter((c) => kept.has(c));
}

function line(columns: readonly HistoryColumn[], text: (c: HistoryColumn) => string): string {
  return columns.map((c) => (c.right ? fitLeft(text(c), c.width) : fit(text(c), c.width))).join(' ');
}

/** Which list the overlay shows. */
export type HistoryTab = 'orders' | 'fills';

interface PageState {
  readonly status: 'loading' | 'ok' | 'error';
  readonly rows: readonly HistoryRow[];
  /** The cursor of the next older page; null on the oldest. */
  readonly next: string | null;
  readonly error: string;
}

/** One page of the tab's history as rows (the history service's domain records, shown). */
async function historyRows(history: HistoryServices, tab: HistoryTab, query: HistoryQuery): Promise<{ readonly rows: readonly HistoryRow[]; readonly next: string | null }> {
  if (tab === 'orders') {
    const page = await history.getHistoryOrders(query);
    return { rows: page.items.map(orderRow), next: page.next };
  }
  const page = await history.getFills(query);
  return { rows: page.items.map(fillRow), next: page.next };
}

/** Props of the order-history overlay. */
export interface OrderHistoryOverlayProps {
  /** Category shown first (the selected order's, else USDT-FUTURES); `c` cycles. */
  readonly category: Category;
  /** Outer width (min 30). */
  readonly width: number;
  /** Outer height (min 7); rows per page = height − 5 (at most 100). */
  readonly height: number;
  /** Escape / h / q. */
  readonly onClose: () => void;
}

/**
 * History orders and fills of one category from the history service, paged with the page's
 * cursor (n/PgDn older, p/PgUp back). Scope `overlay.orderHistory`.
 */
export function OrderHistoryOverlay({ category: initialCategory, width, height, onClose }: OrderHistoryOverlayProps) {
  const { services, theme } = useAppContext();
  const [tab, setTab] = useState<HistoryTab>('orders');
  const [category, setCategory] = useState<Category>(initialCategory);
  /** Cursors of the pages visited; the last one is shown ('' = newest page). */
  const [cursors, setCursors] = useState<readonly string[]>(['']);
  const [state, setState] = useState<PageState>({ status: 'loading', rows: [], next: null, error: '' });
  const rows = Math.max(1, Math.min(100, height - 5));
  const cursor = cursors[cursors.length - 1] ?? '';
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    const query: HistoryQuery = { category, limit: rows, ...(cursor === '' ? {} : { cursor }) };
    Promise.resolve()
      .then(() => historyRows(services.history, tab, query))
      .then(
        (page) => {
          if (live) setState({ status: 'ok', ...page, error: '' });
        },
        (error: unknown) => {
          if (live) setState({ status: 'error', rows: [], next: null, error: error instanceof Error ? error.message : String(error) });
        },
      );
    return () => {
      live = false;
    };
  }, [services, tab, category, cursor, rows]);
  const restart = () => setCursors(['']);
  useCommand(Command.ORDERS_HISTORY_TAB, () => {
    setTab((t) => (t === 'orders' ? 'fills' : 'orders'));
    restart();
  });
  useCommand(Command.ORDERS_HISTORY_CATEGORY, () => {
    setCategory((c) => CATEGORIES[(CATEGORIES.indexOf(c) + 1) % CATEGORIES.length] ?? 'USDT-FUTURES');
    restart();
  });
  useCommand(
    Command.ORDERS_HISTORY_NEXT_PAGE,
    () => setCursors((cs) => (state.next === null ? cs : [...cs, state.next])),
    () => (state.status === 'loading' ? 'still loading this page' : state.status === 'error' ? 'this page failed to load' : state.next === null || state.rows.length === 0 ? 'no older rows' : null),
  );
  useCommand(
    Command.ORDERS_HISTORY_PREV_PAGE,
    () => setCursors((cs) => cs.slice(0, -1)),
    () => (cursors.length <= 1 ? 'already on the newest page' : null),
  );
  useCommand(Command.ORDERS_HISTORY_CLOSE, onClose);
  const inner = Math.max(10, width - 2);
  const columns = fitted(tab === 'orders' ? ORDER_COLUMNS : FILL_COLUMNS, inner);
  const body = state.rows.slice(0, rows);
  const status = state.status === 'loading' ? 'loading…' : state.status === 'error' ? `error: ${state.error}` : body.length === 0 ? 'no rows' : `${body.length} rows${state.next !== null ? ' · n older' : ' · oldest'}`;
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.accent ?? undefined} width={width} height={height} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">
        {`${tab === 'orders' ? '[Orders] Fills' : 'Orders [Fills]'} ${category} p${cursors.length}`}
      </Text>
      <Text color={theme.muted ?? undefined} wrap="truncate-end">
        {line(columns, (c) => c.title)}
      </Text>
      <Box flexDirection="column" height={rows} overflow="hidden">
        {body.map((r, i) => (
          <Text key={`${i}:${r.key}`} wrap="truncate-end">
            {line(columns, (c) => r.cells[c.title] ?? '')}
          </Text>
        ))}
      </Box>
      <Text wrap="truncate-end" color={(state.status === 'error' ? theme.danger : theme.muted) ?? undefined}>
        {`${status} · tab orders/fills · c category · Esc close`}
      </Text>
    </Box>
  );
}
