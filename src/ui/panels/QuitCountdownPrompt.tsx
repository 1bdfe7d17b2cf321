import { Box, Text } from 'ink';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { Command } from '../keys/commands.js';

/** What the user chose when quitting with the countdown armed. */
export type QuitCountdownDecision = 'keep' | 'disarm' | 'stay';

/** Props of the quit prompt shown while the countdown is armed. */
export interface QuitCountdownPromptProps {
  /** Outer width in columns (≥ 30). */
  readonly width: number;
  /** Current Unix ms (the time left is re-computed from it). */
  readonly now: number;
  /** Called with the user's choice: keep armed and quit, disarm and quit, or stay. */
  readonly onDecision: (decision: QuitCountdownDecision) => void;
  /** True while the disarm is in flight: the keys are disabled. Default false. */
  readonly busy?: boolean;
  /** Why the last disarm failed (shown in the danger colour), or null. Default null. */
  readonly error?: string | null;
}

/**
 * A modal question (scope `overlay.quitcountdown`, i.e. `ui.overlay = 'quitcountdown'`):
 * `k` keep it armed and quit, `d` disarm and quit, `Esc` stay. 7 rows tall (8 with an error).
 */
export function QuitCountdownPrompt({ width, now, onDecision, busy = false, error = null }: QuitCountdownPromptProps) {
  const { theme } = useAppContext();
  const cd = useAppStore((s) => s.countdown);
  const wait = () => (busy ? 'disarming: wait for the reply' : null);
  useCommand(Command.COUNTDOWN_QUIT_KEEP, () => onDecision('keep'), wait);
  useCommand(Command.COUNTDOWN_QUIT_DISARM, () => onDecision('disarm'), wait);
  useCommand(Command.COUNTDOWN_QUIT_STAY, () => onDecision('stay'), wait);
  const left = Math.ceil(Math.max(0, cd.expiresAt - now) / 1000);
  const keep = cd.armed ? `[k]eep it armed (orders cancel in ${left}s unless another client renews)` : '[k]eep as it is and quit (the countdown is no longer armed)';
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.warn ?? undefined} width={width} paddingX={1} flexShrink={0}>
      <Text bold color={theme.warn ?? undefined} wrap="truncate-end">
        {cd.armed ? `Countdown armed (${cd.windowSec}s window): quit how?` : 'Quit utadash?'}
      </Text>
      <Text wrap="truncate-end">{keep}</Text>
      <Text wrap="truncate-end">[d]isarm and quit</Text>
      <Text wrap="truncate-end">[esc] stay</Text>
      <Text wrap="truncate-end" color={theme.muted ?? undefined}>
        {busy ? 'disarming…' : ' '}
      </Text>
      {error ? (
        <Text wrap="truncate-end" color={theme.danger ?? undefined} bold>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
