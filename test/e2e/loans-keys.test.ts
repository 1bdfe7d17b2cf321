/**
 * Description: issue 15 — the loan form on the one form model, against the embedded exchange: a
 * loan amount typed straight into the field the cursor rests on, `o` reviews and the review shows
 * the collateral the exchange will take, the starting ratio and the lines; `y` sends; the borrow
 * history lists the loan at once (it was empty until the loan ended); the message after adding
 * collateral shows the ratio in percent (it showed "ratio now 0.4942%" for 49.42%).
 * Setup: the desk rig (embedded exchange on 127.0.0.1 port 0, a real session, the whole app at 160x48).
 * Run: `0` (loans), `b`, `j`×4, `20000`, Enter, `o`, `y`; `B`, Esc; `+`, the amount, Enter, `o`, `y`.
 * Each step waits for the screen or the exchange's record, never a fixed time.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeTo, focusPanel, KEY, list, rec, startDeskRig, type DeskRig } from '../helpers/desk-rig.js';
import { manualIntervalTimer } from '../helpers/manual-interval.js';
import { waitFor } from '../helpers/wait-for.js';

/** The services' loan poll, never fired here: a loan that shows came from the write's own re-read. */
const loanPoll = manualIntervalTimer();

let rig: DeskRig;

/** The account's ongoing loans straight from the exchange (ratios printed in percent). */
function exchangeLoans(): Record<string, unknown>[] {
  return list(rig.sim.exchange.handle('loan.getOngoing', rig.sim.uid, {})).map(rec);
}

/** The `opId` requests that reached the exchange so far. */
function handled(opId: string) {
  return rig.handled.filter((c) => c.opId === opId);
}

beforeAll(async () => {
  rig = await startDeskRig({ seed: 11, loanPollTimer: loanPoll });
});

afterAll(async () => {
  await rig.close();
});

describe('loan form by keys (issue 15)', () => {
  it('borrows with a reviewed ratio, lists the loan in the borrow history at once, reports the collateral ratio in percent', async () => {
    const { app, session } = rig;
    await focusPanel(rig, 'loans');
    await app.waitForText('no ongoing loans');
    await app.press('b');
    await app.waitForText('New loan');
    await app.waitForText(/Loan coin\s+USDT/);
    // j moves down the form (collateral, term, coll. amount, loan amount); the digits go straight
    // into the loan amount the cursor rests on, no Enter first.
    for (let i = 0; i < 4; i += 1) await app.press('j');
    await app.press('20000');
    await app.waitForText(/Loan amount\s+20000▌/);
    await app.press(KEY.enter);
    await waitFor(() => !app.frame().includes('20000▌'), () => app.frame());

    // o reviews: the collateral the initial ratio asks, the starting ratio, the BTC prices at the lines.
    await app.press('o');
    await app.waitForText(/Confirm: borrow 20000 USDT against ≈[0-9.]+ BTC, FLEXIBLE/);
    expect(app.frame()).not.toContain('against ? BTC');
    await app.waitForText(/starting ratio 65\.00% = loan 20000 \/ collateral [0-9.]+ USDT/);
    await app.waitForText(/BTC margin call at [0-9.]+ USDT \(80\.00%\)/);
    await app.waitForText(/BTC liquidation at [0-9.]+ USDT \(91\.00%\)/);
    await app.waitForText('y sends');
    const reviewed = new Decimal(/against ≈([0-9.]+) BTC/.exec(app.frame())?.[1] ?? '0');
    expect(handled('loan.borrow')).toEqual([]);

    await app.press('y');
    await app.waitForText(/borrowed: order \d+/);
    const orderId = /borrowed: order (\d+)/.exec(app.frame())?.[1] ?? '';
    expect(handled('loan.borrow').map((c) => c.params)).toEqual([{ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '20000' }]);
    const onExchange = exchangeLoans().find((l) => l['orderId'] === orderId);
    expect(onExchange).toMatchObject({ loanCoin: 'USDT', pledgeCoin: 'BTC', loanAmount: '20000' });
    // The collateral the review showed is the one the exchange took (prices move a little in between).
    const pledged = new Decimal(String(onExchange?.['pledgeAmount']));
    expect(reviewed.minus(pledged).abs().div(pledged).lt('0.02')).toBe(true);

    // B: the borrow history lists the loan right away, still ongoing.
    const queries = handled('loan.getBorrowHistory').length;
    await app.press('B');
    await app.waitForText('Loan borrow history');
    await waitFor(() => handled('loan.getBorrowHistory').length > queries, () => app.frame());
    await app.waitForText(new RegExp(`${orderId}\\s+USDT\\s+BTC.*ONGOING`));
    await escapeTo(rig, null);

    // +: add half the collateral again, typed straight into the amount field; y sends.
    await waitFor(() => session.store.getState().loans.ongoing.some((l) => l.orderId === orderId), () => app.frame());
    const add = pledged.div(2).toDecimalPlaces(6, Decimal.ROUND_UP).toFixed();
    await app.press('+');
    await app.waitForText(`Add collateral ${orderId}`);
    await app.press(add);
    await app.waitForText(`${add}▌`);
    await app.waitForText(/ratio \d+\.\d\d% → \d+\.\d\d%/);
    await app.press(KEY.enter);
    await app.press('o');
    await app.waitForText('Confirm: ratio');
    const revises = handled('loan.revisePledge').length;
    await app.press('y');
    await app.waitForText(/collateral added: ratio now \d+\.\d\d%/);
    expect(handled('loan.revisePledge')).toHaveLength(revises + 1);
    // The message's percent is the exchange's own ratio (its ongoing record prints percent), not 100× less.
    const shown = new Decimal(/collateral added: ratio now (\d+\.\d\d)%/.exec(app.frame())?.[1] ?? '0');
    const onRecord = new Decimal(String(exchangeLoans().find((l) => l['orderId'] === orderId)?.['pledgeRate']));
    expect(shown.gt(30) && shown.lt(60)).toBe(true);
    expect(shown.minus(onRecord).abs().lt(1)).toBe(true);
  });
});
