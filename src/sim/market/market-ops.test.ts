import { describe, expect, it } from 'vitest';
import { SimRejection } from '../contract.js';
import { alignTs } from './candles.js';
import { createMarketFeed } from './create-market-feed.js';
import { FakeVenue } from './fake-venue.testkit.js';

const T0 = Date.UTC(2026, 10, 25, 5, 0, 30);
const clock = { t: T0 };
const feed = createMarketFeed({ seed: 21, speed: 1, now: () => clock.t, timers: { setInterval: () => 1, clearInterval: () => undefined } });
const venue = new FakeVenue(() => clock.t, (t) => feed.onTrade(t));
feed.start(venue);
for (let i = 0; i < 30; i += 1) {
  clock.t += 250;
  feed.step(clock.t);
}

type Rows = readonly Readonly<Record<string, unknown>>[];
type Candles = readonly (readonly string[])[];
const call = (op: string, params: Record<string, string> = {}): unknown => feed.handle(op, params);
const rejects = (op: string, params: Record<string, string>, code: string, msg?: RegExp): void => {
  let err: unknown;
  try {
    call(op, params);
  } catch (e) {
    err = e;
  }
  expect(err, `${op} ${JSON.stringify(params)}`).toBeInstanceOf(SimRejection);
  expect((err as SimRejection).code).toBe(code);
  if (msg !== undefined) expect((err as SimRejection).message).toMatch(msg);
};

describe('market.getInstruments / getPublicInstruments', () => {
  it('requires category on the market path, not on the public alias; symbol is case-insensitive', () => {
    rejects('market.getInstruments', {}, '40017', /category is required/);
    rejects('market.getInstruments', { category: 'spot' }, '40020', /category/);
    const spot = call('market.getInstruments', { category: 'SPOT' }) as Rows;
    expect(spot.map((r) => r.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'RAAPLUSDT']);
    expect(call('market.getInstruments', { category: 'USDT-FUTURES', symbol: 'ethusdt' })).toEqual([expect.objectContaining({ symbol: 'ETHUSDT', category: 'USDT-FUTURES' })]);
    rejects('market.getInstruments', { category: 'SPOT', symbol: 'SOLUSDT' }, '40034');
    expect((call('market.getPublicInstruments') as Rows).length).toBe(13);
    expect((call('market.getPublicInstruments', { category: 'MARGIN' }) as Rows).length).toBe(2);
  });
});

describe('market.getTickers', () => {
  it('answers a category or one symbol, refuses MARGIN and unknown symbols', () => {
    const rows = call('market.getTickers', { category: 'USDT-FUTURES' }) as Rows;
    expect(rows.length).toBe(5);
    for (const r of rows) expect(r).toMatchObject({ category: 'USDT-FUTURES', ts: String(clock.t), markPrice: expect.any(String), fundingRate: expect.any(String) });
    const one = call('market.getTickers', { category: 'SPOT', symbol: 'btcusdt' }) as Rows;
    expect(one.map((r) => r.symbol)).toEqual(['BTCUSDT']);
    rejects('market.getTickers', { category: 'MARGIN' }, '40020');
    rejects('market.getTickers', { category: 'SPOT', symbol: 'DOGEUSDT' }, '40034');
  });
});

describe('market.getFills', () => {
  it('returns recent public trades newest first, limit ≤ 100, MARGIN reads the SPOT tape', () => {
    const fills = call('market.getFills', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' }) as Rows;
    expect(fills.length).toBeGreaterThan(0);
    expect(Object.keys(fills[0] ?? {}).sort()).toEqual(['execId', 'execLinkId', 'isRPI', 'price', 'side', 'size', 'ts']);
    const ts = fills.map((f) => Number(f.ts));
    expect([...ts].sort((a, b) => b - a)).toEqual(ts);
    expect(call('market.getFills', { category: 'MARGIN', symbol: 'BTCUSDT', limit: '3' })).toEqual(call('market.getFills', { category: 'SPOT', symbol: 'BTCUSDT', limit: '3' }));
    rejects('market.getFills', { category: 'SPOT', symbol: 'BTCUSDT', limit: '101' }, '40020');
    rejects('market.getFills', { category: 'SPOT' }, '40017', /symbol/);
  });
});

describe('market.getCandles', () => {
  it('defaults to 100, allows up to 1000, filters by start/end, oldest first', () => {
    const base = { category: 'SPOT', symbol: 'BTCUSDT', interval: '1m' };
    const def = call('market.getCandles', base) as Candles;
    expect(def.length).toBe(100);
    expect(def.at(-1)?.[0]).toBe(String(alignTs(clock.t, '1m')));
    expect((call('market.getCandles', { ...base, limit: '1000' }) as Candles).length).toBe(1000);
    rejects('market.getCandles', { ...base, limit: '1001' }, '40020');
    const start = alignTs(T0, '1m') - 10 * 60_000;
    const end = alignTs(T0, '1m') - 5 * 60_000;
    const ranged = call('market.getCandles', { ...base, startTime: String(start), endTime: String(end) }) as Candles;
    expect(ranged.map((c) => Number(c[0]))).toEqual([0, 1, 2, 3, 4, 5].map((i) => start + i * 60_000));
    rejects('market.getCandles', { ...base, interval: '2H' }, '40020', /interval/);
    rejects('market.getCandles', { ...base, type: 'last' }, '40020', /type/);
  });

  it('serves mark, index and premium series for futures', () => {
    const base = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', interval: '5m', limit: '3' };
    const mark = call('market.getCandles', { ...base, type: 'mark' }) as Candles;
    const index = call('market.getCandles', { ...base, type: 'index' }) as Candles;
    const premium = call('market.getCandles', { ...base, type: 'premium' }) as Candles;
    expect(mark.length).toBe(3);
    expect(index.at(-1)?.[4]).not.toBe(mark.at(-1)?.[4]);
    expect(Math.abs(Number(premium.at(-1)?.[4]))).toBeLessThan(0.01);
    expect(premium.at(-1)?.[5]).toBe('0');
  });

  it('applies the Reality rules: six intervals only, every type falls back to market', () => {
    const base = { category: 'SPOT', symbol: 'RAAPLUSDT', limit: '5' };
    for (const interval of ['1m', '5m', '15m', '1H', '4H', '1D']) expect((call('market.getCandles', { ...base, interval }) as Candles).length).toBe(5);
    for (const interval of ['3m', '30m', '6H', '12H']) rejects('market.getCandles', { ...base, interval }, '40020', /Reality/);
    rejects('market.getHistoryCandles', { ...base, interval: '3m' }, '40020');
    const market = call('market.getCandles', { ...base, interval: '1H' });
    for (const type of ['mark', 'index', 'premium']) expect(call('market.getCandles', { ...base, interval: '1H', type })).toEqual(market);
  });
});

describe('market.getHistoryCandles', () => {
  const base = { category: 'USDT-FUTURES', symbol: 'ETHUSDT', interval: '1H' };
  it('defaults to 100 and allows at most 100', () => {
    expect((call('market.getHistoryCandles', base) as Candles).length).toBe(100);
    rejects('market.getHistoryCandles', { ...base, limit: '101' }, '40020');
  });

  it('refuses a start/end range over 90 days', () => {
    const end = clock.t;
    rejects('market.getHistoryCandles', { ...base, startTime: String(end - 91 * 86_400_000), endTime: String(end) }, '40020', /90 days/);
    expect(() => call('market.getHistoryCandles', { ...base, startTime: String(end - 90 * 86_400_000), endTime: String(end) })).not.toThrow();
  });

  it('rounds an endTime past a boundary up to the next boundary (one extra candle)', () => {
    const boundary = alignTs(T0, '1H') - 5 * 3_600_000;
    const onBoundary = call('market.getHistoryCandles', { ...base, endTime: String(boundary), limit: '3' }) as Candles;
    const past = call('market.getHistoryCandles', { ...base, endTime: String(boundary + 1), limit: '3' }) as Candles;
    expect(onBoundary.at(-1)?.[0]).toBe(String(boundary - 3_600_000));
    expect(past.at(-1)?.[0]).toBe(String(boundary));
  });
});

describe('reference operations', () => {
  it('answers time on both paths', () => {
    for (const op of ['market.getTime', 'market.getPublicTime']) expect(call(op)).toEqual({ serverTime: String(clock.t), serverTimeMicros: `${clock.t}000` });
  });

  it('lists coins with chain fields, filtered by coin', () => {
    const all = call('market.getCoins') as readonly { coin: string; chains: readonly Record<string, string>[] }[];
    expect(all.map((c) => c.coin)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT', 'USDC', 'SOL', 'XRP', 'BGB']));
    const usdt = call('market.getCoins', { coin: 'usdt' }) as typeof all;
    expect(usdt.length).toBe(1);
    for (const k of ['chain', 'needTag', 'withdrawable', 'rechargeable', 'withdrawFee', 'extraWithdrawFee', 'depositConfirm', 'withdrawConfirm', 'minDepositAmount', 'minWithdrawAmount', 'browserUrl', 'contractAddress', 'withdrawStep', 'withdrawPrecision', 'congestion']) {
      expect(typeof usdt[0]?.chains[0]?.[k], k).toBe('string');
    }
    rejects('market.getCoins', { coin: 'NOPE' }, '40034');
  });

  it('answers fee groups (category required), score weights and RPI symbols', () => {
    rejects('market.getFeeGroup', {}, '40017');
    rejects('market.getFeeGroup', { category: 'MARGIN' }, '40020');
    const groups = call('market.getFeeGroup', { category: 'FUTURES' }) as Rows;
    expect(groups.map((g) => g.group)).toEqual(['GROUP_A', 'GROUP_B', 'GROUP_C']);
    expect(call('market.getFeeGroup', { category: 'SPOT', group: 'GROUP_B' })).toEqual([expect.objectContaining({ category: 'SPOT', group: 'GROUP_B', tierList: expect.any(Array) })]);
    const weights = call('market.getScoreWeights', { category: 'SPOT' }) as Rows;
    expect(weights.length).toBeGreaterThan(0);
    for (const w of weights) expect(Object.keys(w).sort()).toEqual(['category', 'label', 'minMakerVolume', 'requiredSpread', 'symbol', 'weight']);
    expect((call('market.getScoreWeights') as Rows).length).toBeGreaterThan(weights.length);
    expect(call('market.getRpiSymbols')).toEqual(expect.arrayContaining([{ category: 'spot', symbol: 'BTCUSDT' }, { category: 'usdt-futures', symbol: 'ETHUSDT' }]));
  });

  it('filters announcements by annType and refuses unknown types', () => {
    const all = call('market.getAnnouncements') as Rows;
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const a of all) expect(Object.keys(a).sort()).toEqual(['annDesc', 'annId', 'annTitle', 'annUrl', 'cTime', 'language']);
    const api = call('market.getAnnouncements', { annType: 'api_trading' }) as Rows;
    expect(api.map((a) => a.annTitle)).toEqual(['UTA API: RPI order book depth extended to 1000 levels']);
    rejects('market.getAnnouncements', { annType: 'gossip' }, '40020');
  });

  it('refuses operations it does not own', () => {
    rejects('market.getOrderbook', { category: 'SPOT', symbol: 'BTCUSDT' }, '40034');
  });
});
