import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertRule } from '../../domain/alert-rules.js';
import type { AlertRuleServices } from '../../services/alert-rule-services.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { afterEffects } from '../../../test/helpers/field-keys.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { AlertFormOverlay } from './AlertFormOverlay.js';

const ENTER = '\r';
const ESC = '\u001B';
const BKSP = '\u007F';

function setup() {
  const store = createAppStore();
  // The focused instrument is where a price rule starts.
  store.getState().selectSymbol({ category: 'SPOT', symbol: 'ETHUSDT' });
  store.getState().setOverlay('alertForm');
  const added: AlertRule[] = [];
  let closed = 0;
  const alerts: AlertRuleServices = {
    rules: () => [],
    add: (rule) => {
      added.push(rule);
      return { id: `added-${added.length}`, saveProblem: null };
    },
    remove: () => 'not here',
  };
  const onClose = () => {
    closed += 1;
    store.getState().setOverlay(null);
  };
  const view = renderPanel(<AlertFormOverlay width={90} height={16} onClose={onClose} />, { store, services: unusedServices({ alerts }), columns: 90, rows: 16 });
  return { store, view, added, closed: () => closed };
}

type View = ReturnType<typeof setup>['view'];

/** Presses `keys` and waits until the frame shows `text` (then lets effects settle). */
async function pressTo(view: View, keys: string, text: string | RegExp): Promise<void> {
  await view.press(keys);
  await view.waitForText(text);
  await afterEffects();
}

afterEach(() => cleanup());

describe('AlertFormOverlay', () => {
  it('kind, then fields: a bad level shows its message and keeps the text; o refuses; fixed, o reviews in words, Enter does not add, y adds', async () => {
    const { view, added, closed } = setup();
    await view.waitForText('› price crosses a level');
    await pressTo(view, ENTER, 'Add an alert — price crosses a level');
    expect(view.frame()).toMatch(/category\s+‹ SPOT ›/);
    expect(view.frame()).toMatch(/symbol\s+ETHUSDT/);
    // To the level row; a digit typed there starts editing it (no Enter first).
    await pressTo(view, 'jjj', /level\s+a price, e\.g\. 100000/);
    await pressTo(view, '1.2.3', '1.2.3▌');
    expect(view.frame()).toContain("level: not a number (digits and one '.', e.g. 100000)");
    await pressTo(view, ENTER, /level\s+1\.2\.3(?!▌)/);
    await pressTo(view, 'o', "cannot review: level: not a number (digits and one '.', e.g. 100000)");
    expect(view.frame()).toMatch(/level\s+1\.2\.3/);
    expect(view.frame()).not.toContain('Add this alert?');
    // Fixed: Backspace inside the field edits what is there.
    await pressTo(view, ENTER, '1.2.3▌');
    await pressTo(view, `${BKSP}${BKSP}${BKSP}${BKSP}2500`, '12500▌');
    await pressTo(view, ENTER, 'alerts when SPOT ETHUSDT last price crosses above 12500');
    expect(view.frame()).not.toContain('level:');
    // The direction is a choice: → cycles it.
    await view.press('k');
    await pressTo(view, '\u001B[C', '‹ below ›');
    await pressTo(view, 'o', 'Add this alert?');
    expect(view.frame()).toContain('alerts when SPOT ETHUSDT last price crosses below 12500');
    expect(view.frame()).toContain('warn · banner · re-arms 0.1% of the level back');
    await view.press(ENTER);
    await afterEffects();
    expect(added).toEqual([]);
    expect(view.frame()).toContain('Add this alert?');
    await view.press('y');
    await waitFor(() => added.length === 1, () => view.frame());
    expect(added[0]).toMatchObject({ kind: 'price', category: 'SPOT', symbol: 'ETHUSDT', direction: 'below', source: 'last' });
    expect(added[0]?.kind === 'price' && added[0].level.toFixed()).toBe('12500');
    expect(closed()).toBe(1);
  });

  it('a typed key never runs a command: o, y and j inside the symbol field are text', async () => {
    const { view, added } = setup();
    await view.waitForText('› price crosses a level');
    await pressTo(view, ENTER, /symbol\s+ETHUSDT/);
    await pressTo(view, 'j', /symbol\s+ETHUSDT/);
    await pressTo(view, ENTER, 'ETHUSDT▌');
    await pressTo(view, 'joy', 'joy▌');
    expect(view.frame()).not.toContain('Add this alert?');
    expect(added).toEqual([]);
    await pressTo(view, ENTER, /symbol\s+joy(?!▌)/);
  });

  it('Esc backs out one step without losing the text: editing → fields → kinds → (Enter) fields as typed; Esc on the kinds closes', async () => {
    const { view, closed, added } = setup();
    await view.waitForText('› price crosses a level');
    await pressTo(view, 'jj', '› loan ratio above X %');
    await pressTo(view, ENTER, /above\s+e\.g\. 75/);
    await pressTo(view, '250', '250▌');
    expect(view.frame()).toContain('above: must be between 0 and 100 % (a percent: 80 means 80 %)');
    await pressTo(view, ESC, /above\s+250(?!▌)/);
    expect(view.frame()).toContain('above: must be between 0 and 100 %');
    await pressTo(view, ESC, '› loan ratio above X %');
    await pressTo(view, ENTER, /above\s+250/);
    // Fixed and reviewed; Esc from the review goes back to the fields, the text still there.
    await pressTo(view, ENTER, '250▌');
    await pressTo(view, `75${ENTER}`, "alerts when a loan's ratio reaches 75%");
    await pressTo(view, 'o', 'Add this alert?');
    await pressTo(view, ESC, /above\s+75/);
    expect(view.frame()).not.toContain('Add this alert?');
    await pressTo(view, ESC, '› loan ratio above X %');
    await view.press(ESC);
    await waitFor(() => closed() === 1, () => view.frame());
    expect(added).toEqual([]);
  });

  it('a kind without fields goes straight to its review; y before a review adds nothing and says why', async () => {
    const { view, store, added } = setup();
    await view.waitForText('› price crosses a level');
    await pressTo(view, 'y', '› price crosses a level');
    expect(store.getState().ui.hint?.text).toBe('Add the reviewed rule: review first with o; y adds only from the review');
    await pressTo(view, 'jjjjjjjj', '› order rejected');
    await pressTo(view, ENTER, 'alerts when the exchange rejects an order of ours');
    expect(view.frame()).toContain('error · banner · every new one alerts');
    await view.press('y');
    await waitFor(() => added.length === 1, () => view.frame());
    expect(added[0]).toMatchObject({ kind: 'orderRejected', severity: 'error' });
  });
});
