import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { confirmLines, cycleChoice, DEFAULT_CHOICES, deriveTicket, quickSide, type TicketChoices, type TicketTexts } from './ticket-form.js';
import { BTC_CM, BTC_PERP, BTC_SPOT, envOf, RAAPL, XRP_LIMIT_OPEN } from './ticket.testkit.js';

const texts = (over: Partial<TicketTexts> = {}): TicketTexts => ({ price: '97000', qty: '0.01', takeProfit: '', stopLoss: '', ...over });
const choices = (over: Partial<TicketChoices> = {}): TicketChoices => ({ ...DEFAULT_CHOICES, ...over });
const field = (t: ReturnType<typeof deriveTicket>, id: string) => t.fields.find((f) => f.id === id);

describe('deriveTicket validation', () => {
  it('builds the request of a valid one-way futures limit order', () => {
    const t = deriveTicket(envOf(BTC_PERP), choices(), texts());
    expect(t.problem).toBeNull();
    expect(t.request).toEqual({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '97000', timeInForce: 'gtc', marginMode: 'crossed' });
  });

  it.each([
    ['price', { price: '97000.25' }, 'price 97000.25 has 2 decimals; BTCUSDT allows 1'],
    ['price', { price: '97000.3' }, 'price must be a multiple of 0.5: try 97000 or 97000.5'],
    ['price', { price: '97k' }, 'price "97k" is not a plain decimal number'],
    ['qty', { qty: '0.0005' }, 'quantity 0.0005 has 4 decimals; BTCUSDT allows 3'],
    ['qty', { qty: '1,5' }, 'quantity "1,5" is not a plain decimal number'],
  ])('shows the %s problem for %j and builds no request', (id, over, message) => {
    const t = deriveTicket(envOf(BTC_PERP), choices(), texts(over));
    expect(field(t, id)?.error).toContain(message);
    expect(t.problem).toContain(message);
    expect(t.request).toBeNull();
  });

  it('refuses a quantity off the quantity step', () => {
    const inst = { ...BTC_PERP, quantityMultiplier: new Decimal('0.002') };
    const t = deriveTicket(envOf(inst), choices(), texts({ qty: '0.013' }));
    expect(field(t, 'qty')?.error).toBe('quantity must be a multiple of 0.002 BTC: try 0.012 or 0.014');
    expect(t.request).toBeNull();
  });

  it('refuses a quantity below the minimum', () => {
    const inst = { ...BTC_PERP, quantityMultiplier: new Decimal('0.0001'), quantityPrecision: 4, minOrderQty: new Decimal('0.001') };
    const t = deriveTicket(envOf(inst), choices(), texts({ qty: '0.0005' }));
    expect(field(t, 'qty')?.error).toContain('quantity 0.0005 is below the minimum 0.001 BTC');
    expect(t.request).toBeNull();
  });

  it('asks for the missing price and quantity without showing field errors', () => {
    const t = deriveTicket(envOf(BTC_PERP), choices(), texts({ price: '', qty: '' }));
    expect(t.problem).toBe('enter a price');
    expect(field(t, 'price')?.error).toBeNull();
    expect(deriveTicket(envOf(BTC_PERP), choices(), texts({ qty: '' })).problem).toBe('enter a quantity');
  });

  it('checks TP/SL trigger prices: a number, on the tick, on the right side of the price', () => {
    expect(field(deriveTicket(envOf(BTC_PERP), choices(), texts({ takeProfit: 'abc' })), 'tp')?.error).toContain('take-profit "abc" is not a number');
    expect(field(deriveTicket(envOf(BTC_PERP), choices(), texts({ takeProfit: '96000' })), 'tp')?.error).toBe('take-profit 96000 must be above the buy price 97000');
    expect(field(deriveTicket(envOf(BTC_PERP), choices(), texts({ stopLoss: '98000' })), 'sl')?.error).toBe('stop-loss 98000 must be below the buy price 97000');
    const ok = deriveTicket(envOf(BTC_PERP), choices({ triggerBy: 'mark' }), texts({ takeProfit: '99000', stopLoss: '95000' }));
    expect(ok.request).toMatchObject({ takeProfit: '99000', tpTriggerBy: 'mark', stopLoss: '95000', slTriggerBy: 'mark' });
  });
});

describe('deriveTicket per category', () => {
  it('shows the quantity unit per category, side and type', () => {
    const unit = (inst: typeof BTC_PERP, c: Partial<TicketChoices>) => field(deriveTicket(envOf(inst), choices(c), texts()), 'qty')?.unit;
    expect(unit(BTC_SPOT, { orderType: 'market', side: 'buy' })).toBe('USDT');
    expect(unit(BTC_SPOT, { orderType: 'market', side: 'sell' })).toBe('BTC');
    expect(unit(BTC_SPOT, { orderType: 'limit', side: 'buy' })).toBe('BTC');
    expect(unit(BTC_PERP, { orderType: 'market' })).toBe('BTC');
    expect(unit(BTC_CM, {})).toBe('USD (contracts)');
  });

  it('maps intents in one-way and hedge mode', () => {
    const oneWay = deriveTicket(envOf(BTC_PERP), choices({ intent: 'close_long' }), texts());
    expect(field(oneWay, 'sends')?.value).toBe('sell · reduceOnly yes (one-way)');
    expect(oneWay.request).toMatchObject({ side: 'sell', reduceOnly: true });
    expect(oneWay.request).not.toHaveProperty('posSide');
    const hedge = deriveTicket(envOf(BTC_PERP, { holdMode: 'hedge_mode' }), choices({ intent: 'close_long' }), texts());
    expect(field(hedge, 'sends')?.value).toBe('sell · posSide long (hedge)');
    expect(hedge.request).toMatchObject({ side: 'sell', posSide: 'long' });
    expect(hedge.request).not.toHaveProperty('reduceOnly');
  });

  it('greys out TP/SL on coin-margined futures and never sends them', () => {
    const t = deriveTicket(envOf(BTC_CM), choices(), texts({ qty: '100', takeProfit: '99000' }));
    expect(field(t, 'tp')?.disabledReason).toBe('coin-margined: no preset TP/SL');
    expect(field(t, 'trigger')?.disabledReason).toBe('coin-margined: no preset TP/SL');
    expect(t.request).not.toHaveProperty('takeProfit');
  });

  it('Reality pairs: market-only TP/SL, venue and rToken tif offered and sent', () => {
    const t = deriveTicket(envOf(RAAPL), choices({ venue: 'internalization' }), texts({ takeProfit: '99000' }));
    expect(field(t, 'tp')?.unit).toBe('market only');
    expect(field(t, 'venue')?.disabledReason).toBeNull();
    expect(t.request).toMatchObject({ takeProfit: '99000', tpOrderType: 'market', venue: 'internalization', rTokenTimeInForce: 'gtd' });
    expect(t.request).not.toHaveProperty('tpTriggerBy');
    expect(t.request).not.toHaveProperty('timeInForce');
    expect(field(t, 'tif')?.disabledReason).toBe('Reality pairs: see rToken tif');
    expect(field(deriveTicket(envOf(BTC_SPOT), choices(), texts()), 'venue')?.disabledReason).toBe('Reality pairs only');
  });

  it('greys spot/limit-only fields with reasons', () => {
    const fut = deriveTicket(envOf(BTC_PERP), choices({ orderType: 'market' }), texts());
    expect(field(fut, 'borrow')?.disabledReason).toBe('spot only');
    expect(field(fut, 'pxAmend')?.disabledReason).toBe('limit orders only');
    expect(field(fut, 'tif')?.disabledReason).toBe('ioc (market)');
    expect(field(fut, 'price')?.disabledReason).toBe('market order: no price');
    const spot = deriveTicket(envOf(BTC_SPOT), choices({ autoBorrow: 'yes', pxAmendType: 'yes', stpMode: 'cancel_both' }), texts());
    expect(field(spot, 'intent')?.disabledReason).toBe('futures only');
    expect(spot.request).toMatchObject({ autoBorrow: 'yes', pxAmendType: 'yes', stpMode: 'cancel_both' });
    expect(spot.request).not.toHaveProperty('marginMode');
  });

  it('refuses opening on a limit_open instrument but allows closing', () => {
    const open = deriveTicket(envOf(XRP_LIMIT_OPEN), choices(), texts({ price: '0.5', qty: '20' }));
    expect(open.statusProblem).toBe('opening positions on XRPUSDT is restricted right now; closing is allowed');
    expect(open.request).toBeNull();
    const close = deriveTicket(envOf(XRP_LIMIT_OPEN), choices({ intent: 'close_short' }), texts({ price: '0.5', qty: '20' }));
    expect(close.statusProblem).toBeNull();
    expect(close.request).toMatchObject({ side: 'buy', reduceOnly: true });
  });

  it('refuses opening a delivery future in its last 10 minutes and everything while delivering', () => {
    const inst = { ...BTC_PERP, contractType: 'delivery' as const };
    expect(deriveTicket(envOf(inst, { delivery: 'delivery_before' }), choices(), texts()).statusProblem).toContain('forbidden in the last 10 minutes');
    expect(deriveTicket(envOf(inst, { delivery: 'delivery_before' }), choices({ intent: 'close_long' }), texts()).statusProblem).toBeNull();
    expect(deriveTicket(envOf(inst, { delivery: 'delivery_period' }), choices({ intent: 'close_long' }), texts()).statusProblem).toContain('is delivering');
  });
});

describe('preview, choices and confirmation', () => {
  it('shows the value and the fee by time in force', () => {
    const gtc = deriveTicket(envOf(BTC_PERP), choices(), texts());
    expect(gtc.notional).toBe('970.00 USDT');
    expect(gtc.fee).toBe('0.19–0.58 USDT (maker–taker)');
    expect(deriveTicket(envOf(BTC_PERP), choices({ timeInForce: 'post_only' }), texts()).fee).toBe('≈ 0.19 USDT (maker 0.02%)');
    const mkt = deriveTicket(envOf(BTC_PERP), choices({ orderType: 'market' }), texts());
    expect(mkt.notional).toBe('≈ 970.00 USDT');
    expect(mkt.fee).toBe('≈ 0.58 USDT (taker 0.06%)');
    expect(deriveTicket(envOf(BTC_SPOT), choices({ orderType: 'market' }), texts({ qty: '50' })).notional).toBe('50.00 USDT');
    expect(deriveTicket(envOf(BTC_SPOT), choices(), texts()).fee).toBe('≈ 0.97 USDT (0.1%)');
    expect(deriveTicket(envOf(BTC_PERP), choices(), texts({ qty: 'x' })).notional).toBe('—');
  });

  it('cycles choices and quick-sets the side keeping open/close', () => {
    expect(cycleChoice(DEFAULT_CHOICES, 'tif', 1).timeInForce).toBe('ioc');
    expect(cycleChoice(DEFAULT_CHOICES, 'tif', -1).timeInForce).toBe('post_only');
    expect(cycleChoice(DEFAULT_CHOICES, 'price', 1)).toBe(DEFAULT_CHOICES);
    expect(quickSide(DEFAULT_CHOICES, 'sell')).toMatchObject({ side: 'sell', intent: 'open_short' });
    expect(quickSide(choices({ intent: 'close_long' }), 'buy')).toMatchObject({ side: 'buy', intent: 'close_short' });
  });

  it('lists exactly what will be sent', () => {
    const t = deriveTicket(envOf(BTC_PERP, { holdMode: 'hedge_mode' }), choices({ intent: 'open_short' }), texts({ price: '97100', takeProfit: '95000' }));
    const r = t.request;
    expect(r).not.toBeNull();
    if (!r) return;
    expect(confirmLines(r, 'BTC')).toEqual(['sell 0.01 BTC BTCUSDT @ 97100', 'USDT-FUTURES · limit · tif gtc', 'posSide short · margin crossed', 'TP 95000 by market']);
  });
});
