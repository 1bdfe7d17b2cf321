import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary, Ticker } from '../../domain/model.js';
import type { TradingServices } from '../../services/app-services.js';
import type { BatchOutcome } from '../../services/order-batch.js';
import type { OrderRequest } from '../../services/order-request.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { BTC_PERP } from '../forms/ticket.testkit.js';
import { LadderOverlay } from './LadderOverlay.js';

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);
const DOWN = '\x1b[B';
const ENTER = '\r';

afterEach(() => cleanup());

function setup(mark: string) {
  const store = createAppStore();
  store.getState().setInstruments([BTC_PERP], NOW);
  const t: Ticker = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', lastPrice: d(mark), bid1Price: d(mark), ask1Price: d(mark), high24h: d(mark), low24h: d(mark), open24h: d(mark), change24h: d('0'), volume24h: d('0'), turnover24h: d('0'), markPrice: d(mark), indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: NOW };
  store.getState().setTickers([t], NOW);
  store.getState().setBooks({ 'USDT-FUTURES:BTCUSDT': { bids: [{ price: '97000', size: '1', cum: d('1') }], asks: [{ price: '97000.5', size: '1', cum: d('1') }], seq: '1', source: 'books5', updatedAt: NOW, synced: true } }, NOW);
  const account: AccountSummary = { equity: d('10000'), effEquity: d('10000'), imr: d('0'), mmr: d('0'), mgnRatio: d('0'), unrealisedPnl: d('0'), assets: [], updatedTime: NOW };
  store.getState().setAccount(account, NOW);
  store.getState().selectSymbol({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  store.getState().setOverlay('ladder');
  const sent: OrderRequest[][] = [];
  const never = () => Promise.reject(new Error('not used'));
  const trading: TradingServices = {
    submitOrder: never,
    modifyOrder: never,
    cancelOrder: never,
    cancelAll: never,
    cancelBatch: never,
    modifyBatch: never,
    closePosition: never,
    closeAll: never,
    submitBatch: async (requests): Promise<BatchOutcome> => {
      sent.push([...requests]);
      return { status: 'accepted', sent: true, items: requests.map((_, i) => (i === 1 ? { orderId: '', clientOid: `c${i}`, status: 'rejected', error: '43012 insufficient balance' } : { orderId: `9${i}`, clientOid: `c${i}`, status: 'accepted' })) };
    },
  };
  const app = renderPanel(<LadderOverlay width={90} height={22} onClose={() => undefined} />, { store, services: unusedServices({ trading }), now: () => NOW, columns: 90, rows: 22 });
  /** Moves the best bid (a new book from the stream). */
  const bidTo = (price: string) =>
    store.getState().setBooks({ 'USDT-FUTURES:BTCUSDT': { bids: [{ price, size: '1', cum: d('1') }], asks: [{ price: '97100', size: '1', cum: d('1') }], seq: '2', source: 'books5', updatedAt: NOW, synced: true } }, NOW);
  return { app, store, sent, bidTo };
}

describe('LadderOverlay', () => {
  it('previews every rung on the tick, sends one batch on o then y, and shows per-order results', async () => {
    const { app, sent } = setup('97000');
    await app.waitForText('From price');
    // One burst: to price, qty, review (keys of one chunk must see each other).
    await app.press(`${DOWN}${DOWN}${ENTER}96000${ENTER}${DOWN}${DOWN}${ENTER}0.01${ENTER}o`);
    await app.waitForText('Send 5 orders, 0.01 each');
    expect(app.frame()).toContain('buy 0.01 BTCUSDT @ 96750.0');
    expect(app.frame()).toContain('buy 0.01 BTCUSDT @ 96000.0');
    await app.press('y');
    await app.waitForText('ladder of 5: 4 accepted, 1 rejected');
    expect(app.frame()).toContain('43012 insufficient balance');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.map((r) => r.price)).toEqual(['97000', '96750', '96500', '96250', '96000']);
    expect(sent[0]?.every((r) => r.orderType === 'limit' && r.side === 'buy' && r.qty === '0.01' && r.timeInForce === 'gtc')).toBe(true);
  });

  it('prefills From once with the best bid; the book moving never rewrites it, nor what the review showed', async () => {
    const { app, sent, bidTo } = setup('97000');
    await app.waitForText('From price');
    await app.waitForText(/From price\s+97000 /);
    // Nothing typed yet: a hint, not an error.
    expect(app.frame()).toContain('fill To price and Qty each, then o to review');
    expect(app.frame()).not.toContain('is not a positive decimal number');
    // The book moves while the form is open: the prefilled From stays.
    bidTo('97010');
    await app.press(`${DOWN}${DOWN}${ENTER}96000${ENTER}${DOWN}${DOWN}${ENTER}0.01${ENTER}`);
    await app.waitForText(/Qty each\s+0\.01/);
    expect(app.frame()).toMatch(/From price\s+97000 /);
    // A From typed by the trader stays too.
    await app.press(`\x1b[A\x1b[A\x1b[A${ENTER}96900${ENTER}o`);
    await app.waitForText('Send 5 orders, 0.01 each');
    expect(app.frame()).toContain('buy 0.01 BTCUSDT @ 96900.0');
    // The book moves during the review: y sends exactly the reviewed rungs.
    bidTo('97050');
    await app.waitForText('Send 5 orders');
    await app.press('y');
    await waitFor(() => sent.length === 1);
    expect(sent[0]?.map((r) => r.price)).toEqual(['96900', '96675', '96450', '96225', '96000']);
  });

  it('refuses a ladder whose rungs collapse, and needs a second y when a rung is far from mark', async () => {
    const { app, sent } = setup('97000');
    await app.waitForText('From price');
    await app.press(`${DOWN}${DOWN}${ENTER}97000.5${ENTER}${DOWN}${ENTER}${'\x7f'}9${ENTER}${DOWN}${ENTER}0.01${ENTER}o`);
    await app.waitForText('would share prices at this tick');
    expect(sent).toHaveLength(0);
    await app.press(`${'\x1b[A'}${'\x1b[A'}${ENTER}${'\x7f'.repeat(7)}90000${ENTER}${DOWN}${ENTER}${'\x7f'}3${ENTER}o`);
    await app.waitForText('priceFarFromMark (1 of 3)');
    await app.press('y');
    await app.waitForText('press y again to send anyway');
    expect(sent).toHaveLength(0);
    await app.press('y');
    await waitFor(() => sent.length === 1);
    expect(sent[0]?.map((r) => r.price)).toEqual(['97000', '93500', '90000']);
  });

  it('types into the resting field without Enter and moves with j/k; Enter never reviews or sends', async () => {
    const { app, store, sent } = setup('97000');
    await app.waitForText(/From price\s+97000 /);
    // j j: To price; the digits start editing it at once; ↓ finishes and moves on; j: Qty each.
    await app.press('jj96000');
    await app.waitForText(/To price\s+96000▌/);
    await app.press(`${DOWN}j0.01`);
    await app.waitForText(/Qty each\s+0\.01▌/);
    // Enter ends the edit; k: up to Orders, where 4 replaces the 5.
    await app.press(`${ENTER}k4`);
    await app.waitForText(/Orders\s+4▌/);
    await app.press(ENTER);
    await app.waitForText('4 orders · value');
    // Enter on every row: edits, finishes, cycles the choices; never a review, never a send.
    for (let i = 0; i < 6; i += 1) await app.press(`k${ENTER}${ENTER}`);
    for (let i = 0; i < 6; i += 1) await app.press(`j${ENTER}${ENTER}`);
    await app.waitForText('4 orders · value');
    expect(app.frame()).not.toContain('y sends');
    await app.press('y');
    await waitFor(() => store.getState().ui.log.some((e) => e.text === 'Send: review first (o)'));
    expect(sent).toHaveLength(0);
    await app.press('o');
    await app.waitForText('Send 4 orders, 0.01 each');
    await app.press(ENTER);
    await app.press('y');
    await waitFor(() => sent.length === 1);
    expect(sent[0]?.map((r) => r.price)).toEqual(['97000', '96666.5', '96333.5', '96000']);
  });

  it('shows the problem of the values on screen: a refusal of the last review clears once the field is fixed', async () => {
    const { app, sent } = setup('97000');
    await app.waitForText(/From price\s+97000 /);
    await app.press('jj96000');
    await app.press(`${DOWN}j0.00001${ENTER}o`);
    await app.waitForText('quantity 0.00001');
    // Fixed: the preview comes back without another review.
    await app.press('0.01');
    await app.waitForText(/Qty each\s+0\.01▌/);
    await app.waitForText('5 orders · value');
    expect(app.frame()).not.toContain('quantity 0.00001');
    await app.press(`${ENTER}o`);
    await app.waitForText('Send 5 orders, 0.01 each');
    expect(sent).toHaveLength(0);
  });
});
