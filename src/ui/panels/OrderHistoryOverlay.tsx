import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { parseDecimal } from '../../domain/money.js';
import { fit, fitLeft } from '../../domain/format.js';
import { CATEGORIES, type Category } from '../../domain/model.js';
import { clockTime } from '../components/order-columns.js';
import { useAppContext } from '../hooks/app-context.js';
import { useCommand } from '../hooks/use-commands.js';
import { Command } from '../keys/commands.js';

/**
 * Display-only readers of the history-orders and fills replies (protocol-notes §8.1–8.2): wire
 * strings in, strings out. Nothing here is used for maths; the UI may not import the exchange's
 * mappers, so these stay deliberately small.
 */

/** One wire record: field name → value as sent. */
type WireRecord = Readonly<Record<string, unknown>>;

/** One page of a cursor-paged reply. */
export interface WirePage {
  readonly list: readonly WireRecord[];
  /** Pass as `cursor` for older rows; '' = none. */
  readonly cursor: string;
}

function isRecord(v: unknown): v is WireRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A field as text ('' when absent or not a string/number). */
export function wireText(r: WireRecord, key: string): string {
  const v = r[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** `{list, cursor}` from a reply's data (also accepts a whole envelope or a bare array). */
export function readWirePage(data: unknown): WirePage {
  const body = isRecord(data) && isRecord(data['data']) ? data['data'] : data;
  if (Array.isArray(body)) return { list: body.filter(isRecord), cursor: '' };
  if (!isRecord(body)) return { list: [], cursor: '' };
  const list = Array.isArray(body['list']) ? body['list'].filter(isRecord) : [];
  return { list, cursor: wireText(body, 'cursor') };
}

function wireTime(r: WireRecord, ...keys: string[]): string {
  for (const k of keys) {
    const t = wireText(r, k);
    if (/^\d{10,16}$/.test(t)) return clockTime(Number.parseInt(t, 10));
  }
  return '-';
}

function feeText(r: WireRecord): string {
  const d = r['feeDetail'];
  const first = Array.isArray(d) ? d.find(isRecord) : undefined;
  if (!first) return '-';
  const fee = wireText(first, 'fee');
  return fee === '' ? '-' : `${fee} ${wireText(first, 'feeCoin')}`.trim();
}

/** A column of a history table: title, fixed width, alignment, priority (lower kept longer) and reader. */
interface HistoryColumn {
  readonly title: string;
  readonly width: number;
  readonly right: boolean;
  readonly priority: number;
  readonly read: (r: WireRecord) => string;
}

/** The order's price; for a market order its average fill (`@avg`), or `market` before a fill. */
function marketAwarePrice(r: WireRecord): string {
  const price = wireText(r, 'price');
  const avg = wireText(r, 'avgPrice');
  const zero = (t: string) => parseDecimal(t)?.isZero() ?? true;
  if (wireText(r, 'orderType') !== 'market' && !zero(price)) return price;
  return zero(avg) ? 'market' : `@${avg}`;
}

const ORDER_COLUMNS: readonly HistoryColumn[] = [
  { title: 'time', width: 8, right: false, priority: 4, read: (r) => wireTime(r, 'updatedTime', 'createdTime') },
  { title: 'symbol', width: 10, right: false, priority: 1, read: (r) => wireText(r, 'symbol') },
  { title: 'side', width: 4, right: false, priority: 1, read: (r) => wireText(r, 'side') },
  { title: 'type', width: 6, right: false, priority: 6, read: (r) => wireText(r, 'orderType') },
  // A market order has no price of its own: its average fill price stands there ("@97012.3").
  { title: 'price', width: 11, right: true, priority: 1, read: marketAwarePrice },
  { title: 'qty', width: 9, right: true, priority: 2, read: (r) => wireText(r, 'qty') },
  { title: 'filled', width: 9, right: true, priority: 5, read: (r) => wireText(r, 'cumExecQty') },
  { title: 'avg', width: 11, right: true, priority: 7, read: (r) => wireText(r, 'avgPrice') },
  { title: 'status', width: 9, right: false, priority: 3, read: (r) => wireText(r, 'orderStatus').replace('partially_filled', 'partial') },
];

const FILL_COLUMNS: readonly HistoryColumn[] = [
  { title: 'time', width: 8, right: false, priority: 4, read: (r) => wireTime(r, 'execTime', 'createdTime', 'updatedTime') },
  { title: 'symbol', width: 10, right: false, priority: 1, read: (r) => wireText(r, 'symbol') },
  { title: 'side', width: 4, right: false, priority: 1, read: (r) => wireText(r, 'side') },
  { title: 'price', width: 11, right: true, priority: 1, read: (r) => wireText(r, 'execPrice') },
  { title: 'qty', width: 9, right: true, priority: 2, read: (r) => wireText(r, 'execQty') },
  { title: 'role', width: 5, right: false, priority: 5, read: (r) => wireText(r, 'tradeScope') },
  { title: 'fee', width: 14, right: true, priority: 3, read: feeText },
  { title: 'order', width: 19, right: false, priority: 6, read: (r) => wireText(r, 'orderId') },
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
  readonly page: WirePage;
  readonly error: string;
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
 * History orders and fills of one category through `services.exchange.call('trade.getHistoryOrders'
 * | 'trade.getFills', {category, limit, cursor?})`, paged with the reply's cursor (n/PgDn older,
 * p/PgUp back). Scope `overlay.orderHistory`.
 */
export function OrderHistoryOverlay({ category: initialCategory, width, height, onClose }: OrderHistoryOverlayProps) {
  const { services, theme } = useAppContext();
  const [tab, setTab] = useState<HistoryTab>('orders');
  const [category, setCategory] = useState<Category>(initialCategory);
  /** Cursors of the pages visited; the last one is shown ('' = newest page). */
  const [cursors, setCursors] = useState<readonly string[]>(['']);
  const [state, setState] = useState<PageState>({ status: 'loading', page: { list: [], cursor: '' }, error: '' });
  const rows = Math.max(1, Math.min(100, height - 5));
  const cursor = cursors[cursors.length - 1] ?? '';
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    const op = tab === 'orders' ? 'trade.getHistoryOrders' : 'trade.getFills';
    const params = { category, limit: String(rows), ...(cursor === '' ? {} : { cursor }) };
    services.exchange.call(op, params).then(
      (data) => {
        if (live) setState({ status: 'ok', page: readWirePage(data), error: '' });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', page: { list: [], cursor: '' }, error: error instanceof Error ? error.message : String(error) });
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
    () => setCursors((cs) => [...cs, state.page.cursor]),
    () => (state.status === 'loading' ? 'still loading this page' : state.status === 'error' ? 'this page failed to load' : state.page.cursor === '' || state.page.list.length === 0 ? 'no older rows' : null),
  );
  useCommand(
    Command.ORDERS_HISTORY_PREV_PAGE,
    () => setCursors((cs) => cs.slice(0, -1)),
    () => (cursors.length <= 1 ? 'already on the newest page' : null),
  );
  useCommand(Command.ORDERS_HISTORY_CLOSE, onClose);
  const inner = Math.max(10, width - 2);
  const columns = fitted(tab === 'orders' ? ORDER_COLUMNS : FILL_COLUMNS, inner);
  const body = state.page.list.slice(0, rows);
  const status = state.status === 'loading' ? 'loading…' : state.status === 'error' ? `error: ${state.error}` : body.length === 0 ? 'no rows' : `${body.length} rows${state.page.cursor ? ' · n older' : ' · oldest'}`;
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
          <Text key={`${i}:${wireText(r, tab === 'orders' ? 'orderId' : 'execId')}`} wrap="truncate-end">
            {line(columns, (c) => c.read(r))}
          </Text>
        ))}
      </Box>
      <Text wrap="truncate-end" color={(state.status === 'error' ? theme.danger : theme.muted) ?? undefined}>
        {`${status} · tab orders/fills · c category · Esc close`}
      </Text>
    </Box>
  );
}
