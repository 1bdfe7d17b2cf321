import { Box, Text } from 'ink';
import { useState } from 'react';
import { Command } from '../keys/commands.js';
import { useCommand } from '../hooks/use-commands.js';
import { useRenderStats, type RenderStatsSnapshot } from '../hooks/use-render-stats.js';
import { useAppContext } from '../hooks/app-context.js';

/** Props of the render-stats overlay. */
export interface RenderStatsOverlayProps {
  /** Width of the one line it occupies while shown (columns). */
  readonly width: number;
}

/** The overlay's one line, fixed-width numbers so refreshes rewrite few bytes. */
export function renderStatsLine(s: RenderStatsSnapshot | null): string {
  if (!s) return 'render stats: not available (no stats source)';
  const kb = (s.bytesPerSec / 1024).toFixed(1).padStart(6);
  const rows = s.rowsKept === null ? '' : `  rows kept ${(s.rowsKept * 100).toFixed(0).padStart(3)}%`;
  // Most telling first: at 80 columns the running frame count is what gets cut.
  return `fps ${s.fps.toFixed(1).padStart(5)}  out ${kb} KB/s  render ${s.renderMsMedian.toFixed(1).padStart(5)} ms p99 ${s.renderMsP99.toFixed(1).padStart(5)} ms${rows}  frames ${String(s.totalFrames).padStart(7)}`;
}

/**
 * A one-line overlay with fps, terminal bytes/s and Ink render time over the last 5 s, and the
 * share of frame rows reused from the frame before (when the row builder counts them); `!`
 * (command `stats.toggle`) shows and hides it. Renders nothing (height 0) while hidden, so the
 * layout may reserve a row for it or let it take the footer's place. Refreshes once a second.
 */
export function RenderStatsOverlay({ width }: RenderStatsOverlayProps) {
  const { theme } = useAppContext();
  const [shown, setShown] = useState(false);
  useCommand(Command.STATS_TOGGLE, () => setShown((v) => !v));
  const stats = useRenderStats(shown);
  if (!shown) return null;
  return (
    <Box height={1} width={width} overflow="hidden">
      <Text inverse color={theme.accent ?? undefined} wrap="truncate-end">
        {` ${renderStatsLine(stats)} `.padEnd(width).slice(0, width)}
      </Text>
    </Box>
  );
}
