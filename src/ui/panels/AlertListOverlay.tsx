import { Box, Text } from 'ink';
import { useState } from 'react';
import { fit } from '../../domain/format.js';
import { alertRearmText, alertRuleText } from '../../domain/alert-rule-set.js';
import type { AlertRuleEntry } from '../../services/alert-service.js';
import { useAppContext } from '../hooks/app-context.js';
import { useCommand } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { Command } from '../keys/commands.js';

/** Props of the alert list overlay. */
export interface AlertListOverlayProps {
  /** Outer width in columns (min 40). */
  readonly width: number;
  /** Outer height in rows (min 8). */
  readonly height: number;
  /** Closes the overlay (the owner clears `ui.overlay`). */
  readonly onClose: () => void;
}

/** Why a config rule is not removed here. */
export const CONFIG_READ_ONLY = 'a config-file rule is read-only here: edit alerts.rules in the config file';

/** The state column: fired (not re-armed yet), armed, or an event rule (each new event alerts). */
function stateOf(e: AlertRuleEntry): string {
  if (alertRearmText(e.rule) === null) return 'on event';
  return e.fired ? 'FIRED' : 'armed';
}

/**
 * Every active alert rule in words ("alert list" in the palette; `ui.overlay = 'alertList'`, keys
 * in keys/areas/alerts.ts): its source (config file or added here) and its state (armed, FIRED, on
 * event). `d` on a rule added here asks, `y` removes it (and the saved copy); config rules stay. `a`
 * opens the form. Read from `services.alerts` at each render (the app renders once a second).
 */
export function AlertListOverlay({ width, height, onClose }: AlertListOverlayProps) {
  const { services, store, theme } = useAppContext();
  const alerts = services.alerts;
  const [, setVersion] = useState(0);
  const [cursor, setCursor, cursorNow] = useRefState(0);
  const [asking, setAsking, askingNow] = useRefState<AlertRuleEntry | null>(null);
  const list = alerts?.rules() ?? [];
  const listNow = () => alerts?.rules() ?? [];
  const selectedNow = () => {
    const l = listNow();
    return l[Math.min(cursorNow.current, l.length - 1)] ?? null;
  };
  const sel = Math.min(cursor, Math.max(0, list.length - 1));
  const none = () => (askingNow.current ? 'answer first: y removes, n keeps' : listNow().length === 0 ? 'no alert rules' : null);
  useCommand(Command.ALERTS_LIST_UP, () => setCursor((c) => Math.max(0, Math.min(c, listNow().length - 1) - 1)), none);
  useCommand(Command.ALERTS_LIST_DOWN, () => setCursor((c) => Math.min(listNow().length - 1, c + 1)), none);
  useCommand(
    Command.ALERTS_LIST_REMOVE,
    () => setAsking(selectedNow()),
    () => {
      const s = selectedNow();
      return none() ?? (s?.source === 'config' ? CONFIG_READ_ONLY : null);
    },
  );
  useCommand(
    Command.ALERTS_LIST_CONFIRM,
    () => {
      const entry = askingNow.current;
      if (!entry || !alerts) return;
      const problem = alerts.remove(entry.id);
      setAsking(null);
      setVersion((v) => v + 1);
      // Success shows in the list and the event log; a footer hint would hide an alert's banner until the next key.
      if (problem) store.getState().setHint({ level: 'warn', text: `not removed: ${problem}` });
    },
    () => (askingNow.current ? null : 'select an added rule and press d first'),
  );
  useCommand(Command.ALERTS_LIST_CLOSE, () => (askingNow.current ? setAsking(null) : onClose()));

  const inner = Math.max(10, width - 4);
  const rows = Math.max(1, height - 5);
  const first = Math.max(0, Math.min(sel - rows + 1, list.length - rows));
  const muted = theme.muted ?? undefined;
  const sourceW = 11;
  const stateW = 9;
  const footer = asking
    ? null
    : !alerts
      ? 'alerts are not available in this session'
      : list[sel]?.source === 'config'
        ? `${CONFIG_READ_ONLY} · a add · Esc close`
        : '↑↓ select · d remove (added here) · a add · Esc close';
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text bold wrap="truncate-end">{`Alerts — ${list.length} active rule${list.length === 1 ? '' : 's'}`}</Text>
      <Text bold color={muted} wrap="truncate-end">
        {fit(`  ${fit('source', sourceW)} ${fit('state', stateW)} alerts when`, inner)}
      </Text>
      <Box flexDirection="column" height={rows} overflow="hidden">
        {list.length === 0 ? <Text color={muted}>no alert rules: a adds one</Text> : null}
        {list.slice(first, first + rows).map((e, i) => (
          <Text key={e.id} inverse={first + i === sel} wrap="truncate-end" color={e.fired ? (theme.warn ?? undefined) : undefined}>
            {fit(`${first + i === sel ? '› ' : '  '}${fit(e.source === 'config' ? 'config' : 'added here', sourceW)} ${fit(stateOf(e), stateW)} ${alertRuleText(e.rule)}`, inner)}
          </Text>
        ))}
      </Box>
      {asking ? (
        <Text bold color={theme.warn ?? undefined} wrap="truncate-end">
          {`Remove "${alertRuleText(asking.rule)}"? y removes it (and its saved copy) · n/Esc keeps it`}
        </Text>
      ) : (
        <Text color={muted} wrap="truncate-end">
          {footer}
        </Text>
      )}
    </Box>
  );
}
