/**
 * Issue 14, golden (a) at the service layer: the requests the panels' services build — the ticket's
 * placement, modify, cancel, cancel-all, close, the countdown — have the shape of the official
 * page's request example: every key the page shows that we send carries the same JSON type and the
 * same value form (decimal text, lower-case enum words, digits); every key we leave out, or add,
 * is named here with why.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Position } from '../domain/model.js';
import { createExchangeApi } from '../exchange/rest/facade.js';
import { loadGoldens, paramsOf } from '../../test/helpers/golden.js';
import { CountdownService } from './countdown-service.js';
import { FakeCaller, harness, openOrder } from './order-service.testkit.js';
import { createAppStore } from '../store/create-app-store.js';

const PAGE = new Map(loadGoldens().map((g) => [g.operation, paramsOf(g)] as const));

type Rec = Record<string, unknown>;

function page(id: string): Rec {
  const p = PAGE.get(id as never);
  if (typeof p !== 'object' || p === null || Array.isArray(p)) throw new Error(`no object request example for ${id}`);
  return p as Rec;
}

/** The form of a value: its JSON type, and for text whether it is a decimal, digits, or an enum word. */
function form(v: unknown): string {
  if (typeof v !== 'string') return typeof v;
  if (/^\d+$/.test(v)) return 'digits';
  if (/^\d+\.\d+$/.test(v)) return 'decimal';
  if (/^[a-z_]+$/.test(v)) return 'lower-case word';
  if (/^[A-Z][A-Z-]*$/.test(v)) return 'upper-case word';
  return 'text';
}

/** Same form for shared keys (digits and decimals are both decimal text); the other keys as listed. */
function expectShape(ours: Rec, example: Rec, extra: Readonly<Record<string, string>>, missing: Readonly<Record<string, string>>): void {
  const num = (f: string): string => (f === 'digits' ? 'decimal' : f);
  for (const k of Object.keys(ours).filter((k) => k in example)) expect(`${k}: ${num(form(ours[k]))}`).toBe(`${k}: ${num(form(example[k]))}`);
  expect(Object.keys(ours).filter((k) => !(k in example)).sort()).toEqual(Object.keys(extra).sort());
  expect(Object.keys(example).filter((k) => !(k in ours)).sort()).toEqual(Object.keys(missing).sort());
}

const LIMIT = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '97000', qty: '0.01' } as const;

describe('service requests have the official examples’ shape', () => {
  it('the ticket’s limit order → place-order', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', (p) => ({ orderId: '1', clientOid: (p as Rec)['clientOid'] }));
    await h.service.submitOrder(LIMIT);
    const [sent] = h.caller.callsOf('trade.placeOrder') as Rec[];
    expectShape(sent ?? {}, page('trade.placeOrder'), { clientOid: 'the page recommends always providing one; ours match its pattern' }, {
      posSide: 'sent only in hedge mode (the page: required in hedge mode, futures only)',
      timeInForce: 'left out means gtc, the page’s default; sent for ioc/fok/post_only',
      reduceOnly: 'left out means no, the page’s default; sent as yes when closing',
    });
    expect(String(sent?.['clientOid'])).toMatch(/^[.A-Z:/a-z0-9_-]{1,32}$/);
  });

  it('modify → modify-order', async () => {
    const h = harness();
    h.store.getState().applyOrder(openOrder('7'), 1);
    h.caller.on('trade.modifyOrder', () => ({ orderId: '7', clientOid: 'c-7' }));
    await h.service.modifyOrder('7', { price: '90010', qty: '0.02' });
    const [sent] = h.caller.callsOf('trade.modifyOrder') as Rec[];
    expectShape(sent ?? {}, page('trade.modifyOrder'), { category: 'the newer page revision lists it (optional)', symbol: 'the newer page revision lists it (optional)' }, {
      autoCancel: 'left out means no, the page’s default: a failed modify leaves the order as it was',
    });
  });

  it('cancel → cancel-order: only the id, as the page', async () => {
    const h = harness();
    h.caller.on('trade.cancelOrder', () => ({ orderId: '8', clientOid: 'c-8' }));
    await h.service.cancelOrder(openOrder('8'));
    const [sent] = h.caller.callsOf('trade.cancelOrder') as Rec[];
    expectShape(sent ?? {}, page('trade.cancelOrder'), {}, {});
  });

  it('close a position → a reduce-only market order (place-order)', async () => {
    const h = harness();
    h.caller.on('trade.placeOrder', (p) => ({ orderId: '9', clientOid: (p as Rec)['clientOid'] }));
    const pos: Position = {
      category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', holdMode: 'one_way_mode', marginMode: 'crossed', marginCoin: 'USDT',
      size: new Decimal('0.02'), available: new Decimal('0.02'), avgPrice: new Decimal(90000), markPrice: new Decimal(90100), unrealisedPnl: new Decimal(2),
      leverage: new Decimal(10), liqPrice: new Decimal(0), margin: new Decimal(180), takeProfit: null, stopLoss: null, updatedTime: 1,
    };
    await h.service.closePosition(pos);
    const [sent] = h.caller.callsOf('trade.placeOrder') as Rec[];
    expect(sent).toMatchObject({ orderType: 'market', reduceOnly: 'yes', qty: '0.02', side: 'sell' });
    expectShape(sent ?? {}, page('trade.placeOrder'), {
      clientOid: 'the page recommends always providing one',
      marginMode: 'the socket Place-Order-Channel page lists it (futures; default crossed): an isolated position closes isolated',
    }, {
      price: 'a market order has none',
      posSide: 'sent only in hedge mode',
      timeInForce: 'a market order has none',
    });
  });

  it('cancel all on a symbol → cancel-symbol-order', async () => {
    const h = harness();
    h.caller.on('trade.cancelSymbolOrder', () => ({ list: [] }));
    await h.service.cancelAll('USDT-FUTURES', 'BTCUSDT');
    const [sent] = h.caller.callsOf('trade.cancelSymbolOrder') as Rec[];
    expectShape(sent ?? {}, page('trade.cancelSymbolOrder'), { symbol: 'the page’s optional symbol: X cancels the focused symbol only' }, {});
  });

  it('arm the countdown → countdown-cancel-all with the window as digits in a string', async () => {
    const caller = new FakeCaller();
    caller.on('trade.countdownCancelAll', () => 'success');
    const countdown = new CountdownService({ api: createExchangeApi(caller), store: createAppStore(), now: () => 1_000_000, log: () => undefined, healthy: () => null });
    await countdown.arm(40);
    countdown.stop();
    const [sent] = caller.callsOf('trade.countdownCancelAll') as Rec[];
    expect(sent).toStrictEqual(page('trade.countdownCancelAll'));
  });
});
