import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { useAppContext } from '../hooks/app-context.js';

/** Props of a bordered panel. */
export interface PanelProps {
  /** Title drawn in the top row. */
  readonly title: string;
  /** Digit that focuses it (shown beside the title). */
  readonly hotkey?: string;
  /** True draws the border in the theme's focus colour (bold in monochrome). */
  readonly focused: boolean;
  /** Outer width in columns (default: flex). */
  readonly width?: number;
  /** Outer height in rows (default: flex). */
  readonly height?: number;
  /** Grow to fill the row/column (default 0). */
  readonly grow?: number;
  /** Right side of the title row, e.g. the data-age badge; never shrunk: the title is cut first (with "…"). */
  readonly badge?: ReactNode;
  readonly children?: ReactNode;
}

/**
 * A bordered box with a one-line title; contents are clipped, never wrapped. Only rows are clipped:
 * Ink slices every line of a horizontally clipped box (slice-ansi, a tenth of the render), and
 * nothing here can be wider than the panel (boxes shrink, texts truncate to their box).
 */
export function Panel({ title, hotkey, focused, width, height, grow = 0, badge, children }: PanelProps) {
  const { theme } = useAppContext();
  return (
    <Box flexDirection="column" borderStyle={focused ? 'bold' : 'single'} borderColor={(focused ? theme.focus : theme.border) ?? undefined} width={width} height={height} flexGrow={grow} flexShrink={0} overflowY="hidden">
      <Box height={1} overflowY="hidden">
        <Box flexGrow={1}>
          <Text bold={focused} color={(focused ? theme.focus : theme.accent) ?? undefined} wrap="truncate-end">
            {hotkey ? `${hotkey} ` : ''}
            {title}
          </Text>
        </Box>
        {badge ? <Box flexShrink={0}>{badge}</Box> : null}
      </Box>
      {children}
    </Box>
  );
}
