/**
 * Contract maths for linear (qty in base coin, settled in quote) and inverse (qty in USD,
 * settled in base coin) futures: value, PnL, average price, maintenance rate, liquidation price.
 */
import { Decimal } from 'decimal.js';
import { ZERO, type EngineInstrument, type PosSide } from './types.js';

/** Value of `size` at `price` in the margin coin. */
export function valueAt(inst: EngineInstrument, size: Decimal, price: Decimal): Decimal {
  if (price.isZero()) return ZERO;
  return inst.kind === 'inverse' ? size.div(price) : size.times(price);
}

/** Unrealised (or realised) PnL in the margin coin of `size` opened at `avg`, valued at `price`. */
export function pnlAt(inst: EngineInstrument, side: PosSide, size: Decimal, avg: Decimal, price: Decimal): Decimal {
  if (avg.isZero() || price.isZero()) return ZERO;
  const raw = inst.kind === 'inverse' ? size.times(new Decimal(1).div(avg).minus(new Decimal(1).div(price))) : size.times(price.minus(avg));
  return side === 'long' ? raw : raw.negated();
}

/** Average price after adding `addSize` at `price` to `size` at `avg`. */
export function averagePrice(inst: EngineInstrument, size: Decimal, avg: Decimal, addSize: Decimal, price: Decimal): Decimal {
  const total = size.plus(addSize);
  if (total.isZero()) return ZERO;
  if (size.isZero()) return price;
  if (inst.kind === 'inverse') return total.div(size.div(avg).plus(addSize.div(price)));
  return size.times(avg).plus(addSize.times(price)).div(total);
}

/** Maintenance margin rate: half the initial rate at max leverage, at least 0.4%. */
export function maintenanceRate(inst: EngineInstrument): Decimal {
  return Decimal.max(new Decimal('0.004'), new Decimal('0.5').div(Math.max(1, inst.maxLeverage)));
}

/**
 * Price at which `margin` (margin coin) plus PnL falls to the maintenance margin.
 * Returns zero when there is none (low risk).
 */
export function liquidationPrice(inst: EngineInstrument, side: PosSide, size: Decimal, avg: Decimal, margin: Decimal): Decimal {
  if (size.isZero() || avg.isZero()) return ZERO;
  const r = maintenanceRate(inst);
  const one = new Decimal(1);
  let p: Decimal;
  if (inst.kind === 'inverse') {
    if (side === 'long') p = size.times(one.plus(r)).div(margin.plus(size.div(avg)));
    else {
      const denom = size.div(avg).minus(margin);
      if (denom.lte(0)) return ZERO;
      p = size.times(one.minus(r)).div(denom);
    }
  } else if (side === 'long') p = avg.times(size).minus(margin).div(size.times(one.minus(r)));
  else p = avg.times(size).plus(margin).div(size.times(one.plus(r)));
  return p.isNegative() ? ZERO : p;
}
