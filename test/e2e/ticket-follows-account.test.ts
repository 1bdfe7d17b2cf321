/**
 * Description: issue 15 must-show — the screen follows the account. After switching to hedge mode
 * by keys, the ticket maps "open long" to buy + posSide long at once and the exchange accepts it
 * (it refuses a one-way order in hedge mode with 40774); after setting a higher leverage by keys,
 * the ticket's max-open is asked again and shows the new figure.
 * Setup: the desk rig (embedded exchange on port 0, a real session, the whole app at 160x48);
 * operations the exchange executed are recorded at `exchange.handle`.
 * Run: `Alt-6` `H` `o` `y` (hold mode), then the ticket typed by keys (digits go straight into the
 * resting fields), `o` `y`; then `Alt-6` `L`, leverage 50, `o` `y`, and the ticket's max open.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import { escapeTo, focusPanel, KEY, rec, startDeskRig, type DeskRig } from '../helpers/desk-rig.js';
import { waitFor } from '../helpers/wait-for.js';

let rig: DeskRig;

beforeAll(async () => {
  rig = await startDeskRig({ seed: 11 });
});

afterAll(async () => {
  await rig.close();
});

/** The ticket's max-open figure as shown (`max open X · available Y`). */
function maxOpenShown(): string | null {
  return /max open ([0-9.]+)/.exec(rig.app.frame())?.[1] ?? null;
}

/** Types a limit buy at 1% under the bid into the ticket by keys; the cursor ends on qty. */
async function typeTicket(qty: string): Promise<void> {
  const { app, session } = rig;
  await focusPanel(rig, 'ticket');
  for (let i = 0; i < 16; i += 1) await app.press('k');
  await app.press('j');
  await app.press('j');
  const s = session.store.getState();
  const price = new Decimal(s.market.books[symbolKey(s.market.selected)]?.bids[0]?.price ?? '0').mul(0.99).floor().toFixed();
  await app.press(price);
  await app.waitForText(`${price}▌`);
  await app.press(KEY.enter);
  await app.press('j');
  await app.press(qty);
  await app.waitForText(`${qty}▌`);
  await app.press(KEY.enter);
  await waitFor(() => !app.frame().includes('▌'), () => app.frame());
}

describe('the ticket follows the account', () => {
  it('hedge mode by keys, then an open long from the ticket is accepted as posSide long', async () => {
    const { app, session } = rig;
    await focusPanel(rig, 'ticket');
    await app.waitForText('sends       buy (one-way)');
    await focusPanel(rig, 'account');
    await app.press('H');
    await app.waitForText('holdMode* ‹ hedge_mode ›');
    await app.press('o');
    await app.waitForText('Send this? y sends');
    await app.press('y');
    await app.waitForText(/done · \d+ s ago/);
    await escapeTo(rig, null);
    // The write reads the settings again at once: the ticket maps by the new mode.
    await focusPanel(rig, 'ticket');
    await app.waitForText('sends       buy · posSide long (hedge)');

    await typeTicket('0.01');
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm', () => app.frame());
    await app.press('y');
    if (app.frame().includes('press y again')) await app.press('y');
    await app.waitForText('accepted: order');
    const placed = rig.handled.filter((c) => c.opId === 'trade.placeOrder').at(-1);
    expect(rec(placed?.params)['posSide']).toBe('long');
    expect(rig.handled.filter((c) => c.opId === 'trade.placeOrder')).toHaveLength(1);
  });

  it('a higher leverage set by keys shows in the ticket max open without waiting for the poll', async () => {
    const { app } = rig;
    await focusPanel(rig, 'ticket');
    await waitFor(() => maxOpenShown() !== null, () => app.frame());
    const before = new Decimal(maxOpenShown() ?? '0');
    await focusPanel(rig, 'account');
    await app.press('L');
    await app.waitForText('Set leverage');
    await app.press('j');
    await app.press('j');
    await app.press('50');
    await app.waitForText('50▌');
    await app.press(KEY.enter);
    await app.press('o');
    await app.waitForText('leverage = 50');
    await app.press('y');
    await app.waitForText(/done · \d+ s ago/);
    await escapeTo(rig, null);
    await focusPanel(rig, 'ticket');
    await waitFor(() => maxOpenShown() !== null && new Decimal(maxOpenShown() ?? '0').gt(before), () => `max open still ${before.toFixed()}\n${app.frame()}`);
  });
});
