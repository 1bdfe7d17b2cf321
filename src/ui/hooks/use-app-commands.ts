import { useCallback, useState } from 'react';
import { PANEL_ORDER, type Layout, type PanelId } from '../layout/compute-layout.js';
import { findLayout, layoutForSize, layoutNames, solveLayout, type LayoutSpec } from '../layout/layouts.js';
import { Command } from '../keys/commands.js';
import type { QuitCountdownDecision } from '../panels/QuitCountdownPrompt.js';
import { useAppContext } from './app-context.js';
import { useCommand } from './use-commands.js';

const NO_LAYOUTS: readonly LayoutSpec[] = [];

/**
 * The focus: Tab / Shift-Tab and the digits move it; the palette's commands go to the watchlist and the journal. Returns `focusPanel`,
 * which also remembers the last work panel (every panel but the book) for the layout's work slot.
 */
export function useFocusCommands(focus: PanelId, hasCandles: boolean): { readonly work: PanelId; readonly focusPanel: (panel: PanelId) => void } {
  const { store } = useAppContext();
  const [work, setWork] = useState<PanelId>('orders');
  const focusPanel = useCallback(
    (panel: PanelId) => {
      if (panel !== 'book') setWork(panel);
      store.getState().setFocus(panel);
    },
    [store],
  );
  const focusBy = (delta: number) => focusPanel(PANEL_ORDER[(PANEL_ORDER.indexOf(focus) + delta + PANEL_ORDER.length) % PANEL_ORDER.length] ?? 'book');
  useCommand(Command.APP_FOCUS_NEXT, () => focusBy(1));
  useCommand(Command.APP_FOCUS_PREV, () => focusBy(-1));
  const focusDigit = (i: number) => () => focusPanel(PANEL_ORDER[i] ?? 'book');
  useCommand(Command.APP_FOCUS_1, focusDigit(0));
  useCommand(Command.APP_FOCUS_2, focusDigit(1));
  useCommand(Command.APP_FOCUS_3, focusDigit(2));
  useCommand(Command.APP_FOCUS_4, focusDigit(3));
  useCommand(Command.APP_FOCUS_5, focusDigit(4));
  useCommand(Command.APP_FOCUS_6, focusDigit(5));
  useCommand(Command.APP_FOCUS_7, focusDigit(6));
  useCommand(Command.APP_FOCUS_8, focusDigit(7));
  useCommand(Command.APP_FOCUS_9, focusDigit(8), () => (hasCandles ? null : 'no candle chart in this session'));
  useCommand(Command.APP_FOCUS_0, focusDigit(9));
  useCommand(Command.APP_FOCUS_WATCHLIST, () => focusPanel('watchlist'));
  useCommand(Command.APP_FOCUS_JOURNAL, () => focusPanel('journal'));
  return { work, focusPanel };
}

/** The quit prompts' state: q asks (with the countdown's choices when it is armed), a second Ctrl-C quits at once. */
export interface QuitFlow {
  /** Disarming before quitting is under way. */
  readonly busy: boolean;
  /** Why the disarm failed (the session stays, still armed). */
  readonly error: string | null;
  /** The countdown prompt's answer. */
  readonly decide: (d: QuitCountdownDecision) => void;
}

/** q, Ctrl-C and the quit confirmation's y. */
export function useQuitCommands(overlay: string | null, armed: boolean): QuitFlow {
  const { store, services, onQuit } = useAppContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = (d: QuitCountdownDecision) => {
    if (d === 'stay') return store.getState().setOverlay(null);
    if (d === 'keep' || !services.countdown) return onQuit();
    setBusy(true);
    void services.countdown.disarm().then((problem) => {
      setBusy(false);
      if (problem === null) onQuit();
      else setError(`disarm failed: ${problem}; still armed`);
    });
  };
  useCommand(Command.APP_QUIT, () => {
    setError(null);
    store.getState().setOverlay(armed ? 'quitcountdown' : 'quit');
  });
  // A second Ctrl-C while the prompt is up: quit at once. An armed countdown stays armed (the
  // exchange still cancels if this session does not come back), as with k on the prompt.
  useCommand(Command.APP_FORCE_QUIT, () => onQuit());
  useCommand(Command.APP_CONFIRM, () => {
    if (overlay === 'quit') onQuit();
    store.getState().setOverlay(null);
  });
  return { busy, error, decide };
}

/** Ctrl-L (repaint), the theme key, the overlays' openers and closer, the ladder, and the next/previous symbol. */
export function useAppCommands(now: number): void {
  const { store, services, theme, themes, switchTheme, repaint } = useAppContext();
  const ui = () => store.getState();
  // Ctrl-L: the terminal's copy is forgotten, and a render draws every row again.
  const [, setRepaints] = useState(0);
  useCommand(Command.APP_REPAINT, () => {
    repaint?.();
    setRepaints((n) => n + 1);
  });
  useCommand(
    Command.APP_NEXT_THEME,
    () => {
      const names = themes?.names ?? [];
      const next = names[(names.indexOf(theme.name) + 1) % names.length] ?? theme.name;
      const problem = switchTheme ? switchTheme(next) : 'no theme switching in this session';
      ui().logEvent(problem ? 'warn' : 'info', problem ? `theme ${next}: ${problem}` : `theme ${next} (remembered for the next start)`, now);
    },
    () => (themes && switchTheme ? null : 'the theme is fixed in this session'),
  );
  useCommand(Command.APP_HELP, () => ui().setOverlay('help'));
  useCommand(Command.APP_PALETTE, () => ui().setOverlay('palette'));
  useCommand(Command.PALETTE_SYMBOLS, () => ui().setOverlay('picker'));
  useCommand(Command.APP_CLOSE_OVERLAY, () => ui().setOverlay(null));
  useCommand(Command.ORDERS_LADDER, () => ui().setOverlay('ladder'), () => (services.trading ? null : 'no keys in this session: trading is off'));
  const moveSymbol = (delta: number) => {
    const list = services.symbols();
    const sel = ui().market.selected;
    const i = list.findIndex((r) => r.category === sel.category && r.symbol === sel.symbol);
    const next = list[(i + delta + list.length) % list.length];
    if (next) services.selectSymbol(next);
  };
  useCommand(Command.MARKET_NEXT_SYMBOL, () => moveSymbol(1));
  useCommand(Command.MARKET_PREV_SYMBOL, () => moveSymbol(-1));
}

/**
 * The layout on screen: Ctrl-O's choice once made; until then the size rules (config
 * `layoutBySize`), else the start layout. Solved for the terminal's size with `work` in its slot.
 */
export function useLayoutChoice(columns: number, rows: number, work: PanelId, now: number): Layout {
  const { store, layouts } = useAppContext();
  const userLayouts = layouts?.user ?? NO_LAYOUTS;
  const [picked, setPicked] = useState<string | null>(null);
  const layoutName = picked ?? layoutForSize(layouts?.bySize ?? [], columns, rows) ?? (layouts && layoutNames(userLayouts).includes(layouts.initial) ? layouts.initial : 'trade');
  useCommand(Command.APP_NEXT_LAYOUT, () => {
    const names = layoutNames(userLayouts);
    const next = names[(names.indexOf(layoutName) + 1) % names.length] ?? 'trade';
    const spec = findLayout(next, userLayouts);
    const fits = !spec || (columns >= (spec.minColumns ?? 0) && rows >= (spec.minRows ?? 0));
    setPicked(next);
    store.getState().logEvent(fits ? 'info' : 'warn', fits ? `layout ${next}` : `layout ${next}: needs ${spec?.minColumns ?? 0}x${spec?.minRows ?? 0}; the trade layout stands in at ${columns}x${rows}`, now);
  });
  return solveLayout(findLayout(layoutName, userLayouts), columns, rows, work);
}
