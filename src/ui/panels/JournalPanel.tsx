import { Text } from 'ink';
import { useMemo } from 'react';
import { brailleChart } from '../../domain/braille-chart.js';
import { fit } from '../../domain/format.js';
import type { Side } from '../../domain/model.js';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useCommand } from '../hooks/use-commands.js';
import { JOURNAL_RANGES, JOURNAL_TABLES, useJournalData, type JournalData, type JournalRange, type JournalTable } from '../hooks/use-journal.js';
import { useLatest } from '../hooks/use-latest.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { Command } from '../keys/commands.js';
import { FILL_COLUMNS, fitColumns, fmtAmount, fmtSigned, pnlColumns, tableLine, totalsLine } from '../tables/journal-columns.js';

/** Props of the journal panel. */
export interface JournalPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 30; the table's columns give way below about 80). */
  readonly width: number;
  /** Outer height in rows (≥ 8; the equity curve takes up to a third of what is left, 2 to 8 rows). */
  readonly height: number;
  /** Current Unix ms (the ranges end at now; read again once a minute). */
  readonly now: number;
}

/** The panel's choices, as the keys set them. */
interface JournalChoices {
  readonly table: JournalTable;
  readonly range: JournalRange;
  readonly symbol: string | null;
  readonly side: Side | null;
  readonly scroll: number;
}

const TABLE_TITLE: Readonly<Record<JournalTable, string>> = { day: 'PnL by day', week: 'PnL by week', symbol: 'PnL by symbol', fills: 'fills' };
const RANGE_TITLE: Readonly<Record<JournalRange, string>> = { all: 'all time', '90d': '90 days', '30d': '30 days', '7d': '7 days', today: 'today' };
const SIDES: readonly (Side | null)[] = [null, 'buy', 'sell'];

/** The next item of `list` after `current`, wrapping. */
function next<T>(list: readonly T[], current: T): T {
  return list[(list.indexOf(current) + 1) % list.length] ?? current;
}

/** Rows of the equity curve for `rows` inner rows: a third, 2 to 8, none below 8 rows. */
function chartRows(rows: number): number {
  return rows < 8 ? 0 : Math.max(2, Math.min(8, Math.floor(rows / 3)));
}

/** The equity line over the curve: the newest equity, its change over the range, the low and the high. */
function equityLine(data: JournalData, width: number): string {
  const first = data.equity[0];
  const last = data.equity.at(-1);
  if (!first || !last) return fit('equity: no samples yet (one a minute while the app runs)', width);
  let lo = first.equity;
  let hi = first.equity;
  for (const e of data.equity) {
    if (e.equity.lt(lo)) lo = e.equity;
    if (e.equity.gt(hi)) hi = e.equity;
  }
  const change = last.equity.minus(first.equity);
  const pct = first.equity.isZero() ? '' : ` (${fmtSigned(change.div(first.equity).times(100).toDecimalPlaces(2))}%)`;
  return fit(`equity ${fmtAmount(last.equity)} USD ${fmtSigned(change)}${pct} · low ${fmtAmount(lo)} · high ${fmtAmount(hi)} · ${data.equity.length} samples`, width);
}

/** How many rows the chosen table has. */
function tableTotal(data: JournalData, table: JournalTable): number {
  return table === 'fills' ? data.fills.length : data.buckets.length;
}

/** The table's lines (header first) for `rows` rows, from row `scroll` on. */
function tableLines(data: JournalData, table: JournalTable, scroll: number, width: number, rows: number): readonly string[] {
  if (table === 'fills') {
    const columns = fitColumns(FILL_COLUMNS, width);
    const body = data.fills.slice(scroll, scroll + rows - 1).map((f) => tableLine(columns, f, width));
    return [tableLine(columns, null, width), ...(data.fills.length === 0 ? [fit(' no fills recorded in this range', width)] : body)];
  }
  const columns = fitColumns(pnlColumns(table), width);
  const body = data.buckets.slice(scroll, scroll + rows - 1).map((b) => tableLine(columns, b, width));
  return [tableLine(columns, null, width), ...(data.buckets.length === 0 ? [fit(' nothing recorded in this range', width)] : body)];
}

/**
 * The trade journal (issue 19), read from the local file through the services, never from the
 * exchange: totals per coin over the range (net, realized PnL, fees, funding, loan interest, win
 * rate), the equity curve in Braille dots, and a table of PnL by local day, ISO week or symbol, or
 * the fills with their symbol and side filters. It reads the file again only when rows were written
 * or a key changed what it shows, so it works offline and in a replay. Keys (scope `journal`): `v`
 * table, `t` range, `s` symbol filter, `b` side filter, ↑↓/`k``j` scroll.
 */
export function JournalPanel({ focused, width, height, now }: JournalPanelProps) {
  const { services, theme } = useAppContext();
  const journal = services.journal ?? null;
  const [c, setC, cNow] = useRefState<JournalChoices>({ table: 'day', range: 'all', symbol: null, side: null, scroll: 0 });
  const inner = Math.max(10, width - 2);
  const rows = Math.max(1, height - 3);
  const chart = chartRows(rows);
  const data = useJournalData(journal, { table: c.table, range: c.range, symbol: c.symbol, side: c.side, points: inner * 2, fillLimit: 500 }, now);
  const dataNow = useLatest(data);
  // The coin with the most fills first.
  const totals = useMemo(() => (data && journal ? [...journal.totals(data.bySymbol)].sort((a, b) => b.fills - a.fills) : []), [data, journal]);
  const curve = useMemo(() => (data && chart > 0 ? brailleChart(data.equity.map((e) => e.equity), inner, chart) : []), [data, chart, inner]);
  const shownTotals = totals.slice(0, rows >= 12 ? 2 : 1);
  const problem = !data || data.problem === null ? [] : [fit(`journal: ${data.problem}`, inner)];
  const tableRows = Math.max(1, rows - shownTotals.length - (chart > 0 ? chart + 1 : 0) - problem.length);
  // The last row the table can start at; ↓ stops there, so ↑ answers at once after extra presses.
  const maxScroll = data ? Math.max(0, tableTotal(data, c.table) - (tableRows - 1)) : 0;
  const maxScrollNow = useLatest(maxScroll);
  const set = (change: Partial<JournalChoices>) => setC((prev) => ({ ...prev, ...change }));
  const off = () => (journal ? null : 'no journal in this session (--no-journal)');
  useCommand(Command.JOURNAL_VIEW, () => set({ table: next(JOURNAL_TABLES, cNow.current.table), scroll: 0 }), off);
  useCommand(Command.JOURNAL_RANGE, () => set({ range: next(JOURNAL_RANGES, cNow.current.range), scroll: 0 }), off);
  useCommand(
    Command.JOURNAL_SYMBOL,
    () => {
      const symbols = [null, ...new Set((dataNow.current?.bySymbol ?? []).filter((b) => b.fills > 0).map((b) => b.key))];
      set({ table: 'fills', symbol: next(symbols, cNow.current.symbol), scroll: 0 });
    },
    off,
  );
  useCommand(Command.JOURNAL_SIDE, () => set({ table: 'fills', side: next(SIDES, cNow.current.side), scroll: 0 }), off);
  useCommand(Command.JOURNAL_UP, () => set({ scroll: Math.max(0, Math.min(cNow.current.scroll, maxScrollNow.current) - 1) }), off);
  useCommand(Command.JOURNAL_DOWN, () => set({ scroll: Math.min(maxScrollNow.current, cNow.current.scroll + 1) }), off);

  const muted = theme.muted ?? undefined;
  const filters = c.table === 'fills' ? ` · ${c.symbol ?? 'all symbols'} · ${c.side ?? 'buy+sell'}` : '';
  const title = `Journal · ${TABLE_TITLE[c.table]} · ${RANGE_TITLE[c.range]}${filters}`;
  if (!data) {
    return (
      <Panel title="Journal" focused={focused} width={width} height={height}>
        <Text color={muted} wrap="truncate-end">
          no journal in this session (--no-journal)
        </Text>
      </Panel>
    );
  }
  // Clamped here too: the table may have shrunk since the last key (another range, fewer rows).
  const visible = tableLines(data, c.table, Math.min(c.scroll, maxScroll), inner, tableRows);
  return (
    <Panel title={title} focused={focused} width={width} height={height}>
      {problem.map((line) => (
        <Text key="problem" color={theme.warn ?? undefined} wrap="truncate-end">
          {line}
        </Text>
      ))}
      {shownTotals.length === 0 ? (
        <Text color={muted} wrap="truncate-end">
          {fit(journal?.recording === false ? `reading ${journal.path}` : 'no fills recorded yet', inner)}
        </Text>
      ) : (
        shownTotals.map((t) => (
          <Text key={t.coin} color={(t.net.gte(0) ? theme.up : theme.down) ?? undefined} wrap="truncate-end">
            {totalsLine(t, inner)}
          </Text>
        ))
      )}
      {chart > 0 ? (
        <Text color={muted} wrap="truncate-end">
          {equityLine(data, inner)}
        </Text>
      ) : null}
      {curve.map((line, i) => (
        <Text key={`curve-${i}`} color={theme.accent ?? undefined} wrap="truncate-end">
          {line}
        </Text>
      ))}
      {visible.map((line, i) => (
        <Text key={`row-${i}`} color={i === 0 ? muted : undefined} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </Panel>
  );
}
