import { render } from 'ink-testing-library';
import type { AppServices } from '../../src/services/app-services.js';
import type { AppStore } from '../../src/store/create-app-store.js';
import { AppRoot } from '../../src/ui/AppRoot.js';
import type { AppContextValue, ThemeChoices } from '../../src/ui/hooks/app-context.js';
import type { CommandRegistry } from '../../src/ui/hooks/use-commands.js';
import { DEFAULT_BINDINGS } from '../../src/ui/keys/bindings.js';
import { MONOCHROME, type Theme } from '../../src/ui/theme.js';
import { frameDriver } from './frame-driver.js';

/** Options of `renderApp`. */
export interface RenderAppOptions {
  readonly store: AppStore;
  readonly services: AppServices;
  /** Terminal size (default 100x30). */
  readonly columns?: number;
  readonly rows?: number;
  readonly theme?: Theme;
  readonly now?: () => number;
  readonly onQuit?: () => void;
  /** Themes to switch between at run time (absent: fixed). */
  readonly themes?: ThemeChoices;
  /** Called on Ctrl-L. */
  readonly repaint?: () => void;
}

/** Renders the whole app through ink-testing-library at a fixed size, with helpers to type and wait. */
export function renderApp(options: RenderAppOptions) {
  const value: AppContextValue = {
    store: options.store,
    services: options.services,
    theme: options.theme ?? MONOCHROME,
    bindings: DEFAULT_BINDINGS,
    now: options.now ?? Date.now,
    size: { columns: options.columns ?? 100, rows: options.rows ?? 30 },
    onQuit: options.onQuit ?? (() => undefined),
    ...(options.themes ? { themes: options.themes } : {}),
    ...(options.repaint ? { repaint: options.repaint } : {}),
  };
  const registry: CommandRegistry = new Map();
  const instance = render(<AppRoot value={value} registry={registry} />);
  return frameDriver(instance, registry);
}
