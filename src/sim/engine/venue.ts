/**
 * The matching venue the synthetic market's agents trade on: post-only maker orders and IOC
 * market taker orders from the system accounts (unlimited balance, no private events).
 */
import { Decimal } from 'decimal.js';
import type { MatchingVenue, SimCategory, SimSide } from '../contract.js';
import type { EngineCore } from './core.js';
import { cancelOrder, submit } from './matching.js';
import { newOrderRecord } from './order-record.js';
import { isOpen, MAKER_UID, TAKER_UID, type SimOrder } from './types.js';

/** Builds a system order. */
function systemOrder(core: EngineCore, uid: string, category: SimCategory, symbol: string, side: SimSide, price: Decimal | null, qty: Decimal): SimOrder | null {
  const inst = core.instruments.find(category, symbol);
  if (!inst) return null;
  return newOrderRecord(core, {
    uid,
    inst,
    side,
    orderType: price ? 'limit' : 'market',
    timeInForce: price ? 'post_only' : 'ioc',
    price,
    qty,
  });
}

/** The venue over one engine core. */
export class EngineVenue implements MatchingVenue {
  private readonly makers = new Map<string, SimOrder>();

  constructor(
    private readonly core: EngineCore,
    private readonly tradable: (category: SimCategory, symbol: string) => boolean,
  ) {}

  placeMakerOrder(category: SimCategory, symbol: string, side: SimSide, price: Decimal, qty: Decimal): string | null {
    if (!this.tradable(category, symbol) || qty.lte(0) || price.lte(0)) return null;
    const order = systemOrder(this.core, MAKER_UID, category, symbol, side, price, qty);
    if (!order) return null;
    this.core.run(() => submit(this.core, order));
    if (!isOpen(order)) return null;
    this.makers.set(order.orderId, order);
    return order.orderId;
  }

  cancelMakerOrder(_category: SimCategory, _symbol: string, orderId: string): void {
    const order = this.makers.get(orderId);
    if (!order) return;
    this.makers.delete(orderId);
    this.core.run(() => cancelOrder(this.core, order, 'system', 'maker_requote'));
  }

  takerMarketOrder(category: SimCategory, symbol: string, side: SimSide, qty: Decimal): void {
    if (!this.tradable(category, symbol) || qty.lte(0)) return;
    const order = systemOrder(this.core, TAKER_UID, category, symbol, side, null, qty);
    if (order) this.core.run(() => submit(this.core, order));
  }

  bestBid(category: SimCategory, symbol: string): Decimal | null {
    return this.core.books.get(category, symbol).best('buy');
  }

  bestAsk(category: SimCategory, symbol: string): Decimal | null {
    return this.core.books.get(category, symbol).best('sell');
  }

  /** Forgets filled maker orders. */
  prune(): void {
    for (const [id, o] of this.makers) if (!isOpen(o)) this.makers.delete(id);
  }
}
