import { Box, Text } from 'ink';
import { useAppContext } from '../hooks/app-context.js';

/** Props of a yes/no confirmation. */
export interface ConfirmOverlayProps {
  /** The question, e.g. "Quit utadash?". */
  readonly question: string;
  /** Extra lines: what will happen. */
  readonly details?: readonly string[];
  readonly width: number;
}

/** A modal question answered with y or n/Esc (bindings scope `overlay.confirm`). */
export function ConfirmOverlay({ question, details = [], width }: ConfirmOverlayProps) {
  const { theme } = useAppContext();
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.warn ?? undefined} width={width} paddingX={1}>
      <Text bold color={theme.warn ?? undefined} wrap="truncate-end">
        {question}
      </Text>
      {details.map((d) => (
        <Text key={d} wrap="truncate-end">
          {d}
        </Text>
      ))}
      <Text color={theme.muted ?? undefined}>y: yes · n / Esc: no</Text>
    </Box>
  );
}
