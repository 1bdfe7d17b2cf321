import { useInput } from 'ink';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import type { KeyScope } from '../keys/bindings.js';
import type { CommandId } from '../keys/commands.js';
import { dispatchKey, type CommandHandler, type CommandRegistration } from '../keys/dispatcher.js';
import { useLatest } from './use-latest.js';
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
  const latest = useLatest({ handler, disabledReason });
  useEffect(() => {
    const reg: CommandRegistration = { handler: () => latest.current.handler(), disabledReason: () => latest.current.disabledReason?.() ?? null };
    registry.set(id, reg);
    return () => {
      if (registry.get(id) === reg) registry.delete(id);
    };
  }, [id, registry]);
}

/** A text field that wants raw keys first; returns true when it consumed the key. */
export type TextCaptureHandler = (key: string) => boolean;

/** The active text capture (at most one: the field being edited). */
export interface TextCaptureSlot {
  current: TextCaptureHandler | null;
}

/** Context holding the text-capture slot of the mounted app. */
export const TextCaptureContext = createContext<TextCaptureSlot>({ current: null });

/**
 * While `active`, every key (as a key name: `a`, `7`, `.`, `backspace`, `left`, `enter`, `escape`…)
 * goes to `onKey` first; keys it does not consume (returns false) fall through to the bindings.
 * Use it for the field being edited, so typed characters never trigger hotkeys.
 */
export function useTextCapture(active: boolean, onKey: TextCaptureHandler): TextCaptureControl {
  const slot = useContext(TextCaptureContext);
  const latest = useLatest(onKey);
  const handler = useRef<TextCaptureHandler>((k) => latest.current(k));
  useEffect(() => {
    if (!active) return undefined;
    const own = handler.current;
    slot.current = own;
    return () => {
      if (slot.current === own) slot.current = null;
    };
  }, [active, slot]);
  // Claim and release act at once, so keys later in the same burst (one stdin chunk) already go
  // to the right place; the effect above keeps the slot in step with `active` across renders.
  return useMemo(
    () => ({
      claim: () => void (slot.current = handler.current),
      release: () => {
        if (slot.current === handler.current) slot.current = null;
      },
    }),
    [slot],
  );
}

/** Immediate control of a text capture (see `useTextCapture`). */
export interface TextCaptureControl {
  /** Takes the capture now (before the next render). */
  claim(): void;
  /** Gives it up now, if held. */
  release(): void;
}

/** The app's single keyboard entry point: a text capture first, then the bindings table. */
export function useKeyDispatcher(overlay: KeyScope | null, focus: KeyScope): void {
  const registry = useRegistry();
  const capture = useContext(TextCaptureContext);
  const { bindings, store, now } = useAppContext();
  useInput((input, key) => {
    for (const name of keyNames(input, key)) {
      if (capture.current?.(name)) continue;
      const result = dispatchKey(name, { overlay, focus }, bindings, registry);
      if (result.kind === 'disabled') store.getState().logEvent('warn', `${result.command}: ${result.reason}`, now());
    }
  });
}
