/**
 * Description: issue 15 (non-negotiable "Enter never sends") — with a complete order in the ticket,
 * Enter pressed four times on every ticket row, for a limit and a market order, sends nothing to the
 * exchange; only the review's `y` does.
 * Setup: the desk rig (embedded exchange on port 0, a real session, the whole app at 160x48); every
 * operation the exchange executes is recorded at `exchange.handle` (what reached it on the wire).
 * Run: price and quantity typed; then per row: Enter ×4, Escape ×2, next row; again as a market
 * order; then `o` and `y` (and `y` again if a guard warns): exactly one placement arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_FIELDS } from '../../src/ui/forms/ticket-form.js';
import { afterEffects, focusPanel, KEY, startDeskRig, typeIntoField, type DeskRig } from '../helpers/desk-rig.js';
import { waitFor } from '../helpers/wait-for.js';

const WRITES = new Set(['trade.placeOrder', 'trade.placeBatch', 'trade.modifyOrder', 'trade.cancelOrder', 'trade.closePositions']);

let rig: DeskRig;

/** Order writes the exchange executed so far. */
function writes(): number {
  return rig.handled.filter((c) => WRITES.has(c.opId)).length;
}

/** Moves the ticket cursor to its first row (k past the top). */
async function toFirstRow(): Promise<void> {
  for (let i = 0; i < TICKET_FIELDS.length; i += 1) await rig.app.press('k');
}

/** Enter four times on every row, leaving each with Escape twice. */
async function enterOnEveryRow(): Promise<void> {
  const { app, session } = rig;
  await toFirstRow();
  for (let row = 0; row < TICKET_FIELDS.length; row += 1) {
    for (let i = 0; i < 4; i += 1) await app.press(KEY.enter);
    await afterEffects();
    await app.press(KEY.escape);
    await app.press(KEY.escape);
    await waitFor(() => session.store.getState().ui.overlay === null, () => `overlay ${String(session.store.getState().ui.overlay)} on row ${row}`);
    await app.press('j');
  }
}

beforeAll(async () => {
  rig = await startDeskRig({ seed: 11 });
});

afterAll(async () => {
  await rig.close();
});

describe('Enter never sends', () => {
  it('on any ticket row, limit or market, nothing reaches the exchange; y after the review does', async () => {
    const { app, session } = rig;
    await focusPanel(rig, 'ticket');
    await toFirstRow();
    await app.press('j');
    await app.press('j'); // price
    await typeIntoField(rig, '90000');
    await app.press('j'); // qty
    await typeIntoField(rig, '0.01');
    const before = writes();

    await enterOnEveryRow();
    expect(writes()).toBe(before);
    await app.press('m'); // market
    await enterOnEveryRow();
    expect(writes()).toBe(before);

    // The same ticket goes with the review key and y (a guard may ask for a second y).
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm', () => app.frame());
    await app.press(KEY.enter);
    await afterEffects();
    expect(writes()).toBe(before);
    await app.press('y');
    if (app.frame().includes('press y again')) await app.press('y');
    await waitFor(() => writes() === before + 1, () => app.frame());
    await app.waitForText('accepted: order');
  });
});
