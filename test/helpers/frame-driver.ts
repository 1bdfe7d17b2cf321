import type { render } from 'ink-testing-library';
import type { CommandRegistry } from '../../src/ui/hooks/use-commands.js';
import { waitFor } from './wait-for.js';

/** What both render helpers add to an ink-testing-library instance. */
export function frameDriver(instance: ReturnType<typeof render>, registry: CommandRegistry) {
  const frame = (): string => {
    for (let i = instance.frames.length - 1; i >= 0; i -= 1) if ((instance.frames[i] ?? '').trim() !== '') return instance.frames[i] ?? '';
    return '';
  };
  return {
    ...instance,
    registry,
    /** The latest non-empty frame (React 19 can leave transient empty ones). */
    frame,
    /** Waits until the latest frame contains `text` (or matches); no deadline but the test's. */
    waitForText: (text: string | RegExp) =>
      waitFor(() => (typeof text === 'string' ? frame().includes(text) : text.test(frame())), () => `${String(text)} on screen; last frame:\n${frame()}`),
    /** Types raw terminal input once handlers are registered (they register in effects after the first frame). */
    press: async (keys: string) => {
      await waitFor(() => registry.size > 0);
      instance.stdin.write(keys);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
  };
}
