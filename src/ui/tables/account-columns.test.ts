import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../domain/model.js';
import { accountFigures, alignFractions, coinCells, coinDecimals, figureGrid, fitCoinColumns, marginTone, sortAssets } from './account-columns.js';

const d = (s: string) => new Decimal(s);
const summary: AccountSummary = {
  equity: d('1000'), effEquity: d('900'), imr: d('100'), mmr: d('50'), mgnRatio: d('0.5'), unrealisedPnl: d('0'),
  assets: [
    { coin: 'USDT', equity: d('500'), balance: d('500'), available: d('400'), locked: d('100'), debt: d('0'), usdValue: d('500') },
    { coin: 'BTC', equity: d('0.01'), balance: d('0.01'), available: d('0.01'), locked: d('0'), debt: d('0'), usdValue: d('970') },
    { coin: 'ARB', equity: d('0'), balance: d('0'), available: d('0'), locked: d('0'), debt: d('0'), usdValue: d('500') },
  ],
  updatedTime: 0,
};

describe('account layout', () => {
  it('margin ratio tones: warn from the warn threshold, danger from the danger threshold', () => {
    expect(marginTone(d('0.49'), 0.5, 0.8)).toBeNull();
    expect(marginTone(d('0.5'), 0.5, 0.8)).toBe('warn');
    expect(marginTone(d('0.8'), 0.5, 0.8)).toBe('danger');
    expect(accountFigures(summary, 0.5, 0.8).find((f) => f.label === 'Margin')).toEqual({ label: 'Margin', value: '50.00%', tone: 'warn' });
    expect(accountFigures(summary, 0.5, 0.8).find((f) => f.label === 'uPnL')?.value).toBe('$0.00');
  });

  it('lays the six figures out 6, 3, 2 or 1 to a line', () => {
    const f = accountFigures(summary, 0.5, 0.8);
    expect(figureGrid(f, 200).perLine).toBe(6);
    expect(figureGrid(f, 98)).toEqual({ perLine: 3, valueWidth: 11, lines: 2 });
    expect(figureGrid(f, 38).perLine).toBe(2);
    expect(figureGrid(f, 28)).toEqual({ perLine: 1, valueWidth: 11, lines: 6 });
  });

  it('sorts coins by USD value (ties by name) and keeps the coin and USD columns when narrow', () => {
    expect(sortAssets(summary.assets).map((a) => a.coin)).toEqual(['BTC', 'ARB', 'USDT']);
    const rows = summary.assets.map(coinCells);
    expect(rows[1]).toMatchObject({ balance: '0.01000000', usd: '$970.00' });
    expect(fitCoinColumns(rows, 20).map((c) => c.id)).toEqual(['coin', 'usd']);
    expect(fitCoinColumns(rows, 100).map((c) => c.id)).toEqual(['coin', 'balance', 'available', 'locked', 'debt', 'usd']);
  });

  it('shows each coin at its own display precision and lines the decimal points up', () => {
    const coin = (name: string, amount: string, usd: string) => ({ coin: name, equity: d(amount), balance: d(amount), available: d(amount), locked: d('0'), debt: d('0'), usdValue: d(usd) });
    const usdt = coin('USDT', '99999.4181104', '99999.42');
    const btc = coin('BTC', '2', '194000');
    const eth = coin('ETH', '1.5', '5250');
    expect([usdt, btc, eth].map(coinDecimals)).toEqual([2, 8, 7]);
    const rows = alignFractions([usdt, btc, eth].map(coinCells));
    expect(rows.map((r) => r.balance)).toEqual(['99,999.42      ', '2.00000000', '1.5000000 ']);
    const points = rows.map((r) => r.balance.padStart(16).indexOf('.'));
    expect(new Set(points).size).toBe(1);
  });
});
