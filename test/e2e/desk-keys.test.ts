/**
 * Issue 6 "must show": loans, hold mode and sub-accounts driven by keystrokes only, against the
 * embedded exchange (127.0.0.1 port 0) with a real session and the whole app at 160x48.
 * Results are checked on screen, in the event log and on the exchange itself (its own records,
 * read with `sim.exchange.handle`, no client code involved).
 * The loans panel follows the exchange through the services' loan poll (every 10 s: the stream has
 * no loan topic) and a re-read after each loan write. Here the poll runs only when the test fires it:
 * a write's result shows without it, and the margin call (no write) shows once it runs.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmtPct } from '../../src/domain/format.js';
import { afterEffects, chooseWith, escapeTo, focusPanel, KEY, list, logLines, rec, startDeskRig, typeIntoField, type DeskRig } from '../helpers/desk-rig.js';
import { manualIntervalTimer } from '../helpers/manual-interval.js';
import { waitFor } from '../helpers/wait-for.js';

/**
 * The services' loan poll, run when the test says: a loan step that shows without it came from the
 * write's own re-read ("at once"), and the step that needs the poll fires it instead of waiting 10 s.
 */
const loanPoll = manualIntervalTimer();

let rig: DeskRig;

/** The account's ongoing loans straight from the exchange. */
function exchangeLoans(): Record<string, unknown>[] {
  return list(rig.sim.exchange.handle('loan.getOngoing', rig.sim.uid, {})).map(rec);
}

/** Non-zero USDT-FUTURES positions straight from the exchange. */
function exchangePositions(): Record<string, unknown>[] {
  const data = rec(rig.sim.exchange.handle('position.getCurrent', rig.sim.uid, { category: 'USDT-FUTURES' }));
  return list(data['list']).map(rec).filter((p) => new Decimal(String(p['total'] ?? p['size'] ?? '0')).gt(0));
}

/** The account's hold mode straight from the exchange. */
function exchangeHoldMode(): string {
  return String(rec(rig.sim.exchange.handle('account.getSettings', rig.sim.uid, {}))['holdMode']);
}

/** How many `opId` requests reached the exchange so far. */
function handledCount(opId: string): number {
  return rig.handled.filter((c) => c.opId === opId).length;
}

/** The store's view of one loan. */
function storeLoan(orderId: string) {
  return rig.session.store.getState().loans.ongoing.find((l) => l.orderId === orderId);
}

beforeAll(async () => {
  rig = await startDeskRig({ seed: 11, loanPollTimer: loanPoll });
});

afterAll(async () => {
  await rig.close();
});

describe('loans by keys: borrow, margin call, add collateral, repay, history', () => {
  it('walks a loan from borrow through a margin-call alarm and its recovery to repaid, shown in the borrow history', async () => {
    const { app, sim, session } = rig;
    // 0 focuses the loans panel; b opens the borrow form (loan coin USDT, collateral BTC prefilled).
    await app.press('0');
    await app.waitForText('no ongoing loans');
    await app.press('b');
    await app.waitForText('New loan');
    await app.waitForText(/Loan coin\s+USDT/);
    await app.waitForText(/Collateral\s+BTC/);
    for (let i = 0; i < 4; i += 1) await app.press(KEY.down); // collateral, term, coll. amount, loan amount
    await typeIntoField(rig, '20000');
    await app.press('o');
    await app.waitForText(/Confirm: borrow 20000 USDT against ≈[0-9.]+ BTC, FLEXIBLE/);
    await app.waitForText('y sends');
    expect(exchangeLoans()).toEqual([]);
    await app.press('y');
    await app.waitForText(/borrowed: order \d+/);
    const orderId = /borrowed: order (\d+)/.exec(app.frame())?.[1] ?? '';
    const onExchange = exchangeLoans().find((l) => l['orderId'] === orderId);
    expect(onExchange).toMatchObject({ loanCoin: 'USDT', pledgeCoin: 'BTC', loanAmount: '20000' });

    // The loan shows in the panel with its ratio at once: a borrow reads the loans again (the poll is 10 s).
    await waitFor(() => storeLoan(orderId), () => app.frame());
    const opened = storeLoan(orderId);
    expect(opened?.pledgeRate.gt('0.6') && opened.pledgeRate.lt('0.7')).toBe(true);
    const supRate = opened?.supRate ?? new Decimal(0);
    await app.waitForText(new RegExp(`20000\\+[0-9.]+ USDT\\s+[0-9.]+ BTC\\s+${fmtPct(opened?.pledgeRate ?? null).replace('.', '\\.')}`));

    // The market falls: the collateral is now worth enough less that the ratio is past the margin-call line.
    // The exchange prints ongoing ratios in percent, as the official example does.
    const rateNow = new Decimal(String(exchangeLoans().find((l) => l['orderId'] === orderId)?.['pledgeRate'])).div(100);
    sim.exchange.shockPrice('SPOT', 'BTCUSDT', rateNow.div('0.84'));
    sim.exchange.tick(sim.exchange.now());
    const inCall = new Decimal(String(exchangeLoans().find((l) => l['orderId'] === orderId)?.['pledgeRate'])).div(100);
    expect(inCall.gte(supRate) && inCall.lt('0.88')).toBe(true);
    // The alarm: banner on screen, bell, event-log entry (once the poll brings the new ratio).
    loanPoll.fire();
    await app.waitForText(`loan ${orderId} USDT/BTC: ratio`);
    await app.waitForText('passed the margin call at 80.0%: add collateral or repay');
    expect(session.store.getState().ui.banner?.level).toBe('warn');
    expect(rig.bells).toEqual(['\x07']);
    expect(logLines(rig).some((l) => l.startsWith(`loan ${orderId} USDT/BTC: ratio`) && l.includes('passed the margin call at 80.0%'))).toBe(true);

    // + adds collateral: half the pledge again brings the ratio back under the line.
    const pledge = storeLoan(orderId)?.pledgeAmount ?? new Decimal(0);
    const add = pledge.div(2).toDecimalPlaces(6, Decimal.ROUND_UP);
    await app.press('+');
    await app.waitForText(`Add collateral ${orderId}`);
    await typeIntoField(rig, add.toFixed());
    await app.waitForText(/ratio \d+\.\d\d% → \d+\.\d\d%/);
    await app.press('o');
    await app.waitForText('Confirm: ratio');
    await app.press('y');
    await app.waitForText(/collateral added: ratio now [0-9.]+%/);
    const after = exchangeLoans().find((l) => l['orderId'] === orderId);
    expect(new Decimal(String(after?.['pledgeRate'])).div(100).lt(supRate)).toBe(true);
    expect(new Decimal(String(after?.['pledgeAmount'])).eq(pledge.plus(add))).toBe(true);
    // The panel and the alarm follow at once (the write reads the loans again): ratio below the line, banner cleared, logged.
    await waitFor(() => storeLoan(orderId)?.pledgeRate.lt(supRate), () => app.frame());
    await waitFor(() => session.store.getState().ui.banner === null);
    await app.waitForText(fmtPct(storeLoan(orderId)?.pledgeRate ?? null));
    expect(app.frame()).not.toContain('passed the margin call');
    expect(logLines(rig).some((l) => l.startsWith(`loan ${orderId} USDT/BTC: ratio`) && l.includes('back below margin call 80.0%'))).toBe(true);

    // r repays; an empty amount repays everything.
    await app.press('r');
    await app.waitForText(`Repay ${orderId}`);
    await app.waitForText('repays everything');
    await app.press('o');
    await app.waitForText('Confirm: repays everything');
    await app.press('y');
    await app.waitForText(/repaid [0-9.]+ \(interest [0-9.]+, principal 20000\)/);
    expect(exchangeLoans().find((l) => l['orderId'] === orderId)).toBeUndefined();
    await waitFor(() => session.store.getState().loans.ongoing.length === 0, () => app.frame());
    await app.waitForText('no ongoing loans');

    // B: the borrow history view lists the loan as repaid.
    await app.press('B');
    await app.waitForText('Loan borrow history');
    await app.waitForText('GET /api/v3/loan/borrow-history');
    await app.waitForText(new RegExp(`${orderId}\\s+USDT\\s+BTC.*REPAY`));
    await escapeTo(rig, null);
    await app.waitForText('no ongoing loans');
  });
});

describe('hold mode by keys', () => {
  it('refuses while a position is open (nothing sent), then switches to hedge and back once flat', async () => {
    const { app, session } = rig;
    // A market order for 0.02 BTCUSDT opens a position (ticket: m for market, qty, o, y).
    await focusPanel(rig, 'ticket');
    await app.press('m');
    await app.waitForText(/type\s+market/);
    for (let i = 0; i < 16; i += 1) await app.press('k');
    for (let i = 0; i < 3; i += 1) await app.press('j'); // side, type, price (disabled for market), qty
    await typeIntoField(rig, '0.02');
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm');
    await app.press('y');
    await app.waitForText('accepted: order');
    await waitFor(() => exchangePositions().length === 1, () => 'no position on the exchange');
    await waitFor(() => Object.values(session.store.getState().positions.open).some((p) => !p.size.isZero()));

    // 6, H: the hold-mode view; Enter cycles the choice to hedge_mode; o refuses.
    const before = handledCount('account.setHoldMode');
    await focusPanel(rig, 'account');
    await app.press('H');
    await app.waitForText('Set hold mode (one-way / hedge)');
    await app.waitForText('POST /api/v3/account/set-hold-mode');
    await chooseWith(rig, KEY.enter, 'hedge_mode');
    await app.press('o');
    await app.waitForText('refused: hold mode can change only when flat: 1 open position');
    expect(app.frame()).not.toContain('Send this?');
    expect(logLines(rig).some((l) => l.includes('refused, nothing sent: hold mode can change only when flat'))).toBe(true);
    // y has nothing to confirm.
    await app.press('y');
    await afterEffects();
    expect(handledCount('account.setHoldMode')).toBe(before);
    expect(exchangeHoldMode()).toBe('one_way_mode');
    await escapeTo(rig, null);

    // 5, c, y closes the position; wait until flat everywhere.
    await focusPanel(rig, 'positions');
    await app.waitForText(/> BTCUSDT long\s+0\.020/);
    await app.press('c');
    await waitFor(() => session.store.getState().ui.overlay === 'positions');
    await app.press('y');
    await waitFor(() => exchangePositions().length === 0, () => 'position still open on the exchange');
    await app.waitForText('5 Positions (0)');
    await waitFor(() => Object.values(session.store.getState().positions.open).every((p) => p.size.isZero()) && Object.keys(session.store.getState().orders.open).length === 0);

    // Flat: H offers the mode the account is not in (the present one shown beside it); o reviews, y sends; the reply shows, the exchange
    // holds the new mode, and the store has it at once (the settings poll runs every 30 s; a hold-mode
    // write reads them again right away, so the ticket maps intents by the new mode).
    const heldMode = () => session.store.getState().extras.settings?.holdMode;
    for (const mode of ['hedge_mode', 'one_way_mode'] as const) {
      await waitFor(() => heldMode() === (mode === 'hedge_mode' ? 'one_way_mode' : 'hedge_mode'), () => `store hold mode ${String(heldMode())}`);
      await focusPanel(rig, 'account');
      await app.press('H');
      await app.waitForText('Set hold mode (one-way / hedge)');
      await app.waitForText(`holdMode* ‹ ${mode} › now ${mode === 'hedge_mode' ? 'one_way_mode' : 'hedge_mode'}`);
      await app.press('o');
      await app.waitForText('Send this? y sends, n or Esc goes back');
      await app.waitForText('POST /api/v3/account/set-hold-mode');
      await app.waitForText(`holdMode = ${mode}`);
      const sent = handledCount('account.setHoldMode');
      await app.press('y');
      await app.waitForText(/done · \d+ s ago · the exchange's reply below/);
      await app.waitForText(/result\s+success/);
      expect(handledCount('account.setHoldMode')).toBe(sent + 1);
      expect(exchangeHoldMode()).toBe(mode);
      expect(logLines(rig)).toContain('Set hold mode (one-way / hedge): done');
      await waitFor(() => heldMode() === mode, () => `store hold mode ${String(heldMode())} after the switch to ${mode}`);
      await escapeTo(rig, null);
    }
  });
});

describe('sub-accounts by keys', () => {
  it('refuses a name with digits (nothing sent), creates one with letters, lists it under U', async () => {
    const { app } = rig;
    const name = 'deskkeys';
    await focusPanel(rig, 'account');
    await app.press('N');
    await app.waitForText('Create a sub-account');
    await app.waitForText('POST /api/v3/user/create-sub');
    await app.waitForText(/accountMode\s+‹ unified ›/);
    const before = handledCount('user.createSub');

    // An invalid name: the validator's message, nothing sent.
    await typeIntoField(rig, 'desk42');
    await app.press('o');
    await app.waitForText(/not sent: .*username/);
    expect(app.frame()).toContain('1 to 20 lower-case letters');
    expect(app.frame()).not.toContain('Send this?');
    await app.press('y');
    await afterEffects();
    expect(handledCount('user.createSub')).toBe(before);

    // A valid name: review (o), y, the reply with the new subUid and its virtual e-mail style name.
    await typeIntoField(rig, name);
    await app.press('o');
    await app.waitForText('Send this? y sends, n or Esc goes back');
    await app.waitForText(`username = ${name}`);
    await app.press('y');
    await app.waitForText(`${name}@virtual-bitget.com`);
    await app.waitForText(/subUid\s+\d+/);
    expect(handledCount('user.createSub')).toBe(before + 1);
    const subUid = /subUid\s+(\d+)/.exec(app.frame())?.[1] ?? '';
    expect(subUid).not.toBe('');
    await escapeTo(rig, null);

    // U: the sub-account list shows it.
    await app.press('U');
    await app.waitForText('Sub-accounts');
    await app.waitForText(`${name}@virtual-bitget.com`);
    expect(app.frame()).toContain(subUid);
    await escapeTo(rig, null);
  });
});
