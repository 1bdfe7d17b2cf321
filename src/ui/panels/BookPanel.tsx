import { Decimal } from 'decimal.js';
import { Box, Text } from 'ink';
import { memo } from 'react';
import type { BookLevelView } from '../../store/slices/market-slice.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { SOURCES, staleSuffix } from '../../store/freshness.js';
import { Panel } from '../components/Panel.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useLatest } from '../hooks/use-latest.js';
import { Command } from '../keys/commands.js';
import { bookTick, ownOrderMarks, type OwnLevel } from '../tables/book-own-orders.js';
import { fmtQty } from '../../domain/format.js';

/** Props of the order-book panel. */
export interface BookPanelProps {
  readonly focused: boolean;
  readonly width: number;
  readonly height: number;
  /** Current Unix ms (for the data-age badge; stale past 3 s without a book, or while resyncing or the public socket is down). */
  readonly now: number;
  /** Called with the wire price of the level under the cursor when the user copies it (Enter). */
  readonly onPickPrice?: (price: string) => void;
}

const DEPTHS = ['books5', 'books50', 'books', 'books1'] as const;

function cell(text: string, width: number): string {
  return text.length > width ? text.slice(0, width) : text.padStart(width);
}

/** Our own resting orders are marked with this beside the level's price (side-coloured). */
export const OWN_MARK = '◆';

/** Fewest depth-bar cells kept when the column of our quantity is added. */
const MIN_BAR_WITH_OWN = 4;

/** One level's row as text: what `BookRow` draws. */
interface BookRowProps {
  /** Price, size and cumulative size, each already fitted to its column. */
  readonly price: string;
  readonly size: string;
  readonly total: string;
  /** Our own order rests at this level. */
  readonly marked: boolean;
  /** Our quantity here fitted to its column ('' none), or null when the column is not shown. */
  readonly mine: string | null;
  /** Depth-bar cells filled, of `barWidth`. */
  readonly filled: number;
  readonly barWidth: number;
  /** The side's colour and the muted colour (null: monochrome). */
  readonly color: string | null;
  readonly muted: string | null;
  /** The level cursor is here (and the book has the focus). */
  readonly inverse: boolean;
}

/**
 * One level, memoized on its texts: a book frame usually changes a few levels and the totals below
 * them, and the rows that read the same are not rendered again.
 */
const BookRow = memo(function BookRow({ price, size, total, marked, mine, filled, barWidth, color, muted, inverse }: BookRowProps) {
  // Our orders in the side's colour; bold where there is no colour (monochrome).
  const ownStyle = { color: color ?? undefined, bold: color === null };
  // The depth bar is coloured blanks (reverse video without a theme colour), not '█': a row of
  // plain ASCII is measured by Ink without Unicode segmentation, and the book redraws several times a second.
  return (
    <Text inverse={inverse} wrap="truncate-end">
      {marked ? <Text {...ownStyle}>{OWN_MARK}</Text> : ' '} <Text color={color ?? undefined}>{price}</Text> {size} <Text color={muted ?? undefined}>{total}</Text>{' '}
      {mine !== null ? <Text {...ownStyle}>{`${mine} `}</Text> : null}
      {filled > 0 ? color ? <Text backgroundColor={color}>{' '.repeat(filled)}</Text> : <Text inverse>{' '.repeat(filled)}</Text> : null}
      {' '.repeat(barWidth - filled)}
    </Text>
  );
});

/**
 * Depth: asks above, bids below, fixed-width right-aligned columns, cumulative size and depth bars,
 * a level cursor. Levels where our own limit orders of the symbol rest carry `OWN_MARK` beside the
 * price, and, when the width leaves room, our unfilled quantity there (column "mine").
 */
export function BookPanel({ focused, width, height, now, onPickPrice }: BookPanelProps) {
  const { theme, services } = useAppContext();
  const selected = useAppStore((s) => s.market.selected);
  const book = useAppStore((s) => s.market.books[symbolKey(s.market.selected)]);
  const instrument = useAppStore((s) => s.market.instruments[symbolKey(s.market.selected)]);
  const qtyPlaces = instrument?.quantityPrecision ?? 4;
  const ownOrders = useAppStore((s) => Object.values(s.orders.open).filter((o) => o.category === s.market.selected.category && o.symbol === s.market.selected.symbol));
  // Ref-backed cursor: "k Enter" in one burst of keys must copy the level the cursor is on now.
  const [cursor, setCursor, cursorNow] = useRefState(0);
  const bookNow = useLatest(book);
  const freshness = useFreshness(
    (s) => ({ ...SOURCES.book, resyncing: s.market.books[symbolKey(s.market.selected)]?.synced === false }),
    (s) => s.market.books[symbolKey(s.market.selected)]?.updatedAt ?? 0,
    now,
  );
  const inner = Math.max(10, width - 2);
  const perSide = Math.max(1, Math.floor((height - 5) / 2));
  useCommand(Command.BOOK_CURSOR_UP, () => setCursor((c) => Math.min(c + 1, perSide)));
  useCommand(Command.BOOK_CURSOR_DOWN, () => setCursor((c) => Math.max(c - 1, -perSide + 1)));
  const levelAtCursor = () => {
    const c = cursorNow.current;
    return c > 0 ? bookNow.current?.asks[c - 1] : bookNow.current?.bids[-c];
  };
  useCommand(
    Command.BOOK_COPY_PRICE,
    () => {
      const level = levelAtCursor();
      if (level && onPickPrice) onPickPrice(level.price);
    },
    () => (!onPickPrice ? 'no ticket on this screen' : levelAtCursor() ? null : 'no level under the cursor'),
  );
  useCommand(Command.BOOK_DEPTH, () => {
    const i = DEPTHS.indexOf(services.bookDepth());
    services.setBookDepth(DEPTHS[(i + 1) % DEPTHS.length] ?? 'books5');
  });
  const colW = Math.max(8, Math.min(14, Math.floor((inner - 4) / 4)));
  const asks = (book?.asks ?? []).slice(0, perSide);
  const bids = (book?.bids ?? []).slice(0, perSide);
  const marks = ownOrderMarks({ bids, asks }, ownOrders, bookTick(instrument, [...bids, ...asks]));
  const ownText = (m: OwnLevel) => fmtQty(m.qty, qtyPlaces);
  const ownTexts = [...marks.bids.values(), ...marks.asks.values()].map(ownText);
  // Two cells (mark and a space) always, so the columns do not move when an order comes or goes.
  const rest = inner - colW * 3 - 3 - 2;
  const ownW = ownTexts.length > 0 ? Math.max(4, ...ownTexts.map((t) => t.length)) : 0;
  const showOwn = ownW > 0 && rest - (ownW + 1) >= MIN_BAR_WITH_OWN;
  const barW = Math.max(0, rest - (showOwn ? ownW + 1 : 0));
  const maxCum = Decimal.max(asks[asks.length - 1]?.cum ?? 0, bids[bids.length - 1]?.cum ?? 0, 1e-18);
  const row = (l: BookLevelView | undefined, side: 'bid' | 'ask', isCursor: boolean, key: string) => {
    if (!l) return <Text key={key}> </Text>;
    const own = (side === 'bid' ? marks.bids : marks.asks).get(l.price);
    return (
      <BookRow
        key={key}
        price={cell(l.price, colW)}
        size={cell(l.size, colW)}
        total={cell(l.cum.toFixed(qtyPlaces), colW)}
        marked={own !== undefined}
        mine={showOwn ? cell(own ? ownText(own) : '', ownW) : null}
        filled={barW > 0 ? Math.min(barW, l.cum.div(maxCum).times(barW).floor().toNumber()) : 0}
        barWidth={barW}
        color={side === 'bid' ? theme.bid : theme.ask}
        muted={theme.muted}
        inverse={isCursor && focused}
      />
    );
  };
  const bestAsk = asks[0];
  const bestBid = bids[0];
  const spread = bestAsk && bestBid ? new Decimal(bestAsk.price).minus(bestBid.price) : null;
  // "(resyncing)" says it already (and e2e chaos tests wait on it); other reasons follow the title.
  const title = `Book ${selected.symbol} ${services.bookDepth()}${book && !book.synced ? ' (resyncing)' : ''}${freshness.reason === 'resyncing' ? '' : staleSuffix(freshness)}`;
  const askRows = Array.from({ length: perSide }, (_, i) => perSide - 1 - i);
  return (
    <Panel title={title} hotkey="1" focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      <Text color={theme.muted ?? undefined} wrap="truncate-end">
        {'  '}
        {cell('price', colW)} {cell('size', colW)} {cell('total', colW)}
        {showOwn ? ` ${cell('mine', ownW)}` : ''}
        {marks.beyond > 0 ? ` ${OWN_MARK}${marks.beyond} deeper` : ''}
      </Text>
      <Box flexDirection="column">{askRows.map((i) => row(asks[i], 'ask', cursor === i + 1, `a${i}`))}</Box>
      <Text color={theme.muted ?? undefined} wrap="truncate-end">
        {'  '}
        {cell(spread ? `spread ${spread.toString()}` : 'spread --', colW * 2 + 1)}
      </Text>
      <Box flexDirection="column">{Array.from({ length: perSide }, (_, i) => row(bids[i], 'bid', cursor === -i, `b${i}`))}</Box>
    </Panel>
  );
}
