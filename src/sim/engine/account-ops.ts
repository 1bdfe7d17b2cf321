/**
 * Account operations: assets, settings, hold mode, leverage, account mode, max open available,
 * max transferable, financial records, delta info, and the `account` push item (§7.1).
 */
import { Decimal } from 'decimal.js';
import type { EngineCore } from './core.js';
import { optCategory, optEnum, optInt, optStr, reqCategory, reqStr, type Params } from './params.js';
import { valueAt } from './position-math.js';
import { markOf, snapshotOf, type AccountSnapshot } from './risk.js';
import { page } from './queries.js';
import { Codes, isFuturesCategory, reject, ZERO } from './types.js';
import { str } from './wire-format.js';

function usd(d: Decimal): string {
  return d.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
}

function ratio(snap: AccountSnapshot): string {
  return snap.equityUsd.gt(0) ? snap.mmrUsd.div(snap.equityUsd).toDecimalPlaces(6).toFixed() : '0';
}

/** GET account/assets. */
export function assets(core: EngineCore, uid: string): Record<string, unknown> {
  const s = snapshotOf(core, uid);
  const btc = core.market.priceUsdt('BTC');
  const usdt = core.market.priceUsdt('USDT');
  return {
    accountEquity: usd(s.equityUsd),
    usdtEquity: usd(usdt.gt(0) ? s.equityUsd.div(usdt) : s.equityUsd),
    btcEquity: btc.gt(0) ? s.equityUsd.div(btc).toDecimalPlaces(8).toFixed() : '0',
    unrealisedPnl: usd(s.upnlUsd),
    usdtUnrealisedPnl: usd(s.upnlUsd),
    btcUnrealizedPnl: btc.gt(0) ? s.upnlUsd.div(btc).toDecimalPlaces(8).toFixed() : '0',
    effEquity: usd(s.equityUsd),
    mmr: usd(s.mmrUsd),
    imr: usd(s.imrUsd),
    mgnRatio: ratio(s),
    positionMgnRatio: ratio(s),
    positionValue: usd(s.positionValueUsd),
    leverage: s.equityUsd.gt(0) ? s.positionValueUsd.div(s.equityUsd).toDecimalPlaces(2).toFixed() : '0',
    assets: s.coins.map((c) => ({
      coin: c.coin,
      equity: str(c.equity),
      usdValue: usd(c.usdValue),
      balance: str(c.balance),
      available: str(c.available),
      debt: str(c.debt),
      locked: str(c.locked),
      bonus: '0',
    })),
  };
}

/** The `account` topic item (§7.1). */
export function accountPush(core: EngineCore, uid: string): Record<string, unknown> {
  const s = snapshotOf(core, uid);
  return {
    totalEquity: usd(s.equityUsd),
    effEquity: usd(s.equityUsd),
    mmr: usd(s.mmrUsd),
    imr: usd(s.imrUsd),
    mgnRatio: ratio(s),
    positionMgnRatio: ratio(s),
    unrealisedPnL: usd(s.upnlUsd),
    coin: s.coins.map((c) => ({
      coin: c.coin,
      balance: str(c.balance),
      available: str(c.available),
      locked: str(c.locked),
      equity: str(c.equity),
      usdValue: usd(c.usdValue),
      borrow: str(c.debt),
      debts: str(c.debt),
    })),
  };
}

/** GET account/settings (§8.4). */
export function settings(core: EngineCore, uid: string): Record<string, unknown> {
  const s = core.accounts.settings(uid);
  const symbolConfigList = core.instruments
    .all()
    .filter((i) => isFuturesCategory(i.category))
    .map((i) => ({ category: i.category, symbol: i.symbol, marginMode: 'crossed', leverage: String(core.accounts.leverageOf(uid, i.category, i.symbol)) }));
  const coins = new Set(core.instruments.all().filter((i) => i.category === 'MARGIN').flatMap((i) => [i.baseCoin, i.quoteCoin]));
  return {
    uid,
    accountMode: 'unified',
    assetMode: 'multi_assets',
    accountLevel: s.accountLevel,
    holdMode: s.holdMode,
    stpMode: 'none',
    symbolConfigList,
    coinConfigList: [...coins].sort().map((coin) => ({ coin, leverage: String(s.coinLeverage.get(coin) ?? 3) })),
  };
}

/** POST account/set-hold-mode: refused (40920) while any position or open order exists (spec). */
export function setHoldMode(core: EngineCore, uid: string, p: Params): string {
  const mode = optEnum(p, 'holdMode', ['one_way_mode', 'hedge_mode'] as const) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: holdMode is required (one_way_mode or hedge_mode)');
  const positions = core.positions.list(uid).length;
  const orders = core.orders.openOf(uid).length;
  if (positions > 0 || orders > 0)
    reject(Codes.HOLD_MODE_BUSY, `Position or order exists, the hold mode cannot be switched: close ${positions} position(s) and cancel ${orders} open order(s) first`);
  core.accounts.settings(uid).holdMode = mode;
  return 'success';
}

/**
 * POST account/set-leverage (official page "Set Leverage"): `category` with `symbol` for futures or
 * `coin` for margin. Isolated futures may set one side (`posSide`) or both (`longLeverage` /
 * `shortLeverage`); the side given applies to that side's positions.
 */
export function setLeverage(core: EngineCore, uid: string, p: Params): string {
  const category = optCategory(p) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: category is required');
  const s = core.accounts.settings(uid);
  if (isFuturesCategory(category)) {
    const inst = core.instruments.get(category, reqStr(p, 'symbol'));
    const lev = optInt(p, 'leverage', 1, inst.maxLeverage) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: leverage is required');
    const side = optEnum(p, 'posSide', ['long', 'short'] as const);
    const sideLev = { long: optInt(p, 'longLeverage', 1, inst.maxLeverage) ?? lev, short: optInt(p, 'shortLeverage', 1, inst.maxLeverage) ?? lev };
    if (side === undefined) s.symbolLeverage.set(`${category}|${inst.symbol}`, lev);
    core.run(() => {
      for (const pos of core.positions.list(uid, category, inst.symbol)) {
        if (side !== undefined && pos.posSide !== side) continue;
        pos.leverage = pos.posSide === 'short' ? sideLev.short : sideLev.long;
        if (pos.marginMode === 'crossed') pos.margin = valueAt(inst, pos.size, pos.avgPrice).div(lev);
        core.touchPosition(pos);
      }
    });
    return 'success';
  }
  const coin = reqStr(p, 'coin').toUpperCase();
  const lev = optInt(p, 'leverage', 1, 10) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: leverage is required');
  s.coinLeverage.set(coin, lev);
  return 'success';
}

/** POST account/adjust-account-mode: data null. */
export function adjustAccountMode(core: EngineCore, uid: string, p: Params): null {
  const mode = optEnum(p, 'mode', ['basic', 'advanced', 'delta', 'isolated'] as const) ?? reject(Codes.PARAM_VERIFY, 'Parameter verification failed: mode is required (basic, advanced or isolated)');
  const deltaSwitch = optEnum(p, 'deltaSwitch', ['yes', 'no'] as const);
  const target = optStr(p, 'targetUid') ?? uid;
  const s = core.accounts.settings(target);
  s.accountLevel = mode;
  if (mode === 'delta') s.deltaSwitch = true;
  else if (mode === 'advanced' && deltaSwitch !== undefined) s.deltaSwitch = deltaSwitch === 'yes';
  else if (mode !== 'advanced') s.deltaSwitch = false;
  return null;
}

/** POST account/max-open-available. */
export function maxOpenAvailable(core: EngineCore, uid: string, p: Params): Record<string, string> {
  const category = reqCategory(p);
  const inst = core.instruments.get(category, reqStr(p, 'symbol'));
  const side = optEnum(p, 'side', ['buy', 'sell'] as const) ?? 'buy';
  const priceSent = optStr(p, 'price');
  const price = priceSent !== undefined && /^\d+(\.\d+)?$/.test(priceSent) ? new Decimal(priceSent) : markOf(core, inst) ?? ZERO;
  const qp = inst.quantityPrecision;
  if (!isFuturesCategory(category)) {
    const available = core.accounts.available(uid, side === 'buy' ? inst.quoteCoin : inst.baseCoin);
    const maxOpen = side === 'buy' ? (price.gt(0) ? available.div(price) : ZERO) : available;
    return { available: str(available), maxOpen: maxOpen.toDecimalPlaces(qp, Decimal.ROUND_DOWN).toFixed(), buyOpenCost: '', sellOpenCost: '', maxBuyOpen: '', maxSellOpen: '' };
  }
  const lev = core.accounts.leverageOf(uid, category, inst.symbol);
  const available = core.accounts.available(uid, inst.marginCoin);
  const perUnit = price.gt(0) ? valueAt(inst, new Decimal(1), price).times(new Decimal(1).div(lev).plus(inst.takerFeeRate)) : ZERO;
  const max = perUnit.gt(0) ? available.div(perUnit).toDecimalPlaces(qp, Decimal.ROUND_DOWN) : ZERO;
  const cost = price.gt(0) ? valueAt(inst, inst.minOrderQty, price).div(lev) : ZERO;
  return { available: str(available), maxOpen: max.toFixed(), buyOpenCost: str(cost), sellOpenCost: str(cost), maxBuyOpen: max.toFixed(), maxSellOpen: max.toFixed() };
}

/** GET account/max-transferable. */
export function maxTransferable(core: EngineCore, uid: string, p: Params): Record<string, string> {
  const coin = reqStr(p, 'coin').toUpperCase();
  const available = core.accounts.available(uid, coin);
  return { coin, maxTransfer: str(available), borrowMaxTransfer: str(available) };
}

/** GET account/financial-records. */
export function financialRecords(core: EngineCore, uid: string, p: Params): { list: Record<string, string>[]; cursor: string } {
  const category = optStr(p, 'category')?.toUpperCase();
  const coin = optStr(p, 'coin')?.toUpperCase();
  const type = optStr(p, 'type');
  const rows = core.accounts.records.filter((r) => r.uid === uid && (category === undefined || r.category === category) && (coin === undefined || r.coin === coin) && (type === undefined || r.type === type));
  const pg = page(rows, (r) => r.id, (r) => r.ts, p);
  return {
    list: pg.list.map((r) => ({ id: r.id, category: r.category, symbol: r.symbol, coin: r.coin, type: r.type, amount: str(r.amount), fee: str(r.fee.negated()), balance: str(r.balance), ts: String(r.ts) })),
    cursor: pg.cursor,
  };
}

/** GET account/delta-info: list only when deltaSwitch is on. */
export function deltaInfo(core: EngineCore, uid: string): Record<string, unknown> {
  const s = core.accounts.settings(uid);
  const list: { coin: string; positionRatio: string }[] = [];
  if (s.deltaSwitch) {
    const snap = snapshotOf(core, uid);
    for (const c of snap.coins) {
      if (c.coin === 'USDT' || c.coin === 'USDC' || c.equity.isZero()) continue;
      let net = c.balance;
      for (const pos of core.positions.list(uid)) {
        if (pos.inst.baseCoin !== c.coin || pos.inst.kind !== 'linear') continue;
        net = pos.posSide === 'long' ? net.plus(pos.size) : net.minus(pos.size);
      }
      list.push({ coin: c.coin, positionRatio: c.balance.isZero() ? '0' : net.div(c.balance).abs().toDecimalPlaces(4).toFixed() });
    }
  }
  return { deltaEquityRatio: '', deltaThreshold: '', positionThreshold: '0.2', list };
}
