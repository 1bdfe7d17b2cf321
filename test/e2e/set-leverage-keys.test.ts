/**
 * Description: issue 14 must-show — set leverage from the account panel sends the fields of
 * Bitget's official "Set Leverage" page (`category`, `symbol`, `leverage`; never the seed spec's
 * `productType`), and the exchange applies it.
 * Setup: the desk rig (embedded exchange on port 0, a real session, the whole app at 160x48).
 * Run: `6` `L` (the present leverage shows beside the field), type the leverage, review (`o`), `y`; the request the exchange received (its parsed
 * body, recorded at `exchange.handle`) and the exchange's own settings are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusPanel, KEY, rec, list, startDeskRig, typeIntoField, type DeskRig } from '../helpers/desk-rig.js';
import { waitFor } from '../helpers/wait-for.js';

let rig: DeskRig;

beforeAll(async () => {
  rig = await startDeskRig({ seed: 11 });
});

afterAll(async () => {
  await rig.close();
});

describe('set leverage by keys', () => {
  it('sends category, symbol and leverage as the official page names them', async () => {
    const { app, session } = rig;
    const leverageNow = () => session.store.getState().extras.settings?.symbolLeverage.find((l) => l.category === 'USDT-FUTURES' && l.symbol === 'BTCUSDT')?.leverage.toFixed();
    const before = await waitFor(leverageNow, () => 'no account settings polled');
    await focusPanel(rig, 'account');
    await app.press('L');
    await app.waitForText('Set leverage');
    await app.waitForText('POST /api/v3/account/set-leverage');
    await app.waitForText(/category\*\s+‹ USDT-FUTURES ›/);
    await app.waitForText(/symbol\s+BTCUSDT/);
    // The present leverage shows beside the field.
    await app.waitForText(new RegExp(`leverage\\*\\s+.*now ${before}x`));
    // category, symbol, then leverage.
    await app.press(KEY.down);
    await app.press(KEY.down);
    await typeIntoField(rig, '15');
    await app.press('o');
    await app.waitForText('Send this? y sends, n or Esc goes back');
    await app.waitForText('category = USDT-FUTURES');
    await app.waitForText('leverage = 15');
    expect(app.frame()).not.toContain('productType');
    const sentBefore = rig.handled.filter((c) => c.opId === 'account.setLeverage').length;
    await app.press('y');
    await app.waitForText(/done · \d+ s ago · the exchange's reply below/);
    const sent = rig.handled.filter((c) => c.opId === 'account.setLeverage');
    expect(sent).toHaveLength(sentBefore + 1);
    expect(sent.at(-1)?.params).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '15' });
    const settings = rec(rig.sim.exchange.handle('account.getSettings', rig.sim.uid, {}));
    const btc = list(settings['symbolConfigList']).map(rec).find((r) => r['category'] === 'USDT-FUTURES' && r['symbol'] === 'BTCUSDT');
    expect(btc?.['leverage']).toBe('15');
    // The write reads the settings again: back on the form (Tab), the field shows the new value.
    await waitFor(() => leverageNow() === '15', () => `store leverage ${String(leverageNow())}`);
    await app.press(KEY.tab);
    await app.waitForText(/leverage\*\s+15 now 15x/);
  });
});
