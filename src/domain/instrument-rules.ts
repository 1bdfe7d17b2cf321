import { Decimal } from 'decimal.js';
import type { Category, DeliveryStatus, Instrument, OrderType, Side } from './model.js';
import { isMultipleOf, parseDecimal, stepOfPlaces } from './money.js';

/**
 * Order-entry rules of an instrument (spec "Instrument" multiplier rules and place-order rules 1,
 * 5, 7; "Instrument trading status"; "Delivery status"). Pure: every check returns the problems
 * found, each with a message that names the allowed value, so the order form can show it as is.
 */

/** Which input a violation is about. */
export type RuleField = 'price' | 'qty' | 'order';

/** Stable codes of order-rule violations. */
export type RuleCode =
  | 'NOT_A_NUMBER'
  | 'NOT_POSITIVE'
  | 'PRICE_REQUIRED'
  | 'PRICE_DECIMALS'
  | 'PRICE_STEP'
  | 'QTY_DECIMALS'
  | 'QTY_STEP'
  | 'QTY_BELOW_MIN'
  | 'QTY_ABOVE_MAX'
  | 'NOTIONAL_BELOW_MIN'
  | 'NO_REFERENCE_PRICE';

/** One broken rule. */
export interface RuleViolation {
  /** The input to highlight. */
  readonly field: RuleField;
  /** Stable code (for tests and styling; show `message` to people). */
  readonly code: RuleCode;
  /** Specific, with the allowed value ("quantity 0.0005 is below the minimum 0.001 BTC"). */
  readonly message: string;
}

/** Context of a quantity check. */
export interface QuantityContext {
  /** Order side. */
  readonly side: Side;
  /** Order type; decides the quantity unit and whether `maxOrderQty` applies. */
  readonly orderType: OrderType;
  /**
   * Price used for the minimum-value check: the limit price, or for market orders a reference
   * (last/best) price. Null or absent skips the value check for base-coin quantities.
   */
  readonly price?: Decimal | null;
  /** Decimals allowed for a quote-coin market quantity (instrument `quotePrecision`); absent = unchecked. */
  readonly quotePrecision?: number;
}

/** An order as typed in the form, before it is sent. */
export interface OrderDraft {
  /** Order side. */
  readonly side: Side;
  /** Order type. */
  readonly orderType: OrderType;
  /** Limit price text; ignored for market orders. */
  readonly price?: string;
  /** Quantity text, in `quantityUnit(...)`. */
  readonly qty: string;
  /** Reference price for market orders' minimum-value check (last or best price). */
  readonly referencePrice?: Decimal | null;
  /** See `QuantityContext.quotePrecision`. */
  readonly quotePrecision?: number;
}

/** Price step: `priceMultiplier` when set, else 10^-pricePrecision. */
export function priceStep(inst: Instrument): Decimal {
  return inst.priceMultiplier.gt(0) ? inst.priceMultiplier : stepOfPlaces(inst.pricePrecision);
}

/** Quantity step: `quantityMultiplier` when set, else 10^-quantityPrecision. */
export function quantityStep(inst: Instrument): Decimal {
  return inst.quantityMultiplier.gt(0) ? inst.quantityMultiplier : stepOfPlaces(inst.quantityPrecision);
}

/** True when the order's `qty` is counted in the quote coin (spot/margin market buy, coin-margined futures). */
export function isQuoteQuantity(inst: Instrument, side: Side, orderType: OrderType): boolean {
  if (inst.category === 'COIN-FUTURES') return true;
  if (inst.category === 'SPOT' || inst.category === 'MARGIN') return orderType === 'market' && side === 'buy';
  return false;
}

/**
 * The coin `qty` is counted in (place-order `qty` rule): spot/margin market buy → quote coin,
 * other spot/margin orders → base coin; USDT/USDC futures → base coin; coin-margined → quote coin.
 */
export function quantityUnit(inst: Instrument, side: Side, orderType: OrderType): string {
  return isQuoteQuantity(inst, side, orderType) ? inst.quoteCoin : inst.baseCoin;
}

function plural(n: number): string {
  return n === 1 ? 'decimal' : 'decimals';
}

/** Price rules: a positive plain decimal with at most `pricePrecision` decimals, on the price step. */
export function checkPrice(inst: Instrument, priceText: string): RuleViolation[] {
  const price = parseDecimal(priceText);
  if (price === null)
    return [{ field: 'price', code: 'NOT_A_NUMBER', message: `price "${priceText}" is not a plain decimal number (digits and one '.', e.g. 97000.5)` }];
  if (price.lte(0)) return [{ field: 'price', code: 'NOT_POSITIVE', message: 'price must be above 0' }];
  const out: RuleViolation[] = [];
  const places = price.decimalPlaces();
  if (places > inst.pricePrecision) {
    out.push({
      field: 'price',
      code: 'PRICE_DECIMALS',
      message: `price ${priceText} has ${places} ${plural(places)}; ${inst.symbol} allows ${inst.pricePrecision}`,
    });
  }
  const step = priceStep(inst);
  if (!isMultipleOf(price, step)) {
    const down = snapPrice(inst, price, 'down');
    const up = snapPrice(inst, price, 'up');
    const options = down.gt(0) ? `${down.toFixed()} or ${up.toFixed()}` : up.toFixed();
    out.push({ field: 'price', code: 'PRICE_STEP', message: `price must be a multiple of ${step.toFixed()}: try ${options}` });
  }
  return out;
}

/**
 * Quantity rules: decimals and step (base-coin quantities), minimum and maximum quantity, and the
 * minimum order value `minOrderAmount` (quote coin). `maxOrderQty` limits single limit orders only
 * (0 = unlimited). For quote-coin quantities the minimum value is the quantity itself.
 */
export function checkQuantity(inst: Instrument, qtyText: string, ctx: QuantityContext): RuleViolation[] {
  const qty = parseDecimal(qtyText);
  if (qty === null)
    return [{ field: 'qty', code: 'NOT_A_NUMBER', message: `quantity "${qtyText}" is not a plain decimal number (digits and one '.', e.g. 0.01)` }];
  if (qty.lte(0)) return [{ field: 'qty', code: 'NOT_POSITIVE', message: 'quantity must be above 0' }];
  const unit = quantityUnit(inst, ctx.side, ctx.orderType);
  const places = qty.decimalPlaces();
  const out: RuleViolation[] = [];
  const quoteMarket = ctx.orderType === 'market' && ctx.side === 'buy' && (inst.category === 'SPOT' || inst.category === 'MARGIN');
  if (quoteMarket) {
    if (ctx.quotePrecision !== undefined && places > ctx.quotePrecision) {
      out.push({
        field: 'qty',
        code: 'QTY_DECIMALS',
        message: `amount ${qtyText} ${unit} has ${places} ${plural(places)}; ${inst.symbol} market buys allow ${ctx.quotePrecision}`,
      });
    }
    if (qty.lt(inst.minOrderAmount))
      out.push({ field: 'qty', code: 'NOTIONAL_BELOW_MIN', message: `amount ${qtyText} ${unit} is below the minimum order value ${inst.minOrderAmount.toFixed()} ${unit}` });
    return out;
  }
  if (places > inst.quantityPrecision) {
    out.push({
      field: 'qty',
      code: 'QTY_DECIMALS',
      message: `quantity ${qtyText} has ${places} ${plural(places)}; ${inst.symbol} allows ${inst.quantityPrecision}`,
    });
  }
  const step = quantityStep(inst);
  if (!isMultipleOf(qty, step)) {
    const down = snapQuantity(inst, qty);
    const suggestion = down.gt(0) ? `: try ${down.toFixed()} or ${down.plus(step).toFixed()}` : `: try ${step.toFixed()}`;
    out.push({ field: 'qty', code: 'QTY_STEP', message: `quantity must be a multiple of ${step.toFixed()} ${unit}${suggestion}` });
  }
  if (inst.minOrderQty.gt(0) && qty.lt(inst.minOrderQty))
    out.push({ field: 'qty', code: 'QTY_BELOW_MIN', message: `quantity ${qtyText} is below the minimum ${inst.minOrderQty.toFixed()} ${unit}` });
  if (ctx.orderType === 'limit' && inst.maxOrderQty.gt(0) && qty.gt(inst.maxOrderQty))
    out.push({ field: 'qty', code: 'QTY_ABOVE_MAX', message: `quantity ${qtyText} is above the maximum ${inst.maxOrderQty.toFixed()} ${unit} for one limit order` });
  if (inst.minOrderAmount.gt(0)) {
    const value = inst.category === 'COIN-FUTURES' ? qty : ctx.price === undefined || ctx.price === null ? null : qty.times(ctx.price);
    if (value !== null && value.lt(inst.minOrderAmount)) {
      const quote = inst.quoteCoin;
      out.push({
        field: 'qty',
        code: 'NOTIONAL_BELOW_MIN',
        message: `order value ${value.toFixed()} ${quote} is below the minimum ${inst.minOrderAmount.toFixed()} ${quote}`,
      });
    }
  }
  return out;
}

/**
 * All rules of a draft order: price (limit orders; required there) and quantity including the
 * minimum value, using the limit price or, for market orders, `referencePrice`.
 */
export function checkOrder(inst: Instrument, order: OrderDraft): RuleViolation[] {
  const out: RuleViolation[] = [];
  let price: Decimal | null = null;
  if (order.orderType === 'limit') {
    if (order.price === undefined || order.price === '') {
      out.push({ field: 'price', code: 'PRICE_REQUIRED', message: 'a limit order needs a price' });
    } else {
      const priceProblems = checkPrice(inst, order.price);
      out.push(...priceProblems);
      if (priceProblems.length === 0) price = parseDecimal(order.price);
    }
  } else {
    price = order.referencePrice ?? null;
  }
  const ctx: QuantityContext = { side: order.side, orderType: order.orderType, price, ...(order.quotePrecision === undefined ? {} : { quotePrecision: order.quotePrecision }) };
  out.push(...checkQuantity(inst, order.qty, ctx));
  const quoteQty = isQuoteQuantity(inst, order.side, order.orderType);
  if (order.orderType === 'market' && !quoteQty && price === null && inst.minOrderAmount.gt(0) && parseDecimal(order.qty) !== null) {
    out.push({ field: 'order', code: 'NO_REFERENCE_PRICE', message: `no market price for ${inst.symbol} yet; cannot check the minimum order value` });
  }
  return out;
}

/** Rounding direction of `snapPrice`. */
export type SnapMode = 'down' | 'up' | 'nearest';

/** Rounds `price` onto the instrument's price step (nearest rounds half up). */
export function snapPrice(inst: Instrument, price: Decimal, mode: SnapMode): Decimal {
  const step = priceStep(inst);
  const units = price.div(step);
  const rounding = mode === 'down' ? Decimal.ROUND_FLOOR : mode === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_HALF_UP;
  return units.toDecimalPlaces(0, rounding).times(step);
}

/** Rounds `qty` down onto the instrument's quantity step. */
export function snapQuantity(inst: Instrument, qty: Decimal): Decimal {
  const step = quantityStep(inst);
  return qty.div(step).toDecimalPlaces(0, Decimal.ROUND_FLOOR).times(step);
}

/**
 * Moves a price by `ticks` steps (negative = down) after snapping it to the nearest step; never
 * below one step. For arrow-key stepping in the order form.
 */
export function stepPrice(inst: Instrument, price: Decimal, ticks: number): Decimal {
  const step = priceStep(inst);
  const moved = snapPrice(inst, price, 'nearest').plus(step.times(ticks));
  return moved.lt(step) ? step : moved;
}

/** Reason text shared by the status checks, or null when the status allows the action. */
function statusReason(inst: Instrument, action: 'open' | 'close'): string | null {
  const s = inst.symbol;
  switch (inst.status) {
    case 'online':
      return null;
    case 'listed':
      return `${s} is listed but not open for trading yet`;
    case 'offline':
      return `${s} is offline (delisted or under maintenance)`;
    case 'restrictedAPI':
      return `${s} does not accept API orders right now`;
    case 'limit_open':
      return action === 'open' ? `opening positions on ${s} is restricted right now; closing is allowed` : null;
    case 'limit_close':
      return action === 'close' ? `closing positions on ${s} is restricted right now` : null;
  }
}

/**
 * Why an order that opens or increases a position (spot: a buy) cannot be placed now, or null.
 * `deliveryStatus` comes from the ticker of delivery futures (null/absent otherwise).
 */
export function canOpen(inst: Instrument, deliveryStatus: DeliveryStatus | null = null): string | null {
  const reason = statusReason(inst, 'open');
  if (reason !== null) return reason;
  switch (deliveryStatus) {
    case 'delivery_config_period':
      return `${inst.symbol} is still being configured; trading has not started`;
    case 'delivery_before':
      return `opening positions on ${inst.symbol} is forbidden in the last 10 minutes before delivery`;
    case 'delivery_period':
      return `${inst.symbol} is delivering: opening, closing and cancelling are forbidden until delivery ends`;
    default:
      return null;
  }
}

/** Why an order that reduces or closes a position cannot be placed now, or null. */
export function canClose(inst: Instrument, deliveryStatus: DeliveryStatus | null = null): string | null {
  const reason = statusReason(inst, 'close');
  if (reason !== null) return reason;
  switch (deliveryStatus) {
    case 'delivery_config_period':
      return `${inst.symbol} is still being configured; trading has not started`;
    case 'delivery_period':
      return `${inst.symbol} is delivering: opening, closing and cancelling are forbidden until delivery ends`;
    default:
      return null;
  }
}

/** Why an order on this instrument cannot be cancelled now (only during delivery), or null. */
export function canCancel(inst: Instrument, deliveryStatus: DeliveryStatus | null = null): string | null {
  return deliveryStatus === 'delivery_period'
    ? `${inst.symbol} is delivering: cancelling is forbidden until delivery ends`
    : null;
}

/** What the order form may offer for a category (place-order rules 5 and 7). */
export interface CategoryCapabilities {
  /** Modify-order is supported (else cancel and re-place). */
  readonly modify: boolean;
  /** Which preset TP/SL order types place-order takes (limit or market, market only, none). */
  readonly tpsl: 'any' | 'market_only' | 'none';
  /** Why something is missing; null when everything is supported. */
  readonly reason: string | null;
}

/** Capabilities of a category; `isReality` marks Reality stock-token spot pairs. */
export function categoryCapabilities(category: Category, isReality: boolean): CategoryCapabilities {
  if (category === 'COIN-FUTURES')
    return { modify: false, tpsl: 'none', reason: 'coin-margined futures support neither modify (cancel and re-place) nor preset TP/SL' };
  if (isReality) return { modify: false, tpsl: 'market_only', reason: 'Reality stock pairs cannot be modified (cancel and re-place) and take only market TP/SL' };
  return { modify: true, tpsl: 'any', reason: null };
}
