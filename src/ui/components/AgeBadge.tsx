import { Text } from 'ink';
import { freshnessBadge, type Freshness } from '../../store/freshness.js';
import { useAppContext } from '../hooks/app-context.js';

/** Props of a data-age badge. */
export interface AgeBadgeProps {
  /** The verdict on the panel's data (`useFreshness`). */
  readonly freshness: Freshness;
}

/**
 * The right end of a panel's title row: the data's age ("live", "12s", "3m") muted while fresh;
 * "STALE 12s" or "no data" in the warning colour (inverse in monochrome). At least 5 columns wide,
 * right-aligned, so a ticking age does not move the title.
 */
export function AgeBadge({ freshness }: AgeBadgeProps) {
  const { theme } = useAppContext();
  const { text, warn } = freshnessBadge(freshness);
  return (
    <Text color={(warn ? theme.warn : theme.muted) ?? undefined} inverse={warn && theme.warn === null} wrap="truncate-end">
      {` ${text.padStart(4)}`}
    </Text>
  );
}
