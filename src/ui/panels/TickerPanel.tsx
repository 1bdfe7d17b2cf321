import type { Decimal } from 'decimal.js';
import { Text } from 'ink';
import { SOURCES, staleSuffix } from '../../store/freshness.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useFreshness } from '../hooks/use-freshness.js';

/** Props of the ticker strip. */
export interface TickerPanelProps {
  readonly focused: boolean;
  readonly width: number;
  /** Current Unix ms (for the data-age badge; stale past 5 s without a ticker, or while the public socket is down). */
  readonly now: number;
}

function fixed(d: Decimal | null | undefined, places: number): string {
  return d ? d.toFixed(places) : '--';
}

/** Last price, 24 h change/high/low/volume; futures add mark, index, funding, open interest and delivery status. */
export function TickerPanel({ focused, width, now }: TickerPanelProps) {
  const { theme } = useAppContext();
  const selected = useAppStore((s) => s.market.selected);
  const t = useAppStore((s) => s.market.tickers[symbolKey(s.market.selected)]);
  const inst = useAppStore((s) => s.market.instruments[symbolKey(s.market.selected)]);
  const p = inst?.pricePrecision ?? 2;
  // Ticker times are exchange time: moved to local time for the age.
  const freshness = useFreshness(SOURCES.ticker, (s) => {
    const ts = s.market.tickers[symbolKey(s.market.selected)]?.ts ?? 0;
    return ts > 0 ? ts - s.connection.clockOffsetMs : 0;
  }, now);
  const up = t ? !t.change24h.isNegative() : true;
  const futures = t?.markPrice !== null && t?.markPrice !== undefined;
  return (
    <Panel title={`${selected.category} ${selected.symbol}${inst && inst.status !== 'online' ? ` [${inst.status}]` : ''}${staleSuffix(freshness)}`} focused={focused} width={width} height={5} badge={<AgeBadge freshness={freshness} />}>
      <Text wrap="truncate-end">
        <Text bold color={(up ? theme.up : theme.down) ?? undefined}>{fixed(t?.lastPrice, p).padStart(12)}</Text>
        <Text color={(up ? theme.up : theme.down) ?? undefined}>{` ${t ? `${up ? '+' : ''}${t.change24h.times(100).toFixed(2)}%` : '--'}`.padStart(9)}</Text>
        <Text color={theme.muted ?? undefined}>{'  H '}</Text>
        {fixed(t?.high24h, p).padStart(11)}
        <Text color={theme.muted ?? undefined}>{'  L '}</Text>
        {fixed(t?.low24h, p).padStart(11)}
        <Text color={theme.muted ?? undefined}>{'  Vol '}</Text>
        {fixed(t?.volume24h, 2).padStart(12)}
      </Text>
      <Text wrap="truncate-end" color={theme.muted ?? undefined}>
        {futures
          ? `mark ${fixed(t?.markPrice, p).padStart(11)}  index ${fixed(t?.indexPrice, p).padStart(11)}  fund ${t?.fundingRate ? `${t.fundingRate.times(100).toFixed(4)}%` : '--'}  OI ${fixed(t?.openInterest, 2)}${t?.deliveryStatus ? `  ${t.deliveryStatus}` : ''}`
          : `bid ${fixed(t?.bid1Price, p).padStart(11)}  ask ${fixed(t?.ask1Price, p).padStart(11)}  turnover ${fixed(t?.turnover24h, 0)}`}
      </Text>
    </Panel>
  );
}
