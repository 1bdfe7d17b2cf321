import { Decimal } from 'decimal.js';
import type { SimCategory } from '../contract.js';

/**
 * The embedded exchange's instrument list: static order rules plus the wire records the
 * instruments operation returns (spec "Instrument"; every value a string).
 */

/** Delivery future whose delivery status cycles (see `delivery-schedule.ts`). */
export const DELIVERY_SYMBOL = 'BTCUSDT260327';
/** The Reality stock-token spot pair (only 1m 5m 15m 1H 4H 1D candles, market type only). */
export const REALITY_SYMBOL = 'RAAPLUSDT';

/** Symbols per category that other parts of the simulator (engine, back office, tests) rely on. */
export const SIM_SYMBOLS: Readonly<Record<SimCategory, readonly string[]>> = {
  SPOT: ['BTCUSDT', 'ETHUSDT', REALITY_SYMBOL],
  MARGIN: ['BTCUSDT', 'ETHUSDT'],
  'USDT-FUTURES': ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', DELIVERY_SYMBOL],
  'COIN-FUTURES': ['BTCUSD_CM'],
  'USDC-FUTURES': ['BTCPERP', 'ETHPERP'],
};

/** Kind of instrument, driving which wire fields it carries. */
export type InstrumentKind = 'spot' | 'margin' | 'perpetual' | 'delivery';

/** One instrument's rules as the market needs them (Decimal, not wire strings). */
export interface InstrumentDef {
  /** Wire category (upper case). */
  readonly category: SimCategory;
  /** Symbol, upper case. */
  readonly symbol: string;
  /** Base coin, e.g. BTC (RAAPL for the Reality token). */
  readonly baseCoin: string;
  /** Quote coin: USDT, USDC or USD (coin futures). */
  readonly quoteCoin: string;
  /** Spot, margin, perpetual or delivery. */
  readonly kind: InstrumentKind;
  /** Decimals a price carries. */
  readonly pricePrecision: number;
  /** Decimals a quantity carries. */
  readonly quantityPrecision: number;
  /** Price grid (priceMultiplier for futures, 10^-pricePrecision for spot). */
  readonly priceTick: Decimal;
  /** Quantity grid (quantityMultiplier for futures, 10^-quantityPrecision for spot). */
  readonly qtyStep: Decimal;
  /** Smallest order quantity (base coin; USD contracts for coin futures). */
  readonly minOrderQty: Decimal;
  /** Fair price = base coin price × basis (futures trade a little rich). */
  readonly basis: Decimal;
  /** Typical size of one market-maker level (same unit as quantity). */
  readonly makerQty: Decimal;
  /** True when quantity is counted in the quote coin (coin-margined contracts in USD). */
  readonly quoteSized: boolean;
  /** True for Reality stock tokens. */
  readonly reality: boolean;
  /** Trading status before delivery overrides (`online`, `limit_open`, …). */
  readonly baseStatus: string;
  /** Maker fee rate as a decimal (0.0002 = 0.02%). */
  readonly makerFeeRate: Decimal;
  /** Taker fee rate as a decimal. */
  readonly takerFeeRate: Decimal;
  /** Static wire fields; dynamic ones (status, delivery times) are added by `instrumentRecord`. */
  readonly wire: Readonly<Record<string, string>>;
}

interface Spec {
  category: SimCategory;
  symbol: string;
  base: string;
  quote: string;
  kind: InstrumentKind;
  pp: number;
  qp: number;
  tick: string;
  step: string;
  minQty: string;
  maxQty: string;
  maxMarketQty: string;
  basis: string;
  makerQty: string;
  launch: number;
  fullName: string;
  status?: string;
  quoteSized?: boolean;
  reality?: boolean;
  maxLeverage?: string;
  fundInterval?: string;
}

const D = (v: string): Decimal => new Decimal(v);

const SPECS: readonly Spec[] = [
  { category: 'SPOT', symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', kind: 'spot', pp: 2, qp: 6, tick: '0.01', step: '0.000001', minQty: '0.000001', maxQty: '0', maxMarketQty: '0', basis: '1', makerQty: '0.12', launch: 1532454360000, fullName: 'Bitcoin' },
  { category: 'SPOT', symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', kind: 'spot', pp: 2, qp: 4, tick: '0.01', step: '0.0001', minQty: '0.0001', maxQty: '0', maxMarketQty: '0', basis: '1', makerQty: '2.5', launch: 1532454360000, fullName: 'Ethereum' },
  { category: 'SPOT', symbol: REALITY_SYMBOL, base: 'RAAPL', quote: 'USDT', kind: 'spot', pp: 2, qp: 3, tick: '0.01', step: '0.001', minQty: '0.001', maxQty: '0', maxMarketQty: '0', basis: '1', makerQty: '15', launch: 1756684800000, fullName: 'Apple Inc. (Reality token)', reality: true },
  { category: 'MARGIN', symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', kind: 'margin', pp: 2, qp: 6, tick: '0.01', step: '0.000001', minQty: '0.000001', maxQty: '0', maxMarketQty: '0', basis: '1', makerQty: '0.12', launch: 1596441600000, fullName: 'Bitcoin', maxLeverage: '10' },
  { category: 'MARGIN', symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', kind: 'margin', pp: 2, qp: 4, tick: '0.01', step: '0.0001', minQty: '0.0001', maxQty: '0', maxMarketQty: '0', basis: '1', makerQty: '2.5', launch: 1596441600000, fullName: 'Ethereum', maxLeverage: '10' },
  { category: 'USDT-FUTURES', symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', kind: 'perpetual', pp: 1, qp: 3, tick: '0.1', step: '0.001', minQty: '0.001', maxQty: '1200', maxMarketQty: '250', basis: '1.0002', makerQty: '0.4', launch: 1591689600000, fullName: 'Bitcoin', maxLeverage: '125' },
  { category: 'USDT-FUTURES', symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', kind: 'perpetual', pp: 2, qp: 2, tick: '0.01', step: '0.01', minQty: '0.01', maxQty: '20000', maxMarketQty: '4000', basis: '1.0002', makerQty: '6', launch: 1591689600000, fullName: 'Ethereum', maxLeverage: '100' },
  { category: 'USDT-FUTURES', symbol: 'SOLUSDT', base: 'SOL', quote: 'USDT', kind: 'perpetual', pp: 3, qp: 1, tick: '0.001', step: '0.1', minQty: '0.1', maxQty: '150000', maxMarketQty: '30000', basis: '1.0003', makerQty: '80', launch: 1625097600000, fullName: 'Solana', maxLeverage: '75' },
  { category: 'USDT-FUTURES', symbol: 'XRPUSDT', base: 'XRP', quote: 'USDT', kind: 'perpetual', pp: 4, qp: 0, tick: '0.0001', step: '1', minQty: '1', maxQty: '4000000', maxMarketQty: '800000', basis: '1.0001', makerQty: '6000', launch: 1591689600000, fullName: 'XRP', maxLeverage: '75', status: 'limit_open' },
  { category: 'USDT-FUTURES', symbol: DELIVERY_SYMBOL, base: 'BTC', quote: 'USDT', kind: 'delivery', pp: 1, qp: 3, tick: '0.1', step: '0.001', minQty: '0.001', maxQty: '300', maxMarketQty: '60', basis: '1.0015', makerQty: '0.2', launch: 1758873600000, fullName: 'Bitcoin quarterly', maxLeverage: '50' },
  { category: 'COIN-FUTURES', symbol: 'BTCUSD_CM', base: 'BTC', quote: 'USD', kind: 'perpetual', pp: 1, qp: 0, tick: '0.1', step: '1', minQty: '1', maxQty: '5000000', maxMarketQty: '1000000', basis: '1.0001', makerQty: '30000', launch: 1591689600000, fullName: 'Bitcoin coin-margined', maxLeverage: '125', quoteSized: true },
  { category: 'USDC-FUTURES', symbol: 'BTCPERP', base: 'BTC', quote: 'USDC', kind: 'perpetual', pp: 1, qp: 4, tick: '0.1', step: '0.0001', minQty: '0.0001', maxQty: '500', maxMarketQty: '100', basis: '1.0001', makerQty: '0.3', launch: 1667260800000, fullName: 'Bitcoin', maxLeverage: '125' },
  { category: 'USDC-FUTURES', symbol: 'ETHPERP', base: 'ETH', quote: 'USDC', kind: 'perpetual', pp: 2, qp: 3, tick: '0.01', step: '0.001', minQty: '0.001', maxQty: '8000', maxMarketQty: '1600', basis: '1.0001', makerQty: '4', launch: 1667260800000, fullName: 'Ethereum', maxLeverage: '100' },
];

const FUTURES_FEES = { maker: '0.0002', taker: '0.0006' };
const SPOT_FEES = { maker: '0.001', taker: '0.001' };

function commonWire(s: Spec, status: string): Record<string, string> {
  return {
    category: s.category,
    symbol: s.symbol,
    baseCoin: s.base,
    quoteCoin: s.quote,
    buyLimitPriceRatio: s.reality === true ? '0.1' : '0.05',
    sellLimitPriceRatio: s.reality === true ? '0.1' : '0.05',
    pricePrecision: String(s.pp),
    quantityPrecision: String(s.qp),
    quotePrecision: s.kind === 'spot' || s.kind === 'margin' ? '6' : String(s.pp),
    minOrderAmount: s.category === 'SPOT' || s.category === 'MARGIN' ? '1' : '5',
    maxSymbolOrderNum: '',
    maxProductOrderNum: '400',
    status,
    launchTime: String(s.launch),
    // Futures: the contract type, as the official Get-Instruments page prints it (the seed's `type` too).
    symbolType: s.kind === 'perpetual' || s.kind === 'delivery' ? s.kind : s.reality === true ? 'stock' : 'crypto',
    maintainTime: '',
    fullName: s.fullName,
    instrumentType: s.reality === true ? 'stock' : 'crypto',
    marketRegion: s.reality === true ? 'US' : '',
    isin: s.reality === true ? 'US0378331005' : '',
  };
}

function kindWire(s: Spec, createdAt: number): Record<string, string> {
  if (s.kind === 'spot') {
    return s.reality === true ? { isReality: 'yes', areaSymbol: 'AAPL.US' } : { isReality: 'no' };
  }
  if (s.kind === 'margin') {
    return {
      maxPositionNum: '100',
      isIsolatedBaseBorrowable: 'yes',
      isIsolatedQuotedBorrowable: 'yes',
      warningRiskRatio: '0.8',
      liquidationRiskRatio: '1',
      maxCrossedLeverage: '5',
      maxIsolatedLeverage: s.maxLeverage ?? '10',
      userMinBorrow: s.base === 'BTC' ? '0.0001' : '0.001',
      maxLeverage: s.maxLeverage ?? '10',
    };
  }
  const futures: Record<string, string> = {
    minOrderQty: s.minQty,
    maxOrderQty: s.maxQty,
    maxPositionNum: '150',
    isRwa: 'NO',
    feeRateUpRatio: '0.005',
    makerFeeRate: FUTURES_FEES.maker,
    takerFeeRate: FUTURES_FEES.taker,
    openCostUpRatio: '0.01',
    priceMultiplier: s.tick,
    quantityMultiplier: s.step,
    type: s.kind,
    maxMarketOrderQty: s.maxMarketQty,
    offTime: '',
    limitOpenTime: s.status === 'limit_open' ? String(createdAt) : '',
    // Delivery fields: "" on a perpetual, as the official page prints them for BTCUSDT.
    deliveryTime: '',
    deliveryStartTime: '',
    deliveryPeriod: s.kind === 'delivery' ? 'this_quarter' : '',
    fundInterval: s.fundInterval ?? '8',
    minLeverage: '1',
    maxLeverage: s.maxLeverage ?? '100',
  };
  return futures;
}

/**
 * Builds the instrument definitions. `createdAt` (Unix ms) stamps `limitOpenTime` of the
 * opening-restricted pair.
 */
export function createInstrumentDefs(createdAt: number): readonly InstrumentDef[] {
  return SPECS.map((s) => {
    const status = s.status ?? 'online';
    const isFut = s.kind === 'perpetual' || s.kind === 'delivery';
    const fees = isFut ? FUTURES_FEES : SPOT_FEES;
    return {
      category: s.category,
      symbol: s.symbol,
      baseCoin: s.base,
      quoteCoin: s.quote,
      kind: s.kind,
      pricePrecision: s.pp,
      quantityPrecision: s.qp,
      priceTick: D(s.tick),
      qtyStep: D(s.step),
      minOrderQty: D(s.minQty),
      basis: D(s.basis),
      makerQty: D(s.makerQty),
      quoteSized: s.quoteSized === true,
      reality: s.reality === true,
      baseStatus: status,
      makerFeeRate: D(fees.maker),
      takerFeeRate: D(fees.taker),
      wire: { ...commonWire(s, status), ...kindWire(s, createdAt) },
    };
  });
}

/** Dynamic fields of an instrument at one moment (status and, for delivery, its times). */
export interface InstrumentDynamics {
  readonly status: string;
  /** Unix ms, delivery futures only. */
  readonly deliveryTime?: number;
  /** Unix ms, delivery futures only. */
  readonly deliveryStartTime?: number;
}

/** The wire record of an instrument with its current dynamic fields. */
export function instrumentRecord(def: InstrumentDef, dyn: InstrumentDynamics): Readonly<Record<string, string>> {
  const rec: Record<string, string> = { ...def.wire, status: dyn.status };
  if (def.kind === 'delivery') {
    rec.deliveryTime = dyn.deliveryTime === undefined ? '' : String(dyn.deliveryTime);
    rec.deliveryStartTime = dyn.deliveryStartTime === undefined ? '' : String(dyn.deliveryStartTime);
  }
  return rec;
}

/** Key of an instrument in maps: `CATEGORY:SYMBOL` (symbol upper case). */
export function instrumentKey(category: SimCategory, symbol: string): string {
  return `${category}:${symbol.toUpperCase()}`;
}

/** True for the three futures categories. */
export function isFuturesCategory(category: SimCategory): boolean {
  return category === 'USDT-FUTURES' || category === 'COIN-FUTURES' || category === 'USDC-FUTURES';
}
