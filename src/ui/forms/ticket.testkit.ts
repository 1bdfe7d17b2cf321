import { Decimal } from 'decimal.js';
import { BTC_PERP as SHARED_BTC_PERP } from '../../domain/instruments.testkit.js';
import type { Instrument, Order } from '../../domain/model.js';
import type { TicketEnv } from './ticket-form.js';

/**
 * Instruments and environments shared by the ticket's tests (not used by the app).
 */

const d = (s: string) => new Decimal(s);

/** USDT-margined perpetual: tick 0.5 with 1 decimal, qty step 0.001, min 0.001, min value 5 USDT. */
export const BTC_PERP: Instrument = SHARED_BTC_PERP;

/** Spot BTCUSDT: 2 price decimals, 6 qty decimals, min value 1 USDT. */
export const BTC_SPOT: Instrument = {
  ...BTC_PERP,
  category: 'SPOT',
  pricePrecision: 2,
  quantityPrecision: 6,
  priceMultiplier: d('0'),
  quantityMultiplier: d('0'),
  minOrderQty: d('0.00001'),
  minOrderAmount: d('1'),
  makerFeeRate: d('0.001'),
  takerFeeRate: d('0.001'),
  contractType: null,
  maxLeverage: null,
};

/** Coin-margined BTCUSD_CM: quantity in USD contracts. */
export const BTC_CM: Instrument = {
  ...BTC_PERP,
  category: 'COIN-FUTURES',
  symbol: 'BTCUSD_CM',
  quoteCoin: 'USD',
  quantityPrecision: 0,
  quantityMultiplier: d('1'),
  minOrderQty: d('1'),
  minOrderAmount: d('0'),
};

/** Reality stock token spot pair. */
export const RAAPL: Instrument = {
  ...BTC_SPOT,
  symbol: 'RAAPLUSDT',
  baseCoin: 'RAAPL',
  isReality: true,
};

/** A perpetual whose opening is restricted (status limit_open). */
export const XRP_LIMIT_OPEN: Instrument = {
  ...BTC_PERP,
  symbol: 'XRPUSDT',
  baseCoin: 'XRP',
  pricePrecision: 4,
  priceMultiplier: d('0.0001'),
  quantityPrecision: 0,
  quantityMultiplier: d('1'),
  minOrderQty: d('1'),
  status: 'limit_open',
};

/** An environment for `inst` with a 97000/97000.5 book (scaled for others) and one-way mode. */
export function envOf(inst: Instrument, over: Partial<TicketEnv> = {}): TicketEnv {
  return {
    category: inst.category,
    symbol: inst.symbol,
    inst,
    bestBid: d('97000'),
    bestAsk: d('97000.5'),
    lastPrice: d('97000'),
    holdMode: 'one_way_mode',
    delivery: null,
    ...over,
  };
}

/** A resting limit buy of 0.01 BTCUSDT @ 97000 (USDT-FUTURES), id `id`, clientOid `c<id>`; override anything. */
export function restingOrder(id: string, over: Partial<Order> = {}): Order {
  return {
    orderId: id,
    clientOid: `c${id}`,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    price: d('97000'),
    qty: d('0.01'),
    cumExecQty: d('0'),
    avgPrice: d('0'),
    status: 'live',
    timeInForce: 'gtc',
    posSide: null,
    reduceOnly: false,
    cancelReason: '',
    createdTime: 1,
    updatedTime: 1,
    ...over,
  };
}
