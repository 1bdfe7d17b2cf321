import { createContext, useContext } from 'react';
import type { OrderGuardLimits } from '../../domain/order-warnings.js';
import type { AppServices } from '../../services/app-services.js';
import type { AppStore } from '../../store/create-app-store.js';
import type { Binding } from '../keys/bindings.js';
import type { Theme } from '../theme.js';
import type { RenderStatsSource } from '../render-stats.js';
import type { FrameGate } from '../frame-gate.js';
import type { AppState } from '../../store/app-state.js';

/** Everything the screen is built from: injected once at the root, never imported as a singleton. */
import type { LayoutSpec, SizeRule } from '../layout/layouts.js';

export interface AppContextValue {
  readonly store: AppStore;
  readonly services: AppServices;
  readonly theme: Theme;
  readonly bindings: readonly Binding[];
  /** Unix ms clock (injected so tests and replays control time). */
  readonly now: () => number;
  /** Fixed terminal size (tests); null = follow the real terminal. */
  readonly size: { readonly columns: number; readonly rows: number } | null;
  /** Called when the user confirmed quitting. */
  readonly onQuit: () => void;
  /** Render statistics for the `!` overlay (fed by Ink's onRender and the stdout byte count); absent = overlay shows "no stats". */
  readonly renderStats?: RenderStatsSource;
  /** Thresholds of the ticket's order guards (config `orderGuards.*`); absent = `DEFAULT_ORDER_GUARDS`. */
  readonly orderGuards?: OrderGuardLimits;
  /** The user's own layouts (config `layouts`) and the one to start with (config `layout`); absent = `trade` only with the built-ins. */
  readonly layouts?: { readonly user: readonly LayoutSpec[]; readonly initial: string; readonly bySize?: readonly SizeRule[] };
  /** Ctrl-L: forget what the terminal shows so the next frame is drawn whole; absent = nothing to forget (tests). */
  readonly repaint?: () => void;
  /** The themes to switch between at run time; absent = the theme is fixed. */
  readonly themes?: ThemeChoices;
  /** Switches to the named theme now (set by the root when `themes` is given); returns the problem, or null. */
  readonly switchTheme?: (name: string) => string | null;
  /** Paces the redraws streaming data causes (keys are never paced); absent = every change redraws (tests). */
  readonly frameGate?: FrameGate<AppState>;
}

/** Themes that can be switched to at run time, and where the choice is remembered. */
export interface ThemeChoices {
  readonly names: readonly string[];
  load(name: string): Theme;
  /** Keeps the choice for the next start; returns the problem, or null. */
  remember(name: string): string | null;
}

/** The root context. */
export const AppContext = createContext<AppContextValue | null>(null);

/** The root context; throws if a component renders outside `<AppProvider>`. */
export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext missing: render inside <AppContext.Provider>');
  return value;
}
