import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import type { AppServices } from '../../src/services/app-services.js';
import type { AppStore } from '../../src/store/create-app-store.js';
import { AppContext, useAppContext, type AppContextValue } from '../../src/ui/hooks/app-context.js';
import { useAppStore } from '../../src/ui/hooks/use-app-store.js';
import { CommandRegistryContext, newTextCaptureSlot, TextCaptureContext, useKeyDispatcher, type CommandRegistry } from '../../src/ui/hooks/use-commands.js';
import { DEFAULT_BINDINGS } from '../../src/ui/keys/bindings.js';
import type { KeyScope } from '../../src/ui/keys/binding-types.js';
import { MONOCHROME } from '../../src/ui/theme.js';
import { OPERATION_CATALOG } from '../../src/services/operation-catalog.js';
import { frameDriver } from './frame-driver.js';
import { servicesOverWire } from './wire-services.js';

/**
 * A services object whose every method fails loudly; tests override what they use. The typed
 * loan, account and history services run over `over.exchange` (see `servicesOverWire`), so a test
 * that answers wire calls there drives them; without it, they fail loudly too.
 */
export function unusedServices(over: Partial<AppServices> = {}): AppServices {
  const no = (what: string) => () => {
    throw new Error(`test services: ${what} not provided`);
  };
  const exchange = over.exchange ?? { call: no('exchange.call') };
  return {
    ...servicesOverWire(exchange),
    selectSymbol: no('selectSymbol'),
    setBookDepth: no('setBookDepth'),
    bookDepth: () => 'books',
    symbols: () => [],
    trading: null,
    countdown: null,
    candles: null,
    exchange,
    catalog: OPERATION_CATALOG,
    shutdown: async () => undefined,
    ...over,
  };
}

function Harness({ children }: { readonly children: ReactElement }) {
  const { store } = useAppContext();
  // Subscribed so a focus or overlay change renders (the dispatcher reads the store at each key).
  useAppStore((s) => `${s.ui.focus}|${s.ui.overlay ?? ''}`);
  useKeyDispatcher(() => {
    const { focus, overlay } = store.getState().ui;
    return { overlay: overlay ? (`overlay.${overlay}` as KeyScope) : null, focus: focus as KeyScope };
  });
  return children;
}

/**
 * Renders one panel (or any element) inside the app context with the real key dispatcher, so
 * key presses reach the panel's commands. The store's `ui.focus` decides the active scope; an
 * open `ui.overlay` named `x` activates scope `overlay.x`.
 */
export function renderPanel(element: ReactElement, options: { readonly store: AppStore; readonly services?: AppServices; readonly now?: () => number; readonly columns?: number; readonly rows?: number; readonly context?: Partial<AppContextValue> }) {
  const value: AppContextValue = {
    store: options.store,
    services: options.services ?? unusedServices(),
    theme: MONOCHROME,
    bindings: DEFAULT_BINDINGS,
    now: options.now ?? Date.now,
    size: { columns: options.columns ?? 100, rows: options.rows ?? 30 },
    onQuit: () => undefined,
    ...options.context,
  };
  const registry: CommandRegistry = new Map();
  const slot = newTextCaptureSlot();
  const instance = render(
    <AppContext.Provider value={value}>
      <CommandRegistryContext.Provider value={registry}>
        <TextCaptureContext.Provider value={slot}>
          <Harness>{element}</Harness>
        </TextCaptureContext.Provider>
      </CommandRegistryContext.Provider>
    </AppContext.Provider>,
  );
  return frameDriver(instance, registry);
}
