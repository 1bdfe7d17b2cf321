import { Box, Text } from 'ink';
import type { KeyScope } from '../keys/bindings.js';
import { footerHints } from '../keys/dispatcher.js';
import { useAppContext } from '../hooks/app-context.js';

/** Props of the footer. */
export interface FooterProps {
  readonly overlay: KeyScope | null;
  readonly focus: KeyScope;
  readonly columns: number;
}

/** One line of key hints, generated from the bindings table for the active scopes. */
export function Footer({ overlay, focus, columns }: FooterProps) {
  const { bindings, theme } = useAppContext();
  const hints = footerHints({ overlay, focus }, bindings);
  return (
    <Box height={1} width={columns} overflow="hidden">
      <Text wrap="truncate-end">
        {hints.map((h) => (
          <Text key={`${h.key}:${h.description}`}>
            <Text inverse color={theme.accent ?? undefined}>{` ${h.key} `}</Text>
            <Text color={theme.muted ?? undefined}>{` ${h.description}  `}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
