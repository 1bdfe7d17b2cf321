import { Decimal } from 'decimal.js';
import type { Rng } from '../../domain/rng.js';

/**
 * Fair prices of the base coins: one seeded random walk per coin, shared by every instrument
 * on that coin so spot and futures stay together. Mildly mean-reverting toward an anchor so a
 * long demo does not wander off; a shock moves price and anchor together.
 */

/** Starting price (USDT) and volatility (ratio per sqrt(second) of exchange time) per coin. */
export const COIN_START: Readonly<Record<string, { readonly price: string; readonly sigma: number }>> = {
  BTC: { price: '97000', sigma: 0.00012 },
  ETH: { price: '3400', sigma: 0.00015 },
  SOL: { price: '240', sigma: 0.0002 },
  XRP: { price: '2.3', sigma: 0.0002 },
  RAAPL: { price: '230', sigma: 0.00008 },
  BGB: { price: '5.1', sigma: 0.00002 },
};

/** Mean reversion per second toward the anchor (a half-life of roughly eight hours). */
const REVERSION_PER_SECOND = 1 / 40_000;
/** Longest time one walk step covers; longer gaps are walked as this much (ms). */
const MAX_STEP_MS = 5 * 60_000;

interface CoinState {
  price: Decimal;
  anchor: Decimal;
  readonly sigma: number;
}

/** The coin price walks. */
export class CoinWalks {
  private readonly coins = new Map<string, CoinState>();
  private readonly rng: Rng;

  constructor(rng: Rng) {
    this.rng = rng;
    for (const [coin, s] of Object.entries(COIN_START)) {
      const p = new Decimal(s.price);
      this.coins.set(coin, { price: p, anchor: p, sigma: s.sigma });
    }
  }

  /** Current fair price of `coin` in USDT, or null if the market does not model it. */
  price(coin: string): Decimal | null {
    return this.coins.get(coin)?.price ?? null;
  }

  /** Volatility of `coin` (ratio per sqrt(second)); 0 for unknown coins. */
  sigma(coin: string): number {
    return this.coins.get(coin)?.sigma ?? 0;
  }

  /** Advances every walk by `dtMs` of exchange time. */
  step(dtMs: number): void {
    if (dtMs <= 0) return;
    const sec = Math.min(dtMs, MAX_STEP_MS) / 1000;
    for (const c of this.coins.values()) {
      const drift = -REVERSION_PER_SECOND * sec * Math.log(c.price.div(c.anchor).toNumber());
      const r = drift + c.sigma * Math.sqrt(sec) * this.rng.normal();
      c.price = c.price.times(Math.exp(r)).toSignificantDigits(12);
    }
  }

  /** Multiplies `coin`'s price (and anchor) by `factor` at once. Unknown coins are ignored. */
  shock(coin: string, factor: Decimal): void {
    const c = this.coins.get(coin);
    if (c === undefined) return;
    c.price = c.price.times(factor).toSignificantDigits(12);
    c.anchor = c.anchor.times(factor).toSignificantDigits(12);
  }
}

/** Delivery status phases of the cycling delivery future, in seconds of wall time. */
export const DELIVERY_PHASES = { normal: 120, before: 30, period: 15 } as const;

/** Where the delivery future is in its cycle at some moment. */
export interface DeliveryState {
  readonly deliveryStatus: 'delivery_normal' | 'delivery_before' | 'delivery_period';
  /** Cycle number, 0 for the contract live at start; increases when a fresh contract begins. */
  readonly cycle: number;
  /** Unix ms the delivery (settlement) period starts. */
  readonly deliveryStartTime: number;
  /** Unix ms the delivery completes and the next cycle starts. */
  readonly deliveryTime: number;
}

/**
 * The delivery future's status at `now`. Cycles start at `origin`; each phase lasts its
 * `DELIVERY_PHASES` seconds × `speed` of exchange time, so at any speed a full cycle takes
 * under three minutes of wall time when the exchange clock runs `speed` times faster.
 */
export function deliveryState(origin: number, speed: number, now: number): DeliveryState {
  const scale = 1000 * Math.max(speed, 1e-9);
  const normal = DELIVERY_PHASES.normal * scale;
  const before = DELIVERY_PHASES.before * scale;
  const period = DELIVERY_PHASES.period * scale;
  const len = normal + before + period;
  const elapsed = Math.max(0, now - origin);
  const cycle = Math.floor(elapsed / len);
  const start = origin + cycle * len;
  const into = elapsed - cycle * len;
  const deliveryStartTime = Math.round(start + normal + before);
  const deliveryTime = Math.round(start + len);
  const deliveryStatus = into < normal ? 'delivery_normal' : into < normal + before ? 'delivery_before' : 'delivery_period';
  return { deliveryStatus, cycle, deliveryStartTime, deliveryTime };
}
