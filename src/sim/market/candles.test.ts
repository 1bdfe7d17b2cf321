import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { CandleSeries, INTERVAL_MS, INTERVALS, alignTs, generatePrefill } from './candles.js';
import { createRng } from '../../domain/rng.js';

const FMT = { price: 2, volume: 4, turnover: 4 };
const T0 = Date.UTC(2026, 10, 25, 5, 0, 0);
const d = (v: string | number): Decimal => new Decimal(v);

describe('alignTs', () => {
  it('puts minute and hour candles on the UTC grid', () => {
    expect(alignTs(T0 + 59_999, '1m')).toBe(T0);
    expect(alignTs(T0 + 7 * 60_000 + 5, '5m')).toBe(T0 + 5 * 60_000);
    expect(alignTs(T0 + 30 * 60_000, '4H')).toBe(Date.UTC(2026, 10, 25, 4));
  });

  it('opens 6H, 12H and 1D candles on the UTC+8 grid (1D at 16:00 UTC)', () => {
    expect(alignTs(T0, '1D')).toBe(Date.UTC(2026, 10, 24, 16));
    expect(alignTs(Date.UTC(2026, 10, 25, 16, 0, 0), '1D')).toBe(Date.UTC(2026, 10, 25, 16));
    expect(alignTs(T0, '12H')).toBe(Date.UTC(2026, 10, 25, 4));
    expect(alignTs(T0, '6H')).toBe(Date.UTC(2026, 10, 25, 4));
    expect(alignTs(Date.UTC(2026, 10, 25, 3, 59), '6H')).toBe(Date.UTC(2026, 10, 24, 22));
  });
});

describe('CandleSeries', () => {
  it('aggregates trades into OHLCV per period and fills quiet periods flat', () => {
    const s = new CandleSeries('1m', T0, d(100), FMT, () => []);
    s.addTrade(T0 + 1000, d(101), d(2), d(202));
    s.addTrade(T0 + 2000, d(99.5), d(1), d('99.5'));
    s.addTrade(T0 + 3000, d(100.25), d('0.5'), d('50.125'));
    s.addTrade(T0 + 3 * 60_000 + 10, d(102), d(1), d(102));
    const list = s.list();
    expect(list).toEqual([
      [String(T0), '100.00', '101.00', '99.50', '100.25', '3.5000', '351.6250'],
      [String(T0 + 60_000), '100.25', '100.25', '100.25', '100.25', '0.0000', '0.0000'],
      [String(T0 + 120_000), '100.25', '100.25', '100.25', '100.25', '0.0000', '0.0000'],
      [String(T0 + 180_000), '100.25', '102.00', '100.25', '102.00', '1.0000', '102.0000'],
    ]);
    expect(s.latest()?.[0]).toBe(String(T0 + 180_000));
  });

  it('builds every interval from the same trades', () => {
    const trades: [number, number, number][] = [
      [0, 100, 1],
      [4 * 60_000, 105, 2],
      [6 * 60_000, 95, 1],
      [14 * 60_000, 98, 3],
    ];
    const five = new CandleSeries('5m', T0, d(100), FMT, () => []);
    const fifteen = new CandleSeries('15m', T0, d(100), FMT, () => []);
    for (const [dt, p, q] of trades) {
      five.addTrade(T0 + dt, d(p), d(q), d(p).times(q));
      fifteen.addTrade(T0 + dt, d(p), d(q), d(p).times(q));
    }
    expect(five.list().map((c) => c.slice(1, 6))).toEqual([
      ['100.00', '105.00', '100.00', '105.00', '3.0000'],
      ['105.00', '105.00', '95.00', '95.00', '1.0000'],
      ['95.00', '98.00', '95.00', '98.00', '3.0000'],
    ]);
    expect(fifteen.list()).toEqual([[String(T0), '100.00', '105.00', '95.00', '98.00', '7.0000', '699.0000']]);
  });

  it('ignores a late trade for a closed period and samples without volume', () => {
    const s = new CandleSeries('1m', T0, d(10), FMT, () => []);
    s.sample(T0 + 60_000, d(11));
    s.addTrade(T0 + 10, d(50), d(1), d(50));
    expect(s.list().map((c) => c[2])).toEqual(['10.00', '11.00']);
    expect(s.list()[1]?.[5]).toBe('0.0000');
  });

  it('puts the generated history before the live candles, once', () => {
    let calls = 0;
    const s = new CandleSeries('1H', T0, d(100), FMT, () => {
      calls += 1;
      return [[String(alignTs(T0, '1H') - 3_600_000), '99.00', '101.00', '98.00', '100.00', '1', '100']];
    });
    expect(s.list().length).toBe(2);
    expect(s.list().length).toBe(2);
    expect(calls).toBe(1);
  });
});

describe('generatePrefill', () => {
  it.each([
    ['0.5', 1, '97000'],
    ['0.0001', 4, '0.5123'],
    ['1', 0, '4210'],
    ['0.01', 1, '150.25'],
  ])('prices sit on the tick %s and are written with exactly %i decimals', (tick, decimals, end) => {
    const c = generatePrefill({ rng: createRng(9), interval: '1m', count: 300, endTime: T0, endPrice: d(end), sigma: 0.0004, sizePerSecond: d('0.1'), quoteSized: false, tick: d(tick), format: { price: decimals, volume: 4, turnover: 2 } });
    const bad: string[] = [];
    for (const k of c) {
      for (const p of [k[1], k[2], k[3], k[4]]) {
        const places = p.includes('.') ? (p.split('.')[1] ?? '').length : 0;
        if (places !== decimals) bad.push(`${p}: ${places} places`);
        // On the grid, unless the format has fewer places than the tick (then rounded like Decimal.toFixed).
        if (decimals >= d(tick).decimalPlaces() && !d(p).mod(d(tick)).isZero()) bad.push(`${p} off the ${tick} grid`);
        if (!d(p).gt(0)) bad.push(`${p} not positive`);
      }
    }
    expect(bad).toEqual([]);
  });


  it('makes contiguous, aligned, sane candles ending at the given price before the start period', () => {
    for (const interval of INTERVALS) {
      const c = generatePrefill({
        rng: createRng(5),
        interval,
        count: 500,
        endTime: T0 + 1234,
        endPrice: d('97000'),
        sigma: 0.00012,
        sizePerSecond: d('0.1'),
        quoteSized: false,
        tick: d('0.1'),
        format: FMT,
      });
      expect(c.length).toBe(500);
      const last = c.at(-1);
      expect(last?.[4]).toBe('97000.00');
      expect(Number(last?.[0])).toBeLessThan(alignTs(T0, interval));
      const bad: string[] = [];
      for (let i = 0; i < c.length; i += 1) {
        const k = c[i];
        if (k === undefined) continue;
        if (alignTs(Number(k[0]), interval) !== Number(k[0])) bad.push(`${interval} ${i} not aligned`);
        const [o, h, l, cl] = [d(k[1]), d(k[2]), d(k[3]), d(k[4])];
        if (!(h.gte(Decimal.max(o, cl)) && l.lte(Decimal.min(o, cl)) && l.gt(0))) bad.push(`${interval} ${i} high/low`);
        if (i > 0 && k[1] !== c[i - 1]?.[4]) bad.push(`${interval} ${i} open is not the previous close`);
        if (i > 0 && Number(k[0]) - Number(c[i - 1]?.[0]) !== INTERVAL_MS[interval]) bad.push(`${interval} ${i} gap`);
      }
      expect(bad).toEqual([]);
    }
  });
});
