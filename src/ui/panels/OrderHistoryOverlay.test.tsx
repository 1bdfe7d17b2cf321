import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { fillsFromWire, historyOrdersFromWire } from '../../exchange/wire/trade-query-mappers.js';
import { fillRow, OrderHistoryOverlay, orderRow } from './OrderHistoryOverlay.js';

const fail = (): never => {
  throw new Error('expected a fill');
};

const T = '1700000000000'; // 22:13:20 UTC

function wireOrder(orderId: string, price: string, status: string) {
  return { orderId, clientOid: `c${orderId}`, category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price, qty: '0.010', cumExecQty: '0.010', avgPrice: price, orderStatus: status, reduceOnly: 'NO', createdTime: T, updatedTime: T };
}

function wireFill(execId: string, price: string) {
  return { execId, orderId: '900', category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'sell', execPrice: price, execQty: '0.002', execValue: '194', tradeScope: 'maker', feeDetail: [{ feeCoin: 'USDT', fee: '-0.0388' }], createdTime: T, updatedTime: T };
}

/** exchange.call double: canned history pages keyed by operation and cursor; records every call. */
class CannedExchange {
  readonly calls: { id: string; params: Record<string, string> }[] = [];
  readonly pages: Record<string, unknown> = {
    'trade.getHistoryOrders:USDT-FUTURES:': { list: [wireOrder('1003', '97000.5', 'filled'), wireOrder('1002', '96999', 'cancelled')], cursor: '1002' },
    'trade.getHistoryOrders:USDT-FUTURES:1002': { list: [wireOrder('1001', '95555.5', 'filled'), { ...wireOrder('1000', '0', 'filled'), orderType: 'market', avgPrice: '97012.3' }], cursor: '' },
    'trade.getFills:USDT-FUTURES:': { list: [wireFill('f9', '97001')], cursor: '' },
  };
  readonly call = async (id: string, params: unknown): Promise<unknown> => {
    const p = params as Record<string, string>;
    this.calls.push({ id, params: p });
    const page = this.pages[`${id}:${p['category'] ?? ''}:${p['cursor'] ?? ''}`];
    if (page === undefined) throw new Error(`no canned page for ${id} ${p['category'] ?? ''} cursor ${p['cursor'] ?? ''}`);
    return page;
  };
}

function setup(width: number, height: number) {
  const store = createAppStore();
  store.getState().setOverlay('orderHistory');
  const exchange = new CannedExchange();
  let closed = 0;
  const app = renderPanel(<OrderHistoryOverlay category="USDT-FUTURES" width={width} height={height} onClose={() => (closed += 1)} />, {
    store,
    services: unusedServices({ exchange: { call: exchange.call } }),
    columns: width,
    rows: height,
  });
  return { store, exchange, app, closed: () => closed };
}

function expectFits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
}

afterEach(() => cleanup());

describe('history rows', () => {
  it('show a page of orders and fills with the exchange\'s figures; a market order shows its average fill', () => {
    const orders = historyOrdersFromWire({ list: [wireOrder('1003', '97000.5', 'filled'), { ...wireOrder('1000', '0', 'partially_filled'), orderType: 'market', avgPrice: '97012.3' }], cursor: '1002' }, 'USDT-FUTURES');
    expect(orders.next).toBe('1002');
    expect(orders.items.map((o) => orderRow(o))).toEqual([
      { key: '1003', cells: { time: '22:13:20', symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '97000.5', qty: '0.01', filled: '0.01', avg: '97000.5', status: 'filled' } },
      { key: '1000', cells: { time: '22:13:20', symbol: 'BTCUSDT', side: 'buy', type: 'market', price: '@97012.3', qty: '0.01', filled: '0.01', avg: '97012.3', status: 'partial' } },
    ]);
    const fills = fillsFromWire({ list: [wireFill('f9', '97001'), { ...wireFill('f8', '97000'), feeDetail: [] }], cursor: '' }, 'USDT-FUTURES');
    expect(fills.next).toBeNull();
    expect(fills.items.map((f) => fillRow(f).cells.fee)).toEqual(['-0.0388 USDT', '-']);
    expect(fillRow(fills.items[0] ?? fail()).cells).toMatchObject({ price: '97001', qty: '0.002', role: 'maker', order: '900' });
  });
});

describe('OrderHistoryOverlay', () => {
  it('pages with the reply cursor (n older, p back) and refuses past the oldest page', async () => {
    const { app, store, exchange } = setup(100, 20);
    await app.waitForText('97000.5');
    expect(app.frame()).toContain('cancelled');
    expect(app.frame()).toContain('22:13:20');
    expect(exchange.calls[0]).toEqual({ id: 'trade.getHistoryOrders', params: { category: 'USDT-FUTURES', limit: '15' } });
    await app.press('n');
    await app.waitForText('95555.5');
    // A market order shows its average fill where a limit order shows its price.
    expect(app.frame()).toMatch(/BTCUSDT\s+buy\s+market\s+@97012.3/);
    expect(exchange.calls[1]).toEqual({ id: 'trade.getHistoryOrders', params: { category: 'USDT-FUTURES', limit: '15', cursor: '1002' } });
    expect(app.frame()).not.toContain('97000.5');
    await app.press('n');
    await waitFor(() => store.getState().ui.log.some((e) => e.text === 'Older page: no older rows'));
    expect(exchange.calls).toHaveLength(2);
    await app.press('p');
    await app.waitForText('97000.5');
    expect(exchange.calls[2]).toEqual({ id: 'trade.getHistoryOrders', params: { category: 'USDT-FUTURES', limit: '15' } });
    expectFits(app.frame(), 100, 20);
  });

  it('switches to fills, shows the fee, fits 50x12 and closes on Escape', async () => {
    const { app, exchange, closed } = setup(50, 12);
    await app.waitForText('97000.5');
    expectFits(app.frame(), 50, 12);
    await app.press('\t');
    await app.waitForText('97001');
    expect(exchange.calls[1]).toEqual({ id: 'trade.getFills', params: { category: 'USDT-FUTURES', limit: '7' } });
    expectFits(app.frame(), 50, 12);
    await app.press('\x1b');
    await waitFor(() => closed() === 1);
  });

  it('shows fills with their fee, cycles the category and shows a failed page with its reason', async () => {
    const { app, exchange } = setup(100, 20);
    await app.waitForText('97000.5');
    await app.press('\t');
    await app.waitForText('-0.0388 USDT');
    expect(app.frame()).toContain('maker');
    await app.press('c');
    await app.waitForText('error: no canned page for trade.getFills COIN-FUTURES');
    expect(exchange.calls[2]).toEqual({ id: 'trade.getFills', params: { category: 'COIN-FUTURES', limit: '15' } });
  });
});
