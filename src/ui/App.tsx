import { Box } from 'ink';
import type { KeyScope } from './keys/bindings.js';
import { Command } from './keys/commands.js';
import { useAppContext } from './hooks/app-context.js';
import { useAppStore } from './hooks/use-app-store.js';
import { useClock } from './hooks/use-clock.js';
import { useCommand, useKeyDispatcher } from './hooks/use-commands.js';
import { useScreenSize } from './hooks/use-screen-size.js';
import { Footer } from './layout/Footer.js';
import { StatusBar } from './layout/StatusBar.js';
import { BookPanel } from './panels/BookPanel.js';
import { ConfirmOverlay } from './panels/ConfirmOverlay.js';
import { EventLogPanel } from './panels/EventLogPanel.js';
import { HelpOverlay } from './panels/HelpOverlay.js';
import { TickerPanel } from './panels/TickerPanel.js';
import { TradesPanel } from './panels/TradesPanel.js';

/** Panels in focus order (Tab) with their digit. */
const PANELS: readonly KeyScope[] = ['book', 'ticker', 'trades'];
const OVERLAY_SCOPE: Readonly<Record<string, KeyScope>> = { help: 'overlay.help', quit: 'overlay.confirm' };

/** The root layout: exactly as tall as the terminal; wiring only. */
export function App() {
  const { store, services, onQuit } = useAppContext();
  const { columns, rows } = useScreenSize();
  const now = useClock(1000);
  const focus = useAppStore((s) => s.ui.focus) as KeyScope;
  const overlay = useAppStore((s) => s.ui.overlay);
  const overlayScope = overlay ? (OVERLAY_SCOPE[overlay] ?? null) : null;
  useKeyDispatcher(overlayScope, focus);
  const ui = () => store.getState();
  const focusBy = (delta: number) => ui().setFocus(PANELS[(PANELS.indexOf(focus) + delta + PANELS.length) % PANELS.length] ?? 'book');
  const moveSymbol = (delta: number) => {
    const list = services.symbols();
    const sel = ui().market.selected;
    const i = list.findIndex((r) => r.category === sel.category && r.symbol === sel.symbol);
    const next = list[(i + delta + list.length) % list.length];
    if (next) services.selectSymbol(next);
  };
  useCommand(Command.APP_QUIT, () => ui().setOverlay('quit'));
  useCommand(Command.APP_HELP, () => ui().setOverlay('help'));
  useCommand(Command.APP_PALETTE, () => ui().logEvent('info', 'command palette: not built yet', Date.now()), () => 'the command palette arrives with issue 5');
  useCommand(Command.APP_CLOSE_OVERLAY, () => ui().setOverlay(null));
  useCommand(Command.APP_CONFIRM, () => {
    if (overlay === 'quit') onQuit();
    ui().setOverlay(null);
  });
  useCommand(Command.APP_FOCUS_NEXT, () => focusBy(1));
  useCommand(Command.APP_FOCUS_PREV, () => focusBy(-1));
  useCommand(Command.APP_FOCUS_1, () => ui().setFocus('book'));
  useCommand(Command.APP_FOCUS_2, () => ui().setFocus('ticker'));
  useCommand(Command.APP_FOCUS_3, () => ui().setFocus('trades'));
  useCommand(Command.APP_FOCUS_4, () => false, () => 'panel 4 (orders) arrives with issue 5');
  useCommand(Command.APP_FOCUS_5, () => false, () => 'panel 5 (positions) arrives with issue 5');
  useCommand(Command.APP_FOCUS_6, () => false, () => 'panel 6 (loans) arrives with issue 6');
  useCommand(Command.MARKET_NEXT_SYMBOL, () => moveSymbol(1));
  useCommand(Command.MARKET_PREV_SYMBOL, () => moveSymbol(-1));

  const mainHeight = Math.max(6, rows - 7);
  const bookWidth = columns >= 120 ? 66 : Math.max(30, Math.floor(columns * 0.56));
  const sideWidth = Math.max(10, columns - bookWidth);
  const tradesHeight = Math.max(4, Math.floor(mainHeight * 0.55));
  return (
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      <StatusBar now={now} columns={columns} />
      <TickerPanel focused={focus === 'ticker'} width={columns} now={now} />
      {overlay === 'help' ? (
        <HelpOverlay width={columns} height={mainHeight} />
      ) : (
        <Box height={mainHeight} width={columns} overflow="hidden">
          <BookPanel focused={focus === 'book'} width={bookWidth} height={mainHeight} now={now} />
          <Box flexDirection="column" width={sideWidth} height={mainHeight}>
            {overlay === 'quit' ? (
              <ConfirmOverlay question="Quit utadash?" details={['Connections close; the countdown is left as it is.']} width={sideWidth} />
            ) : (
              <TradesPanel focused={focus === 'trades'} width={sideWidth} height={tradesHeight} now={now} />
            )}
            <EventLogPanel focused={false} width={sideWidth} height={mainHeight - (overlay === 'quit' ? 5 : tradesHeight)} />
          </Box>
        </Box>
      )}
      <Footer overlay={overlayScope} focus={focus} columns={columns} />
    </Box>
  );
}
