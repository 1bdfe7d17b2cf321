import { useInput } from 'ink';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyScope } from '../keys/bindings.js';
import type { CommandId } from '../keys/commands.js';
import { boundIn, describeCommand, dispatchKey, innermostScope, type CommandHandler, type CommandRegistration, type DispatchContext } from '../keys/dispatcher.js';
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

/** A form's answer to "which text field does the cursor rest on right now?" (null: none). */
export type RestingFieldResolver = () => RestingField | null;

/** A text field the cursor rests on: it may take a typed character and start editing with it. */
export interface RestingField {
  /** Takes `key` when it is a character the field accepts: editing starts with it. */
  offer(key: string): boolean;
}

/**
 * The keyboard's field state: the field being edited (at most one; it owns every printable key)
 * and the forms' resolvers of the field the cursor rests on (a typed character it accepts starts
 * editing it, no Enter first).
 */
export interface TextCaptureSlot {
  current: TextCaptureHandler | null;
  readonly resting: Set<RestingFieldResolver>;
}

/** A fresh, empty slot (one per mounted app). */
export function newTextCaptureSlot(): TextCaptureSlot {
  return { current: null, resting: new Set() };
}

/** Context holding the text-capture slot of the mounted app. */
export const TextCaptureContext = createContext<TextCaptureSlot>(newTextCaptureSlot());

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

/**
 * Registers a form's resting-field resolver while mounted. The resolver reads the present (its
 * cursor ref, the store's overlay) and answers null whenever the form is not where keys go.
 */
export function useRestingField(resolve: RestingFieldResolver): void {
  const slot = useContext(TextCaptureContext);
  const latest = useLatest(resolve);
  useEffect(() => {
    const own: RestingFieldResolver = () => latest.current();
    slot.resting.add(own);
    return () => void slot.resting.delete(own);
  }, [slot]);
}

/** The scopes keys go to right now (read from the store at each key, not from the last render). */
export type ScopeReader = () => DispatchContext;

/** A single printable character (what a field may take). */
function printable(name: string): boolean {
  return name.length === 1 && name >= ' ';
}

/**
 * The app's single keyboard entry point. Each key of a chunk runs in order against the state the
 * previous one left: the field being edited takes it first (it owns every printable key), then a
 * field the cursor rests on may start editing with it (a character it accepts that the innermost
 * scope does not bind), then the bindings of the scopes read now. When a key changes the focus or
 * the overlay, the rest of the chunk waits for the render that mounts what now has the keys; a
 * chunk that only types into a field (a paste) still costs one render.
 */
export function useKeyDispatcher(scopes: ScopeReader): void {
  const registry = useRegistry();
  const capture = useContext(TextCaptureContext);
  const { bindings, store, now, frameGate } = useAppContext();
  const queue = useRef<{ readonly name: string; readonly first: boolean }[]>([]);
  const [turn, setTurn] = useState(0);
  const read = useLatest(scopes);
  const scopeKey = (ctx: DispatchContext) => `${ctx.overlay ?? ''}|${ctx.focus}`;
  const one = (name: string, first: boolean): void => {
    const ctx = read.current();
    if (store.getState().ui.hint !== null) store.getState().setHint(null);
    if (capture.current?.(name)) return;
    if (printable(name) && !boundIn(name, innermostScope(ctx), bindings)) {
      for (const resolve of capture.resting) {
        const field = resolve();
        if (field?.offer(name)) return;
      }
    }
    const result = dispatchKey(name, ctx, bindings, registry, first);
    if (result.kind === 'disabled') {
      const text = `${describeCommand(result.command, bindings)}: ${result.reason}`;
      store.getState().setHint({ level: 'warn', text });
      store.getState().logEvent('warn', text, now());
    }
  };
  /** True from a scope change until the effects of the render it causes have run. */
  const settling = useRef(false);
  const drain = (): void => {
    while (queue.current.length > 0 && !settling.current) {
      const before = scopeKey(read.current());
      const next = queue.current.shift();
      if (next) one(next.name, next.first);
      if (scopeKey(read.current()) !== before) {
        // Keys after this one (in this chunk or the next) wait for the new owner's effects.
        settling.current = true;
        setTurn((t) => t + 1);
      }
    }
  };
  // What keys change reaches the screen as soon as they are handled, never at the streaming pace.
  const handle = (): void => (frameGate ? frameGate.input(drain) : drain());
  useInput((input, key) => {
    queue.current.push(...keyNames(input, key).map((name, i) => ({ name, first: i === 0 })));
    handle();
  });
  // Runs after the commit of the render the scope change asked for: children's effects (the new
  // overlay's commands, captures and resting fields) ran first.
  useEffect(() => {
    if (turn === 0) return;
    settling.current = false;
    handle();
  }, [turn]);
}
