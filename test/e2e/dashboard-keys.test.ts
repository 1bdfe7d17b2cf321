/**
 * Issue 5: the whole dashboard against the embedded exchange, driven by keystrokes only.
 * Setup, for each test (none depends on what another left): `startSim()` on 127.0.0.1 port 0, a
 * real session (RestClient, StreamClient, services, store) and the whole app rendered at 160x48.
 * Every action is typed with `app.press`; results are checked on screen AND on the exchange (its
 * own order and position tables).
 * The private socket's reconnect backoff is tuned long (20 s) so that, once the countdown scenario
 * drops the private socket (the user's network failing), it stays down for the rest of the test.
 * Time: one manual clock (test/helpers/sim-testing/manual-clock.ts) for the exchange, the session and
 * the screen; it runs at real speed and the countdown scenario moves it past the window instead of
 * waiting it out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { openSession, type Session } from '../../src/cli/session.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { createManualClock, type ManualClock } from '../helpers/sim-testing/manual-clock.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import type { renderApp } from '../helpers/render-app.js';
import { closeDashboard, showDashboard, simEndpoint, waitTradingReady } from '../helpers/sim-dashboard.js';
import { afterEffects, typeIntoSelectedField } from '../helpers/field-keys.js';
import { eventually, waitFor } from '../helpers/wait-for.js';

const ENTER = '\r';

let clock: ManualClock;
let sim: SimHandle;
let session: Session;
let app: ReturnType<typeof renderApp>;
/** How many order placements (single or batch) the exchange executed. */
let placeCalls = 0;
/** The `countdown` value of every countdown-cancel-all the exchange executed, in order. */
const countdownCalls: string[] = [];

/** One open order as the exchange itself reports it. */
interface ExchangeOrder {
  readonly orderId: string;
  readonly price: string;
  readonly qty: string;
}

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The account's open orders straight from the exchange (no client code involved). */
async function exchangeOrders(): Promise<ExchangeOrder[]> {
  const data = rec(await sim.exchange.handle('trade.getUnfilledOrders', sim.uid, {}));
  return list(data['list']).map((o) => ({ orderId: String(rec(o)['orderId']), price: String(rec(o)['price']), qty: String(rec(o)['qty']) }));
}

/** Non-zero positions straight from the exchange. */
async function exchangePositions(): Promise<Record<string, unknown>[]> {
  const data = rec(await sim.exchange.handle('position.getCurrent', sim.uid, { category: 'USDT-FUTURES' }));
  return list(data['list']).map(rec).filter((p) => new Decimal(String(p['total'] ?? p['size'] ?? '0')).gt(0));
}

/** `what`, then the last frame: what a wait that never ended reports. */
const withFrame = (what: string) => (): string => `${what}\nlast frame:\n${app.frame()}`;

/** Best bid of the selected instrument from the store (what the screen shows). */
function bestBid(): Decimal {
  const s = session.store.getState();
  const price = s.market.books[symbolKey(s.market.selected)]?.bids[0]?.price;
  if (price === undefined) throw new Error('no book yet');
  return new Decimal(price);
}

/** The open-orders row of a 0.01 BTCUSDT buy at `price` (one decimal, as the panel shows it). */
function orderRow(price: Decimal): RegExp {
  return new RegExp(`BTCUSDT\\s+buy\\s+lmt\\s+${price.toFixed(1).replace('.', '\\.')}\\s+0\\.010`);
}

/** Moves the ticket cursor to the field `steps` below the first (k to the top, then j down; info rows are skipped). */
async function ticketField(steps: number): Promise<void> {
  for (let i = 0; i < 16; i += 1) await app.press('k');
  for (let i = 0; i < steps; i += 1) await app.press('j');
}

/** Edits the selected ticket text field: Enter, type `text` (replacing the prefill), Enter. */
async function typeIntoSelected(text: string): Promise<void> {
  await typeIntoSelectedField(app, text);
}

beforeEach(async () => {
  placeCalls = 0;
  countdownCalls.length = 0;
  clock = createManualClock();
  sim = await startSim({ seed: 11, now: clock.now, sleep: clock.sleep });
  const original = sim.exchange.handle.bind(sim.exchange);
  sim.exchange.handle = (opId, uid, params) => {
    if (opId === 'trade.placeOrder' || opId === 'trade.placeBatch') placeCalls += 1;
    if (opId === 'trade.countdownCancelAll') countdownCalls.push(String(rec(params)['countdown']));
    return original(opId, uid, params);
  };
  session = await openSession(
    simEndpoint(sim),
    { streamTuning: { random: () => 1, backoff: { baseMs: 20_000, capMs: 20_000 } }, now: clock.now, sleep: clock.sleep },
  );
  await waitTradingReady(session);
  app = await showDashboard(session, 160, 48, clock.now);
});

afterEach(async () => closeDashboard(session, sim));

describe('the dashboard driven by keys on the embedded exchange', () => {
  it('places a limit order, sees it in open orders, modifies it, cancels it', async () => {
    // 3% under the market: it rests, and stays inside the ticket's 5% distance-from-mark guard.
    const price = bestBid().mul(0.97).floor();
    await app.press('\u001b2');
    await ticketField(2); // side, type, price
    await typeIntoSelected(price.toFixed());
    await app.press('j'); // qty
    await typeIntoSelected('0.01');
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm');
    await app.press('y');
    await app.waitForText('accepted: order');
    await eventually(async () => (await exchangeOrders()).some((o) => new Decimal(o.price).eq(price)), withFrame('order not on the exchange'));
    const placed = (await exchangeOrders()).find((o) => new Decimal(o.price).eq(price));
    expect(placed?.qty).toBe('0.01');

    // Open orders shows it; modify its price with e.
    await app.press('\u001b4');
    await app.waitForText(orderRow(price));
    const moved = price.minus(100);
    await app.press('e');
    await waitFor(() => session.store.getState().ui.overlay === 'orderEdit');
    await app.waitForText('Modify buy BTCUSDT');
    await afterEffects();
    // The cursor rests on the price: the digits start editing it, no Enter first.
    await app.press(moved.toFixed());
    await app.waitForText(`${moved.toFixed()}▌`);
    // Enter finishes the edit (it never reviews); o reviews the change; y sends it.
    await app.press(ENTER);
    await waitFor(() => !app.frame().includes(`${moved.toFixed()}▌`), () => app.frame());
    expect(session.store.getState().ui.overlay).toBe('orderEdit');
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'orderConfirm', () => app.frame());
    await app.waitForText(`send: price ${moved.toFixed()}`);
    await app.press('y');
    await eventually(async () => (await exchangeOrders()).some((o) => o.orderId === placed?.orderId && new Decimal(o.price).eq(moved)), withFrame('modify not on the exchange'));
    await app.waitForText(orderRow(moved));
    expect(app.frame()).not.toMatch(orderRow(price));

    // Cancel it with x, y: gone from the exchange and from the panel.
    await app.press('x');
    await waitFor(() => session.store.getState().ui.overlay === 'orderConfirm');
    await app.press('y');
    await eventually(async () => (await exchangeOrders()).length === 0, withFrame('order still open on the exchange'));
    await waitFor(() => !orderRow(moved).test(app.frame()), () => app.frame());
    await app.waitForText('4 Orders 0 open');
  });

  it('a market order opens a position; c, y closes it; the account is flat', async () => {
    await app.press('\u001b2');
    await app.press('m');
    await app.waitForText(/type\s+market/);
    await ticketField(3); // side, type, price (disabled for market), qty
    await typeIntoSelected('0.02');
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm');
    await app.press('y');
    await app.waitForText('accepted: order');
    await eventually(async () => (await exchangePositions()).length === 1, withFrame('no position on the exchange'));
    await app.press('\u001b5');
    await app.waitForText(/> BTCUSDT long\s+0\.020/);
    const opened = await exchangePositions();
    expect(opened[0]?.['total']).toBe('0.02');
    expect(opened[0]?.['posSide']).toBe('long');
    await app.press('c');
    await waitFor(() => session.store.getState().ui.overlay === 'positions');
    await app.press('y');
    await eventually(async () => (await exchangePositions()).length === 0, withFrame('position still open on the exchange'));
    await app.waitForText('5 Positions (0)');
    await app.waitForText(/close BTCUSDT long: accepted \(order \d+\)/);
    expect(app.frame()).not.toMatch(/> BTCUSDT long/);
  });

  it('refuses an invalid quantity with its reason and sends nothing', async () => {
    const placesBefore = placeCalls;
    // A valid price first: the quantity's own reason is the one left to refuse with.
    await app.press('\u001b2');
    await ticketField(2);
    await typeIntoSelected(bestBid().mul(0.97).floor().toFixed());
    await app.press('j'); // qty
    await typeIntoSelected('0.0001');
    await app.waitForText('quantity 0.0001 has 4 decimals');
    await app.press('o');
    await app.waitForText('not sent: quantity 0.0001 has 4');
    expect(app.frame()).toContain('decimals; BTCUSDT allows 3');
    expect(session.store.getState().ui.overlay).toBeNull();
    expect(placeCalls).toBe(placesBefore);
    expect(await exchangeOrders()).toEqual([]);
  });

  it('a look at the help keeps the ticket as typed (the panels stay mounted under an overlay)', async () => {
    await app.press('\u001b2');
    await ticketField(3);
    await typeIntoSelected('0.0123');
    await app.waitForText('quantity 0.0123 has 4 decimals');
    await app.press('?');
    await app.waitForText('Keys — Esc or ? to close');
    expect(app.frame()).not.toContain('quantity 0.0123');
    await app.press('?');
    await app.waitForText('quantity 0.0123 has 4 decimals');
    expect(app.frame()).not.toContain('Keys — Esc');
    // And the ticket still has the focus and the field under its cursor.
    await typeIntoSelected('0.01');
    await app.waitForText(/qty\s+0\.01 BTC/);
  });

  it('arms the countdown over resting orders; when renewals stop the exchange cancels them and the panel says so', async () => {
    const base = bestBid().mul(0.97).floor();
    await app.press('\u001b2');
    await ticketField(2);
    await typeIntoSelected(base.toFixed());
    await app.press('j');
    await typeIntoSelected('0.01');
    for (const price of [base, base.minus(50)]) {
      if (!price.eq(base)) {
        await ticketField(2);
        await typeIntoSelected(price.toFixed());
      }
      await app.press('o');
      await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm');
      await app.press('y');
      await eventually(async () => (await exchangeOrders()).some((o) => new Decimal(o.price).eq(price)), withFrame(`order at ${price.toFixed()} not on the exchange`));
    }
    expect(await exchangeOrders()).toHaveLength(2);
    await app.waitForText('4 Orders 2 open');

    // 7 focuses the countdown; a opens the window field; 5 s; Enter reviews, y arms.
    await app.press('\u001b7');
    await app.press('a');
    await app.waitForText('▌');
    await afterEffects();
    await app.press('5');
    await app.waitForText('5▌');
    // Enter reviews exactly what goes out; y arms (Enter never sends).
    await app.press(ENTER);
    await app.waitForText('Send? arm countdown=5: y sends');
    expect(countdownCalls).toEqual([]);
    await app.press('y');
    await app.waitForText(/ARMED\s+window  5s/);
    await app.waitForText('arm: done');
    expect(countdownCalls[0]).toBe('5');

    // The user's network drops the private socket (and it stays down): renewals stop on purpose.
    sim.faults.dropSockets('private');
    await app.waitForText('FAILING');
    const failingAt = countdownCalls.length;
    await app.waitForText('renewals stopped');
    // The 5 s window runs out on the clock, not by waiting: the exchange cancels on its next tick.
    clock.advance(6000);
    await eventually(async () => (await exchangeOrders()).length === 0, withFrame('orders still open after the window'));
    await app.waitForText(/FIRED\s+window  5s/);
    await app.waitForText(/expired at \d\d:\d\d:\d\d: the exchange/);
    await app.waitForText('cancelled all UTA orders');
    expect(countdownCalls.slice(failingAt)).toEqual([]);
    // The open-orders panel follows the exchange (reloaded over REST, the private socket is down).
    await app.press('\u001b4');
    await app.waitForText('4 Orders 0 open');
  });
});
