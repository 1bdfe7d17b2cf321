import { Box, Text } from 'ink';
import { useState } from 'react';
import type { KeyCategory } from '../keys/binding-types.js';
import { Command } from '../keys/commands.js';
import { keyLabel } from '../keys/dispatcher.js';
import { useAppContext } from '../hooks/app-context.js';
import { useCommand } from '../hooks/use-commands.js';

/** Props of the help overlay. */
export interface HelpOverlayProps {
  readonly width: number;
  readonly height: number;
}

/** Width of one column of the key list. */
const COLUMN = 56;

/**
 * Every binding, grouped by category; generated from the same table the dispatcher uses. Flows into
 * as many columns as fit and scrolls (down/up, PgDn/PgUp) when it is still too long.
 */
export function HelpOverlay({ width, height }: HelpOverlayProps) {
  const { bindings, theme } = useAppContext();
  const [offset, setOffset] = useState(0);
  const groups = new Map<KeyCategory, { keys: string; description: string; scope: string }[]>();
  for (const b of bindings) {
    if (b.scope.startsWith('overlay.')) continue;
    const list = groups.get(b.category) ?? [];
    list.push({ keys: b.keys.map(keyLabel).join(' '), description: b.description, scope: b.scope === 'global' || b.scope === 'always' ? '' : ` (${b.scope})` });
    groups.set(b.category, list);
  }
  const lines: { key: string; text: string; head: boolean }[] = [];
  for (const [cat, list] of groups) {
    lines.push({ key: cat, text: cat, head: true });
    list.forEach((l, i) => lines.push({ key: `${cat}:${i}`, text: `${l.keys.padEnd(14)} ${l.description}${l.scope}`, head: false }));
  }
  const rows = Math.max(1, height - 3);
  const cols = Math.max(1, Math.floor((width - 4) / COLUMN));
  const page = rows * cols;
  const maxOffset = Math.max(0, lines.length - page);
  useCommand(Command.HELP_SCROLL_DOWN, () => setOffset((o) => Math.min(maxOffset, o + rows)), () => (offset >= maxOffset ? 'end of the list' : null));
  useCommand(Command.HELP_SCROLL_UP, () => setOffset((o) => Math.max(0, o - rows)), () => (offset === 0 ? 'top of the list' : null));
  const shown = lines.slice(offset, offset + page);
  const columns = Array.from({ length: cols }, (_, c) => shown.slice(c * rows, (c + 1) * rows));
  const colWidth = Math.floor((width - 4) / cols);
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text bold wrap="truncate-end">
        Keys — Esc or ? to close{maxOffset > 0 ? `  (${offset + 1}–${Math.min(lines.length, offset + page)} of ${lines.length}; ↓/↑ scroll)` : ''}
      </Text>
      <Box>
        {columns.map((col, ci) => (
          <Box key={ci} flexDirection="column" width={colWidth} overflow="hidden">
            {col.map((l) => (
              <Text key={l.key} bold={l.head} color={(l.head ? theme.accent : theme.text) ?? undefined} wrap="truncate-end">
                {l.text}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
