import { Box, Text } from 'ink';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';

/** Props of the alert banner. */
export interface AlertBannerProps {
  /** Width in cells; the text is cut to fit (one row). */
  readonly columns: number;
}

/**
 * The latest alert (the store's `ui.banner`) on one row, inverse in the danger colour for errors
 * and the warning colour otherwise. Renders nothing when there is none, and while the footer
 * answers the last key (`ui.hint`, gone at the next key): the banner shares the footer's row and
 * that answer must stay readable. The alert service clears it after `alerts.bannerSec` or when
 * the alert's condition clears.
 */
export function AlertBanner({ columns }: AlertBannerProps) {
  const { theme } = useAppContext();
  const banner = useAppStore((s) => s.ui.banner);
  const answering = useAppStore((s) => s.ui.hint !== null);
  if (!banner || answering) return null;
  return (
    <Box height={1} width={columns} overflow="hidden">
      <Text inverse bold color={(banner.level === 'error' ? theme.danger : theme.warn) ?? undefined} wrap="truncate-end">
        {` ! ${banner.text} `}
      </Text>
    </Box>
  );
}
