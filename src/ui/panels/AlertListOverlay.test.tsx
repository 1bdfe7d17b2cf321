import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAlertSettings } from '../../domain/alert-config.js';
import type { AlertRuleServices } from '../../services/alert-rule-services.js';
import type { AlertRuleEntry } from '../../services/alert-service.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { afterEffects } from '../../../test/helpers/field-keys.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { AlertListOverlay, CONFIG_READ_ONLY } from './AlertListOverlay.js';

function setup() {
  const store = createAppStore();
  store.getState().setOverlay('alertList');
  const [margin, price, rejected] = parseAlertSettings({
    rules: [{ kind: 'loanMarginCall' }, { kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', below: '2500' }, { kind: 'orderRejected' }],
  }).rules;
  if (!margin || !price || !rejected) throw new Error('rules');
  let list: AlertRuleEntry[] = [
    { id: 'config-1', source: 'config', rule: margin, fired: true },
    { id: 'added-2', source: 'added', rule: price, fired: false },
    { id: 'added-3', source: 'added', rule: rejected, fired: false },
  ];
  const removed: string[] = [];
  const alerts: AlertRuleServices = {
    rules: () => list,
    add: () => ({ id: 'x', saveProblem: null }),
    remove: (id) => {
      removed.push(id);
      list = list.filter((e) => e.id !== id);
      return null;
    },
  };
  let closed = 0;
  const view = renderPanel(<AlertListOverlay width={100} height={12} onClose={() => void (closed += 1)} />, { store, services: unusedServices({ alerts }) });
  return { store, view, removed, closed: () => closed };
}

afterEach(() => cleanup());

describe('AlertListOverlay', () => {
  it('lists every rule in words with its source and state; a config rule is not removable and says so', async () => {
    const { view, store, removed } = setup();
    await view.waitForText('Alerts — 3 active rules');
    expect(view.frame()).toMatch(/› config\s+FIRED\s+a loan within 5 points of its margin call/);
    expect(view.frame()).toMatch(/added here\s+armed\s+SPOT ETHUSDT last price crosses below 2500/);
    expect(view.frame()).toMatch(/added here\s+on event\s+the exchange rejects an order of ours/);
    expect(view.frame()).toContain(CONFIG_READ_ONLY);
    await view.press('d');
    await afterEffects();
    expect(store.getState().ui.hint?.text).toContain(CONFIG_READ_ONLY);
    expect(view.frame()).not.toContain('Remove "');
    await view.press('y');
    await afterEffects();
    expect(removed).toEqual([]);
  });

  it('select, d asks, n keeps; d then y removes the selected added rule; Esc closes', async () => {
    const { view, removed, closed } = setup();
    await view.waitForText('Alerts — 3 active rules');
    await view.press('jj');
    await view.waitForText(/› added here\s+on event/);
    await view.press('d');
    await view.waitForText('Remove "the exchange rejects an order of ours"? y removes it');
    await view.press('n');
    await waitFor(() => !view.frame().includes('Remove "'), () => view.frame());
    expect(removed).toEqual([]);
    await view.press('k');
    await view.waitForText(/› added here\s+armed/);
    await view.press('d');
    await view.waitForText('Remove "SPOT ETHUSDT last price crosses below 2500"?');
    await view.press('y');
    await view.waitForText('Alerts — 2 active rules');
    expect(removed).toEqual(['added-2']);
    expect(view.frame()).not.toContain('ETHUSDT');
    expect(closed()).toBe(0);
    await view.press('\u001B');
    await waitFor(() => closed() === 1, () => view.frame());
  });
});
