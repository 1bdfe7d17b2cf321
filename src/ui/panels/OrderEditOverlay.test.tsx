import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { BTC_PERP, restingOrder } from '../forms/ticket.testkit.js';
import type { Instrument, Order } from '../../domain/model.js';
import type { ModifyChange } from '../../services/order-batch.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { checkBatchEdit, checkOrderEdit, OrderBatchEditOverlay, OrderEditOverlay, type OrderEditChange } from './OrderEditOverlay.js';

const d = (s: string) => new Decimal(s);

const order = restingOrder;

// The same perpetual the ticket tests use: tick 0.5, qty step 0.001, min value 5 USDT.
const BTC: Instrument = BTC_PERP;

/** The field capture registers in a passive effect one scheduler turn after the caret shows. */
async function afterEffects(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

afterEach(() => cleanup());

describe('checkOrderEdit', () => {
  it('reports each field with the instrument rule, and sends only what changed', () => {
    expect(checkOrderEdit(order('1'), BTC, '97000.3', '0.01')).toMatchObject({ price: expect.stringContaining('multiple of 0.5'), change: null });
    expect(checkOrderEdit(order('1'), BTC, '97000', '0.0001')).toMatchObject({ qty: expect.stringContaining('0.0001'), change: null });
    expect(checkOrderEdit(order('1'), BTC, '97000', '0.01')).toEqual({ price: null, qty: null, form: 'nothing changed: edit the price or the quantity', change: null });
    expect(checkOrderEdit(order('1'), BTC, '96500', '0.01').change).toEqual({ price: '96500' });
    expect(checkOrderEdit(order('1'), BTC, '97000', '0.02').change).toEqual({ qty: '0.02' });
  });
  it('refuses a quantity at or below what already filled', () => {
    expect(checkOrderEdit(order('1', { cumExecQty: d('0.005') }), BTC, '97000', '0.005').qty).toBe('quantity must stay above the filled 0.005');
  });
  it('checks plain numbers only when the instrument is not loaded', () => {
    expect(checkOrderEdit(order('1'), undefined, 'abc', '0.01').price).toContain('not a plain decimal');
    expect(checkOrderEdit(order('1'), undefined, '97000.3', '0.01').change).toEqual({ price: '97000.3' });
  });
});

describe('checkBatchEdit', () => {
  const instruments = { 'USDT-FUTURES:BTCUSDT': BTC };
  it('moves every price by whole ticks and checks each order', () => {
    expect(checkBatchEdit([order('1'), order('2', { price: d('96000') })], instruments, '3', '')).toEqual({
      problem: null,
      changes: [
        { orderId: '1', price: '97001.5' },
        { orderId: '2', price: '96001.5' },
      ],
    });
  });
  it('says why it cannot', () => {
    expect(checkBatchEdit([], instruments, '1', '').problem).toBe('no orders selected');
    expect(checkBatchEdit([order('1')], instruments, '1.5', '').problem).toContain('whole number');
    expect(checkBatchEdit([order('1')], instruments, '', '').problem).toContain('nothing to change');
    expect(checkBatchEdit([order('1')], {}, '1', '').problem).toContain('rules of BTCUSDT are not loaded');
    expect(checkBatchEdit([order('1'), order('2')], instruments, '', '0.0005').problem).toContain('order 1: quantity 0.0005');
    expect(checkBatchEdit([order('1')], instruments, '', '0.02').changes).toEqual([{ orderId: '1', qty: '0.02' }]);
  });
});

describe('OrderEditOverlay', () => {
  it('fits 50x12, shows the reason under the field, sends nothing while invalid, then reviews on o; Esc stops editing, then closes', async () => {
    const store = createAppStore();
    store.getState().setOverlay('orderEdit');
    const sent: OrderEditChange[] = [];
    let cancelled = 0;
    const app = renderPanel(<OrderEditOverlay order={order('7')} instrument={BTC} width={50} onSubmit={(c) => sent.push(c)} onCancel={() => (cancelled += 1)} />, { store, columns: 50, rows: 12 });
    await app.waitForText(/price\s+97000 USDT/);
    // The cursor rests on price: the first digit starts editing it, replacing the prefilled value.
    await app.press('97000.3');
    await app.waitForText('97000.3▌');
    await app.waitForText('price must be a multiple of 0.5');
    for (const l of app.frame().split('\n')) expect(l.length).toBeLessThanOrEqual(50);
    expect(app.frame().split('\n').length).toBeLessThanOrEqual(12);
    // While editing, o is a character the field refuses (never the review key).
    await app.press('o');
    await waitFor(() => store.getState().ui.hint?.text.startsWith("price takes digits and .: 'o' ignored"));
    await app.press('\r');
    await waitFor(() => !app.frame().includes('▌'));
    await app.press('o');
    await waitFor(() => store.getState().ui.log.some((e) => e.text.startsWith('Review: price must be a multiple of 0.5')));
    expect(sent).toEqual([]);
    // Enter edits again; Backspace keeps the rest.
    await app.press('\r');
    await app.waitForText('97000.3▌');
    await afterEffects();
    await app.press('\x7f');
    await app.waitForText('97000.▌');
    await app.press('5');
    await waitFor(() => !app.frame().includes('multiple of'));
    await app.press('\r');
    expect(sent).toEqual([]);
    await app.press('o');
    await waitFor(() => sent.length === 1);
    expect(sent).toEqual([{ price: '97000.5' }]);
    await app.press('\r');
    await app.waitForText('97000.5▌');
    await afterEffects();
    await app.press('\x1b');
    await waitFor(() => !app.frame().includes('▌'));
    expect(cancelled).toBe(0);
    await app.press('\x1b');
    await waitFor(() => cancelled === 1);
  });

  it('Enter never reviews: it edits and finishes each field in turn; n closes', async () => {
    const store = createAppStore();
    store.getState().setOverlay('orderEdit');
    const sent: OrderEditChange[] = [];
    let cancelled = 0;
    const app = renderPanel(<OrderEditOverlay order={order('7')} instrument={BTC} width={50} onSubmit={(c) => sent.push(c)} onCancel={() => (cancelled += 1)} />, { store, columns: 50, rows: 12 });
    await app.waitForText(/price\s+97000 USDT/);
    await app.press('96500\r');
    await app.waitForText(/price\s+96500 USDT/);
    for (let i = 0; i < 4; i += 1) await app.press('\r');
    await app.press('j\r\r\r\r');
    await afterEffects();
    expect(sent).toEqual([]);
    expect(cancelled).toBe(0);
    await app.press('n');
    await waitFor(() => cancelled === 1);
  });
});

describe('OrderEditOverlay keys of one chunk', () => {
  it('types a chunk into each resting field in turn, moving with j and k, and reviews on o', async () => {
    const store = createAppStore();
    store.getState().setOverlay('orderEdit');
    const sent: OrderEditChange[] = [];
    const app = renderPanel(<OrderEditOverlay order={order('7')} instrument={BTC} width={50} onSubmit={(c) => sent.push(c)} onCancel={() => undefined} />, { store, columns: 50, rows: 12 });
    await app.waitForText(/price\s+97000 USDT/);
    // A price, Tab, a quantity, Enter, o: one stdin chunk, no Enter to start either edit.
    await app.press('96500\t0.02\ro');
    await waitFor(() => sent.length === 1);
    expect(sent).toEqual([{ price: '96500', qty: '0.02' }]);
    // k back to price (j/k move when nothing is edited), a new price, o.
    await app.press('k96000\ro');
    await waitFor(() => sent.length === 2);
    expect(sent[1]).toEqual({ price: '96000', qty: '0.02' });
  });
});

describe('OrderBatchEditOverlay', () => {
  it('takes a signed tick offset and a quantity and reviews one change per order on o', async () => {
    const store = createAppStore();
    store.getState().setOverlay('orderEdit');
    const sent: (readonly ModifyChange[])[] = [];
    const orders = [order('1'), order('2', { price: d('95000') })];
    const app = renderPanel(<OrderBatchEditOverlay orders={orders} instruments={{ 'USDT-FUTURES:BTCUSDT': BTC }} width={60} onSubmit={(c) => sent.push(c)} onCancel={() => undefined} />, { store, columns: 60, rows: 12 });
    await app.waitForText('Modify 2 USDT-FUTURES orders');
    await app.press('+1');
    await app.waitForText('+1▌');
    await app.press('\t');
    await waitFor(() => !app.frame().includes('▌'));
    await app.press('0.003');
    await app.waitForText('0.003▌');
    await app.waitForText('o: review 2 changes');
    await app.press('\r');
    expect(sent).toEqual([]);
    await app.press('o');
    await waitFor(() => sent.length === 1);
    expect(sent[0]).toEqual([
      { orderId: '1', price: '97000.5', qty: '0.003' },
      { orderId: '2', price: '95000.5', qty: '0.003' },
    ]);
  });
});
