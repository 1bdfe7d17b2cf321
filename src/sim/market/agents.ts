import { Decimal } from 'decimal.js';
import type { MatchingVenue, SimCategory, SimSide } from '../contract.js';
import type { InstrumentDef } from './instruments.js';
import type { Rng } from '../../domain/rng.js';

/**
 * The synthetic market's agents. A market maker keeps `levels` quotes per side around the fair
 * price, moving only the levels that changed (a few per step); a taker sends occasional market
 * orders so trades print. Both act only through the `MatchingVenue`.
 */

/** Tunables of the agents. */
export interface AgentOptions {
  /** Quotes per side (default 30). */
  readonly levels: number;
  /** New quotes per side per step in normal times (default 8); after a shock all levels at once. */
  readonly placeBudget: number;
  /** Half the quoted spread as a ratio of the fair price (default 0.00005 = 0.5 bp). */
  readonly halfSpread: number;
  /** Distance between levels as a ratio of the fair price (default 0.0001 = 1 bp). */
  readonly levelGap: number;
  /** Taker market orders per instrument per second of wall time (default 1.2). */
  readonly takerRate: number;
}

/** Default agent tunables. */
export const DEFAULT_AGENT_OPTIONS: AgentOptions = { levels: 30, placeBudget: 8, halfSpread: 0.00005, levelGap: 0.0001, takerRate: 1.2 };

interface Quote {
  readonly id: string;
  readonly price: Decimal;
  readonly qty: Decimal;
}

/** Rounds `v` down (or up) to a multiple of `step`. */
export function snapTo(v: Decimal, step: Decimal, mode: 'down' | 'up' | 'nearest'): Decimal {
  const rounding = mode === 'down' ? Decimal.ROUND_FLOOR : mode === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_HALF_UP;
  return v.div(step).toDecimalPlaces(0, rounding).times(step);
}

/** A "nice" multiple of `tick` near `raw`: 1, 2 or 5 × a power of ten ticks (at least one tick). */
export function niceStep(raw: Decimal, tick: Decimal): Decimal {
  const ticks = raw.div(tick);
  if (ticks.lte(1)) return tick;
  const pow = new Decimal(10).pow(ticks.log(10).floor());
  const lead = ticks.div(pow);
  const mult = lead.lt(1.5) ? 1 : lead.lt(3.5) ? 2 : lead.lt(7.5) ? 5 : 10;
  return tick.times(pow).times(mult);
}

/** One instrument's market maker; remembers its resting quotes by price. */
export class MarketMaker {
  private readonly def: InstrumentDef;
  private readonly category: SimCategory;
  private readonly rng: Rng;
  private readonly opts: AgentOptions;
  private readonly bids = new Map<string, Quote>();
  private readonly asks = new Map<string, Quote>();
  private urgent = true;

  constructor(def: InstrumentDef, rng: Rng, opts: AgentOptions) {
    this.def = def;
    this.category = def.category;
    this.rng = rng;
    this.opts = opts;
  }

  /** Next `requote` places every missing level at once (after a shock or a fresh contract). */
  markUrgent(): void {
    this.urgent = true;
  }

  /** Number of quotes believed resting per side. */
  quoteCount(): { readonly bids: number; readonly asks: number } {
    return { bids: this.bids.size, asks: this.asks.size };
  }

  /** Size the maker placed at `price` on `side`, or null if it does not quote there (ticker bid1Size/ask1Size). */
  quotedSize(side: SimSide, price: Decimal): Decimal | null {
    return (side === 'buy' ? this.bids : this.asks).get(price.toFixed(this.def.pricePrecision))?.qty ?? null;
  }

  /** Cancels every quote (contract delivered, feed stopped). */
  cancelAll(venue: MatchingVenue): void {
    for (const q of [...this.bids.values(), ...this.asks.values()]) venue.cancelMakerOrder(this.category, this.def.symbol, q.id);
    this.bids.clear();
    this.asks.clear();
  }

  /** Moves the quotes toward the ladder around `fair`. */
  requote(venue: MatchingVenue, fair: Decimal): void {
    const sym = this.def.symbol;
    this.forgetFilled(venue);
    const tick = this.def.priceTick;
    const half = Decimal.max(tick, snapTo(fair.times(this.opts.halfSpread), tick, 'nearest'));
    const gap = niceStep(fair.times(this.opts.levelGap), tick);
    const topBid = snapTo(fair.minus(half), tick, 'down');
    const topAsk = snapTo(fair.plus(half), tick, 'up');
    const budget = this.urgent ? this.opts.levels : this.opts.placeBudget;
    this.urgent = false;
    // The top level follows the fair price tick by tick; deeper levels sit on a fixed grid of
    // `gap`, so a small move changes only a couple of quotes.
    const ladder = { buy: [topBid], sell: [topAsk] };
    let gridBid = snapTo(topBid, gap, 'down');
    if (gridBid.gte(topBid)) gridBid = gridBid.minus(gap);
    let gridAsk = snapTo(topAsk, gap, 'up');
    if (gridAsk.lte(topAsk)) gridAsk = gridAsk.plus(gap);
    for (let i = 0; i < this.opts.levels - 1; i += 1) {
      const b = gridBid.minus(gap.times(i));
      if (b.gt(0)) ladder.buy.push(b);
      ladder.sell.push(gridAsk.plus(gap.times(i)));
    }
    // Cancel on both sides before placing, so a jump never leaves new quotes crossing old ones.
    for (const side of ['buy', 'sell'] as const) {
      const book = side === 'buy' ? this.bids : this.asks;
      const keys = new Set(ladder[side].map((p) => p.toFixed(this.def.pricePrecision)));
      for (const [key, q] of book) {
        if (!keys.has(key)) {
          venue.cancelMakerOrder(this.category, sym, q.id);
          book.delete(key);
        }
      }
      // Refresh one random level now and then, so partly filled quotes regain size.
      if (book.size > 0 && this.rng.chance(0.2)) {
        const victims = [...book.keys()];
        const key = victims[this.rng.int(0, victims.length - 1)];
        const q = key === undefined ? undefined : book.get(key);
        if (key !== undefined && q !== undefined) {
          venue.cancelMakerOrder(this.category, sym, q.id);
          book.delete(key);
        }
      }
    }
    for (const side of ['buy', 'sell'] as const) {
      const book = side === 'buy' ? this.bids : this.asks;
      let placed = 0;
      for (const p of ladder[side]) {
        if (placed >= budget) break;
        const key = p.toFixed(this.def.pricePrecision);
        if (book.has(key)) continue;
        const qty = this.levelQty();
        const id = venue.placeMakerOrder(this.category, sym, side, p, qty);
        placed += 1;
        if (id !== null) book.set(key, { id, price: p, qty });
      }
    }
  }

  /** Drops quotes the book no longer holds: bids above the best bid, asks below the best ask. */
  private forgetFilled(venue: MatchingVenue): void {
    const bestBid = venue.bestBid(this.category, this.def.symbol);
    const bestAsk = venue.bestAsk(this.category, this.def.symbol);
    for (const [key, q] of this.bids) if (bestBid === null || q.price.gt(bestBid)) this.bids.delete(key);
    for (const [key, q] of this.asks) if (bestAsk === null || q.price.lt(bestAsk)) this.asks.delete(key);
  }

  private levelQty(): Decimal {
    const raw = this.def.makerQty.times(this.rng.range(0.3, 1.7));
    return Decimal.max(this.def.minOrderQty, snapTo(raw, this.def.qtyStep, 'down'));
  }
}

/**
 * Sends market orders: on average `takerRate × wallSeconds` per call, leaning against the gap
 * between the book's mid and the fair price so the last price follows the fair price.
 */
export function runTaker(venue: MatchingVenue, def: InstrumentDef, rng: Rng, fair: Decimal, wallSeconds: number, opts: AgentOptions): void {
  const expected = opts.takerRate * wallSeconds;
  const count = Math.min(5, Math.floor(expected + rng.next()));
  for (let i = 0; i < count; i += 1) {
    const bid = venue.bestBid(def.category, def.symbol);
    const ask = venue.bestAsk(def.category, def.symbol);
    if (bid === null || ask === null) return;
    const lean = fair.minus(bid.plus(ask).div(2)).div(fair).toNumber() * 2000;
    const pBuy = 0.5 + Math.max(-0.3, Math.min(0.3, lean));
    const side: SimSide = rng.chance(pBuy) ? 'buy' : 'sell';
    const raw = def.makerQty.times(rng.range(0.05, 1.1));
    const qty = Decimal.max(def.minOrderQty, snapTo(raw, def.qtyStep, 'down'));
    venue.takerMarketOrder(def.category, def.symbol, side, qty);
  }
}
