/**
 * Test kit for the engine: a small deterministic market feed (settable marks and statuses),
 * a manual clock and a harness around `createSimExchange` that records events.
 */
import { Decimal } from 'decimal.js';
import { SimRejection, type EmbeddedExchange, type MarketFeed, type MatchingVenue, type SimCandle, type SimCategory, type SimEvent, type SimTrade } from '../contract.js';
import { createSimExchange } from './create-sim-exchange.js';

const SPOT = { buyLimitPriceRatio: '0.05', sellLimitPriceRatio: '0.05', pricePrecision: '2', quantityPrecision: '6', quotePrecision: '6', minOrderAmount: '1', status: 'online', isReality: 'no' };
const FUT = { buyLimitPriceRatio: '0.05', sellLimitPriceRatio: '0.05', pricePrecision: '1', quantityPrecision: '3', minOrderQty: '0.001', minOrderAmount: '5', makerFeeRate: '0.0002', takerFeeRate: '0.0006', fundInterval: '8', maxLeverage: '125', status: 'online', type: 'perpetual' };

/** Instruments of the fake market. */
export const FAKE_INSTRUMENTS: readonly Readonly<Record<string, string>>[] = [
  { category: 'SPOT', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', ...SPOT },
  { category: 'SPOT', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', ...SPOT },
  { category: 'SPOT', symbol: 'RAAPLUSDT', baseCoin: 'RAAPL', quoteCoin: 'USDT', ...SPOT, isReality: 'yes' },
  { category: 'USDT-FUTURES', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', ...FUT },
  { category: 'USDT-FUTURES', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', ...FUT },
  { category: 'USDT-FUTURES', symbol: 'BTCUSDT260327', baseCoin: 'BTC', quoteCoin: 'USDT', ...FUT, type: 'delivery' },
  { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', baseCoin: 'BTC', quoteCoin: 'USD', ...FUT, quantityPrecision: '0', minOrderQty: '1' },
];

/** A market feed whose marks, statuses and funding rate the test sets. */
export class FakeMarket implements MarketFeed {
  readonly marks = new Map<string, Decimal>();
  readonly statuses = new Map<string, { status: string; deliveryStatus: string | null }>();
  readonly trades: SimTrade[] = [];
  fundingRate = '0.0001';
  venue: MatchingVenue | null = null;

  instruments(): readonly Readonly<Record<string, string>>[] {
    return FAKE_INSTRUMENTS;
  }
  start(venue: MatchingVenue): void {
    this.venue = venue;
  }
  stop(): void {}
  onTrade(trade: SimTrade): void {
    this.trades.push(trade);
  }
  /** Sets the mark price of an instrument. */
  setMark(category: SimCategory, symbol: string, price: string): void {
    this.marks.set(`${category}|${symbol}`, new Decimal(price));
  }
  markPrice(category: SimCategory, symbol: string): Decimal | null {
    return this.marks.get(`${category}|${symbol}`) ?? null;
  }
  priceUsdt(coin: string): Decimal {
    if (coin === 'USDT' || coin === 'USDC') return new Decimal(1);
    return this.marks.get(`SPOT|${coin}USDT`) ?? this.marks.get(`USDT-FUTURES|${coin}USDT`) ?? new Decimal(coin === 'BTC' ? 50000 : coin === 'ETH' ? 3000 : 1);
  }
  shockPrice(category: SimCategory, symbol: string, factor: Decimal): void {
    const m = this.markPrice(category, symbol);
    if (m) this.marks.set(`${category}|${symbol}`, m.times(factor));
  }
  status(category: SimCategory, symbol: string): { status: string; deliveryStatus: string | null } | null {
    return this.statuses.get(`${category}|${symbol}`) ?? { status: 'online', deliveryStatus: null };
  }
  tickerPush(category: SimCategory, symbol: string): Readonly<Record<string, string>> | null {
    return { category, symbol, fundingRate: this.fundingRate };
  }
  candles(): readonly SimCandle[] {
    return [];
  }
  handles(opId: string): boolean {
    return opId === 'market.getTime';
  }
  handle(): unknown {
    return { serverTime: '0' };
  }
}

/** Start time of harness clocks (Unix ms). */
export const T0 = 1_764_000_000_000;

/** A harness: exchange over a FakeMarket with a manual clock and recorded events. */
export interface Harness {
  readonly ex: EmbeddedExchange;
  readonly market: FakeMarket;
  readonly events: SimEvent[];
  readonly uid: string;
  /** Current clock value. */
  time(): number;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
  /** Calls an operation as the demo account. */
  call(op: string, params: unknown): unknown;
  /** Calls an operation expecting a rejection; returns it. */
  fail(op: string, params: unknown): SimRejection;
  /** Rests a market-maker order (post-only); returns its id. */
  maker(category: SimCategory, symbol: string, side: 'buy' | 'sell', price: string, qty: string): string;
  /** Events of one type since the last `clear`. */
  of<T extends SimEvent['type']>(type: T): Extract<SimEvent, { type: T }>[];
  /** Forgets recorded events. */
  clear(): void;
}

/** Builds a harness (BTC mark 50000 on spot and futures, ETH 3000). */
export function harness(speed = 1): Harness {
  let t = T0;
  const market = new FakeMarket();
  market.setMark('SPOT', 'BTCUSDT', '50000');
  market.setMark('USDT-FUTURES', 'BTCUSDT', '50000');
  market.setMark('COIN-FUTURES', 'BTCUSD_CM', '50000');
  market.setMark('SPOT', 'ETHUSDT', '3000');
  market.setMark('USDT-FUTURES', 'ETHUSDT', '3000');
  const ex = createSimExchange({ now: () => t, market, speed });
  const events: SimEvent[] = [];
  ex.subscribe((e) => events.push(e));
  const uid = ex.demoUid;
  const call = (op: string, params: unknown): unknown => ex.handle(op, uid, params);
  return {
    ex,
    market,
    events,
    uid,
    time: () => t,
    advance: (ms) => {
      t += ms;
    },
    call,
    fail(op, params) {
      try {
        call(op, params);
      } catch (err) {
        if (err instanceof SimRejection) return err;
        throw err;
      }
      throw new Error(`${op} was expected to be refused`);
    },
    maker(category, symbol, side, price, qty) {
      const id = ex.venue.placeMakerOrder(category, symbol, side, new Decimal(price), new Decimal(qty));
      if (id === null) throw new Error(`maker order ${side} ${qty}@${price} did not rest`);
      return id;
    },
    of: <T extends SimEvent['type']>(type: T) => events.filter((e): e is Extract<SimEvent, { type: T }> => e.type === type),
    clear: () => {
      events.length = 0;
    },
  };
}

/** Field of the last `order` event for `orderId`. */
export function lastOrderEvent(h: Harness, orderId: string): Readonly<Record<string, unknown>> | undefined {
  return h
    .of('order')
    .map((e) => e.order)
    .filter((o) => o['orderId'] === orderId)
    .at(-1);
}
