import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { SimTrade } from '../contract.js';
import { createMarketFeed, type FeedTimers, type SimMarketFeed } from './create-market-feed.js';
import { FakeVenue } from './fake-venue.testkit.js';
import { DELIVERY_SYMBOL, SIM_SYMBOLS } from './instruments.js';
import { DELIVERY_PHASES } from './price-model.js';

const T0 = Date.UTC(2026, 10, 25, 5, 0, 0);

function setup(seed = 7, speed = 1): { feed: SimMarketFeed; venue: FakeVenue; clock: { t: number }; run: (steps: number, ms?: number) => void } {
  const clock = { t: T0 };
  const feed = createMarketFeed({ seed, speed, now: () => clock.t, timers: { setInterval: () => 1, clearInterval: () => undefined } });
  const venue = new FakeVenue(() => clock.t, (t) => feed.onTrade(t));
  const run = (steps: number, ms = 250): void => {
    for (let i = 0; i < steps; i += 1) {
      clock.t += ms;
      feed.step(clock.t);
    }
  };
  return { feed, venue, clock, run };
}

const tradeKey = (t: SimTrade): string => `${t.category}:${t.symbol}:${t.side}:${t.price.toFixed()}:${t.size.toFixed()}:${t.time}`;

describe('createMarketFeed', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = setup(42);
    const b = setup(42);
    const c = setup(43);
    for (const s of [a, b, c]) {
      s.feed.start(s.venue);
      s.run(40);
    }
    expect(a.venue.trades.length).toBeGreaterThan(10);
    expect(a.venue.trades.map(tradeKey)).toEqual(b.venue.trades.map(tradeKey));
    expect(a.feed.tickerPush('USDT-FUTURES', 'BTCUSDT')).toEqual(b.feed.tickerPush('USDT-FUTURES', 'BTCUSDT'));
    expect(a.feed.candles('SPOT', 'ETHUSDT', '1H', 50)).toEqual(b.feed.candles('SPOT', 'ETHUSDT', '1H', 50));
    expect(c.venue.trades.map(tradeKey)).not.toEqual(a.venue.trades.map(tradeKey));
  });

  it('keeps both sides of every book populated around the fair price', () => {
    const { feed, venue, run } = setup();
    feed.start(venue);
    run(20);
    for (const [cat, symbols] of Object.entries(SIM_SYMBOLS)) {
      if (cat === 'MARGIN') continue;
      for (const sym of symbols) {
        const category = cat as keyof typeof SIM_SYMBOLS;
        const bids = venue.side(category, sym, 'buy').length;
        const asks = venue.side(category, sym, 'sell').length;
        expect(bids, `${cat} ${sym} bids`).toBeGreaterThanOrEqual(20);
        expect(asks, `${cat} ${sym} asks`).toBeGreaterThanOrEqual(20);
        expect(bids).toBeLessThanOrEqual(40);
        const bid = venue.bestBid(category, sym);
        const ask = venue.bestAsk(category, sym);
        expect(bid?.lt(ask ?? 0)).toBe(true);
        const mark = feed.markPrice(category, sym);
        expect(mark?.minus(bid ?? 0).abs().div(mark ?? 1).lt(0.005)).toBe(true);
      }
    }
  });

  it('moves tickers and prints trades into fills and candles', () => {
    const { feed, venue, run } = setup(3);
    const before = feed.tickerPush('SPOT', 'BTCUSDT');
    expect(before?.volume24h).not.toBe('0.000000');
    expect(new Decimal(before?.volume24h ?? '0').gt(0)).toBe(true);
    feed.start(venue);
    run(40);
    const after = feed.tickerPush('SPOT', 'BTCUSDT');
    expect(after?.lastPrice).not.toBe(before?.lastPrice);
    const fut = feed.tickerPush('USDT-FUTURES', 'BTCUSDT');
    for (const k of ['indexPrice', 'markPrice', 'fundingRate', 'nextFundingTime', 'openInterest']) expect(fut?.[k], k).toBeDefined();
    expect(feed.tickerPush('SPOT', 'BTCUSDT')?.markPrice).toBeUndefined();
    expect(feed.tickerPush('SPOT', 'RAAPLUSDT')?.platformTurnover24h).toBeDefined();
    const fills = feed.handle('market.getFills', { category: 'SPOT', symbol: 'BTCUSDT', limit: '5' }) as Record<string, string>[];
    expect(fills.length).toBe(5);
    const last = venue.trades.filter((t) => t.category === 'SPOT' && t.symbol === 'BTCUSDT').at(-1);
    expect(fills[0]?.execId).toBe(last?.execId);
    expect(Number(fills[0]?.ts)).toBeGreaterThanOrEqual(Number(fills[4]?.ts));
  });

  it('shockPrice moves priceUsdt at once, in every category, and the makers requote around it', () => {
    const { feed, venue, run } = setup(11);
    feed.start(venue);
    run(8);
    const btc = feed.priceUsdt('BTC');
    expect(btc.minus(97000).abs().lt(3000)).toBe(true);
    feed.shockPrice('USDT-FUTURES', 'BTCUSDT', new Decimal('0.7'));
    const shocked = feed.priceUsdt('BTC');
    expect(shocked.div(btc).minus('0.7').abs().lt('0.005')).toBe(true);
    for (const [cat, sym] of [['SPOT', 'BTCUSDT'], ['USDT-FUTURES', 'BTCUSDT'], ['COIN-FUTURES', 'BTCUSD_CM'], ['USDC-FUTURES', 'BTCPERP']] as const) {
      const bid = venue.bestBid(cat, sym);
      const ask = venue.bestAsk(cat, sym);
      expect(bid?.div(shocked).minus(1).abs().lt('0.01'), `${cat} ${sym}`).toBe(true);
      expect(ask?.div(shocked).minus(1).abs().lt('0.01'), `${cat} ${sym}`).toBe(true);
      expect(feed.markPrice(cat, sym)?.div(shocked).minus(1).abs().lt('0.01')).toBe(true);
      expect(venue.side(cat, sym, 'buy').length).toBeGreaterThanOrEqual(20);
    }
    expect(feed.priceUsdt('ETH').minus(3400).abs().lt(300)).toBe(true);
    run(4);
    expect(feed.priceUsdt('BTC').div(shocked).minus(1).abs().lt('0.01')).toBe(true);
  });

  it('prices stable coins at 1, AAPL from the Reality pair, BGB near 5.1, unknown coins at 0', () => {
    const { feed } = setup();
    expect(feed.priceUsdt('USDT').toString()).toBe('1');
    expect(feed.priceUsdt('usdc').toString()).toBe('1');
    expect(feed.priceUsdt('AAPL').minus(230).abs().lt(10)).toBe(true);
    expect(feed.priceUsdt('BGB').minus('5.1').abs().lt('0.2')).toBe(true);
    expect(feed.priceUsdt('NOPE').isZero()).toBe(true);
  });

  it('cycles the delivery future delivery_normal → delivery_before → delivery_period → fresh contract', () => {
    const speed = 10;
    const { feed, venue, clock } = setup(5, speed);
    feed.start(venue);
    const seen: string[] = [];
    const starts = new Set<string>();
    const cycleMs = (DELIVERY_PHASES.normal + DELIVERY_PHASES.before + DELIVERY_PHASES.period) * 1000 * speed;
    for (let t = 0; t <= cycleMs + 5000 * speed; t += 5000 * speed) {
      clock.t = T0 + t;
      feed.step(clock.t);
      const st = feed.status('USDT-FUTURES', DELIVERY_SYMBOL);
      if (st?.deliveryStatus !== seen.at(-1)) seen.push(st?.deliveryStatus ?? 'none');
      const rec = feed.instruments().find((r) => r.symbol === DELIVERY_SYMBOL);
      starts.add(rec?.deliveryTime ?? '');
      if (st?.deliveryStatus === 'delivery_period') expect(venue.side('USDT-FUTURES', DELIVERY_SYMBOL, 'buy').length).toBe(0);
    }
    expect(seen).toEqual(['delivery_normal', 'delivery_before', 'delivery_period', 'delivery_normal']);
    expect(starts.size).toBe(2);
    expect(venue.side('USDT-FUTURES', DELIVERY_SYMBOL, 'buy').length).toBeGreaterThan(0);
    expect(feed.tickerPush('USDT-FUTURES', DELIVERY_SYMBOL)?.deliveryStatus).toBe('delivery_normal');
    expect(feed.status('USDT-FUTURES', 'BTCUSDT')).toEqual({ status: 'online', deliveryStatus: null });
    expect(feed.status('USDT-FUTURES', 'XRPUSDT')?.status).toBe('limit_open');
    expect(feed.status('SPOT', 'NOPE')).toBeNull();
  });

  it('start runs a step and arms one timer; stop clears it', () => {
    let armed: (() => void) | null = null;
    let cleared = 0;
    const timers: FeedTimers = {
      setInterval: (fn) => {
        armed = fn;
        return 99;
      },
      clearInterval: (h) => {
        if (h === 99) cleared += 1;
      },
    };
    const clock = { t: T0 };
    const feed = createMarketFeed({ seed: 1, speed: 1, now: () => clock.t, timers });
    const venue = new FakeVenue(() => clock.t, (t) => feed.onTrade(t));
    feed.start(venue);
    expect(venue.placed).toBeGreaterThan(0);
    expect(armed).not.toBeNull();
    const placed = venue.placed;
    clock.t += 250;
    (armed as unknown as () => void)();
    expect(venue.placed).toBeGreaterThanOrEqual(placed);
    feed.stop();
    expect(cleared).toBe(1);
  });

  it('quotes separate MARGIN books only when asked to', () => {
    const plain = setup();
    plain.feed.start(plain.venue);
    expect(plain.venue.side('MARGIN', 'BTCUSDT', 'buy').length).toBe(0);
    const clock = { t: T0 };
    const feed = createMarketFeed({ seed: 7, speed: 1, now: () => clock.t, timers: { setInterval: () => 1, clearInterval: () => undefined }, quoteMarginBooks: true });
    const venue = new FakeVenue(() => clock.t, (t) => feed.onTrade(t));
    feed.start(venue);
    expect(venue.side('MARGIN', 'BTCUSDT', 'buy').length).toBe(30);
    expect(feed.makerQuotes('MARGIN', 'ETHUSDT')).toEqual({ bids: 30, asks: 30 });
    feed.shockPrice('SPOT', 'BTCUSDT', new Decimal('1.2'));
    expect(venue.bestBid('MARGIN', 'BTCUSDT')?.gt(110000)).toBe(true);
  });

  it('shares SPOT market data with MARGIN and answers only the public market ops', () => {
    const { feed } = setup();
    expect(feed.markPrice('MARGIN', 'BTCUSDT')?.eq(feed.markPrice('SPOT', 'BTCUSDT') ?? 0)).toBe(true);
    expect(feed.handles('market.getTickers')).toBe(true);
    expect(feed.handles('market.getOrderbook')).toBe(false);
    expect(feed.handles('market.getRpiOrderbook')).toBe(false);
    expect(feed.instruments().length).toBe(Object.values(SIM_SYMBOLS).flat().length);
  });
});
