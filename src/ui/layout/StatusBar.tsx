import { Box, Text } from 'ink';
import type { SocketHealth } from '../../store/slices/connection-slice.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';

/** Props of the status bar. */
export interface StatusBarProps {
  /** Current Unix ms (ticks once a second). */
  readonly now: number;
  readonly columns: number;
}

const GOOD = new Set(['open', 'authenticated', 'subscribed']);

function socketText(name: string, h: SocketHealth, now: number): string {
  const age = h.lastMessageAt ? `${Math.min(999, Math.max(0, Math.floor((now - h.lastMessageAt) / 1000)))}s` : '--';
  const rtt = h.pingRttMs === null ? '--' : `${Math.min(9999, Math.round(h.pingRttMs))}ms`;
  return `${name} ${h.state.slice(0, 10).padEnd(10)} ${age.padStart(4)} ${rtt.padStart(6)} r${h.reconnects}`;
}

/** The always-visible top line: mode, orders of unknown result, account, socket health, clock offset, rate headroom, countdown. */
export function StatusBar({ now, columns }: StatusBarProps) {
  const { theme } = useAppContext();
  const c = useAppStore((s) => s.connection);
  const cd = useAppStore((s) => s.countdown);
  // Placements whose result the exchange has not proven yet: first on the line, at every width.
  const unknown = useAppStore((s) => Object.values(s.orders.submissions).filter((x) => x.state === 'unknown').length);
  const modeColor = c.mode === 'LIVE' ? theme.live : c.mode === 'PAPER' ? theme.paper : theme.demo;
  const sockColor = (h: SocketHealth) => (GOOD.has(h.state) && now - h.lastMessageAt < 30_000 ? theme.ok : h.state === 'fatal' ? theme.danger : theme.warn);
  const left = cd.armed ? Math.max(0, Math.ceil((cd.expiresAt - now) / 1000)) : 0;
  const dms = cd.armed ? `DMS ${String(left).padStart(2)}s` : cd.firedAt ? 'DMS FIRED' : 'DMS off';
  const wide = columns >= 120;
  return (
    <Box height={1} width={columns} overflow="hidden">
      <Text inverse bold color={modeColor ?? undefined}>{` ${c.mode} `}</Text>
      {unknown > 0 ? <Text bold color={theme.danger ?? undefined}>{` ? ${unknown} unknown`}</Text> : null}
      <Text wrap="truncate-end">
        <Text color={theme.muted ?? undefined}>{` ${c.account.slice(0, wide ? 24 : 14)} `}</Text>
        <Text color={sockColor(c.public) ?? undefined}>{socketText(wide ? 'pub' : 'P', c.public, now)}</Text>
        <Text> </Text>
        <Text color={sockColor(c.private) ?? undefined}>{socketText(wide ? 'priv' : 'A', c.private, now)}</Text>
        <Text color={theme.muted ?? undefined}>{wide ? ` clock ${c.clockOffsetMs >= 0 ? '+' : ''}${c.clockOffsetMs}ms rate ${Math.round(c.rest.headroom * 100)}%` : ''}</Text>
        <Text color={(cd.failing || cd.firedAt ? theme.danger : cd.armed ? theme.ok : theme.muted) ?? undefined}>{` ${dms}`}</Text>
      </Text>
    </Box>
  );
}
