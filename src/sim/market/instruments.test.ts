import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DELIVERY_SYMBOL, REALITY_SYMBOL, SIM_SYMBOLS, createInstrumentDefs, instrumentRecord } from './instruments.js';

const COMMON = ['category', 'symbol', 'baseCoin', 'quoteCoin', 'buyLimitPriceRatio', 'sellLimitPriceRatio', 'pricePrecision', 'quantityPrecision', 'quotePrecision', 'minOrderAmount', 'maxSymbolOrderNum', 'maxProductOrderNum', 'status', 'launchTime', 'symbolType', 'maintainTime', 'fullName', 'instrumentType', 'marketRegion', 'isin'];
const DELIVERY = ['deliveryTime', 'deliveryStartTime', 'deliveryPeriod'];
const FUTURES = ['minOrderQty', 'maxOrderQty', 'maxPositionNum', 'isRwa', 'feeRateUpRatio', 'makerFeeRate', 'takerFeeRate', 'openCostUpRatio', 'priceMultiplier', 'quantityMultiplier', 'type', 'maxMarketOrderQty', 'offTime', 'limitOpenTime', ...DELIVERY, 'fundInterval', 'minLeverage', 'maxLeverage'];
const MARGIN = ['maxPositionNum', 'isIsolatedBaseBorrowable', 'isIsolatedQuotedBorrowable', 'warningRiskRatio', 'liquidationRiskRatio', 'maxCrossedLeverage', 'maxIsolatedLeverage', 'userMinBorrow', 'maxLeverage'];

const T0 = Date.UTC(2026, 10, 25, 5);
const defs = createInstrumentDefs(T0);
const records = defs.map((d) => instrumentRecord(d, { status: d.baseStatus, deliveryTime: T0 + 1000, deliveryStartTime: T0 + 500 }));

describe('instruments', () => {
  it('lists exactly SIM_SYMBOLS', () => {
    for (const [cat, symbols] of Object.entries(SIM_SYMBOLS)) {
      expect(records.filter((r) => r.category === cat).map((r) => r.symbol)).toEqual(symbols);
    }
  });

  it('carries every field the spec names for its category, all strings', () => {
    for (const r of records) {
      const want = [...COMMON];
      if (r.category === 'SPOT') want.push('isReality');
      else if (r.category === 'MARGIN') want.push(...MARGIN);
      else want.push(...FUTURES);
      for (const k of want) expect(typeof r[k], `${r.category} ${r.symbol} ${k}`).toBe('string');
      if (r.category !== 'SPOT') expect(r.isReality).toBeUndefined();
      // A perpetual carries the delivery fields empty, as the official page's BTCUSDT record does.
      if (r.type === 'perpetual') expect(DELIVERY.map((k) => r[k])).toEqual(['', '', '']);
      if (r.category === 'SPOT' || r.category === 'MARGIN') expect(r.deliveryPeriod).toBeUndefined();
    }
  });

  it('has consistent grids, fees and special cases', () => {
    for (const d of defs) {
      expect(d.priceTick.decimalPlaces()).toBeLessThanOrEqual(d.pricePrecision);
      expect(d.qtyStep.decimalPlaces()).toBeLessThanOrEqual(d.quantityPrecision);
      expect(d.makerQty.gte(d.minOrderQty)).toBe(true);
    }
    const fut = records.find((r) => r.category === 'USDT-FUTURES' && r.symbol === 'BTCUSDT');
    expect([fut?.priceMultiplier, fut?.quantityMultiplier, fut?.makerFeeRate, fut?.takerFeeRate]).toEqual(['0.1', '0.001', '0.0002', '0.0006']);
    const spot = defs.find((d) => d.category === 'SPOT' && d.symbol === 'BTCUSDT');
    expect([spot?.pricePrecision, spot?.quantityPrecision, spot?.makerFeeRate.toString(), spot?.takerFeeRate.toString()]).toEqual([2, 6, '0.001', '0.001']);
    const reality = records.find((r) => r.symbol === REALITY_SYMBOL);
    expect([reality?.isReality, reality?.symbolType, reality?.areaSymbol]).toEqual(['yes', 'stock', 'AAPL.US']);
    expect(records.find((r) => r.category === 'SPOT' && r.symbol === 'BTCUSDT')?.areaSymbol).toBeUndefined();
    const xrp = records.find((r) => r.symbol === 'XRPUSDT');
    expect([xrp?.status, xrp?.limitOpenTime]).toEqual(['limit_open', String(T0)]);
    const del = records.find((r) => r.symbol === DELIVERY_SYMBOL);
    expect([del?.type, del?.symbolType, del?.deliveryPeriod, del?.deliveryTime, del?.deliveryStartTime]).toEqual(['delivery', 'delivery', 'this_quarter', String(T0 + 1000), String(T0 + 500)]);
    expect([fut?.type, fut?.symbolType]).toEqual(['perpetual', 'perpetual']);
    const cm = defs.find((d) => d.symbol === 'BTCUSD_CM');
    expect([cm?.quoteCoin, cm?.quoteSized, cm?.quantityPrecision]).toEqual(['USD', true, 0]);
    expect(new Decimal(fut?.maxLeverage ?? '0').gt(fut?.minLeverage ?? '0')).toBe(true);
  });
});
