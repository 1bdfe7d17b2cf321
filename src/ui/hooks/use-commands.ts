import { useInput } from 'ink';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { KeyScope } from '../keys/bindings.js';
import type { CommandId } from '../keys/commands.js';
import { dispatchKey, type CommandHandler, type CommandRegistration } from '../keys/dispatcher.js';
import { keyNames } from '../keys/key-names.js';
import { useAppContext } from './app-context.js';

/** The live command registry: components register handlers, the root dispatcher runs them. */
export type CommandRegistry = Map<CommandId, CommandRegistration>;

/** Context holding the registry of the mounted app. */
export const CommandRegistryContext = createContext<CommandRegistry | null>(null);

function useRegistry(): CommandRegistry {
  const r = useContext(CommandRegistryContext);
  if (!r) throw new Error('CommandRegistryContext missing');
  return r;
}

/**
 * Registers a handler for a command while the component is mounted. `disabledReason` returns null
 * when the command can run, or a short reason shown to the user when it cannot.
 */
export function useCommand(id: CommandId, handler: CommandHandler, disabledReason?: () => string | null): void {
  const registry = useRegistry();
  const latest = useRef({ handler, disabledReason });
  latest.current = { handler, disabledReason };
  useEffect(() => {
    const reg: CommandRegistration = { handler: () => latest.current.handler(), disabledReason: () => latest.current.disabledReason?.() ?? null };
    registry.set(id, reg);
    return () => {
      if (registry.get(id) === reg) registry.delete(id);
    };
  }, [id, registry]);
}

/** The app's single keyboard entry point: maps every key through the bindings table. */
export function useKeyDispatcher(overlay: KeyScope | null, focus: KeyScope): void {
  const registry = useRegistry();
  const { bindings, store, now } = useAppContext();
  useInput((input, key) => {
    for (const name of keyNames(input, key)) {
      const result = dispatchKey(name, { overlay, focus }, bindings, registry);
      if (result.kind === 'disabled') store.getState().logEvent('warn', `${result.command}: ${result.reason}`, now());
    }
  });
}
