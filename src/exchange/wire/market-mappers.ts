import { Decimal } from 'decimal.js';
import type { Candle } from '../../domain/candle.js';
import type { Category, DeliveryStatus, Instrument, InstrumentStatus, LevelText, PublicTrade, Side, Ticker } from '../../domain/model.js';
import { isFutures } from '../../domain/model.js';
import { wireBool, wireCategory, wireDecimal, wireDecimalOrNull, wireInt, wireRecord, wireString, type WireRecord } from './wire-values.js';

/** Market records (REST replies and public pushes) → domain. */

const STATUSES: readonly InstrumentStatus[] = ['listed', 'online', 'limit_open', 'limit_close', 'offline', 'restrictedAPI'];
const DELIVERY: readonly DeliveryStatus[] = ['delivery_config_period', 'delivery_normal', 'delivery_before', 'delivery_period'];

function step(precision: number): Decimal {
  return new Decimal(1).div(new Decimal(10).pow(precision));
}

/** An instrument record (market instruments reply). Null when category or symbol is missing. */
export function instrumentFromWire(r: WireRecord, fallbackCategory?: Category): Instrument | null {
  const category = wireCategory(r.category) ?? fallbackCategory ?? null;
  const symbol = wireString(r.symbol);
  if (!category || !symbol) return null;
  const pricePrecision = wireInt(r.pricePrecision);
  const quantityPrecision = wireInt(r.quantityPrecision);
  const status = wireString(r.status);
  // `symbolType` on the official Get-Instruments page (perpetual / delivery); `type` in older texts.
  const type = wireString(r.symbolType ?? r.type);
  return {
    category,
    symbol,
    baseCoin: wireString(r.baseCoin),
    quoteCoin: wireString(r.quoteCoin),
    pricePrecision,
    quantityPrecision,
    priceMultiplier: wireDecimalOrNull(r.priceMultiplier) ?? step(pricePrecision),
    quantityMultiplier: wireDecimalOrNull(r.quantityMultiplier) ?? step(quantityPrecision),
    minOrderQty: wireDecimal(r.minOrderQty),
    maxOrderQty: wireDecimal(r.maxOrderQty),
    minOrderAmount: wireDecimal(r.minOrderAmount),
    status: (STATUSES as readonly string[]).includes(status) ? (status as InstrumentStatus) : 'online',
    isReality: wireBool(r.isReality),
    makerFeeRate: wireDecimal(r.makerFeeRate),
    takerFeeRate: wireDecimal(r.takerFeeRate),
    contractType: isFutures(category) ? (type === 'delivery' ? 'delivery' : 'perpetual') : null,
    maxLeverage: wireDecimalOrNull(r.maxLeverage),
  };
}

/** A delivery status string, or null. */
export function deliveryStatusFromWire(value: unknown): DeliveryStatus | null {
  const s = wireString(value);
  return (DELIVERY as readonly string[]).includes(s) ? (s as DeliveryStatus) : null;
}

/**
 * A ticker (REST tickers item or `ticker` push item). Pushes carry no category and no per-item ts:
 * pass them from the subscription arg and the envelope.
 */
export function tickerFromWire(r: WireRecord, category: Category, envelopeTs?: number): Ticker | null {
  const symbol = wireString(r.symbol);
  if (!symbol) return null;
  return {
    category: wireCategory(r.category) ?? category,
    symbol,
    lastPrice: wireDecimal(r.lastPrice),
    bid1Price: wireDecimal(r.bid1Price),
    ask1Price: wireDecimal(r.ask1Price),
    high24h: wireDecimal(r.highPrice24h),
    low24h: wireDecimal(r.lowPrice24h),
    open24h: wireDecimal(r.openPrice24h),
    change24h: wireDecimal(r.price24hPcnt),
    volume24h: wireDecimal(r.volume24h),
    turnover24h: wireDecimal(r.turnover24h),
    markPrice: wireDecimalOrNull(r.markPrice),
    indexPrice: wireDecimalOrNull(r.indexPrice),
    fundingRate: wireDecimalOrNull(r.fundingRate),
    openInterest: wireDecimalOrNull(r.openInterest),
    deliveryStatus: deliveryStatusFromWire(r.deliveryStatus),
    ts: wireInt(r.ts) || envelopeTs || 0,
  };
}

function side(value: unknown): Side {
  return wireString(value).toLowerCase() === 'sell' ? 'sell' : 'buy';
}

/** A `publicTrade` push item (i, p, v, S, T; `P` also read) or a REST public fill (execId, price, size, side, ts). */
export function publicTradeFromWire(r: WireRecord): PublicTrade | null {
  const id = wireString(r.i ?? r.execId);
  if (!id) return null;
  return {
    id,
    price: wireDecimal(r.p ?? r.P ?? r.price),
    size: wireDecimal(r.v ?? r.size),
    side: side(r.S ?? r.side),
    time: wireInt(r.T ?? r.ts),
  };
}

/** A REST candle array [ts, open, high, low, close, volume, turnover] or a `kline` push object. */
export function candleFromWire(value: unknown): Candle | null {
  if (Array.isArray(value)) {
    const [ts, open, high, low, close, volume] = value as unknown[];
    const start = wireInt(ts);
    return start ? { start, open: wireDecimal(open), high: wireDecimal(high), low: wireDecimal(low), close: wireDecimal(close), volume: wireDecimal(volume) } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as WireRecord;
  const start = wireInt(r.start ?? r.ts);
  return start ? { start, open: wireDecimal(r.open), high: wireDecimal(r.high), low: wireDecimal(r.low), close: wireDecimal(r.close), volume: wireDecimal(r.volume) } : null;
}

/** A REST book snapshot: asks lowest first, bids highest first. */
export interface BookSnapshot {
  readonly asks: readonly LevelText[];
  readonly bids: readonly LevelText[];
  /** Exchange time of the snapshot, Unix ms (0 when not given). */
  readonly ts: number;
}

/** `[price, size]` pairs; anything else in the list is skipped. */
function bookLevelsFromWire(value: unknown): LevelText[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((l: unknown) => (Array.isArray(l) && typeof l[0] === 'string' && typeof l[1] === 'string' ? [{ price: l[0], size: l[1] }] : []));
}

/** The market orderbook reply (`a`/`b`, or `asks`/`bids`, and `ts`); a missing side is empty. */
export function orderbookSnapshotFromWire(data: unknown): BookSnapshot {
  const r = wireRecord(data);
  return { asks: bookLevelsFromWire(r.a ?? r.asks), bids: bookLevelsFromWire(r.b ?? r.bids), ts: wireInt(r.ts) };
}
