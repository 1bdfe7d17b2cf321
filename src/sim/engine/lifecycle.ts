/**
 * Time-driven work of the engine: funding settlement at each `fundInterval`-hour boundary of
 * exchange time (which itself runs `speed` times faster), liquidation when margin runs out (orders system-cancelled, positions closed at mark),
 * and the countdown (dead-man switch) that cancels every order of an account.
 */
import { Decimal } from 'decimal.js';
import type { EngineCore } from './core.js';
import { cancelOrder } from './matching.js';
import { valueAt } from './position-math.js';
import type { SimPosition } from './positions.js';
import { newOrderRecord } from './order-record.js';
import { markOf, mmOf, snapshotOf, upnlOf } from './risk.js';
import { settleSide } from './settlement.js';
import { isFuturesCategory, isOpen, isSystemUid, ZERO } from './types.js';

const HOUR_MS = 3_600_000;

/** Start of the next funding period after `now` on the UTC grid of `hours` (as the ticker's nextFundingTime). */
export function nextFundingAt(now: number, hours: number): number {
  const ms = Math.max(1, hours) * HOUR_MS;
  return Math.floor(now / ms) * ms + ms;
}

/** Funding schedule per instrument: settles at each `fundInterval`-hour boundary of exchange time. */
export class FundingClock {
  private readonly next = new Map<string, number>();

  /** Settles funding for every instrument whose boundary has passed since the last tick. */
  tick(core: EngineCore, now: number): void {
    for (const inst of core.instruments.all()) {
      if (!isFuturesCategory(inst.category)) continue;
      const key = `${inst.category}|${inst.symbol}`;
      const due = this.next.get(key);
      this.next.set(key, nextFundingAt(now, inst.fundInterval));
      if (due === undefined || now < due) continue;
      const ticker = core.market.tickerPush(inst.category, inst.symbol);
      let rate: Decimal;
      try {
        rate = new Decimal(ticker?.['fundingRate'] || '0.0001');
      } catch {
        rate = new Decimal('0.0001');
      }
      const mark = markOf(core, inst);
      if (!mark) continue;
      core.run(() => {
        for (const p of core.positions.all()) {
          if (p.category !== inst.category || p.symbol !== inst.symbol || isSystemUid(p.uid)) continue;
          const pay = valueAt(inst, p.size, mark).times(rate);
          const signed = p.posSide === 'long' ? pay.negated() : pay;
          p.totalFunding = p.totalFunding.plus(signed);
          p.updatedTime = now;
          core.accounts.change(p.uid, inst.marginCoin, signed, { type: 'funding_fee', category: p.category, symbol: p.symbol });
          core.touchPosition(p);
        }
      });
    }
  }
}

/**
 * Closes a position at mark with a system order of `kind`. Liquidation first cancels the
 * account's futures orders; delivery cancels the orders of that symbol.
 */
export function closeAtMark(core: EngineCore, pos: SimPosition, kind: 'liquidation' | 'delivery'): void {
  const mark = markOf(core, pos.inst) ?? pos.avgPrice;
  core.run(() => {
    for (const o of core.orders.openOf(pos.uid)) {
      const hit = kind === 'liquidation' ? isFuturesCategory(o.category) : o.category === pos.category && o.symbol === pos.symbol;
      if (hit) cancelOrder(core, o, kind, kind);
    }
    const order = newOrderRecord(core, {
      uid: pos.uid,
      inst: pos.inst,
      side: pos.posSide === 'long' ? 'sell' : 'buy',
      orderType: 'market',
      timeInForce: 'ioc',
      price: null,
      qty: pos.size,
      feeCoin: pos.inst.marginCoin,
      posSide: pos.posSide,
      sentPosSide: pos.holdMode === 'hedge_mode' ? pos.posSide : null,
      holdMode: pos.holdMode,
      tradeSide: 'close',
      reduceOnly: pos.holdMode === 'one_way_mode',
      marginMode: pos.marginMode,
      leverage: pos.leverage,
      execType: kind,
    });
    core.orders.add(order);
    settleSide(core, order, pos.size, mark, 'taker', core.newExecId());
  });
}

/** Liquidates isolated positions whose margin is used up, and all cross positions of an account whose equity fell to its maintenance margin. */
export function checkLiquidations(core: EngineCore): void {
  const byUid = new Map<string, SimPosition[]>();
  for (const p of core.positions.all()) if (!isSystemUid(p.uid)) byUid.set(p.uid, [...(byUid.get(p.uid) ?? []), p]);
  for (const [uid, list] of byUid) {
    for (const p of list) {
      if (p.marginMode === 'isolated' && p.margin.plus(upnlOf(core, p)).lte(mmOf(core, p))) closeAtMark(core, p, 'liquidation');
    }
    const cross = list.filter((p) => p.marginMode === 'crossed' && p.size.gt(0));
    if (cross.length === 0) continue;
    const snap = snapshotOf(core, uid);
    let isolatedUsd = ZERO;
    let crossMmUsd = ZERO;
    for (const p of list) {
      const px = core.market.priceUsdt(p.inst.marginCoin);
      if (p.marginMode === 'isolated' && p.size.gt(0)) isolatedUsd = isolatedUsd.plus(p.margin.plus(upnlOf(core, p)).times(px));
      if (p.marginMode === 'crossed') crossMmUsd = crossMmUsd.plus(mmOf(core, p).times(px));
    }
    if (snap.equityUsd.minus(isolatedUsd).lte(crossMmUsd)) for (const p of cross) closeAtMark(core, p, 'liquidation');
  }
}

/** Settles positions of delivery contracts in their delivery period at mark. */
export function settleDeliveries(core: EngineCore): void {
  for (const p of core.positions.all()) {
    if (isSystemUid(p.uid)) continue;
    const st = core.market.status(p.category, p.symbol);
    if (st?.deliveryStatus === 'delivery_period') closeAtMark(core, p, 'delivery');
  }
}

/** The countdown-cancel-all switch per account (real seconds: exchange time runs `speed` times faster). */
export class Countdown {
  private readonly deadlines = new Map<string, number>();

  /** @param speed exchange-time scale (1 = real time) */
  constructor(private readonly speed = 1) {}

  /** Arms ("5".."60" seconds from now) or disarms (0). */
  set(uid: string, seconds: number, now: number): void {
    if (seconds === 0) this.deadlines.delete(uid);
    else this.deadlines.set(uid, now + seconds * 1000 * this.speed);
  }

  /** Deadline of an account (Unix ms), or null when off. */
  deadline(uid: string): number | null {
    return this.deadlines.get(uid) ?? null;
  }

  /** Cancels every order of accounts whose window ran out, and switches their countdown off. */
  tick(core: EngineCore, now: number): void {
    for (const [uid, due] of [...this.deadlines]) {
      if (now < due) continue;
      this.deadlines.delete(uid);
      core.run(() => {
        for (const o of core.orders.openOf(uid)) if (isOpen(o)) cancelOrder(core, o, 'countdown', 'countdown_cancel');
      });
    }
  }
}
