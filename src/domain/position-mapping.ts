import { Decimal } from 'decimal.js';
import { checkPrice, checkQuantity, quantityStep, quantityUnit, snapQuantity } from './instrument-rules.js';
import type { HoldMode, Instrument, PosSide, Position, Side } from './model.js';
import { parseDecimal } from './money.js';

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

/** An order closing part (or all) of a position, at market or at a limit price. */
export interface ReducePositionOrder extends MappedOrderFields {
  /** The position's category. */
  readonly category: Position['category'];
  /** The position's symbol. */
  readonly symbol: string;
  /** Market, or limit at `price`. */
  readonly orderType: 'market' | 'limit';
  /** Quantity as a wire string, in the position's unit (base coin; quote coin for coin-margined). */
  readonly qty: string;
  /** Limit price as a wire string; absent for market. */
  readonly price?: string;
  /** The position's margin mode. */
  readonly marginMode: Position['marginMode'];
}

/**
 * The order that closes `qty` of `position`: at market when `price` is null, else a limit at
 * `price`; side, posSide and reduceOnly come from `mapIntent` with the position's hold mode
 * (hedge: closing side + posSide; one-way: opposite side + reduceOnly=yes). Unchecked: see `checkReduce`.
 */
export function reducePositionOrder(position: Position, qty: string, price: string | null): ReducePositionOrder {
  return {
    ...mapIntent(position.holdMode, closeIntent(position.posSide)),
    category: position.category,
    symbol: position.symbol,
    orderType: price === null ? 'market' : 'limit',
    qty,
    ...(price === null ? {} : { price }),
    marginMode: position.marginMode,
  };
}

/** What the reduce form makes of its two texts. */
export interface ReduceCheck {
  /** Problem with the quantity text, or null. */
  readonly qty: string | null;
  /** Problem with the price text, or null ('' is a market close, never a problem). */
  readonly price: string | null;
  /** The quantity the text means (a percent resolved against the size and rounded down to the step), or null. */
  readonly resolvedQty: Decimal | null;
  /** The order to send; null while anything is wrong. */
  readonly order: ReducePositionOrder | null;
}

const PERCENT = /^(\d+(?:\.\d+)?)%$/;

/**
 * Resolves a quantity text: a plain decimal, or a percent of the position's size (`50%`), rounded
 * down onto the instrument's quantity step (without the instrument: onto the size's decimals).
 */
function resolveQty(position: Position, inst: Instrument | undefined, text: string): { readonly qty: Decimal | null; readonly problem: string | null } {
  const unit = inst ? quantityUnit(inst, 'sell', 'limit') : '';
  const pct = PERCENT.exec(text);
  if (pct) {
    const fraction = new Decimal(pct[1] ?? '0').div(100);
    if (fraction.lte(0) || fraction.gt(1)) return { qty: null, problem: `percent ${text} must be above 0% and at most 100% of the size ${position.size.toFixed()}` };
    const raw = position.size.times(fraction);
    const qty = inst ? snapQuantity(inst, raw) : raw.toDecimalPlaces(position.size.decimalPlaces(), Decimal.ROUND_FLOOR);
    if (qty.lte(0)) {
      const why = inst ? `under one quantity step (${quantityStep(inst).toFixed()} ${unit})` : `which rounds down to 0 at the size's ${position.size.decimalPlaces()} decimals`;
      return { qty: null, problem: `${text} of ${position.size.toFixed()} is ${raw.toFixed()}, ${why}` };
    }
    return { qty, problem: null };
  }
  const qty = parseDecimal(text);
  if (qty === null) return { qty: null, problem: `quantity "${text}" is not a plain decimal or a percent (e.g. 0.01 or 50%)` };
  if (qty.lte(0)) return { qty: null, problem: 'quantity must be above 0' };
  return { qty, problem: null };
}

/**
 * Checks a partial close of `position`: `qtyText` is a quantity or a percent of the size,
 * `priceText` a limit price or '' for market. The quantity must not exceed what is available to
 * close and must meet the instrument's step, decimals, minimum quantity and minimum value (the
 * minimums are waived for a close of everything available, which cannot be made larger); a
 * limit price must be on the tick. Without the instrument only plain numbers are checked.
 */
export function checkReduce(position: Position, inst: Instrument | undefined, qtyText: string, priceText: string): ReduceCheck {
  const side = mapIntent(position.holdMode, closeIntent(position.posSide)).side;
  const limit = priceText !== '';
  let priceProblem: string | null = null;
  if (limit) {
    const plain = parseDecimal(priceText);
    if (inst) priceProblem = checkPrice(inst, priceText)[0]?.message ?? null;
    else if (plain === null) priceProblem = `price "${priceText}" is not a plain decimal number`;
    else if (plain.lte(0)) priceProblem = 'price must be above 0';
  }
  const price = limit && priceProblem === null ? parseDecimal(priceText) : null;
  const resolved = resolveQty(position, inst, qtyText);
  const qty = resolved.qty;
  let qtyProblem = resolved.problem;
  const held = position.size.minus(position.available);
  const holding = held.gt(0) ? ` (close orders hold ${held.toFixed()}; cancel them first)` : '';
  if (position.available.lte(0)) qtyProblem = `nothing is available to close on ${position.symbol} ${position.posSide}${holding}`;
  else if (qty && qtyProblem === null && qty.gt(position.available)) qtyProblem = `quantity ${qty.toFixed()} is more than the ${position.available.toFixed()} available to close${holding}`;
  if (qty && qtyProblem === null && inst) {
    const all = qty.eq(position.available);
    const reference = price ?? (position.markPrice.gt(0) ? position.markPrice : null);
    const problems = checkQuantity(inst, qty.toFixed(), { side, orderType: limit ? 'limit' : 'market', price: reference });
    qtyProblem = problems.find((p) => !(all && (p.code === 'QTY_BELOW_MIN' || p.code === 'NOTIONAL_BELOW_MIN')))?.message ?? null;
  }
  const order = qty !== null && qtyProblem === null && priceProblem === null ? reducePositionOrder(position, qty.toFixed(), limit ? priceText : null) : null;
  return { qty: qtyProblem, price: priceProblem, resolvedQty: qty, order };
}
