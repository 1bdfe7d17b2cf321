import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { EventLogPanel } from './EventLogPanel.js';

afterEach(() => cleanup());

describe('EventLogPanel', () => {
  it('follows the newest entry, scrolls back on up, and End follows again', async () => {
    const store = createAppStore();
    for (let i = 1; i <= 30; i += 1) store.getState().logEvent('info', `event ${i}`, i * 1000);
    store.getState().setFocus('log');
    const app = renderPanel(<EventLogPanel focused width={60} height={8} />, { store, columns: 60, rows: 8 });
    await app.waitForText('event 30');
    expect(app.frame()).not.toContain('event 24');
    await app.press('k');
    await app.waitForText('Events (29/30');
    expect(app.frame()).not.toContain('event 30');
    await app.press('\x1b[F');
    await waitForNot(() => app.frame().includes('Events (29'));
    expect(app.frame()).toContain('event 30');
  });
});

async function waitForNot(pred: () => boolean): Promise<void> {
  await waitFor(() => !pred());
}
