/**
 * Description: issue 14 must-show — set leverage from the account panel sends the fields of
 * Bitget's official "Set Leverage" page (`category`, `symbol`, `leverage`; never the seed spec's
 * `productType`), and the exchange applies it.
 * Setup: the desk rig (embedded exchange on port 0, a real session, the whole app at 160x48).
 * Run: `6` `L`, type the leverage, review, `y`; the request the exchange received (its parsed
 * body, recorded at `exchange.handle`) and the exchange's own settings are checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusPanel, KEY, rec, list, startDeskRig, typeIntoField, type DeskRig } from '../helpers/desk-rig.js';

let rig: DeskRig;

beforeAll(async () => {
  rig = await startDeskRig({ seed: 11 });
});

afterAll(async () => {
  await rig.close();
});

describe('set leverage by keys', () => {
  it('sends category, symbol and leverage as the official page names them', async () => {
    const { app } = rig;
    await focusPanel(rig, 'account');
    await app.press('L');
    await app.waitForText('Set leverage');
    await app.waitForText('POST /api/v3/account/set-leverage');
    await app.waitForText(/category\*\s+‹ USDT-FUTURES ›/);
    await app.waitForText(/symbol\s+BTCUSDT/);
    // category, symbol, then leverage.
    await app.press(KEY.down);
    await app.press(KEY.down);
    await typeIntoField(rig, '15');
    await app.press('r');
    await app.waitForText('Send this? y sends, Esc goes back');
    await app.waitForText('category = USDT-FUTURES');
    await app.waitForText('leverage = 15');
    expect(app.frame()).not.toContain('productType');
    const before = rig.handled.filter((c) => c.opId === 'account.setLeverage').length;
    await app.press('y');
    await app.waitForText(/done · \d+ s ago · the exchange's reply below/);
    const sent = rig.handled.filter((c) => c.opId === 'account.setLeverage');
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)?.params).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '15' });
    const settings = rec(rig.sim.exchange.handle('account.getSettings', rig.sim.uid, {}));
    const btc = list(settings['symbolConfigList']).map(rec).find((r) => r['category'] === 'USDT-FUTURES' && r['symbol'] === 'BTCUSDT');
    expect(btc?.['leverage']).toBe('15');
  }, 20_000);
});
