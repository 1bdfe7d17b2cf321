import { Decimal } from 'decimal.js';
import { Text } from 'ink';
import { fit, fitLeft, fmtPct, fmtPrice, MISSING } from '../../domain/format.js';
import type { Instrument, Ticker } from '../../domain/model.js';
import { SPARK_SAMPLES, sparkline, type PriceSample } from '../../domain/sparkline.js';
import { emptyListText, SOURCES, staleSuffix } from '../../store/freshness.js';
import { symbolKey, type SymbolRef } from '../../store/slices/market-slice.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { fitByPriority, type PrioritizedColumn } from '../tables/fit-columns.js';
import { CATEGORY_SHORT } from '../tables/order-columns.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { useLatest } from '../hooks/use-latest.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { Command } from '../keys/commands.js';

/** Props of the watchlist panel. */
export interface WatchlistPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 24: symbol and last; the other columns join as it widens). */
  readonly width: number;
  /** Outer height in rows (≥ 5: one symbol row). */
  readonly height: number;
  /** Current Unix ms (for the data-age badge: the newest watched ticker; stale past 5 s or while the public socket is down). */
  readonly now: number;
}

/** A fixed column; the sparkline takes what the others leave, `SPARK_MIN`..`SPARK_MAX` cells. */
interface Column extends PrioritizedColumn {
  readonly id: 'symbol' | 'cat' | 'last' | 'chg' | 'spread';
  readonly title: string;
  readonly right: boolean;
}

const COLUMNS: readonly Column[] = [
  { id: 'symbol', title: 'symbol', width: 9, right: false, priority: 1 },
  { id: 'cat', title: 'cat', width: 4, right: false, priority: 4 },
  { id: 'last', title: 'last', width: 9, right: true, priority: 1 },
  { id: 'chg', title: '24h%', width: 7, right: true, priority: 3 },
  { id: 'spread', title: 'bps', width: 5, right: true, priority: 5 },
];
const SPARK_MIN = 5;
const SPARK_MAX = 30;
/** The cursor/followed flag before the columns. */
const FLAG = 1;

/** The columns that fit `inner` cells and the sparkline's width (0 = dropped). */
function layoutColumns(inner: number): { readonly columns: readonly Column[]; readonly spark: number } {
  const { columns, used } = fitByPriority(COLUMNS, inner - FLAG);
  const room = inner - FLAG - used - 1;
  return { columns, spark: room >= SPARK_MIN ? Math.min(SPARK_MAX, room) : 0 };
}

/** Bid/ask spread in basis points of the mid, 2 decimals under 10, 1 under 100, then whole; `-` without a two-sided quote. */
function spreadText(t: Ticker | undefined): string {
  if (!t || t.bid1Price.lte(0) || t.ask1Price.lt(t.bid1Price)) return MISSING;
  const bps = t.ask1Price.minus(t.bid1Price).div(t.ask1Price.plus(t.bid1Price).div(2)).times(10_000);
  return bps.toFixed(bps.lt(10) ? 2 : bps.lt(100) ? 1 : 0, Decimal.ROUND_HALF_UP);
}

function cellText(c: Column, ref: SymbolRef, t: Ticker | undefined, inst: Instrument | undefined): string {
  switch (c.id) {
    case 'symbol':
      return ref.symbol;
    case 'cat':
      return CATEGORY_SHORT[ref.category];
    case 'last':
      return t && t.lastPrice.gt(0) ? fmtPrice(t.lastPrice, inst?.pricePrecision ?? 2) : MISSING;
    case 'chg':
      return t ? fmtPct(t.change24h, { signed: true }) : MISSING;
    case 'spread':
      return spreadText(t);
  }
}

const cell = (c: Column, text: string) => ` ${c.right ? fitLeft(text, c.width) : fit(text, c.width)}`;

/**
 * The watchlist (issue 17 item 6): the configured symbols across categories (config `watchlist`,
 * default the first ten spot and futures pairs) with last price, 24 h change (up/down colours and a
 * sign), bid/ask spread in basis points and a sparkline of the last 30 s of prices (one block a
 * second, from the store's bounded history). Columns drop as the panel narrows: the sparkline first,
 * then the spread, the category and the change. `*` marks the symbol the cockpit follows. Keys
 * (scope `watchlist`): ↑↓/`k``j` move the cursor (`>`), Enter follows the row's symbol.
 */
export function WatchlistPanel({ focused, width, height, now }: WatchlistPanelProps) {
  const { theme, services } = useAppContext();
  const list = useAppStore((s) => s.market.watchlist);
  const tickers = useAppStore((s) => s.market.watchlist.map((r) => s.market.tickers[symbolKey(r)]));
  const history = useAppStore((s) => s.market.watchlist.map((r) => s.market.history[symbolKey(r)]));
  const instruments = useAppStore((s) => s.market.watchlist.map((r) => s.market.instruments[symbolKey(r)]));
  const followed = useAppStore((s) => symbolKey(s.market.selected));
  // The market service sets the watchlist right after the instruments: an empty list then is the config's.
  const started = useAppStore((s) => Object.keys(s.market.instruments).length > 0);
  // The newest watched ticker dates the panel: a quiet pair pushes only on change (ts is local receive time).
  const freshness = useFreshness(SOURCES.ticker, (s) => s.market.watchlist.reduce((max, r) => Math.max(max, s.market.tickers[symbolKey(r)]?.ts ?? 0), 0), now);
  // Ref-backed cursor: "jj Enter" in one burst follows the row the cursor is on now. It starts on
  // the followed symbol (the panel remounts when a layout change moves it).
  const [cursor, setCursor, cursorNow] = useRefState(Math.max(0, list.findIndex((r) => symbolKey(r) === followed)));
  const listNow = useLatest(list);
  const last = Math.max(0, list.length - 1);
  const idx = Math.max(0, Math.min(cursor, last));
  useCommand(Command.WATCHLIST_UP, () => setCursor((c) => Math.max(0, Math.min(c, last) - 1)));
  useCommand(Command.WATCHLIST_DOWN, () => setCursor((c) => Math.min(last, Math.max(0, c) + 1)));
  useCommand(
    Command.WATCHLIST_FOLLOW,
    () => {
      const all = listNow.current;
      const ref = all[Math.max(0, Math.min(cursorNow.current, all.length - 1))];
      if (ref) services.selectSymbol(ref);
    },
    () => (listNow.current.length === 0 ? 'the watchlist is empty' : null),
  );

  const inner = Math.max(10, width - 2);
  const { columns, spark } = layoutColumns(inner);
  const rows = Math.max(0, height - 4);
  const start = idx < rows ? 0 : idx - rows + 1;
  const visible = list.slice(start, start + rows);
  const muted = theme.muted ?? undefined;
  const header = `${' '.repeat(FLAG)}${columns.map((c) => cell(c, c.title)).join('')}${spark > 0 ? ` ${fit(`${spark >= 8 ? 'last ' : ''}${Math.min(spark, SPARK_SAMPLES)}s`, spark)}` : ''}`;
  const count = list.length > rows && rows > 0 ? ` ${start + 1}-${start + visible.length}/${list.length}` : ` (${list.length})`;
  return (
    <Panel title={`Watchlist${count}${staleSuffix(freshness)}`} focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      <Text color={muted} wrap="truncate-end">
        {header}
      </Text>
      {list.length === 0 && rows > 0 ? (
        <Text wrap="truncate-end" color={(started ? muted : theme.warn) ?? undefined}>
          {started ? 'no symbols to watch (config "watchlist")' : emptyListText(freshness, '', '0 symbols')}
        </Text>
      ) : null}
      {visible.map((ref, i) => {
        const at = start + i;
        const t = tickers[at];
        const prices = (history[at] ?? []).map((p: PriceSample) => p.price);
        const line = sparkline(prices, spark);
        const first = prices[Math.max(0, prices.length - spark)];
        const trend = t && first ? (t.lastPrice.gte(first) ? theme.up : theme.down) : null;
        const up = t ? !t.change24h.isNegative() : true;
        const isCursor = at === idx;
        const isFollowed = symbolKey(ref) === followed;
        return (
          <Text key={symbolKey(ref)} wrap="truncate-end" inverse={isCursor && focused} bold={isFollowed}>
            {isCursor ? '>' : isFollowed ? '*' : ' '}
            {columns.map((c) => (
              <Text key={c.id} color={(c.id === 'chg' && t ? (up ? theme.up : theme.down) : c.id === 'cat' || c.id === 'spread' ? theme.muted : null) ?? undefined}>
                {cell(c, cellText(c, ref, t, instruments[at]))}
              </Text>
            ))}
            {spark > 0 ? <Text color={trend ?? undefined}>{` ${line.padStart(spark)}`}</Text> : null}
          </Text>
        );
      })}
    </Panel>
  );
}
