import { Box, Text } from 'ink';
import type { KeyCategory } from '../keys/bindings.js';
import { useAppContext } from '../hooks/app-context.js';

/** Props of the help overlay. */
export interface HelpOverlayProps {
  readonly width: number;
  readonly height: number;
}

/** Every binding, grouped by category; generated from the same table the dispatcher uses. */
export function HelpOverlay({ width, height }: HelpOverlayProps) {
  const { bindings, theme } = useAppContext();
  const groups = new Map<KeyCategory, { keys: string; description: string; scope: string }[]>();
  for (const b of bindings) {
    if (b.scope.startsWith('overlay.')) continue;
    const list = groups.get(b.category) ?? [];
    list.push({ keys: b.keys.join(' / '), description: b.description, scope: b.scope === 'global' ? '' : ` (${b.scope})` });
    groups.set(b.category, list);
  }
  const lines: { key: string; text: string; head: boolean }[] = [];
  for (const [cat, list] of groups) {
    lines.push({ key: cat, text: cat, head: true });
    for (const l of list) lines.push({ key: `${cat}:${l.description}`, text: `${l.keys.padEnd(16)} ${l.description}${l.scope}`, head: false });
  }
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text bold>Keys — Esc or ? to close</Text>
      {lines.slice(0, Math.max(0, height - 3)).map((l) => (
        <Text key={l.key} bold={l.head} color={(l.head ? theme.accent : theme.text) ?? undefined} wrap="truncate-end">
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
