import { Text } from 'ink';
import { useAppContext } from '../hooks/app-context.js';

/** Props of a data-age badge. */
export interface AgeBadgeProps {
  /** Unix ms of the data (0 = never arrived). */
  readonly at: number;
  /** Current Unix ms. */
  readonly now: number;
  /** Age in ms past which the data counts as stale (default 5000). */
  readonly staleAfterMs?: number;
}

/** Fixed-width age of a panel's data: muted while fresh, a warning when stale, "no data" before the first. */
export function AgeBadge({ at, now, staleAfterMs = 5000 }: AgeBadgeProps) {
  const { theme } = useAppContext();
  if (at === 0) return <Text color={theme.warn ?? undefined}> no data</Text>;
  const age = Math.max(0, now - at);
  const stale = age > staleAfterMs;
  const text = age < 1000 ? ' live' : age < 60_000 ? `${Math.floor(age / 1000)}s`.padStart(5) : `${Math.floor(age / 60_000)}m`.padStart(5);
  return (
    <Text color={(stale ? theme.warn : theme.muted) ?? undefined} inverse={stale && theme.warn === null}>
      {stale ? ` STALE ${text.trim()}` : text}
    </Text>
  );
}
