import type { Binding, KeyScope } from './bindings.js';
import type { CommandId } from './commands.js';

/** A command's live handler. Return false to let the key fall through to the next scope. */
export type CommandHandler = () => boolean | void;

/** A registered handler plus, when the command cannot run now, the reason shown to the user. */
export interface CommandRegistration {
  readonly handler: CommandHandler;
  /** Null when enabled; otherwise a short reason ("no open orders"). */
  readonly disabledReason: () => string | null;
}

/** What the dispatcher needs to know about the screen. */
export interface DispatchContext {
  /** Open overlay scope, e.g. `overlay.help`, or null. */
  readonly overlay: KeyScope | null;
  /** Focused panel scope. */
  readonly focus: KeyScope;
}

/** The outcome of one key. */
export type DispatchResult =
  | { readonly kind: 'ran'; readonly command: CommandId }
  | { readonly kind: 'disabled'; readonly command: CommandId; readonly reason: string }
  | { readonly kind: 'unbound' };

/**
 * Scopes in priority order: an open overlay captures every key (modal), otherwise the focused
 * panel's bindings win over the global ones.
 */
export function activeScopes(ctx: DispatchContext): readonly KeyScope[] {
  return ctx.overlay ? [ctx.overlay] : [ctx.focus, 'global'];
}

/** Runs the first enabled handler bound to `key` in the active scopes. */
export function dispatchKey(key: string, ctx: DispatchContext, bindings: readonly Binding[], registry: ReadonlyMap<CommandId, CommandRegistration>): DispatchResult {
  for (const scope of activeScopes(ctx)) {
    for (const b of bindings) {
      if (b.scope !== scope || !b.keys.includes(key)) continue;
      const reg = registry.get(b.command);
      if (!reg) continue;
      const reason = reg.disabledReason();
      if (reason !== null) return { kind: 'disabled', command: b.command, reason };
      if (reg.handler() !== false) return { kind: 'ran', command: b.command };
    }
  }
  return { kind: 'unbound' };
}

/** Footer hints for the active scopes: `key description` pairs, first key of each binding. */
export function footerHints(ctx: DispatchContext, bindings: readonly Binding[]): readonly { readonly key: string; readonly description: string }[] {
  const scopes = activeScopes(ctx);
  return bindings.filter((b) => b.showInFooter && scopes.includes(b.scope) && b.keys.length > 0).map((b) => ({ key: b.keys[0] ?? '', description: b.description }));
}
