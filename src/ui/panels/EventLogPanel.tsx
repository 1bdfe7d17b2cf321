import { Text } from 'ink';
import { formatClock } from '../../domain/time-format.js';
import { useState } from 'react';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { Command } from '../keys/commands.js';

/** Props of the event log panel. */
export interface EventLogPanelProps {
  readonly focused: boolean;
  readonly width: number;
  readonly height: number;
}

/**
 * The event log: every action sent and every rejection with its code. Follows the newest entry
 * until scrolled back (up/down, PgUp/PgDn); End follows again.
 */
export function EventLogPanel({ focused, width, height }: EventLogPanelProps) {
  const { theme } = useAppContext();
  const rows = Math.max(0, height - 3);
  const log = useAppStore((s) => s.ui.log);
  // Entries back from the newest; 0 = following the tail.
  const [back, setBack] = useState(0);
  const maxBack = Math.max(0, log.length - rows);
  const scroll = (delta: number) => setBack((b) => Math.max(0, Math.min(maxBack, b + delta)));
  useCommand(Command.LOG_OLDER, () => scroll(1), () => (back >= maxBack ? 'at the oldest entry' : null));
  useCommand(Command.LOG_NEWER, () => scroll(-1), () => (back === 0 ? 'already at the newest entry' : null));
  useCommand(Command.LOG_PAGE_OLDER, () => scroll(rows), () => (back >= maxBack ? 'at the oldest entry' : null));
  useCommand(Command.LOG_PAGE_NEWER, () => scroll(-rows), () => (back === 0 ? 'already at the newest entry' : null));
  useCommand(Command.LOG_FOLLOW, () => setBack(0));
  const end = log.length - Math.min(back, maxBack);
  const shown = log.slice(Math.max(0, end - rows), end);
  const color = { info: theme.text, ok: theme.ok, warn: theme.warn, error: theme.danger } as const;
  const title = back > 0 ? `Events (${end}/${log.length}, End follows)` : 'Events';
  return (
    <Panel title={title} hotkey="8" focused={focused} width={width} height={height}>
      {shown.map((e) => (
        <Text key={e.id} wrap="truncate-end" color={color[e.level] ?? undefined}>
          {formatClock(e.at)} {e.text}
        </Text>
      ))}
    </Panel>
  );
}
