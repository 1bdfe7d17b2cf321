import { Decimal } from 'decimal.js';
import type { Instrument } from './model.js';

/**
 * Instruments shared by tests across the layers (not used by the app). Domain tests import them
 * directly; the services' and UI's test kits build on them, so the layers stay one-way.
 */

const d = (s: string) => new Decimal(s);

/** USDT-margined BTCUSDT perpetual: tick 0.5 with 1 decimal, qty step 0.001, min 0.001, min value 5 USDT. */
export const BTC_PERP: Instrument = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  pricePrecision: 1,
  quantityPrecision: 3,
  priceMultiplier: d('0.5'),
  quantityMultiplier: d('0.001'),
  minOrderQty: d('0.001'),
  maxOrderQty: d('100'),
  minOrderAmount: d('5'),
  status: 'online',
  isReality: false,
  makerFeeRate: d('0.0002'),
  takerFeeRate: d('0.0006'),
  contractType: 'perpetual',
  maxLeverage: d('125'),
};
