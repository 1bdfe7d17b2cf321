import { Text } from 'ink';
import { Panel } from '../components/Panel.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';

/** Props of the event log panel. */
export interface EventLogPanelProps {
  readonly focused: boolean;
  readonly width: number;
  readonly height: number;
}

/** The newest event-log entries that fit: every action sent and every rejection with its code. */
export function EventLogPanel({ focused, width, height }: EventLogPanelProps) {
  const { theme } = useAppContext();
  const rows = Math.max(0, height - 3);
  const log = useAppStore((s) => s.ui.log.slice(-rows));
  const color = { info: theme.text, ok: theme.ok, warn: theme.warn, error: theme.danger } as const;
  return (
    <Panel title="Events" hotkey="8" focused={focused} width={width} height={height}>
      {log.map((e) => (
        <Text key={e.id} wrap="truncate-end" color={color[e.level] ?? undefined}>
          {new Date(e.at).toISOString().slice(11, 19)} {e.text}
        </Text>
      ))}
    </Panel>
  );
}
