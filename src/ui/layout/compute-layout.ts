/** Panels the main area can show. */
export type PanelId = 'book' | 'ticket' | 'orders' | 'positions' | 'account' | 'countdown' | 'trades' | 'log' | 'candles' | 'loans' | 'watchlist' | 'journal';

/** Panels in focus order (Tab) with their digit key (index + 1; the tenth is `0`; the journal and the watchlist have none: Shift-Tab from the book reaches the watchlist). */
export const PANEL_ORDER: readonly PanelId[] = ['book', 'ticket', 'trades', 'orders', 'positions', 'account', 'countdown', 'log', 'candles', 'loans', 'journal', 'watchlist'];

/** One panel placed in a column. */
export interface PanelBox {
  readonly panel: PanelId;
  readonly height: number;
}

/** A column of stacked panels. */
export interface LayoutColumn {
  readonly width: number;
  readonly panels: readonly PanelBox[];
}

/** Where everything goes for one terminal size. */
export interface Layout {
  /** narrow: book + one work panel; medium: book, ticket column, work; wide: adds the candle chart above the work panel. */
  readonly mode: 'narrow' | 'medium' | 'wide';
  /** Rows of the ticker strip under the status bar. */
  readonly tickerHeight: number;
  /** Rows of the main area (between the ticker and the footer). */
  readonly mainHeight: number;
  readonly columns: readonly LayoutColumn[];
  /** Panels on screen right now (focusing another one swaps it into the work slot). */
  readonly visible: readonly PanelId[];
}

/** Panels that live in the work slot when they are not placed elsewhere. */
const WORK_DEFAULT: PanelId = 'orders';

/**
 * Lays the screen out for `columns`×`rows`: one status row, the ticker strip, the main area and one
 * footer row, never more than `rows`. `work` is the panel for the work slot (the last focused panel
 * that has no fixed place).
 */
export function computeLayout(columns: number, rows: number, work: PanelId): Layout {
  const tickerHeight = 5;
  const mainHeight = Math.max(6, rows - 2 - tickerHeight);
  const placed = (cols: readonly LayoutColumn[], mode: Layout['mode']): Layout => ({
    mode,
    tickerHeight,
    mainHeight,
    columns: cols,
    visible: cols.flatMap((c) => c.panels.map((p) => p.panel)),
  });
  if (columns < 120) {
    const bookW = Math.max(30, Math.floor(columns * 0.5));
    const slot = work === 'book' ? 'ticket' : work;
    return placed([{ width: bookW, panels: [{ panel: 'book', height: mainHeight }] }, { width: columns - bookW, panels: [{ panel: slot, height: mainHeight }] }], 'narrow');
  }
  const bookW = columns >= 180 ? 56 : 48;
  const ticketW = columns >= 180 ? 46 : 42;
  const restW = columns - bookW - ticketW;
  const countdownH = 7;
  const ticketCol: PanelBox[] = mainHeight >= 26 ? [{ panel: 'ticket', height: mainHeight - countdownH }, { panel: 'countdown', height: countdownH }] : [{ panel: 'ticket', height: mainHeight }];
  const fixed = new Set<PanelId>(['book', ...ticketCol.map((p) => p.panel)]);
  const wide = columns >= 180 && rows >= 40;
  if (wide) fixed.add('candles');
  // From 40 rows the right column keeps positions and the account on screen under the work slot
  // (open orders by default): what a trader watches, with no key pressed.
  const monitor = rows >= 40;
  if (monitor) {
    fixed.add('positions');
    fixed.add('account');
  }
  const slot = fixed.has(work) ? WORK_DEFAULT : work;
  const candlesH = wide ? Math.floor(mainHeight * (monitor ? 0.3 : 0.4)) : 0;
  const workH = mainHeight - candlesH;
  const stack: PanelBox[] = monitor
    ? (() => {
        const slotH = Math.ceil(workH * 0.42);
        const positionsH = Math.floor((workH - slotH) / 2);
        return [{ panel: slot, height: slotH }, { panel: 'positions', height: positionsH }, { panel: 'account', height: workH - slotH - positionsH }];
      })()
    : [{ panel: slot, height: workH }];
  const right: PanelBox[] = wide ? [{ panel: 'candles', height: candlesH }, ...stack] : stack;
  return placed(
    [
      { width: bookW, panels: [{ panel: 'book', height: mainHeight }] },
      { width: ticketW, panels: ticketCol },
      { width: restW, panels: right },
    ],
    wide ? 'wide' : 'medium',
  );
}
