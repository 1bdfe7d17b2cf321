import { Decimal } from 'decimal.js';
import type { MatchingVenue } from '../contract.js';
import type { MarketMaker } from './agents.js';
import { isFuturesCategory } from './instruments.js';
import type { InstrumentMarket } from './instrument-market.js';
import type { DeliveryState } from './price-model.js';
import { nextFundingTime, type Stats24h } from './tickers.js';

/** Inputs of one ticker record. */
export interface TickerInputs {
  /** The instrument's market state. */
  readonly market: InstrumentMarket;
  /** Its 24h statistics. */
  readonly stats: Stats24h;
  /** The venue for best bid/ask; null before the feed started (then ± one tick around last). */
  readonly venue: MatchingVenue | null;
  /** The instrument's market maker, for the size it quotes at the best levels. */
  readonly maker: MarketMaker | null;
  /** Unix ms. */
  readonly now: number;
  /** Delivery state for delivery futures, else null. */
  readonly delivery: DeliveryState | null;
}

/**
 * The `ticker` topic item (protocol-notes §5.1), all strings. Best-level sizes are the maker's
 * quoted size when it quotes the best price (the engine may overwrite bid1/ask1 from its book).
 */
export function buildTicker(i: TickerInputs): Readonly<Record<string, string>> {
  const m = i.market;
  const def = m.def;
  const pp = def.pricePrecision;
  const qp = def.quantityPrecision;
  const bid = i.venue?.bestBid(def.category, def.symbol) ?? m.lastPrice.minus(def.priceTick);
  const ask = i.venue?.bestAsk(def.category, def.symbol) ?? m.lastPrice.plus(def.priceTick);
  const bidSize = i.maker?.quotedSize('buy', bid) ?? def.makerQty;
  const askSize = i.maker?.quotedSize('sell', ask) ?? def.makerQty;
  const s = i.stats;
  const pcnt = s.open.isZero() ? new Decimal(0) : m.lastPrice.minus(s.open).div(s.open);
  const rec: Record<string, string> = {
    symbol: def.symbol,
    lastPrice: m.lastPrice.toFixed(pp),
    openPrice24h: s.open.toFixed(pp),
    highPrice24h: Decimal.max(s.high, m.lastPrice).toFixed(pp),
    lowPrice24h: Decimal.min(s.low, m.lastPrice).toFixed(pp),
    bid1Price: bid.toFixed(pp),
    bid1Size: bidSize.toFixed(qp),
    ask1Price: ask.toFixed(pp),
    ask1Size: askSize.toFixed(qp),
    price24hPcnt: pcnt.toFixed(6),
    volume24h: s.volume.toFixed(def.quoteSized ? 6 : qp),
    turnover24h: s.turnover.toFixed(def.quoteSized ? qp : 4),
  };
  if (isFuturesCategory(def.category)) {
    const fundInterval = Number.parseInt(def.wire.fundInterval ?? '8', 10);
    rec.indexPrice = m.index.toFixed(pp);
    rec.markPrice = m.mark.toFixed(pp);
    rec.fundingRate = m.fundingRate.toFixed(6);
    rec.nextFundingTime = String(nextFundingTime(i.now, fundInterval));
    rec.openInterest = m.openInterest.toFixed(qp);
  }
  if (i.delivery !== null) {
    rec.deliveryTime = String(i.delivery.deliveryTime);
    rec.deliveryStartTime = String(i.delivery.deliveryStartTime);
    rec.deliveryStatus = i.delivery.deliveryStatus;
  }
  if (def.reality) rec.platformTurnover24h = s.turnover.times('1.35').toFixed(4);
  return rec;
}
