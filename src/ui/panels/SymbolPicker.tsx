import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { CATEGORIES, type Category, type Instrument, type Ticker } from '../../domain/model.js';
import { fit, fitLeft, fmtPct, fmtPrice } from '../../domain/format.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { fuzzyFilter, highlightSegments } from '../fuzzy.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useTextField } from '../hooks/use-text-field.js';
import { Command } from '../keys/commands.js';

/** Props of the symbol picker overlay. */
export interface SymbolPickerProps {
  /** Outer width in columns (min 30). */
  readonly width: number;
  /** Outer height in rows (min 6: one symbol row). */
  readonly height: number;
  /** Closes the overlay (the owner clears `ui.overlay`). */
  readonly onClose: () => void;
}

const SHORT: Readonly<Record<Category, string>> = { SPOT: 'SPOT', MARGIN: 'MARGIN', 'USDT-FUTURES': 'USDT-F', 'COIN-FUTURES': 'COIN-F', 'USDC-FUTURES': 'USDC-F' };

/** The ticker of an instrument; margin pairs show their spot pair's. */
function tickerOf(tickers: Readonly<Record<string, Ticker>>, i: Instrument): Ticker | undefined {
  return tickers[symbolKey(i)] ?? (i.category === 'MARGIN' ? tickers[symbolKey({ category: 'SPOT', symbol: i.symbol })] : undefined);
}

/** What the filter matches: symbol, base coin and category ("btc spot" finds the spot pairs). */
const textOf = (i: Instrument) => `${i.symbol} ${i.baseCoin} ${i.category}`;
/** The name an exact or prefix match ranks first by. */
const nameOf = (i: Instrument) => i.symbol;

/**
 * The symbol picker (`/`): one tab per category that has instruments (Left/Right or Tab to switch),
 * a fuzzy filter over symbol, base coin and category that searches every category once something
 * is typed (the open tab's matches first, each row naming its category; counts per tab follow the
 * filter), last price and
 * 24 h change where a ticker is known. Up/Down select, Enter focuses the symbol, Escape closes.
 */
export function SymbolPicker({ width, height, onClose }: SymbolPickerProps) {
  const { services, theme } = useAppContext();
  const instruments = useAppStore((s) => s.market.instruments);
  const tickers = useAppStore((s) => s.market.tickers);
  const current = useAppStore((s) => s.market.selected);
  const field = useTextField({ maxLength: 24, accept: /^[\x21-\x7e ]$/ });
  const { startEditing } = field;
  useEffect(() => startEditing(), [startEditing]);

  const byTab = useMemo(() => {
    const map = new Map<Category, Instrument[]>();
    for (const c of CATEGORIES) {
      const list = Object.values(instruments).filter((i) => i.category === c).sort((a, b) => a.symbol.localeCompare(b.symbol));
      if (list.length > 0) map.set(c, list);
    }
    return map;
  }, [instruments]);
  const tabs = [...byTab.keys()];
  const [tabChoice, setTab, tabNow] = useRefState<Category>(current.category);
  const tab: Category | undefined = tabs.includes(tabChoice) ? tabChoice : tabs[0];
  const filtered = useMemo(() => new Map([...byTab].map(([c, list]) => [c, fuzzyFilter(field.value, list, textOf, nameOf)])), [byTab, field.value]);
  // Every category, the open tab's first: on equal ranking its symbol comes first.
  const allFrom = (t: Category | undefined) => [...(t ? (byTab.get(t) ?? []) : []), ...[...byTab].filter(([c]) => c !== t).flatMap(([, list]) => list)];
  const all = allFrom(tab);
  // A typed query searches every category (each row says which); an empty one lists the tab's.
  const searching = field.value.trim() !== '';
  const results = searching ? fuzzyFilter(field.value, all, textOf, nameOf) : ((tab ? filtered.get(tab) : undefined) ?? []);

  // The cursor belongs to one (tab, query): a new tab or query starts at the focused symbol or the top.
  const listKey = `${tab ?? ''}|${field.value}`;
  // Ref-backed, and resolved against the query as typed: "btc Enter" in one chunk picks a BTC symbol.
  const [cursor, setCursor, cursorNow] = useRefState({ key: '', index: 0 });
  const pick = (cur: { key: string; index: number }, key: string, query: string, list: typeof results) => {
    const initial = Math.max(0, list.findIndex((r) => symbolKey(r.item) === symbolKey(current)));
    return Math.min(cur.key === key ? cur.index : query === '' ? initial : 0, Math.max(0, list.length - 1));
  };
  const sel = pick(cursor, listKey, field.value, results);
  /** Tab, query, results and cursor row as they are now (handlers). */
  const now = () => {
    const query = field.current();
    const t: Category | undefined = tabs.includes(tabNow.current) ? tabNow.current : tabs[0];
    const list = query.trim() === '' ? fuzzyFilter('', (t ? byTab.get(t) : undefined) ?? [], textOf) : fuzzyFilter(query, allFrom(t), textOf, nameOf);
    const key = `${t ?? ''}|${query}`;
    return { t, list, key, index: pick(cursorNow.current, key, query, list) };
  };
  const move = (delta: number) => {
    const n = now();
    setCursor({ key: n.key, index: Math.max(0, Math.min(n.list.length - 1, n.index + delta)) });
  };
  const switchTab = (delta: number) => {
    const t = now().t;
    if (!t || tabs.length === 0) return;
    setTab(tabs[(tabs.indexOf(t) + delta + tabs.length) % tabs.length] ?? t);
  };
  useCommand(Command.PALETTE_UP, () => move(-1));
  useCommand(Command.PALETTE_DOWN, () => move(1));
  useCommand(Command.PALETTE_NEXT_TAB, () => switchTab(1), () => (tabs.length < 2 ? 'only one category' : null));
  useCommand(Command.PALETTE_PREV_TAB, () => switchTab(-1), () => (tabs.length < 2 ? 'only one category' : null));
  useCommand(Command.PALETTE_CLOSE, () => onClose());
  useCommand(
    Command.PALETTE_RUN,
    () => {
      const n = now();
      const hit = n.list[n.index]?.item;
      if (!hit) return;
      onClose();
      services.selectSymbol({ category: hit.category, symbol: hit.symbol });
    },
    () => (now().list.length === 0 ? 'no symbol matches' : null),
  );

  const inner = Math.max(10, width - 4);
  const rows = Math.max(1, height - 5);
  const first = Math.max(0, Math.min(sel - rows + 1, results.length - rows));
  const visible = results.slice(first, first + rows);
  const priceW = inner >= 44 ? 14 : 10;
  const chgW = inner >= 36 ? 9 : 0;
  const symW = Math.max(6, Math.min(18, inner - 2 - priceW - chgW - 1));
  const tagW = Math.max(0, inner - 2 - symW - priceW - chgW - 1);
  const short = inner < 70;
  const muted = theme.muted ?? undefined;
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text wrap="truncate-end">
        {tabs.length === 0 ? <Text color={theme.warn ?? undefined}>no instruments loaded yet</Text> : null}
        {tabs.map((c, i) => (
          <Text key={c}>
            {i > 0 ? ' ' : ''}
            <Text inverse={c === tab} bold={c === tab} color={c === tab ? undefined : muted}>
              {` ${short ? SHORT[c] : c} ${filtered.get(c)?.length ?? 0} `}
            </Text>
          </Text>
        ))}
      </Text>
      <Text wrap="truncate-end">
        <Text bold>{'/ '}</Text>
        {field.value}
        {field.editing ? <Text inverse> </Text> : null}
        <Text color={muted}>{field.value === '' && field.editing ? ' type to filter' : ''}</Text>
      </Text>
      <Text color={muted} wrap="truncate-end">
        {'  '}
        {fit('symbol', symW)}
        {fitLeft('last', priceW)}
        {chgW > 0 ? fitLeft('24h', chgW) : ''}
      </Text>
      {visible.map((r, k) => {
        const i = r.item;
        const isSel = first + k === sel;
        const t = tickerOf(tickers, i);
        const chg = t ? t.change24h : null;
        const chgColor = chg === null || chg.isZero() ? muted : ((chg.isPositive() ? theme.up : theme.down) ?? undefined);
        const tag = [searching ? (short ? SHORT[i.category] : i.category) : '', i.isReality ? 'Reality' : i.status !== 'online' ? i.status : ''].filter((x) => x !== '').join(' ');
        return (
          <Text key={symbolKey(i)} inverse={isSel} wrap="truncate-end">
            {isSel ? '› ' : symbolKey(i) === symbolKey(current) ? '● ' : '  '}
            {highlightSegments(fit(i.symbol, symW), r.match.positions.filter((p) => p < Math.min(symW, i.symbol.length))).map((s, n) => (
              <Text key={n} bold={s.matched} underline={s.matched && theme.accent === null} color={s.matched ? (theme.accent ?? undefined) : undefined}>
                {s.text}
              </Text>
            ))}
            {fitLeft(t ? fmtPrice(t.lastPrice, i.pricePrecision) : '-', priceW)}
            {chgW > 0 ? <Text color={chgColor}>{fitLeft(fmtPct(chg, { signed: true }), chgW)}</Text> : null}
            {tagW > 1 && tag !== '' ? <Text color={muted}> {fit(tag, tagW - 1)}</Text> : null}
          </Text>
        );
      })}
      {Array.from({ length: Math.max(0, rows - visible.length) }, (_, k) => (
        <Text key={`pad${k}`} color={muted}>
          {k === 0 && visible.length === 0 && tabs.length > 0 ? '  no symbol matches' : ' '}
        </Text>
      ))}
    </Box>
  );
}
