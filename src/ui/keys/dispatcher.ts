import type { Binding, KeyScope } from './binding-types.js';
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
 * Scopes in priority order: an open overlay captures every key (modal) but the `always` ones,
 * otherwise the focused panel's bindings win over the global ones.
 */
export function activeScopes(ctx: DispatchContext): readonly KeyScope[] {
  return ctx.overlay ? [ctx.overlay, 'always'] : [ctx.focus, 'global', 'always'];
}

/** Why a key that sends does not count here (it came behind other keys of its chunk). */
export const SEND_KEY_ALONE = 'press it on its own: a key that sends does not count behind other keys typed in the same burst';

/**
 * Runs the first enabled handler bound to `key` in the active scopes. `firstOfChunk` false refuses
 * a binding that sends (`Binding.sends`) with SEND_KEY_ALONE.
 */
export function dispatchKey(key: string, ctx: DispatchContext, bindings: readonly Binding[], registry: ReadonlyMap<CommandId, CommandRegistration>, firstOfChunk = true): DispatchResult {
  for (const scope of activeScopes(ctx)) {
    for (const b of bindings) {
      if (b.scope !== scope || !b.keys.includes(key)) continue;
      const reg = registry.get(b.command);
      if (!reg) continue;
      const reason = b.sends && !firstOfChunk ? SEND_KEY_ALONE : reg.disabledReason();
      if (reason !== null) return { kind: 'disabled', command: b.command, reason };
      if (reg.handler() !== false) return { kind: 'ran', command: b.command };
    }
  }
  return { kind: 'unbound' };
}

/** The scope that sees a key first: the open overlay, else the focused panel. */
export function innermostScope(ctx: DispatchContext): KeyScope {
  return ctx.overlay ?? ctx.focus;
}

/** True when `key` is bound to some command in `scope` itself (global bindings do not count). */
export function boundIn(key: string, scope: KeyScope, bindings: readonly Binding[]): boolean {
  return bindings.some((b) => b.scope === scope && b.keys.includes(key));
}

/** A command's human description (its first binding's), for messages; the id when unbound. */
export function describeCommand(command: CommandId, bindings: readonly Binding[]): string {
  return bindings.find((b) => b.command === command)?.description ?? command;
}

/** Names of keys as people read them (`Space`, `Enter`, `↑`, `Ctrl-P`). */
const KEY_LABELS: Readonly<Record<string, string>> = {
  ' ': 'Space',
  space: 'Space',
  enter: 'Enter',
  escape: 'Esc',
  tab: 'Tab',
  'shift+tab': 'Shift-Tab',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  backspace: 'Bksp',
};

/** One key name as shown in the footer and the help (`ctrl+p` → `Ctrl-P`, ` ` → `Space`). */
export function keyLabel(key: string): string {
  const known = KEY_LABELS[key];
  if (known !== undefined) return known;
  const chord = /^(ctrl|alt)\+(.+)$/.exec(key);
  if (chord) return `${chord[1] === 'ctrl' ? 'Ctrl' : 'Alt'}-${keyLabel(chord[2] ?? '').replace(/^[a-z]$/, (c) => c.toUpperCase())}`;
  return key;
}

/**
 * Footer hints for the active scopes: `key description` pairs, first key of each binding, the
 * innermost scope's first (the focused panel's keys before the global ones).
 */
export function footerHints(ctx: DispatchContext, bindings: readonly Binding[]): readonly { readonly key: string; readonly description: string }[] {
  const scopes = activeScopes(ctx);
  return scopes.flatMap((scope) => bindings.filter((b) => b.showInFooter && b.scope === scope && b.keys.length > 0).map((b) => ({ key: keyLabel(b.keys[0] ?? ''), description: b.description })));
}
