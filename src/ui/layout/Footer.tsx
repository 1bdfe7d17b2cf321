import { Box, Text } from 'ink';
import type { KeyScope } from '../keys/bindings.js';
import { footerHints } from '../keys/dispatcher.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';

/** Props of the footer. */
export interface FooterProps {
  readonly overlay: KeyScope | null;
  readonly focus: KeyScope;
  readonly columns: number;
}

/** Cells one hint takes: ` key ` then ` description  `. */
function hintWidth(h: { readonly key: string; readonly description: string }): number {
  return [...h.key].length + 2 + [...h.description].length + 3;
}

/** Room kept at the end for the pointer to the full list. */
const MORE = ' ? all keys';

/**
 * One line of key hints, generated from the bindings table for the active scopes, the focused
 * panel's first. Whole hints only: what does not fit is left out (never cut in the middle) and
 * `? all keys` says where the rest is. The answer to the last key (a refused character, a command
 * that cannot run now) takes the line until the next key.
 */
export function Footer({ overlay, focus, columns }: FooterProps) {
  const { bindings, theme } = useAppContext();
  const hint = useAppStore((s) => s.ui.hint);
  if (hint) {
    return (
      <Box height={1} width={columns} overflow="hidden">
        <Text wrap="truncate-end" color={(hint.level === 'warn' ? theme.warn : theme.text) ?? undefined}>
          {` ${hint.text}`}
        </Text>
      </Box>
    );
  }
  const all = footerHints({ overlay, focus }, bindings);
  const shown: typeof all[number][] = [];
  let used = 0;
  for (const h of all) {
    const w = hintWidth(h);
    if (used + w > columns - (shown.length + 1 < all.length ? MORE.length : 0)) break;
    shown.push(h);
    used += w;
  }
  return (
    <Box height={1} width={columns} overflow="hidden">
      <Text wrap="truncate-end">
        {shown.map((h) => (
          <Text key={`${h.key}:${h.description}`}>
            <Text inverse color={theme.accent ?? undefined}>{` ${h.key} `}</Text>
            <Text color={theme.muted ?? undefined}>{` ${h.description}  `}</Text>
          </Text>
        ))}
        {shown.length < all.length ? <Text color={theme.muted ?? undefined}>{MORE}</Text> : null}
      </Text>
    </Box>
  );
}
