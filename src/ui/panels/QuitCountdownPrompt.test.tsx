import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { QuitCountdownPrompt, type QuitCountdownDecision } from './QuitCountdownPrompt.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function setup(props: { busy?: boolean; error?: string | null } = {}, width = 80) {
  const store = createAppStore();
  store.getState().setCountdownArmed(30, NOW);
  store.getState().setOverlay('quitcountdown');
  const decisions: QuitCountdownDecision[] = [];
  const view = renderPanel(<QuitCountdownPrompt width={width} now={NOW + 13_000} onDecision={(d) => decisions.push(d)} {...props} />, { store, columns: width, rows: 10 });
  return { store, decisions, view };
}

afterEach(() => cleanup());

describe('QuitCountdownPrompt', () => {
  it('asks with the time left and answers k / d / Esc in its own overlay scope', async () => {
    const { decisions, view } = setup();
    await view.waitForText('[k]eep it armed (orders cancel in 17s unless another client renews)');
    expect(view.frame()).toContain('[d]isarm and quit');
    expect(view.frame()).toContain('[esc] stay');
    await view.press('k');
    await waitFor(() => decisions.length === 1);
    await view.press('d');
    await waitFor(() => decisions.length === 2);
    await view.press('\x1b');
    await waitFor(() => decisions.length === 3);
    expect(decisions).toEqual(['keep', 'disarm', 'stay']);
    await view.press('q');
    expect(decisions).toHaveLength(3);
  });

  it('while disarming the keys are disabled with a reason, and a failure is shown', async () => {
    const { store, decisions, view } = setup({ busy: true, error: 'disarm failed: EXCH_NETWORK; still armed' });
    await view.waitForText('disarm failed: EXCH_NETWORK; still armed');
    await view.press('k');
    await waitFor(() => store.getState().ui.log.length > 0);
    expect(store.getState().ui.log.at(-1)?.text).toBe('Quit, keep the countdown armed: disarming: wait for the reply');
    expect(decisions).toEqual([]);
  });

  it('fits 30 columns and 8 rows', async () => {
    const { view } = setup({ error: 'disarm failed' }, 30);
    await view.waitForText('[d]isarm and quit');
    const lines = view.frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(8);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(30);
  });
});
