import { Box, Text } from 'ink';
import { useContext, useEffect, useMemo, useState } from 'react';
import { CATEGORIES, type Instrument } from '../../domain/model.js';
import { fit, fitLeft } from '../../domain/format.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import { fuzzyFilter, highlightSegments } from '../fuzzy.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { CommandRegistryContext, useCommand } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useTextField } from '../hooks/use-text-field.js';
import type { Binding, KeyScope } from '../keys/binding-types.js';
import { Command, type CommandId } from '../keys/commands.js';

/** Props of the command palette overlay. */
export interface CommandPaletteProps {
  /** Outer width in columns (min 30). */
  readonly width: number;
  /** Outer height in rows (min 6: two result rows). */
  readonly height: number;
  /** Closes the overlay (the owner clears `ui.overlay`). Called before a chosen entry runs. */
  readonly onClose: () => void;
}

/** One palette entry: a bound command or an instrument to go to. */
type Entry =
  | { readonly kind: 'command'; readonly key: string; readonly text: string; readonly command: CommandId; readonly scope: KeyScope; readonly keys: string; readonly category: string }
  | { readonly kind: 'symbol'; readonly key: string; readonly text: string; readonly ref: SymbolRef };

/** Commands that make no sense from inside the palette. */
const HIDDEN: ReadonlySet<string> = new Set([Command.APP_PALETTE]);

/** Reason shown for a command nobody registered (its panel is not on screen). */
export const NOT_ON_SCREEN = 'not on this screen';

/** Palette entries: one per bound command outside overlays (keys merged), then every instrument. */
function buildEntries(bindings: readonly Binding[], instruments: Readonly<Record<string, Instrument>>): readonly Entry[] {
  const entries: Entry[] = [];
  const seen = new Map<string, number>();
  for (const b of bindings) {
    if (b.scope.startsWith('overlay.') || HIDDEN.has(b.command)) continue;
    const at = seen.get(b.command);
    const prev = at === undefined ? undefined : entries[at];
    if (at !== undefined && prev?.kind === 'command') {
      entries[at] = { ...prev, keys: `${prev.keys} ${b.keys.join(' ')}` };
      continue;
    }
    seen.set(b.command, entries.length);
    entries.push({ kind: 'command', key: `c:${b.command}`, text: b.description, command: b.command, scope: b.scope, keys: b.keys.join(' '), category: b.category });
  }
  const refs = Object.values(instruments).sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.symbol.localeCompare(b.symbol));
  for (const i of refs) entries.push({ kind: 'symbol', key: `s:${i.category}:${i.symbol}`, text: `go to ${i.category} ${i.symbol}`, ref: { category: i.category, symbol: i.symbol } });
  return entries;
}

function isPanelScope(scope: KeyScope): boolean {
  return scope !== 'global' && !scope.startsWith('overlay.');
}

/**
 * The command palette (`:` / Ctrl-P): a filter field with fuzzy search over every non-overlay key
 * binding (description, keys, category and, when its command cannot run now, the reason) and over
 * every instrument ("go to SPOT BTCUSDT"). Up/Down select, Enter runs (a panel command focuses its
 * panel first; a disabled one stays open and says why), Escape closes. Results fit the height.
 */
export function CommandPalette({ width, height, onClose }: CommandPaletteProps) {
  const { bindings, services, store, theme } = useAppContext();
  const registry = useContext(CommandRegistryContext);
  const instruments = useAppStore((s) => s.market.instruments);
  const field = useTextField({ maxLength: Math.max(8, width - 8) });
  const { startEditing } = field;
  // The selection belongs to one query (a new query starts at its best match) and is ref-backed:
  // ":borrow Enter" typed in one chunk must run the top match of "borrow", not of the empty query.
  const [selected, setSelected, selectedNow] = useRefState({ query: '', index: 0 });
  /** A refusal shown until the query changes. */
  const [notice, setNotice] = useState<{ readonly text: string; readonly query: string } | null>(null);
  useEffect(() => startEditing(), [startEditing]);

  const entries = useMemo(() => buildEntries(bindings, instruments), [bindings, instruments]);
  const resultsFor = (query: string) => fuzzyFilter(query, entries, (e) => (e.kind === 'command' ? `${e.text} ${e.category}` : e.text), (e) => (e.kind === 'command' ? e.text : e.ref.symbol));
  const results = useMemo(() => resultsFor(field.value), [entries, field.value]);
  const sel = Math.min(selected.query === field.value ? selected.index : 0, Math.max(0, results.length - 1));
  /** The results and the selected row as they are now (handlers: the query may have grown in this burst). */
  const now = () => {
    const query = field.current();
    const list = resultsFor(query);
    const s = selectedNow.current;
    return { query, list, index: Math.min(s.query === query ? s.index : 0, Math.max(0, list.length - 1)) };
  };
  const reasonOf = (e: Entry): string | null => {
    if (e.kind !== 'command') return null;
    const reg = registry?.get(e.command);
    return reg ? reg.disabledReason() : NOT_ON_SCREEN;
  };

  const rows = Math.max(1, height - 4);
  const first = Math.max(0, Math.min(sel - rows + 1, results.length - rows));
  const visible = results.slice(first, first + rows);
  const inner = Math.max(10, width - 4);
  const keysW = Math.min(12, Math.max(4, Math.floor(inner / 6)));
  const catW = inner >= 60 ? 10 : 0;
  const labelW = Math.max(6, Math.min(40, Math.floor(inner * 0.45), inner - 2 - keysW - catW - 2));

  useCommand(Command.PALETTE_UP, () => {
    const n = now();
    setSelected({ query: n.query, index: Math.max(0, n.index - 1) });
  });
  useCommand(Command.PALETTE_DOWN, () => {
    const n = now();
    setSelected({ query: n.query, index: Math.min(n.list.length - 1, n.index + 1) });
  });
  useCommand(Command.PALETTE_CLOSE, () => onClose());
  useCommand(
    Command.PALETTE_RUN,
    () => {
      const n = now();
      const hit = n.list[n.index]?.item;
      if (!hit) return;
      if (hit.kind === 'symbol') {
        onClose();
        services.selectSymbol(hit.ref);
        return;
      }
      const reason = reasonOf(hit);
      if (reason !== null) {
        setNotice({ text: `${hit.text}: ${reason}`, query: n.query });
        return;
      }
      onClose();
      if (isPanelScope(hit.scope)) store.getState().setFocus(hit.scope);
      registry?.get(hit.command)?.handler();
    },
    () => (now().list.length === 0 ? 'nothing matches' : null),
  );

  const muted = theme.muted ?? undefined;
  const selectedHit = results[sel]?.item;
  const selectedReason = selectedHit ? reasonOf(selectedHit) : null;
  // The bottom line: a refusal until the query changes, else why the selected command cannot run, else the keys.
  const shownNotice = notice && notice.query === field.value ? notice.text : selectedReason !== null ? `cannot run now: ${selectedReason}` : null;
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold>{'› '}</Text>
        {field.value}
        {/* The cursor and hint appear once the field takes keys (one render after mount). */}
        {field.editing ? <Text inverse> </Text> : null}
        <Text color={muted}>{field.value === '' ? (field.editing ? ' type to filter commands and symbols' : '') : `  ${results.length} match${results.length === 1 ? '' : 'es'}`}</Text>
      </Text>
      {visible.map((r, i) => {
        const e = r.item;
        const isSel = first + i === sel;
        const reason = reasonOf(e);
        const label = fit(e.text, labelW);
        const segments = highlightSegments(label, r.match.positions.filter((p) => p < labelW));
        return (
          <Text key={e.key} inverse={isSel} wrap="truncate-end" dimColor={reason !== null}>
            {isSel ? '› ' : '  '}
            {segments.map((s, k) => (
              <Text key={k} bold={s.matched} underline={s.matched && theme.accent === null} color={s.matched ? (theme.accent ?? undefined) : undefined}>
                {s.text}
              </Text>
            ))}{' '}
            {e.kind === 'command' ? (
              <>
                <Text color={muted}>{fitLeft(e.keys, keysW)}</Text>
                {catW > 0 ? <Text color={muted}> {fit(e.category, catW)}</Text> : null}
                {reason !== null ? <Text color={theme.warn ?? undefined}> ({reason})</Text> : null}
              </>
            ) : (
              <Text color={muted}>{fitLeft('symbol', keysW)}</Text>
            )}
          </Text>
        );
      })}
      {Array.from({ length: Math.max(0, rows - visible.length) }, (_, i) => (
        <Text key={`pad${i}`}> </Text>
      ))}
      <Text color={(shownNotice ? theme.warn : theme.muted) ?? undefined} wrap="truncate-end">
        {shownNotice ?? (results.length === 0 ? 'nothing matches' : '↑↓ select  Enter run  Esc close')}
      </Text>
    </Box>
  );
}
