import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { AccountSummary, Loan, Position } from './model.js';
import { accountRisk, countdownState, nearestLiquidation, riskSummary, worstLoan, type CountdownFacts } from './risk-summary.js';

const d = (s: string): Decimal => new Decimal(s);

function account(over: Partial<AccountSummary> = {}): AccountSummary {
  return { equity: d('10000'), effEquity: d('9900'), imr: d('500'), mmr: d('100'), mgnRatio: d('0.01'), unrealisedPnl: d('-12.5'), assets: [], updatedTime: 1, ...over };
}

function position(symbol: string, posSide: 'long' | 'short', mark: string, liq: string): Position {
  return {
    category: 'USDT-FUTURES', symbol, posSide, holdMode: 'hedge_mode', marginMode: 'crossed', marginCoin: 'USDT', size: d('1'), available: d('1'), avgPrice: d(mark),
    markPrice: d(mark), unrealisedPnl: d('0'), leverage: d('10'), liqPrice: d(liq), margin: d('10'), takeProfit: null, stopLoss: null, updatedTime: 1,
  };
}

function loan(orderId: string, ratio: string, sup: string, force: string): Loan {
  return {
    orderId, loanCoin: 'USDT', loanAmount: d('100'), interestAmount: d('0'), hourInterestRate: d('0'), pledgeCoin: 'BTC', pledgeAmount: d('0.01'),
    pledgeRate: d(ratio), supRate: d(sup), forceRate: d(force), borrowTime: 1, expireTime: 0,
  };
}

const OFF: CountdownFacts = { armed: false, expiresAt: 0, failing: false, firedAt: 0 };
const str = (v: Decimal | null | undefined): string | null => (v == null ? null : v.toFixed());

describe('accountRisk', () => {
  it.each([
    ['no account yet', null, { equity: null, pnl: null, ratio: null, level: null }],
    ['a calm account', account(), { equity: '10000', pnl: '-12.5', ratio: '0.01', level: null }],
    ['margin ratio at the warn line', account({ mgnRatio: d('0.5') }), { equity: '10000', pnl: '-12.5', ratio: '0.5', level: 'warn' }],
    ['margin ratio at the danger line', account({ mgnRatio: d('0.8') }), { equity: '10000', pnl: '-12.5', ratio: '0.8', level: 'danger' }],
  ] as const)('%s', (_name, acc, want) => {
    const r = accountRisk(acc);
    expect({ equity: str(r.equity), pnl: str(r.unrealisedPnl), ratio: str(r.marginRatio), level: r.marginLevel }).toEqual(want);
  });
});

describe('nearestLiquidation', () => {
  it.each([
    ['no positions', [], null],
    ['a position without a liquidation price', [position('BTCUSDT', 'long', '100000', '0')], null],
    ['a position without a mark', [position('BTCUSDT', 'long', '0', '90000')], null],
    ['a long 10 % above its liquidation', [position('BTCUSDT', 'long', '100000', '90000')], { symbol: 'BTCUSDT', distance: '0.1', level: 'warn' }],
    ['a short 4 % below its liquidation', [position('ETHUSDT', 'short', '2500', '2600')], { symbol: 'ETHUSDT', distance: '0.04', level: 'danger' }],
    ['a long far from it', [position('SOLUSDT', 'long', '200', '100')], { symbol: 'SOLUSDT', distance: '0.5', level: null }],
    ['a long past it (negative distance)', [position('BTCUSDT', 'long', '80000', '88000')], { symbol: 'BTCUSDT', distance: '-0.1', level: 'danger' }],
    [
      'the nearest of several',
      [position('SOLUSDT', 'long', '200', '100'), position('ETHUSDT', 'short', '2500', '2600'), position('BTCUSDT', 'long', '100000', '90000')],
      { symbol: 'ETHUSDT', distance: '0.04', level: 'danger' },
    ],
  ] as const)('%s', (_name, list, want) => {
    const n = nearestLiquidation(list);
    expect(n === null ? null : { symbol: n.symbol, distance: str(n.distance), level: n.level }).toEqual(want);
  });

  it('measures from the ticker mark when there is one, else from the position', () => {
    const list = [position('BTCUSDT', 'long', '100000', '90000'), position('ETHUSDT', 'short', '2500', '2600')];
    const n = nearestLiquidation(list, (p) => (p.symbol === 'BTCUSDT' ? d('92000') : null));
    expect(n?.symbol).toBe('BTCUSDT');
    expect(str(n?.mark)).toBe('92000');
    expect(n?.distance.toDecimalPlaces(6).toFixed()).toBe('0.021739');
  });
});

describe('worstLoan', () => {
  it.each([
    ['no loans', [], null],
    ['one calm loan', [loan('a', '0.5', '0.8', '0.9')], { id: 'a', ratio: '0.5', call: '0.8', liq: '0.9', level: null }],
    ['within 10 points of the margin call', [loan('a', '0.72', '0.8', '0.9')], { id: 'a', ratio: '0.72', call: '0.8', liq: '0.9', level: 'warn' }],
    ['within 3 points of the margin call', [loan('a', '0.78', '0.8', '0.9')], { id: 'a', ratio: '0.78', call: '0.8', liq: '0.9', level: 'danger' }],
    ['past the margin call', [loan('a', '0.85', '0.8', '0.9')], { id: 'a', ratio: '0.85', call: '0.8', liq: '0.9', level: 'danger' }],
    [
      'the least room under its own liquidation line, not the highest ratio',
      [loan('high', '0.7', '0.8', '0.9'), loan('tight', '0.5', '0.52', '0.55')],
      { id: 'tight', ratio: '0.5', call: '0.52', liq: '0.55', level: 'danger' },
    ],
    ['lines missing: a dash, ranked last', [loan('nolines', '0.9', '0', '0'), loan('b', '0.3', '0.8', '0.9')], { id: 'b', ratio: '0.3', call: '0.8', liq: '0.9', level: null }],
    ['only a loan without lines', [loan('nolines', '0.9', '0', '0')], { id: 'nolines', ratio: '0.9', call: null, liq: null, level: null }],
  ] as const)('%s', (_name, list, want) => {
    const w = worstLoan(list);
    expect(w === null ? null : { id: w.orderId, ratio: str(w.ratio), call: str(w.marginCall), liq: str(w.liquidation), level: w.level }).toEqual(want);
  });
});

describe('countdownState', () => {
  it.each([
    ['never armed', OFF, 1000, { state: 'off', secondsLeft: 0 }],
    ['armed, 12.3 s left (rounded up)', { ...OFF, armed: true, expiresAt: 13_300 }, 1000, { state: 'armed', secondsLeft: 13 }],
    ['armed, past its expiry', { ...OFF, armed: true, expiresAt: 500 }, 1000, { state: 'armed', secondsLeft: 0 }],
    ['renewals failing', { ...OFF, armed: true, failing: true, expiresAt: 6000 }, 1000, { state: 'failing', secondsLeft: 5 }],
    ['fired', { ...OFF, firedAt: 900 }, 1000, { state: 'fired', secondsLeft: 0 }],
  ] as const)('%s', (_name, facts, now, want) => {
    expect(countdownState(facts, now)).toEqual(want);
  });
});

describe('riskSummary', () => {
  it('is all dashes (nulls) with no data', () => {
    const r = riskSummary({ account: null, positions: [], loans: [], countdown: OFF, now: 0 });
    expect(r).toEqual({ equity: null, unrealisedPnl: null, marginRatio: null, marginLevel: null, nearestLiquidation: null, worstLoan: null, countdown: { state: 'off', secondsLeft: 0 } });
  });
  it('puts the parts together', () => {
    const r = riskSummary({
      account: account({ mgnRatio: d('0.9') }),
      positions: [position('BTCUSDT', 'long', '100000', '90000')],
      loans: [loan('a', '0.5', '0.8', '0.9')],
      countdown: { ...OFF, armed: true, expiresAt: 30_000 },
      now: 0,
    });
    expect(str(r.equity)).toBe('10000');
    expect(r.marginLevel).toBe('danger');
    expect(r.nearestLiquidation?.symbol).toBe('BTCUSDT');
    expect(r.worstLoan?.orderId).toBe('a');
    expect(r.countdown).toEqual({ state: 'armed', secondsLeft: 30 });
  });
});
