import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_OPTIONS, MarketMaker, niceStep, runTaker, snapTo } from './agents.js';
import { FakeVenue } from './fake-venue.testkit.js';
import { createInstrumentDefs } from './instruments.js';
import { createRng } from '../../domain/rng.js';

const d = (v: string | number): Decimal => new Decimal(v);
const defs = createInstrumentDefs(0);
const btcFut = defs.find((x) => x.category === 'USDT-FUTURES' && x.symbol === 'BTCUSDT');

describe('snapTo and niceStep', () => {
  it('rounds to grids', () => {
    expect(snapTo(d('97000.37'), d('0.1'), 'down').toString()).toBe('97000.3');
    expect(snapTo(d('97000.31'), d('0.1'), 'up').toString()).toBe('97000.4');
    expect(niceStep(d('9.7'), d('0.1')).toString()).toBe('10');
    expect(niceStep(d('0.34'), d('0.01')).toString()).toBe('0.2');
    expect(niceStep(d('0.00001'), d('0.01')).toString()).toBe('0.01');
  });
});

describe('MarketMaker', () => {
  it('keeps a full, uncrossed ladder on both sides and moves only a few quotes per small step', () => {
    if (btcFut === undefined) throw new Error('missing instrument');
    const venue = new FakeVenue(() => 0, () => undefined);
    const mm = new MarketMaker(btcFut, createRng(1), DEFAULT_AGENT_OPTIONS);
    mm.requote(venue, d('97000'));
    const bids = venue.side('USDT-FUTURES', 'BTCUSDT', 'buy');
    const asks = venue.side('USDT-FUTURES', 'BTCUSDT', 'sell');
    expect(bids.length).toBe(DEFAULT_AGENT_OPTIONS.levels);
    expect(asks.length).toBe(DEFAULT_AGENT_OPTIONS.levels);
    expect(bids[0]?.price.lt(97000)).toBe(true);
    expect(asks[0]?.price.gt(97000)).toBe(true);
    for (const o of [...bids, ...asks]) expect(o.price.mod(btcFut.priceTick).isZero() && o.qty.mod(btcFut.qtyStep).isZero()).toBe(true);
    const placed = venue.placed;
    const cancelled = venue.cancelled;
    mm.requote(venue, d('97003.3'));
    expect(venue.placed - placed).toBeLessThanOrEqual(6);
    expect(venue.cancelled - cancelled).toBeLessThanOrEqual(6);
    expect(mm.quoteCount()).toEqual({ bids: 30, asks: 30 });
  });

  it('refills levels a taker consumed and requotes everything after markUrgent', () => {
    if (btcFut === undefined) throw new Error('missing instrument');
    const venue = new FakeVenue(() => 0, () => undefined);
    const mm = new MarketMaker(btcFut, createRng(2), DEFAULT_AGENT_OPTIONS);
    mm.requote(venue, d('97000'));
    venue.takerMarketOrder('USDT-FUTURES', 'BTCUSDT', 'buy', d('3'));
    expect(venue.trades.length).toBeGreaterThan(1);
    mm.requote(venue, d('97000'));
    expect(venue.side('USDT-FUTURES', 'BTCUSDT', 'sell').length).toBeGreaterThanOrEqual(29);
    mm.markUrgent();
    mm.requote(venue, d('80000'));
    expect(venue.side('USDT-FUTURES', 'BTCUSDT', 'buy').length).toBe(30);
    expect(venue.bestAsk('USDT-FUTURES', 'BTCUSDT')?.lt(80100)).toBe(true);
    mm.cancelAll(venue);
    expect(venue.side('USDT-FUTURES', 'BTCUSDT', 'buy').length + venue.side('USDT-FUTURES', 'BTCUSDT', 'sell').length).toBe(0);
  });
});

describe('runTaker', () => {
  it('sends about takerRate orders per wall second and leans toward the fair price', () => {
    if (btcFut === undefined) throw new Error('missing instrument');
    const venue = new FakeVenue(() => 0, () => undefined);
    const mm = new MarketMaker(btcFut, createRng(3), DEFAULT_AGENT_OPTIONS);
    const rng = createRng(4);
    let buys = 0;
    let sells = 0;
    for (let i = 0; i < 200; i += 1) {
      mm.markUrgent();
      mm.requote(venue, d('97000'));
      const before = venue.trades.length;
      // Fair well above the book: buyers should dominate.
      runTaker(venue, btcFut, rng, d('97100'), 0.5, DEFAULT_AGENT_OPTIONS);
      for (const t of venue.trades.slice(before)) {
        if (t.side === 'buy') buys += 1;
        else sells += 1;
      }
    }
    expect(buys).toBeGreaterThan(sells * 2);
  });
});
