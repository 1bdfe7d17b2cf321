import { Text } from 'ink';
import { formatClock } from '../../domain/time-format.js';
import { emptyListText, SOURCES, staleSuffix } from '../../store/freshness.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useFreshness } from '../hooks/use-freshness.js';

/** Props of the public trades panel. */
export interface TradesPanelProps {
  readonly focused: boolean;
  readonly width: number;
  readonly height: number;
  /** Current Unix ms (for the data-age badge: the age of the newest trade; stale when the public socket is down). */
  readonly now: number;
}

/**
 * Recent public trades of the focused instrument, newest first (local times). Each row says its side
 * with a letter (B buy, S sell) as well as its colour, so NO_COLOR and the monochrome theme keep it.
 */
export function TradesPanel({ focused, width, height, now }: TradesPanelProps) {
  const { theme } = useAppContext();
  const trades = useAppStore((s) => s.market.trades[symbolKey(s.market.selected)]);
  const inst = useAppStore((s) => s.market.instruments[symbolKey(s.market.selected)]);
  const rows = Math.max(0, height - 3);
  const list = (trades ?? []).slice(0, rows);
  // Trade times are exchange time: moved to local time for the age.
  const freshness = useFreshness(SOURCES.trades, (s) => {
    const newest = s.market.trades[symbolKey(s.market.selected)]?.[0];
    return newest ? newest.time - s.connection.clockOffsetMs : 0;
  }, now);
  const p = inst?.pricePrecision ?? 2;
  const colW = Math.max(8, Math.min(14, Math.floor((width - 16) / 2)));
  return (
    <Panel title={`Trades${staleSuffix(freshness)}`} hotkey="3" focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      {list.length === 0 && rows > 0 && !freshness.fresh ? (
        <Text wrap="truncate-end" color={theme.warn ?? undefined} bold={theme.warn === null}>
          {emptyListText(freshness, '', '0 trades')}
        </Text>
      ) : null}
      {list.map((t) => (
        <Text key={t.id} wrap="truncate-end">
          <Text color={theme.muted ?? undefined}>{formatClock(t.time)}</Text> <Text color={(t.side === 'buy' ? theme.bid : theme.ask) ?? undefined}>{t.side === 'buy' ? 'B' : 'S'}{t.price.toFixed(p).padStart(colW)}</Text> {t.size.toString().padStart(colW)}
        </Text>
      ))}
    </Panel>
  );
}
