/**
 * Issue 17 item 5: partial close and close at a limit price, from the positions panel, by keys,
 * on the embedded exchange.
 * Setup: `startSim()` on 127.0.0.1 port 0, a real session (RestClient, StreamClient, services,
 * store) and the whole app rendered at 160x48; a market buy of 0.02 BTCUSDT through the ticket
 * opens a one-way long.
 * Run: Alt-5 focuses positions; `r`, `50%`, Enter, `o`, `y` closes half; `l`, a price above the
 * market, Enter, `o`, `y` leaves a reduce-only sell resting for the other half. Each step is checked
 * on screen AND on the exchange's own order and position tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { snapPrice } from '../../src/domain/instrument-rules.js';
import { openSession, type Session } from '../../src/cli/session.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';
import { symbolKey } from '../../src/store/slices/market-slice.js';
import type { renderApp } from '../helpers/render-app.js';
import { closeDashboard, showDashboard, simEndpoint, waitTradingReady } from '../helpers/sim-dashboard.js';
import { afterEffects, typeIntoSelectedField } from '../helpers/field-keys.js';
import { waitFor } from '../helpers/wait-for.js';

const ENTER = '\r';
const ALT = '\u001b';

let sim: SimHandle;
let session: Session;
let app: ReturnType<typeof renderApp>;

function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** The account's open orders straight from the exchange (no client code involved). */
function exchangeOrders(): Record<string, unknown>[] {
  return list(rec(sim.exchange.handle('trade.getUnfilledOrders', sim.uid, {}))['list']).map(rec);
}

/** Non-zero USDT-futures positions straight from the exchange. */
function exchangePositions(): Record<string, unknown>[] {
  const data = rec(sim.exchange.handle('position.getCurrent', sim.uid, { category: 'USDT-FUTURES' }));
  return list(data['list']).map(rec).filter((p) => new Decimal(String(p['total'] ?? p['size'] ?? '0')).gt(0));
}

/** Moves the ticket cursor to the field `steps` below the first. */
async function ticketField(steps: number): Promise<void> {
  for (let i = 0; i < 16; i += 1) await app.press('k');
  for (let i = 0; i < steps; i += 1) await app.press('j');
}

/** Types into the reduce form's selected field (it starts editing on the first character), then Enter. */
async function typeIntoForm(text: string): Promise<void> {
  await afterEffects();
  await app.press(text);
  await app.waitForText(`${text}▌`);
  await app.press(ENTER);
  await waitFor(() => !app.frame().includes(`${text}▌`), () => app.frame());
}

beforeAll(async () => {
  sim = await startSim({ seed: 17 });
  session = await openSession(simEndpoint(sim));
  await waitTradingReady(session);
  app = await showDashboard(session);
});

afterAll(async () => closeDashboard(session, sim));

describe('positions: partial close and close at a limit price, by keys on the embedded exchange', () => {
  it('a 50 % close leaves half the position; a limit close rests as a reduce-only order', async () => {
    // Open 0.02 BTCUSDT long at market through the ticket.
    await app.press(`${ALT}2`);
    await app.press('m');
    await app.waitForText(/type\s+market/);
    await ticketField(3);
    await typeIntoSelectedField(app, '0.02');
    await app.press('o');
    await waitFor(() => session.store.getState().ui.overlay === 'ticketConfirm');
    await app.press('y');
    await waitFor(() => exchangePositions().length === 1, () => `no position on the exchange\n${app.frame()}`);
    await app.press(`${ALT}5`);
    await app.waitForText(/> BTCUSDT long\s+0\.020/);

    // r: 50 % of the size at market → review → y.
    await app.press('r');
    await app.waitForText('Reduce BTCUSDT long 0.02');
    await typeIntoForm('50%');
    await app.waitForText('closes 0.01 BTC (50%) at market · leaves 0.01');
    await app.press('o');
    await app.waitForText('Close 0.01 of BTCUSDT long 0.02 (50%) at market?');
    expect(app.frame()).toContain('send: side=sell reduceOnly=yes');
    await app.press('y');
    await waitFor(() => exchangePositions()[0]?.['total'] === '0.01', () => `the exchange position is not 0.01\n${app.frame()}`);
    await app.waitForText(/close 0\.01 @ market of BTCUSDT long: accepted \(order \d+\)/);
    await app.waitForText(/> BTCUSDT long\s+0\.010/);

    // l: the rest at a limit price 2 % above the market: it rests, reduce-only.
    const s = session.store.getState();
    const inst = s.market.instruments['USDT-FUTURES:BTCUSDT'];
    const ask = s.market.books['USDT-FUTURES:BTCUSDT']?.asks[0]?.price;
    if (!inst || ask === undefined) throw new Error('no instrument or book');
    const price = snapPrice(inst, new Decimal(ask).mul(1.02), 'nearest').toFixed();
    await app.press('l');
    await app.waitForText('Reduce BTCUSDT long 0.01');
    await typeIntoForm(price);
    await app.waitForText(`closes 0.01 BTC (100%) at limit ${price}`);
    await app.press('o');
    await app.waitForText(`Close 0.01 of BTCUSDT long 0.01 (100%) at limit ${price}?`);
    expect(app.frame()).toContain('rests as a reduce-only order until filled');
    await app.press('y');
    await waitFor(() => exchangeOrders().length === 1, () => `no resting order on the exchange\n${app.frame()}`);
    const [resting] = exchangeOrders();
    expect(resting).toMatchObject({ symbol: 'BTCUSDT', side: 'sell', orderType: 'limit', qty: '0.01' });
    expect(String(resting?.['reduceOnly']).toLowerCase()).toBe('yes');
    expect(new Decimal(String(resting?.['price'])).eq(price)).toBe(true);
    expect(String(resting?.['clientOid'])).not.toBe('');
    await app.waitForText(`close 0.01 @ ${price} of BTCUSDT long: accepted`);
    // The position is still open (the order rests), and the open-orders panel shows the reduce-only sell.
    expect(exchangePositions()[0]?.['total']).toBe('0.01');
    await app.waitForText('4 Orders 1 open');
    // 2 % away it is deeper than the book shows: the book's header counts it.
    await app.waitForText('◆1 deeper');
  });
});
