import { Box, Text } from 'ink';
import { memo, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CandleInterval, CandleType } from '../domain/candle.js';
import type { CandleServices } from '../services/app-services.js';
import type { CandleSeries } from '../services/candle-service.js';
import type { KeyScope } from './keys/binding-types.js';
import { Command, type CommandId } from './keys/commands.js';
import { VIEWS } from './view-defs/registry.js';
import type { ViewDef } from './view-defs/view-types.js';
import { ORDERS_OVERLAY_SCOPES } from './keys/areas/orders.js';
import { TICKET_OVERLAY_SCOPES } from './keys/areas/ticket.js';
import { ALERTS_OVERLAY_SCOPES, isAlertOverlay } from './keys/areas/alerts.js';
import { useAlertCommands } from './hooks/use-alert-commands.js';
import { useAppContext } from './hooks/app-context.js';
import { useAppStore } from './hooks/use-app-store.js';
import { useClock } from './hooks/use-clock.js';
import { useCommand, useKeyDispatcher } from './hooks/use-commands.js';
import { useAppCommands, useFocusCommands, useLayoutChoice, useQuitCommands } from './hooks/use-app-commands.js';
import { useScreenSize } from './hooks/use-screen-size.js';
import type { LoadPrice } from './hooks/use-ticket.js';
import type { PanelId } from './layout/compute-layout.js';
import { AlertBanner } from './components/AlertBanner.js';
import { AlertOverlay } from './panels/AlertOverlay.js';
import { Footer } from './layout/Footer.js';
import { StatusBar } from './layout/StatusBar.js';
import { AccountPanel } from './panels/AccountPanel.js';
import { BookPanel } from './panels/BookPanel.js';
import { CandlePanel } from './panels/CandlePanel.js';
import { CommandPalette } from './panels/CommandPalette.js';
import { ConfirmOverlay } from './panels/ConfirmOverlay.js';
import { CountdownPanel } from './panels/CountdownPanel.js';
import { DeskView } from './panels/DeskView.js';
import { LadderOverlay } from './panels/LadderOverlay.js';
import { EventLogPanel } from './panels/EventLogPanel.js';
import { HelpOverlay } from './panels/HelpOverlay.js';
import { JournalPanel } from './panels/JournalPanel.js';
import { LoansPanel } from './panels/LoansPanel.js';
import { OrdersPanel } from './panels/OrdersPanel.js';
import { PositionsPanel } from './panels/PositionsPanel.js';
import { QuitCountdownPrompt } from './panels/QuitCountdownPrompt.js';
import { RenderStatsOverlay } from './panels/RenderStatsOverlay.js';
import { SymbolPicker } from './panels/SymbolPicker.js';
import { TicketPanel } from './panels/TicketPanel.js';
import { TickerPanel } from './panels/TickerPanel.js';
import { TradesPanel } from './panels/TradesPanel.js';
import { WatchlistPanel } from './panels/WatchlistPanel.js';

/** Overlay names (store `ui.overlay`) → their modal key scope. */
const OVERLAY_SCOPE: Readonly<Record<string, KeyScope>> = {
  help: 'overlay.help',
  quit: 'overlay.confirm',
  quitcountdown: 'overlay.quitcountdown',
  palette: 'overlay.palette',
  picker: 'overlay.picker',
  positions: 'overlay.positions',
  loanForm: 'overlay.loanForm',
  desk: 'overlay.desk',
  ladder: 'overlay.ladder',
  ...ORDERS_OVERLAY_SCOPES,
  ...TICKET_OVERLAY_SCOPES,
  ...ALERTS_OVERLAY_SCOPES,
};
const NO_SERIES = { subscribe: () => () => undefined, get: (): CandleSeries | null => null };

/** Registers every desk view's opening command. */
function ViewCommands({ onOpen }: { readonly onOpen: (view: ViewDef) => void }) {
  for (const v of VIEWS) {
    // VIEWS is a constant list: the hook order never changes.
    useCommand(v.command as CommandId, () => onOpen(v));
  }
  return null;
}

/**
 * The panels, memoized: the root re-renders on keys that open or close an overlay or move the focus,
 * and a panel whose props did not change (only the focused one's do) need not render again with it.
 * Every panel that shows a time or an age renders with the clock (`now`, once a second); all render on their own store slices.
 */
/** Equal props apart from `now`: for the panels that show no time, the clock's tick is not a change. */
function equalButNow<P extends object>(a: P, b: P): boolean {
  const keys = Object.keys(a) as (keyof P)[];
  return keys.length === Object.keys(b).length && keys.every((k) => k === 'now' || Object.is(a[k], b[k]));
}

const Panels = {
  book: memo(BookPanel),
  ticket: memo(TicketPanel, equalButNow),
  trades: memo(TradesPanel),
  orders: memo(OrdersPanel),
  positions: memo(PositionsPanel),
  account: memo(AccountPanel),
  countdown: memo(CountdownPanel),
  log: memo(EventLogPanel, equalButNow),
  loans: memo(LoansPanel),
  candles: memo(CandlePanel),
  watchlist: memo(WatchlistPanel),
  journal: memo(JournalPanel),
};

/** The overlay that takes the main area when `overlay` names one, else null. */
function mainOverlayFor(overlay: string | null, desk: ViewDef | null, width: number, height: number, now: number, close: () => void): ReactNode {
  if (overlay === 'help') return <HelpOverlay width={width} height={height} />;
  if (overlay === 'palette') return <CommandPalette width={width} height={height} onClose={close} />;
  if (overlay === 'picker') return <SymbolPicker width={width} height={height} onClose={close} />;
  if (overlay === 'ladder') return <LadderOverlay width={width} height={height} onClose={close} />;
  if (isAlertOverlay(overlay)) return <AlertOverlay overlay={overlay} width={width} height={height} onClose={close} />;
  if (overlay === 'desk' && desk) return <DeskView key={desk.command} def={desk} width={width} height={height} now={now} onClose={close} />;
  return null;
}

/** What the panels share: focus, size and the clock. */
interface PanelProps {
  readonly focused: boolean;
  readonly width: number;
  readonly height: number;
  readonly now: number;
}

/** What some panels take besides: the book's price pick, the ticket's loaded price, the chart's series. */
interface PanelExtras {
  readonly onPickPrice: (price: string) => void;
  readonly loadPrice: LoadPrice | undefined;
  readonly series: CandleSeries | null;
  readonly candles: CandleServices | null;
  readonly onSeries: (interval: CandleInterval, type: CandleType) => void;
}

/** The panel `id` (the chart falls back to the event log in a session without candles). */
function panelFor(id: PanelId, p: PanelProps, x: PanelExtras): ReactNode {
  switch (id) {
    case 'book':
      return <Panels.book {...p} onPickPrice={x.onPickPrice} />;
    case 'ticket':
      return <Panels.ticket {...p} {...(x.loadPrice ? { loadPrice: x.loadPrice } : {})} />;
    case 'trades':
      return <Panels.trades {...p} />;
    case 'orders':
      return <Panels.orders {...p} />;
    case 'positions':
      return <Panels.positions {...p} />;
    case 'account':
      return <Panels.account {...p} hotkey="6" />;
    case 'countdown':
      return <Panels.countdown {...p} />;
    case 'log':
      return <Panels.log {...p} />;
    case 'loans':
      return <Panels.loans {...p} />;
    case 'watchlist':
      return <Panels.watchlist {...p} />;
    case 'journal':
      return <Panels.journal {...p} />;
    case 'candles':
      return x.series && x.candles ? (
        <Panels.candles {...p} hotkey="9" interval={x.series.interval} type={x.series.type} intervals={x.candles.choices().intervals} types={x.candles.choices().types} onSeries={x.onSeries} />
      ) : (
        <Panels.log {...p} />
      );
  }
}

/** The root layout: exactly as tall as the terminal; wiring only. */
export function App() {
  const { store, services, frameGate } = useAppContext();
  const { columns, rows } = useScreenSize();
  const now = useClock(1000);
  const focus = useAppStore((s) => s.ui.focus) as PanelId;
  const overlay = useAppStore((s) => s.ui.overlay);
  const armed = useAppStore((s) => s.countdown.armed);
  const [loadPrice, setLoadPrice] = useState<LoadPrice | undefined>(undefined);
  const [desk, setDesk] = useState<ViewDef | null>(null);
  const overlayScope = overlay ? (OVERLAY_SCOPE[overlay] ?? null) : null;
  useAlertCommands();
  useKeyDispatcher(() => {
    const now = store.getState().ui;
    return { overlay: now.overlay ? (OVERLAY_SCOPE[now.overlay] ?? null) : null, focus: now.focus as KeyScope };
  });
  const ui = () => store.getState();
  const candles = services.candles;
  // The chart's series changes with every kline push: at the frame gate's pace, like the store.
  const subscribeSeries = useMemo(() => (candles ? (frameGate ? frameGate.pace(candles.onChange) : candles.onChange) : NO_SERIES.subscribe), [candles, frameGate]);
  const series = useSyncExternalStore(subscribeSeries, candles ? candles.series : NO_SERIES.get);
  const { work, focusPanel } = useFocusCommands(focus, candles !== null);
  const quit = useQuitCommands(overlay, armed);
  useAppCommands(now);
  const layout = useLayoutChoice(columns, rows, work, now);
  const close = () => ui().setOverlay(null);
  const mainOverlay = mainOverlayFor(overlay, desk, columns, layout.mainHeight, now, close);
  // Stable across renders, so the memoized panels that take them see equal props.
  const onPickPrice = useCallback(
    (price: string) => {
      setLoadPrice((prev) => ({ price, nonce: (prev?.nonce ?? 0) + 1 }));
      focusPanel('ticket');
    },
    [focusPanel],
  );
  const onSeries = useCallback((interval: CandleInterval, type: CandleType) => void candles?.setSeries(store.getState().market.selected, interval, type), [candles, store]);
  // Under a main-area overlay the panels stay mounted (a half-typed ticket, the book cursor and
  // scroll positions survive a look at the help) but hidden and unfocused.
  const panel = (id: PanelId, width: number, height: number): ReactNode =>
    panelFor(id, { focused: focus === id && mainOverlay === null, width, height, now }, { onPickPrice, loadPrice, series, candles, onSeries });
  const main = (): ReactNode => (
    <>
      {mainOverlay}
      <Box display={mainOverlay === null ? 'flex' : 'none'} width={columns} height={layout.mainHeight}>
        {/* Columns are keyed by their first panel, not their index: when a resize moves the work
            panel to another column, React keeps it mounted (an open loan form, a half-typed modify
            and scroll positions survive), instead of remounting it with its state lost. */}
        {layout.columns.map((c, ci) => (
          <Box key={c.panels[0]?.panel ?? ci} flexDirection="column" width={c.width} height={layout.mainHeight}>
            {c.panels.map((b) => (
              <Box key={b.panel} height={b.height} width={c.width}>
                {panel(b.panel, c.width, b.height)}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    </>
  );
  const prompt = overlay === 'quit' ? <ConfirmOverlay question="Quit utadash?" details={['Connections close. The countdown is off.']} width={Math.min(columns, 70)} /> : overlay === 'quitcountdown' ? <QuitCountdownPrompt width={Math.min(columns, 80)} now={now} onDecision={quit.decide} busy={quit.busy} error={quit.error} /> : null;
  // The quit prompts take the ticker's rows plus what they need; the main area gives up the rest.
  const promptHeight = Math.max(layout.tickerHeight, overlay === 'quitcountdown' ? (quit.error ? 8 : 7) : 5);
  // Rows only are clipped here and in the main area: every width below is laid out to fit, and a
  // horizontal clip makes Ink slice every line drawn directly inside it each frame (panel borders are
  // drawn in their parent's clip).
  return (
    <Box flexDirection="column" width={columns} height={rows} overflowY="hidden">
      <ViewCommands
        onOpen={(v) => {
          setDesk(v);
          ui().setOverlay('desk');
        }}
      />
      <StatusBar now={now} columns={columns} />
      {prompt ? (
        <Box height={promptHeight} width={columns} overflow="hidden">
          {prompt}
        </Box>
      ) : (
        <TickerPanel focused={false} width={columns} now={now} />
      )}
      <Box height={layout.mainHeight - (prompt ? promptHeight - layout.tickerHeight : 0)} width={columns} overflowY="hidden">
        {main()}
      </Box>
      <Box height={1} width={columns} flexDirection="column" overflow="hidden">
        <AlertBanner columns={columns} />
        <RenderStatsOverlay width={columns} />
        <Footer overlay={overlayScope} focus={focus as KeyScope} columns={columns} />
      </Box>
    </Box>
  );
}
