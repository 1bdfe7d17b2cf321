import { Decimal } from 'decimal.js';
import { Box, Text } from 'ink';
import { CANDLE_INTERVALS, type Candle, type CandleInterval, type CandleType } from '../../domain/candle.js';
import { fitLeft, fmtCompact, fmtPrice } from '../../domain/format.js';
import { SOURCES, staleSuffix } from '../../store/freshness.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { Command } from '../keys/commands.js';
import type { Theme } from '../theme.js';

/** Props of the candle chart panel. */
export interface CandlePanelProps {
  readonly focused: boolean;
  /** Outer width in columns (min 30). */
  readonly width: number;
  /** Outer height in rows (min 6; below 8 the chart becomes a one-line sparkline). */
  readonly height: number;
  /** Current Unix ms (for the data-age badge: when the series was last written). */
  readonly now: number;
  /** Interval shown. */
  readonly interval: CandleInterval;
  /** Candle type shown. */
  readonly type: CandleType;
  /** Asks for another series (the owner moves the candle service and passes the new props back). */
  readonly onSeries: (interval: CandleInterval, type: CandleType) => void;
  /** Intervals `i`/`I` cycle through (default every interval; Reality pairs: 1m 5m 15m 1H 4H 1D). */
  readonly intervals?: readonly CandleInterval[];
  /** Types `t` cycles through (default market, mark, index, premium; Reality pairs: market only). */
  readonly types?: readonly CandleType[];
  /** Digit that focuses the panel, shown in the title. */
  readonly hotkey?: string;
}

const ALL_TYPES: readonly CandleType[] = ['market', 'mark', 'index', 'premium'];
const SPARKS = '▁▂▃▄▅▆▇█';

/** One drawn cell kind: empty, a rising candle's wick/body, or a falling one's. */
type Ink = 'none' | 'up' | 'down';

/** Row (0 = top) of `price` on a `rows`-tall axis from `hi` (row 0) to `lo` (last row). */
function rowOf(price: Decimal, hi: Decimal, span: Decimal, rows: number): number {
  if (rows <= 1) return 0;
  return hi.minus(price).div(span).times(rows - 1).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/**
 * Draws `candles` (oldest first) into `rows` lines of `cols` cells, newest at the right edge: wick
 * `│`, body `█` (rising candles `┃` in monochrome so direction reads without colour).
 */
export function drawCandles(candles: readonly Candle[], cols: number, rows: number, mono: boolean): { readonly lines: readonly { readonly text: string; readonly ink: Ink }[][]; readonly hi: Decimal; readonly lo: Decimal } {
  const shown = candles.slice(Math.max(0, candles.length - cols));
  // Premium candles can be negative: no zero floor.
  const hi = shown.length > 0 ? Decimal.max(...shown.map((c) => c.high)) : new Decimal(0);
  const lo = shown.length > 0 ? Decimal.min(...shown.map((c) => c.low)) : new Decimal(0);
  const span = hi.minus(lo).isZero() ? new Decimal(1) : hi.minus(lo);
  const pad = cols - shown.length;
  const cells: Ink[][] = [];
  const chars: string[][] = [];
  for (let y = 0; y < rows; y += 1) {
    cells.push(new Array<Ink>(cols).fill('none'));
    chars.push(new Array<string>(cols).fill(' '));
  }
  shown.forEach((c, i) => {
    const x = pad + i;
    const up = c.close.gte(c.open);
    const wick = [rowOf(c.high, hi, span, rows), rowOf(c.low, hi, span, rows)] as const;
    const body = [rowOf(Decimal.max(c.open, c.close), hi, span, rows), rowOf(Decimal.min(c.open, c.close), hi, span, rows)] as const;
    for (let y = wick[0]; y <= wick[1]; y += 1) {
      const row = chars[y];
      const kind = cells[y];
      if (!row || !kind) continue;
      row[x] = y >= body[0] && y <= body[1] ? (up && mono ? '┃' : '█') : '│';
      kind[x] = up ? 'up' : 'down';
    }
  });
  const lines = chars.map((row, y) => {
    const segs: { text: string; ink: Ink }[] = [];
    row.forEach((ch, x) => {
      const ink = cells[y]?.[x] ?? 'none';
      const last = segs[segs.length - 1];
      if (last && last.ink === ink) last.text += ch;
      else segs.push({ text: ch, ink });
    });
    return segs;
  });
  return { lines, hi, lo };
}

/** A one-line sparkline of closes (oldest first), `cols` cells, newest right. */
export function sparkline(candles: readonly Candle[], cols: number): string {
  const shown = candles.slice(Math.max(0, candles.length - cols));
  if (shown.length === 0) return ''.padStart(cols);
  const hi = Decimal.max(...shown.map((c) => c.close));
  const lo = Decimal.min(...shown.map((c) => c.close));
  const span = hi.minus(lo);
  const top = SPARKS.length - 1;
  const text = shown.map((c) => SPARKS[span.isZero() ? Math.floor(top / 2) : c.close.minus(lo).div(span).times(top).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber()] ?? ' ').join('');
  return text.padStart(cols);
}

function inkColor(theme: Theme, ink: Ink): string | undefined {
  return (ink === 'up' ? theme.up : ink === 'down' ? theme.down : null) ?? undefined;
}

function next<T>(list: readonly T[], current: T, delta: number): T {
  const i = list.indexOf(current);
  return list[(i + delta + list.length) % list.length] ?? current;
}

/**
 * A terminal candle chart of the focused symbol: one column per candle (as many as fit, newest
 * right), price axis labels right-aligned on the right, the newest candle's OHLCV below. `i`/`I`
 * cycle the interval and `t` the type through `onSeries`. Shorter than 8 rows it shows a sparkline of
 * closes instead. Reads the store series `CATEGORY:SYMBOL:interval:type` and nothing else.
 */
export function CandlePanel({ focused, width, height, now, interval, type, onSeries, intervals = CANDLE_INTERVALS, types = ALL_TYPES, hotkey }: CandlePanelProps) {
  const { theme } = useAppContext();
  const selected = useAppStore((s) => s.market.selected);
  const candles = useAppStore((s) => s.market.candles[`${symbolKey(s.market.selected)}:${interval}:${type}`]) ?? [];
  // Market candles stream; mark, index and premium candles are polled over REST.
  const freshness = useFreshness(type === 'market' ? SOURCES.candles : SOURCES.restCandles, (s) => s.market.candlesAt[`${symbolKey(s.market.selected)}:${interval}:${type}`] ?? 0, now);
  const precision = useAppStore((s) => s.market.instruments[symbolKey(s.market.selected)]?.pricePrecision ?? 2);
  useCommand(Command.CANDLES_NEXT_INTERVAL, () => onSeries(next(intervals, interval, 1), type), () => (intervals.length < 2 ? 'this pair has one interval' : null));
  useCommand(Command.CANDLES_PREV_INTERVAL, () => onSeries(next(intervals, interval, -1), type), () => (intervals.length < 2 ? 'this pair has one interval' : null));
  useCommand(Command.CANDLES_NEXT_TYPE, () => onSeries(interval, next(types, type, 1)), () => (types.length < 2 ? 'this pair has market candles only' : null));

  const inner = Math.max(10, width - 2);
  const content = Math.max(1, height - 3);
  const muted = theme.muted ?? undefined;
  const newest = candles[candles.length - 1];
  const title = `Candles ${selected.symbol} ${interval} ${type}${staleSuffix(freshness)}`;
  const badge = <AgeBadge freshness={freshness} />;
  const info = newest ? (
    <Text wrap="truncate-end" color={inkColor(theme, newest.close.gte(newest.open) ? 'up' : 'down')}>
      O {fmtPrice(newest.open, precision)} H {fmtPrice(newest.high, precision)} L {fmtPrice(newest.low, precision)} C {fmtPrice(newest.close, precision)} V {fmtCompact(newest.volume)}
    </Text>
  ) : (
    <Text color={theme.warn ?? undefined} wrap="truncate-end">
      {freshness.stale ? `0 candles · STALE (${freshness.reason ?? ''})` : `waiting for ${type} candles…`}
    </Text>
  );
  if (height < 8 || candles.length === 0) {
    const last = newest ? fmtPrice(newest.close, precision) : '';
    const cols = Math.max(1, inner - last.length - 1);
    return (
      <Panel title={title} hotkey={hotkey} focused={focused} width={width} height={height} badge={badge}>
        {newest ? (
          <Text wrap="truncate-end">
            <Text color={(theme.accent ?? undefined)}>{sparkline(candles, cols)}</Text> {last}
          </Text>
        ) : null}
        {content >= 2 || !newest ? info : null}
      </Panel>
    );
  }
  const rows = content - 1;
  const hiText = fmtPrice(Decimal.max(...candles.map((c) => c.high)), precision);
  const labelW = Math.max(hiText.length, fmtPrice(Decimal.min(...candles.map((c) => c.low)), precision).length) + 1;
  const cols = Math.max(1, inner - labelW - 1);
  const chart = drawCandles(candles, cols, rows, theme.up === null);
  const step = Math.max(2, Math.floor(rows / 4));
  const span = chart.hi.minus(chart.lo);
  const label = (y: number) => (y % step === 0 || y === rows - 1 ? fmtPrice(chart.hi.minus(span.times(y).div(Math.max(1, rows - 1))), precision) : '');
  return (
    <Panel title={title} hotkey={hotkey} focused={focused} width={width} height={height} badge={badge}>
      <Box flexDirection="column" height={rows} overflow="hidden">
        {chart.lines.map((segs, y) => (
          <Text key={y} wrap="truncate-end">
            {segs.map((s, k) => (
              <Text key={k} color={inkColor(theme, s.ink)}>
                {s.text}
              </Text>
            ))}{' '}
            <Text color={muted}>{fitLeft(label(y), labelW)}</Text>
          </Text>
        ))}
      </Box>
      {info}
    </Panel>
  );
}
