/**
 * Valuation at mark: unrealised PnL, reserved margin, per-coin equity, account equity, IMR, MMR,
 * margin ratio and liquidation prices. Pure reads of the engine state.
 */
import { Decimal } from 'decimal.js';
import type { EngineCore } from './core.js';
import { liquidationPrice, maintenanceRate, pnlAt, valueAt } from './position-math.js';
import type { SimPosition } from './positions.js';
import { isFuturesCategory, ZERO, type EngineInstrument, type PositionView } from './types.js';
import { str } from './wire-format.js';

/** Mark price of an instrument: the feed's mark, else the book mid, else null. */
export function markOf(core: EngineCore, inst: EngineInstrument): Decimal | null {
  const cat = inst.category === 'MARGIN' ? 'SPOT' : inst.category;
  const m = core.market.markPrice(cat, inst.symbol);
  if (m) return m;
  const book = core.books.get(cat, inst.symbol);
  const bid = book.best('buy');
  const ask = book.best('sell');
  if (bid && ask) return bid.plus(ask).div(2);
  return bid ?? ask ?? null;
}

/** Unrealised PnL of a position at mark (margin coin). */
export function upnlOf(core: EngineCore, p: SimPosition): Decimal {
  const mark = markOf(core, p.inst) ?? p.avgPrice;
  return pnlAt(p.inst, p.posSide, p.size, p.avgPrice, mark);
}

/** Maintenance margin of a position at mark (margin coin). */
export function mmOf(core: EngineCore, p: SimPosition): Decimal {
  const mark = markOf(core, p.inst) ?? p.avgPrice;
  return valueAt(p.inst, p.size, mark).times(maintenanceRate(p.inst));
}

/** Margin coin amount held for `uid`'s positions and open futures orders in `coin`, plus open losses. */
export function reservedMargin(core: EngineCore, uid: string, coin: string): Decimal {
  let sum = ZERO;
  for (const p of core.positions.list(uid)) {
    if (p.inst.marginCoin !== coin) continue;
    sum = sum.plus(p.margin);
    const u = upnlOf(core, p);
    if (u.isNegative()) sum = sum.minus(p.marginMode === 'isolated' ? Decimal.max(u, p.margin.negated()) : u);
  }
  for (const o of core.orders.openOf(uid)) if (isFuturesCategory(o.category) && o.inst.marginCoin === coin) sum = sum.plus(o.reservedMargin);
  return sum;
}

/** Per-coin and account-level numbers (USD values use the feed's USDT prices). */
export interface AccountSnapshot {
  readonly coins: readonly { coin: string; balance: Decimal; locked: Decimal; available: Decimal; equity: Decimal; usdValue: Decimal; debt: Decimal; upnl: Decimal }[];
  readonly equityUsd: Decimal;
  readonly upnlUsd: Decimal;
  readonly imrUsd: Decimal;
  readonly mmrUsd: Decimal;
  readonly positionValueUsd: Decimal;
}

/** Values an account at mark. */
export function snapshotOf(core: EngineCore, uid: string): AccountSnapshot {
  const upnlByCoin = new Map<string, Decimal>();
  let imr = ZERO;
  let mmr = ZERO;
  let posValue = ZERO;
  for (const p of core.positions.list(uid)) {
    const c = p.inst.marginCoin;
    const px = core.market.priceUsdt(c);
    upnlByCoin.set(c, (upnlByCoin.get(c) ?? ZERO).plus(upnlOf(core, p)));
    imr = imr.plus(p.margin.times(px));
    mmr = mmr.plus(mmOf(core, p).times(px));
    const mark = markOf(core, p.inst) ?? p.avgPrice;
    posValue = posValue.plus(valueAt(p.inst, p.size, mark).times(px));
  }
  for (const o of core.orders.openOf(uid)) if (o.reservedMargin.gt(0)) imr = imr.plus(o.reservedMargin.times(core.market.priceUsdt(o.inst.marginCoin)));
  const wallet = core.accounts.wallet(uid);
  const coinNames = new Set([...wallet.keys(), ...upnlByCoin.keys()]);
  const coins = [];
  let equityUsd = ZERO;
  let upnlUsd = ZERO;
  for (const coin of [...coinNames].sort()) {
    const balance = core.accounts.balance(uid, coin);
    const upnl = upnlByCoin.get(coin) ?? ZERO;
    const locked = core.accounts.locked(uid, coin);
    if (balance.isZero() && upnl.isZero() && locked.isZero()) continue;
    const equity = balance.plus(upnl);
    const px = core.market.priceUsdt(coin);
    const usdValue = equity.times(px);
    equityUsd = equityUsd.plus(usdValue);
    upnlUsd = upnlUsd.plus(upnl.times(px));
    coins.push({ coin, balance, locked, available: core.accounts.available(uid, coin), equity, usdValue, debt: balance.isNegative() ? balance.negated() : ZERO, upnl });
  }
  return { coins, equityUsd, upnlUsd, imrUsd: imr, mmrUsd: mmr, positionValueUsd: posValue };
}

/** Mark-dependent wire numbers of a position. */
export function viewOf(core: EngineCore, p: SimPosition): PositionView {
  const mark = markOf(core, p.inst);
  const frozen = core.orders.frozenFor(p.uid, p.category, p.symbol, p.posSide);
  const upnl = upnlOf(core, p);
  const margin = p.marginMode === 'isolated' ? p.margin : p.margin.plus(core.accounts.available(p.uid, p.inst.marginCoin));
  const liq = liquidationPrice(p.inst, p.posSide, p.size, p.avgPrice, margin);
  const fee2 = p.inst.takerFeeRate.times(2);
  const be = p.posSide === 'long' ? p.avgPrice.times(new Decimal(1).plus(fee2)) : p.avgPrice.times(new Decimal(1).minus(fee2));
  const pp = p.inst.pricePrecision;
  return {
    frozen: str(Decimal.min(frozen, p.size)),
    markPrice: mark ? mark.toFixed(pp) : '',
    unrealisedPnl: str(upnl),
    liqPrice: liq.isZero() ? '0' : liq.toDecimalPlaces(pp, Decimal.ROUND_HALF_UP).toFixed(),
    mmr: str(mmOf(core, p)),
    breakEvenPrice: be.toDecimalPlaces(pp, Decimal.ROUND_HALF_UP).toFixed(),
  };
}
