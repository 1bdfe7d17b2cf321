import type { HoldMode, PosSide, Position, Side } from './model.js';

/**
 * Position mapping of place-order (spec place-order rule 3): what `side`, `posSide` and
 * `reduceOnly` an open/close intent becomes in hedge and one-way mode.
 */

/** What the user wants to do to a futures position. */
export type Intent = 'open_long' | 'open_short' | 'close_long' | 'close_short';

/** All intents, in menu order. */
export const INTENTS: readonly Intent[] = ['open_long', 'open_short', 'close_long', 'close_short'];

/** The order fields an intent maps to. Absent fields are not sent. */
export interface MappedOrderFields {
  /** Order side. */
  readonly side: Side;
  /** Hedge mode only (sending it in one-way mode is an error). */
  readonly posSide?: PosSide;
  /** One-way mode closes only; wire value `yes`. */
  readonly reduceOnly?: 'yes';
}

/**
 * Maps an intent to order fields per the spec table:
 * hedge — open long buy/long, open short sell/short, close long sell/long, close short buy/short;
 * one-way — open long buy, open short sell, close long sell + reduceOnly, close short buy + reduceOnly.
 */
export function mapIntent(holdMode: HoldMode, intent: Intent): MappedOrderFields {
  const hedge = holdMode === 'hedge_mode';
  switch (intent) {
    case 'open_long':
      return hedge ? { side: 'buy', posSide: 'long' } : { side: 'buy' };
    case 'open_short':
      return hedge ? { side: 'sell', posSide: 'short' } : { side: 'sell' };
    case 'close_long':
      return hedge ? { side: 'sell', posSide: 'long' } : { side: 'sell', reduceOnly: 'yes' };
    case 'close_short':
      return hedge ? { side: 'buy', posSide: 'short' } : { side: 'buy', reduceOnly: 'yes' };
  }
}

/** The intent that closes a position held on `posSide`. */
export function closeIntent(posSide: PosSide): Intent {
  return posSide === 'long' ? 'close_long' : 'close_short';
}

/** The order that closes a whole position at market. */
export interface ClosePositionOrder extends MappedOrderFields {
  /** The position's category. */
  readonly category: Position['category'];
  /** The position's symbol. */
  readonly symbol: string;
  /** Always a market order. */
  readonly orderType: 'market';
  /** The position's available size as a wire string (base coin; quote coin for coin-margined). */
  readonly qty: string;
  /** The position's margin mode (isolated positions are closed per mode). */
  readonly marginMode: Position['marginMode'];
}

/**
 * A market order closing `position` in full: its available size, mapped through `mapIntent`
 * with the position's hold mode. Null when nothing is available to close.
 */
export function closePositionOrder(position: Position): ClosePositionOrder | null {
  if (position.available.lte(0)) return null;
  return {
    ...mapIntent(position.holdMode, closeIntent(position.posSide)),
    category: position.category,
    symbol: position.symbol,
    orderType: 'market',
    qty: position.available.toFixed(),
    marginMode: position.marginMode,
  };
}
