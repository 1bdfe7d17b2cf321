/**
 * Issue 14, golden (b): our mappers read each official page's response example into the domain
 * model, and nothing is lost silently. For every record the page prints, each key is either read
 * (and its value checked in the domain) or named here as deliberately left on the wire, with why;
 * a key the page adds tomorrow fails this test until someone decides.
 */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { accountFromWire, fillFromWire, loanFromWire, orderFromWire, positionFromWire } from '../../src/exchange/wire/account-mappers.js';
import { candleFromWire, instrumentFromWire, tickerFromWire } from '../../src/exchange/wire/market-mappers.js';
import { wireList, wireRecord, type WireRecord } from '../../src/exchange/wire/wire-values.js';
import { batchEntries } from '../../src/services/order-transport.js';
import { deltaFromWire, fundingFromWire } from '../../src/services/poll-service.js';
import { borrowTermsFrom } from '../../src/ui/hooks/use-borrow-estimate.js';
import { maxOpenState } from '../../src/ui/hooks/use-ticket-parts.js';
import { loanCoinsFromWire } from '../../src/exchange/wire/loan-mappers.js';
import { maxOpenFromWire } from '../../src/exchange/wire/trade-query-mappers.js';
import { loadGoldens } from '../helpers/golden.js';

const GOLDEN = new Map(loadGoldens().map((g) => [g.operation, g.response?.data] as const));

function data(id: string): unknown {
  const d = GOLDEN.get(id as never);
  if (d === undefined) throw new Error(`no golden response for ${id}`);
  return d;
}

/** The records of a reply: a list's items, `{list}`'s items, or the object itself. */
function records(id: string): readonly WireRecord[] {
  const d = data(id);
  if (Array.isArray(d)) return wireList(d);
  const r = wireRecord(d);
  return Array.isArray(r.list) ? wireList(r.list) : [r];
}

const dec = (v: unknown): Decimal => new Decimal(String(v));

/** Every key of `r` is read or deliberately left. */
function accountedFor(r: WireRecord, read: readonly string[], left: Readonly<Record<string, string>>): void {
  const unknown = Object.keys(r).filter((k) => !read.includes(k) && !(k in left));
  expect(unknown, 'keys on the page that no mapper reads and nobody decided to leave').toEqual([]);
}

const ORDER_READ = ['orderId', 'clientOid', 'category', 'symbol', 'orderType', 'side', 'price', 'qty', 'cumExecQty', 'avgPrice', 'timeInForce', 'orderStatus', 'posSide', 'reduceOnly', 'cancelReason', 'createdTime', 'updatedTime'];
const ORDER_LEFT = {
  amount: 'quote amount of a market buy; the orders panel shows qty and the fill value, the order view shows the raw record',
  cumExecValue: 'derivable (cumExecQty × avgPrice); shown in the order view',
  holdMode: 'the account setting (account.getSettings) is the source of truth',
  tradeSide: 'open/close is derived from side and posSide for display',
  feeDetail: 'fees are taken from fills (fillFromWire), per execution',
  execType: 'shown raw in the order history view',
};

describe('golden responses through our mappers', () => {
  it.each(['trade.getOrderInfo', 'trade.getUnfilledOrders', 'trade.getHistoryOrders'])('%s → Order', (id) => {
    for (const r of records(id)) {
      const o = orderFromWire(r);
      expect(o).not.toBeNull();
      if (o === null) return;
      expect([o.orderId, o.clientOid, o.category, o.symbol, o.side, o.orderType, o.status]).toEqual([r.orderId, r.clientOid, r.category, r.symbol, r.side, r.orderType, r.orderStatus]);
      expect(o.qty.eq(dec(r.qty)) && o.cumExecQty.eq(dec(r.cumExecQty)) && o.avgPrice.eq(dec(r.avgPrice))).toBe(true);
      expect(o.price === null ? r.orderType === 'market' || dec(r.price).isZero() : o.price.eq(dec(r.price))).toBe(true);
      expect(o.reduceOnly).toBe(String(r.reduceOnly).toLowerCase() === 'yes');
      expect([o.createdTime, o.updatedTime]).toEqual([Number(r.createdTime), Number(r.updatedTime)]);
      accountedFor(r, ORDER_READ, ORDER_LEFT);
    }
  });

  it('trade.getFills → Fill', () => {
    for (const r of records('trade.getFills')) {
      const f = fillFromWire(r);
      expect(f).toMatchObject({ execId: r.execId, orderId: r.orderId, clientOid: r.clientOid, category: r.category, symbol: r.symbol, side: r.side, scope: r.tradeScope, feeCoin: 'USDT' });
      expect(f?.price.eq(dec(r.execPrice)) && f.qty.eq(dec(r.execQty)) && f.fee.eq(dec('0.6417006'))).toBe(true);
      expect(f?.time).toBe(Number(r.createdTime));
      // "Closed Position Profit and Loss" (the page's table): the journal's realized PnL per fill.
      expect(f?.pnl?.eq(dec(r.execPnl))).toBe(true);
      accountedFor(r, ['execId', 'orderId', 'clientOid', 'category', 'symbol', 'side', 'execPrice', 'execQty', 'tradeScope', 'feeDetail', 'execPnl', 'createdTime', 'updatedTime'], {
        execLinkId: 'the counterpart execution id; nothing on screen uses it',
        orderType: 'the order carries it',
        execValue: 'derivable (execPrice × execQty)',
        tradeSide: 'derived from the order for display',
      });
    }
  });

  it('position.getCurrent → Position', () => {
    for (const r of records('position.getCurrent')) {
      const p = positionFromWire(r);
      expect(p).toMatchObject({ category: r.category, symbol: r.symbol, posSide: r.posSide, holdMode: r.holdMode, marginMode: r.marginMode, marginCoin: r.marginCoin });
      const pairs: [Decimal | null | undefined, unknown][] = [[p?.size, r.total], [p?.available, r.available], [p?.avgPrice, r.avgPrice], [p?.markPrice, r.markPrice], [p?.unrealisedPnl, r.unrealisedPnl], [p?.leverage, r.leverage], [p?.liqPrice, r.liquidationPrice], [p?.margin, r.positionBalance]];
      for (const [mine, wire] of pairs) expect(mine?.eq(dec(wire))).toBe(true);
      accountedFor(r, ['category', 'symbol', 'marginCoin', 'holdMode', 'posSide', 'marginMode', 'positionBalance', 'available', 'frozen', 'total', 'leverage', 'avgPrice', 'positionStatus', 'unrealisedPnl', 'liquidationPrice', 'markPrice', 'updatedTime'], {
        curRealisedPnl: 'shown raw in the position views; the panel shows unrealised PnL',
        mmr: 'maintenance margin rate of the position; the account panel shows the account-level mmr',
        profitRate: 'derivable (unrealised PnL / margin)',
        breakEvenPrice: 'shown raw in the position views',
        totalFunding: 'shown raw in the position views and the financial records',
        openFeeTotal: 'shown raw in the position views',
        closeFeeTotal: 'shown raw in the position views',
        createdTime: 'the panel shows the update time',
      });
    }
  });

  it('account.getAssets → AccountSummary', () => {
    const r = wireRecord(data('account.getAssets'));
    const a = accountFromWire(r, 1);
    expect([a.equity, a.effEquity, a.imr, a.mmr, a.mgnRatio, a.unrealisedPnl].map(String)).toEqual([r.accountEquity, r.effEquity, r.imr, r.mmr, r.mgnRatio, r.unrealisedPnl].map((v) => dec(v).toString()));
    expect(a.assets.map((c) => [c.coin, c.equity.toString(), c.balance.toString(), c.available.toString(), c.locked.toString(), c.debt.toString(), c.usdValue.toString()])).toEqual(
      wireList(r.assets).map((c) => [c.coin, dec(c.equity).toString(), dec(c.balance).toString(), dec(c.available).toString(), dec(c.locked).toString(), dec(c.debt).toString(), dec(c.usdValue).toString()]),
    );
    accountedFor(r, ['accountEquity', 'effEquity', 'imr', 'mmr', 'mgnRatio', 'unrealisedPnl', 'assets'], {
      usdtEquity: 'equity in USDT; accountEquity is the USD figure shown',
      btcEquity: 'equity in BTC; not shown',
      usdtUnrealisedPnl: 'the USD figure unrealisedPnl is shown',
      btcUnrealizedPnl: 'not shown',
      positionMgnRatio: 'shown raw in the assets view',
    });
    for (const c of wireList(r.assets)) accountedFor(c, ['coin', 'equity', 'usdValue', 'balance', 'available', 'debt', 'locked'], {});
  });

  it('account.getFundingAssets and account.getDeltaInfo → the polled extras', () => {
    const funding = fundingFromWire(data('account.getFundingAssets'));
    expect(funding.map((f) => [f.coin, f.balance.toString(), f.available.toString(), f.frozen.toString()])).toEqual(records('account.getFundingAssets').map((r) => [r.coin, dec(r.balance).toString(), dec(r.available).toString(), dec(r.frozen).toString()]));
    const r = wireRecord(data('account.getDeltaInfo'));
    const d = deltaFromWire(r);
    expect(d.positionThreshold?.toString()).toBe('0.05');
    expect(d.coins.map((c) => [c.coin, c.positionRatio.toString()])).toEqual([['BTC', '0.03']]);
    accountedFor(r, ['positionThreshold', 'list'], { deltaEquityRatio: 'shown raw in the delta view', deltaThreshold: 'shown raw in the delta view' });
  });

  it('loan.getOngoing → Loan, with the ratios the page prints in percent read as fractions', () => {
    for (const r of records('loan.getOngoing')) {
      const l = loanFromWire(r);
      expect(l).toMatchObject({ orderId: r.orderId, loanCoin: r.loanCoin, pledgeCoin: r.pledgeCoin, borrowTime: Number(r.borrowTime), expireTime: Number(r.expireTime) });
      expect([l?.loanAmount, l?.interestAmount, l?.hourInterestRate, l?.pledgeAmount].map((v) => v?.toString())).toEqual([r.loanAmount, r.interestAmount, r.hourInterestRate, r.pledgeAmount].map((v) => dec(v).toString()));
      // "77.97", "85", "91" on the page: 0.7797, 0.85, 0.91 — the scale loan coins and our alarms use.
      expect([l?.pledgeRate, l?.supRate, l?.forceRate].map((v) => v?.toString())).toEqual(['0.7797', '0.85', '0.91']);
      accountedFor(r, ['orderId', 'loanCoin', 'loanAmount', 'interestAmount', 'hourInterestRate', 'pledgeCoin', 'pledgeAmount', 'pledgeRate', 'supRate', 'forceRate', 'borrowTime', 'expireTime'], {});
    }
    // The same record in fractions reads the same.
    const frac = loanFromWire({ ...(records('loan.getOngoing')[0] ?? {}), pledgeRate: '0.7797', supRate: '0.85', forceRate: '0.91' });
    expect([frac?.pledgeRate, frac?.supRate, frac?.forceRate].map((v) => v?.toString())).toEqual(['0.7797', '0.85', '0.91']);
  });

  it('loan.getCoins → the borrow form terms', () => {
    const t = borrowTermsFrom(loanCoinsFromWire(data('loan.getCoins')), 'USDT', 'BGB', 'SEVEN');
    expect([t.hourRate, t.annualRate, t.initRate, t.supRate, t.forceRate].map((v) => v?.toString())).toEqual(['0.00000366', '0.032024937', '0.65', '0.75', '0.91']);
    expect([t.minBorrow, t.maxBorrow]).toEqual(['1', '20000000']);
    // The page's table calls them percentages: the same ratios in percent read the same.
    const pct = structuredClone(data('loan.getCoins')) as { pledgeInfos: Record<string, string>[] };
    for (const p of pct.pledgeInfos) for (const k of ['initRate', 'supRate', 'forceRate']) p[k] = new Decimal(p[k] ?? '0').times(100).toFixed();
    const tp = borrowTermsFrom(loanCoinsFromWire(pct), 'USDT', 'BGB', 'SEVEN');
    expect([tp.initRate, tp.supRate, tp.forceRate].map((v) => v?.toString())).toEqual(['0.65', '0.75', '0.91']);
  });

  it('market.getInstruments → Instrument (contract type from symbolType)', () => {
    for (const r of records('market.getInstruments')) {
      const i = instrumentFromWire(r);
      expect(i).toMatchObject({ category: r.category, symbol: r.symbol, baseCoin: r.baseCoin, quoteCoin: r.quoteCoin, pricePrecision: 1, quantityPrecision: 4, status: r.status, contractType: r.symbolType });
      const pairs: [Decimal | null | undefined, unknown][] = [[i?.priceMultiplier, r.priceMultiplier], [i?.quantityMultiplier, r.quantityMultiplier], [i?.minOrderQty, r.minOrderQty], [i?.minOrderAmount, r.minOrderAmount], [i?.makerFeeRate, r.makerFeeRate], [i?.takerFeeRate, r.takerFeeRate], [i?.maxLeverage, r.maxLeverage]];
      for (const [mine, wire] of pairs) expect(mine?.eq(dec(wire))).toBe(true);
      expect(i?.maxOrderQty.isZero()).toBe(r.maxOrderQty === '');
      const raw = 'shown in the instruments view (every field)';
      accountedFor(r, ['symbol', 'category', 'baseCoin', 'quoteCoin', 'makerFeeRate', 'takerFeeRate', 'minOrderQty', 'maxOrderQty', 'pricePrecision', 'quantityPrecision', 'priceMultiplier', 'quantityMultiplier', 'symbolType', 'minOrderAmount', 'status', 'maxLeverage'], Object.fromEntries(
        ['buyLimitPriceRatio', 'sellLimitPriceRatio', 'feeRateUpRatio', 'openCostUpRatio', 'quotePrecision', 'maxSymbolOrderNum', 'maxProductOrderNum', 'maxPositionNum', 'offTime', 'limitOpenTime', 'deliveryTime', 'deliveryStartTime', 'deliveryPeriod', 'launchTime', 'fundInterval', 'minLeverage', 'maintainTime'].map((k) => [k, raw]),
      ));
    }
  });

  it('market.getTickers → Ticker (an empty price is zero, not an error)', () => {
    for (const r of records('market.getTickers')) {
      const t = tickerFromWire(r, 'SPOT');
      expect(t).toMatchObject({ category: r.category, symbol: r.symbol });
      expect([t?.lastPrice, t?.bid1Price, t?.ask1Price, t?.high24h, t?.low24h, t?.open24h, t?.change24h, t?.volume24h, t?.turnover24h].map((v) => v?.toString())).toEqual(
        [r.lastPrice, r.bid1Price, r.ask1Price, r.highPrice24h, r.lowPrice24h, r.openPrice24h, r.price24hPcnt, r.volume24h, r.turnover24h].map((v) => (v === '' ? '0' : dec(v).toString())),
      );
      accountedFor(r, ['category', 'symbol', 'lastPrice', 'openPrice24h', 'highPrice24h', 'lowPrice24h', 'ask1Price', 'bid1Price', 'price24hPcnt', 'volume24h', 'turnover24h'], { bid1Size: 'the book panel shows sizes from the books stream', ask1Size: 'the book panel shows sizes from the books stream' });
    }
  });

  it.each(['market.getCandles', 'market.getHistoryCandles'])('%s → Candle', (id) => {
    const rows = data(id) as unknown[][];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const c = candleFromWire(row);
      expect([c?.start, c?.open.toString(), c?.high.toString(), c?.low.toString(), c?.close.toString(), c?.volume.toString()]).toEqual([Number(row[0]), ...row.slice(1, 6).map((v) => dec(v).toString())]);
    }
  });

  it('account.getMaxOpenAvailable → the ticket line', () => {
    expect(maxOpenState(maxOpenFromWire(data('account.getMaxOpenAvailable')))).toMatchObject({ kind: 'ok' });
  });

  it.each(['trade.placeBatch', 'trade.cancelBatch', 'trade.cancelSymbolOrder', 'trade.closePositions'])('%s → one batch entry per order', (id) => {
    const entries = batchEntries(data(id));
    expect(entries.map((e) => [e.orderId, e.clientOid])).toEqual(records(id).map((r) => [String(r.orderId ?? ''), String(r.clientOid ?? '')]));
  });
});
