import { useMemo, useState } from 'react';
import { App } from './App.js';
import { AppContext, type AppContextValue } from './hooks/app-context.js';
import { CommandRegistryContext, newTextCaptureSlot, TextCaptureContext, type CommandRegistry, type TextCaptureSlot } from './hooks/use-commands.js';

/** Props of the root. */
export interface AppRootProps {
  /** Store, services, theme, bindings, clock and size, built by the composition root. */
  readonly value: AppContextValue;
  /** The command registry to use (tests pass one to observe it); default: a fresh one. */
  readonly registry?: CommandRegistry;
}

/** Provides the app context and the command registry around `<App />`. */
export function AppRoot({ value, registry }: AppRootProps) {
  const [own] = useState<CommandRegistry>(() => new Map());
  const [capture] = useState<TextCaptureSlot>(newTextCaptureSlot);
  // The theme can change at run time (palette: Switch theme): the context carries the current one.
  const [theme, setTheme] = useState(value.theme);
  const { themes } = value;
  const live = useMemo<AppContextValue>(() => {
    if (!themes) return value;
    const switchTheme = (name: string): string | null => {
      try {
        setTheme(themes.load(name));
      } catch (error: unknown) {
        return error instanceof Error ? error.message : String(error);
      }
      return themes.remember(name);
    };
    return { ...value, theme, switchTheme };
  }, [value, theme, themes]);
  return (
    <AppContext.Provider value={live}>
      <CommandRegistryContext.Provider value={registry ?? own}>
        <TextCaptureContext.Provider value={capture}>
          <App />
        </TextCaptureContext.Provider>
      </CommandRegistryContext.Provider>
    </AppContext.Provider>
  );
}
