import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyMatch, highlightSegments } from './fuzzy.js';

const rank = (query: string, items: readonly string[]) => fuzzyFilter(query, items, (s) => s).map((r) => r.item);

describe('fuzzyMatch', () => {
  it('matches a case-insensitive subsequence and reports positions', () => {
    expect(fuzzyMatch('btc', 'go to SPOT BTCUSDT')?.positions).toEqual([11, 12, 13]);
    expect(fuzzyMatch('bud', 'BTCUSDT')?.positions).toEqual([0, 3, 5]);
    expect(fuzzyMatch('xyz', 'BTCUSDT')).toBeNull();
    expect(fuzzyMatch('tcb', 'BTCUSDT')).toBeNull();
  });
  it('an empty query matches everything with score 0', () => {
    expect(fuzzyMatch('  ', 'anything')).toEqual({ score: 0, positions: [] });
  });
  it('every space-separated word must match, in any order', () => {
    expect(fuzzyMatch('eth spot', 'go to SPOT ETHUSDT')).not.toBeNull();
    expect(fuzzyMatch('eth coin', 'go to SPOT ETHUSDT')).toBeNull();
  });
  it('prefers word starts over letters inside words', () => {
    const start = fuzzyMatch('cd', 'Cycle depth');
    const inside = fuzzyMatch('cd', 'ecdysis');
    expect(start && inside && start.score > inside.score).toBe(true);
    expect(start?.positions).toEqual([0, 6]);
  });
  it('prefers consecutive runs over scattered letters', () => {
    const run = fuzzyMatch('usd', 'xx usd yy');
    const scattered = fuzzyMatch('usd', 'xx uasadyy');
    expect(run && scattered && run.score > scattered.score).toBe(true);
  });
  it('finds the best alignment, not the first one', () => {
    // The first "b" is inside a word; the better one starts "BTC".
    expect(fuzzyMatch('btc', 'abc BTC')?.positions).toEqual([4, 5, 6]);
  });
});

describe('fuzzyFilter', () => {
  it('ranks word-start and prefix matches first, then shorter text, stable otherwise', () => {
    expect(rank('btc', ['SPOT ETHUSDT', 'USDT-FUTURES BTCUSDT', 'SPOT BTCUSDT', 'xbxtxc'])).toEqual(['SPOT BTCUSDT', 'USDT-FUTURES BTCUSDT', 'xbxtxc']);
    expect(rank('q', ['Quit (asks first)', 'Book depth', 'quote'])).toEqual(['quote', 'Quit (asks first)']);
    expect(rank('help', ['Show every key help', 'Help'])).toEqual(['Help', 'Show every key help']);
  });
  it('keeps every item in order for an empty query', () => {
    expect(rank('', ['b', 'a', 'c'])).toEqual(['b', 'a', 'c']);
  });
});

describe('highlightSegments', () => {
  it('splits text into matched and unmatched runs', () => {
    expect(highlightSegments('BTCUSDT', [0, 1, 4])).toEqual([
      { text: 'BT', matched: true },
      { text: 'CU', matched: false },
      { text: 'S', matched: true },
      { text: 'DT', matched: false },
    ]);
  });

  it('ranks an exact name first, then a name that starts with the query, commands and symbols by one score', () => {
    const items = ['go to SPOT BTCUSDT', 'Book cursor up', 'Buy side', 'go to USDT-FUTURES BTC'];
    const names: Record<string, string> = { 'go to SPOT BTCUSDT': 'BTCUSDT', 'Book cursor up': 'Book cursor up', 'Buy side': 'Buy side', 'go to USDT-FUTURES BTC': 'BTC' };
    const ranked = fuzzyFilter('btc', items, (t) => t, (t) => names[t] ?? t).map((r) => r.item);
    expect(ranked.slice(0, 2)).toEqual(['go to USDT-FUTURES BTC', 'go to SPOT BTCUSDT']);
    expect(fuzzyFilter('buy', items, (t) => t, (t) => names[t] ?? t)[0]?.item).toBe('Buy side');
  });
});
