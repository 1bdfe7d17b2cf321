import type { frameDriver } from './frame-driver.js';
import { waitFor } from './wait-for.js';

/** The rendered app as the frame driver exposes it. */
type App = Pick<ReturnType<typeof frameDriver>, 'press' | 'waitForText' | 'frame'>;

/** Three setImmediate turns, so effects that start a text capture have run before typing. */
export async function afterEffects(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Edits the selected text field as a person would, waiting for each step on screen: Enter starts
 * editing (the cursor `▌` shows), `text` replaces the value, Enter finishes.
 */
export async function typeIntoSelectedField(app: App, text: string): Promise<void> {
  await app.press('\r');
  await app.waitForText('▌');
  await afterEffects();
  await app.press(text);
  await app.waitForText(`${text}▌`);
  await app.press('\r');
  await waitFor(() => !app.frame().includes(`${text}▌`), () => app.frame());
}
