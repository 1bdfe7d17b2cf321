import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { countdownState } from '../../domain/risk-summary.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import type { Theme } from '../theme.js';
import { fitStatusLine, riskCellsSelector, statusSegments, type LinePiece, type LineTone } from './status-line.js';

/** Props of the status bar. */
export interface StatusBarProps {
  /** Current Unix ms (ticks once a second). */
  readonly now: number;
  /** Width of the line in columns. */
  readonly columns: number;
}

/** Ink props of a tone; without a colour (monochrome), danger is inverse and warn bold. */
function toneProps(theme: Theme, tone: LineTone, bold: boolean): { color: string | undefined; bold: boolean; inverse: boolean } {
  const c = tone === null ? null : theme[tone];
  return { color: c ?? undefined, bold: bold || (c === null && tone === 'warn'), inverse: c === null && tone === 'danger' };
}

/**
 * The always-visible top line, at every size: the mode, orders of unknown result, the account,
 * the risk line (equity, unrealised PnL, margin ratio, the nearest liquidation, the worst loan
 * against its lines), the countdown, socket health, clock offset and rate headroom. As the width
 * drops, socket detail gives way first and risk stays (order in `status-line.ts` `GIVE_WAY`).
 */
export function StatusBar({ now, columns }: StatusBarProps) {
  const { theme } = useAppContext();
  const c = useAppStore((s) => s.connection);
  const cd = useAppStore((s) => s.countdown);
  // Placements whose result the exchange has not proven yet: first on the line, at every width.
  const unknown = useAppStore((s) => Object.values(s.orders.submissions).filter((x) => x.state === 'unknown').length);
  // Text only: the bar renders again when what it shows changes, not on every ticker.
  const selectRisk = useMemo(riskCellsSelector, []);
  const risk = useAppStore(selectRisk);
  const modeColor = c.mode === 'LIVE' ? theme.live : c.mode === 'PAPER' ? theme.paper : theme.demo;
  const mode = ` ${c.mode} `;
  const segments = statusSegments(
    { unknown, account: c.account, pub: c.public, priv: c.private, clockOffsetMs: c.clockOffsetMs, headroom: c.rest.headroom, countdown: countdownState(cd, now), now },
    risk,
  );
  const pieces: readonly LinePiece[] = fitStatusLine(segments, columns - mode.length);
  return (
    <Box height={1} width={columns} overflow="hidden">
      <Text inverse bold color={modeColor ?? undefined}>{mode}</Text>
      <Text wrap="truncate-end">
        {pieces.map((p, i) => (
          // Pieces have no identity beyond their place on the line.
          <Text key={i} {...toneProps(theme, p.tone, p.bold === true)}>
            {p.text}
          </Text>
        ))}
      </Text>
    </Box>
  );
}
