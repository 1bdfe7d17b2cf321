import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { EMPTY_ALERT_MEMORY, evaluateAlerts, liquidationDistancePct, type AlertCondition, type AlertInput, type AlertMemory, type AlertRule } from './alert-rules.js';
import type { Fill, Loan, Order, Position, Ticker } from './model.js';

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const d = (v: string) => new Decimal(v);

function rule(c: AlertCondition): AlertRule {
  return { severity: 'warn', banner: true, bell: null, notify: null, ...c };
}

function ticker(last: string, mark: string | null = null): Ticker {
  const z = d('0');
  return { category: 'USDT-FUTURES', symbol: 'BTCUSDT', lastPrice: d(last), bid1Price: z, ask1Price: z, high24h: z, low24h: z, open24h: z, change24h: z, volume24h: z, turnover24h: z, markPrice: mark === null ? null : d(mark), indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: T0 };
}

function loan(orderId: string, ratio: string): Loan {
  return { orderId, loanCoin: 'USDT', loanAmount: d('1000'), interestAmount: d('1'), hourInterestRate: d('0.00001'), pledgeCoin: 'BTC', pledgeAmount: d('0.05'), pledgeRate: d(ratio), supRate: d('0.8'), forceRate: d('0.9'), borrowTime: T0, expireTime: 0 };
}

function position(posSide: 'long' | 'short', mark: string, liq: string): Position {
  const z = d('0');
  return { category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide, holdMode: 'hedge_mode', marginMode: 'isolated', marginCoin: 'USDT', size: d('1'), available: d('1'), avgPrice: d(mark), markPrice: d(mark), unrealisedPnl: z, leverage: d('10'), liqPrice: d(liq), margin: z, takeProfit: null, stopLoss: null, updatedTime: T0 };
}

function input(over: Partial<AlertInput> = {}): AlertInput {
  return {
    tickers: {},
    positions: [],
    marginRatio: null,
    loans: [],
    finishedOrders: [],
    fills: [],
    rejections: [],
    countdown: { armed: false, failing: false, lastError: null },
    sockets: { public: { state: 'subscribed', down: false }, private: { state: 'subscribed', down: false } },
    ...over,
  };
}

/** Runs the rules over a sequence of inputs (one second apart); returns each step's events as `phase text`. */
function run(rules: AlertRule[], steps: readonly AlertInput[], startAt = T0): string[][] {
  let memory: AlertMemory = EMPTY_ALERT_MEMORY;
  return steps.map((step, i) => {
    const r = evaluateAlerts(rules, step, memory, startAt + i * 1000);
    memory = r.memory;
    return r.events.map((e) => `${e.phase} ${e.text}`);
  });
}

/** Fire/clear/none per step, for tables. */
function phases(rules: AlertRule[], steps: readonly AlertInput[]): string[] {
  return run(rules, steps).map((evs) => (evs.length === 0 ? '-' : evs.map((e) => e.split(' ')[0]).join('+')));
}

describe('state rules fire once per crossing and re-arm past the band (hysteresis)', () => {
  const btc = (last: string, mark: string | null = null) => input({ tickers: { 'USDT-FUTURES:BTCUSDT': ticker(last, mark) } });
  const loans = (...rates: string[]) => input({ loans: rates.map((r, i) => loan(`L${i + 1}`, r)) });
  const cases: { name: string; rule: AlertRule; steps: AlertInput[]; expected: string[] }[] = [
    {
      name: 'price above 100000, band 0.1% (re-arms below 99900)',
      rule: rule({ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', source: 'last', direction: 'above', level: d('100000'), bandPct: d('0.1') }),
      steps: ['99000', '100000', '100050', '99950', '100010', '99900', '100001', '99899.9', '99999', '100000'].map((p) => btc(p)),
      expected: ['-', 'fire', '-', '-', '-', '-', '-', 'clear', '-', 'fire'],
    },
    {
      name: 'price below 90000 on the mark, band 1% (re-arms above 90900)',
      rule: rule({ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', source: 'mark', direction: 'below', level: d('90000'), bandPct: d('1') }),
      steps: [btc('1', '91000'), btc('1', '90000'), btc('1', '90900'), btc('1', '90901'), btc('1', '89000')],
      expected: ['-', 'fire', '-', 'clear', 'fire'],
    },
    {
      name: 'price with no ticker (or no mark) holds its state',
      rule: rule({ kind: 'price', category: 'USDT-FUTURES', symbol: 'BTCUSDT', source: 'mark', direction: 'above', level: d('100'), bandPct: d('0.1') }),
      steps: [btc('1', '101'), input(), btc('1', null), btc('1', '101'), btc('1', '99')],
      expected: ['fire', '-', '-', '-', 'clear'],
    },
    {
      name: 'loanRatio above 0.7, band 1 point (re-arms below 0.69)',
      rule: rule({ kind: 'loanRatio', above: d('0.7'), bandPoints: d('1') }),
      steps: ['0.69', '0.7', '0.695', '0.69', '0.71', '0.6899', '0.7'].map((r) => loans(r)),
      expected: ['-', 'fire', '-', '-', '-', 'clear', 'fire'],
    },
    {
      name: 'loanMarginCall within 5 points of 80% (fires at 75%, re-arms below 74%)',
      rule: rule({ kind: 'loanMarginCall', withinPoints: d('5'), bandPoints: d('1') }),
      steps: ['0.7', '0.75', '0.82', '0.745', '0.74', '0.7399', '0.76'].map((r) => loans(r)),
      expected: ['-', 'fire', '-', '-', '-', 'clear', 'fire'],
    },
    {
      name: 'loanLiquidation within 3 points of 90% (fires at 87%)',
      rule: rule({ kind: 'loanLiquidation', withinPoints: d('3'), bandPoints: d('1') }),
      steps: ['0.85', '0.87', '0.91', '0.861', '0.8599'].map((r) => loans(r)),
      expected: ['-', 'fire', '-', '-', 'clear'],
    },
    {
      name: 'marginRatio above 0.8 (no account yet holds)',
      rule: rule({ kind: 'marginRatio', above: d('0.8'), bandPoints: d('2') }),
      steps: [input(), input({ marginRatio: d('0.79') }), input({ marginRatio: d('0.8') }), input(), input({ marginRatio: d('0.781') }), input({ marginRatio: d('0.7799') })],
      expected: ['-', '-', 'fire', '-', '-', 'clear'],
    },
    {
      name: 'liquidationDistance below 5%: long, mark moving toward liq 95 (band 0.5 → re-arms at 5.5%)',
      rule: rule({ kind: 'liquidationDistance', belowPct: d('5'), bandPct: d('0.5'), symbol: null }),
      steps: ['101', '100', '99.9', '100.4', '100.6', '99'].map((m) => input({ positions: [position('long', m, '95')] })),
      expected: ['-', '-', 'fire', '-', 'clear', 'fire'],
    },
    {
      name: 'liquidationDistance on a short: liq above the mark; a position with no liquidation price clears',
      rule: rule({ kind: 'liquidationDistance', belowPct: d('2'), bandPct: d('0.5'), symbol: 'BTCUSDT' }),
      steps: [input({ positions: [position('short', '100', '103')] }), input({ positions: [position('short', '101', '103')] }), input({ positions: [position('short', '101', '0')] })],
      expected: ['-', 'fire', 'clear'],
    },
    {
      name: 'countdownFailing fires only while armed, re-arms when renewals recover',
      rule: rule({ kind: 'countdownFailing' }),
      steps: [
        input({ countdown: { armed: false, failing: true, lastError: 'x' } }),
        input({ countdown: { armed: true, failing: true, lastError: 'timeout' } }),
        input({ countdown: { armed: true, failing: true, lastError: 'timeout' } }),
        input({ countdown: { armed: true, failing: false, lastError: null } }),
        input({ countdown: { armed: true, failing: true, lastError: '429' } }),
      ],
      expected: ['-', 'fire', '-', 'clear', 'fire'],
    },
  ];
  it.each(cases)('$name', ({ rule: r, steps, expected }) => {
    expect(phases([r], steps)).toEqual(expected);
  });

  it('loan texts: within the margin call, passed it, near liquidation, back below', () => {
    const rules = [rule({ kind: 'loanMarginCall', withinPoints: d('5'), bandPoints: d('1') }), rule({ kind: 'loanLiquidation', withinPoints: d('3'), bandPoints: d('1') })];
    expect(run(rules, [loans('0.76'), loans('0.5')])).toEqual([
      ['fire loan L1 USDT/BTC: ratio 76.0% is within 5 points of the margin call at 80.0%: add collateral or repay'],
      ['clear loan L1 USDT/BTC: ratio 50.0% back below margin call 80.0%'],
    ]);
    expect(run(rules, [loans('0.81'), loans('0.88')])).toEqual([
      ['fire loan L1 USDT/BTC: ratio 81.0% passed the margin call at 80.0%: add collateral or repay'],
      ['fire loan L1 USDT/BTC: ratio 88.0% is near liquidation at 90.0%: add collateral or repay'],
    ]);
  });

  it('tracks loans independently; a repaid loan is forgotten silently and fires again if it comes back', () => {
    const r = [rule({ kind: 'loanMarginCall', withinPoints: d('0'), bandPoints: d('1') })];
    expect(run(r, [loans('0.81', '0.5'), loans('0.81', '0.81'), loans('0.81'), loans('0.81', '0.81')])).toEqual([
      ['fire loan L1 USDT/BTC: ratio 81.0% passed the margin call at 80.0%: add collateral or repay'],
      ['fire loan L2 USDT/BTC: ratio 81.0% passed the margin call at 80.0%: add collateral or repay'],
      [],
      ['fire loan L2 USDT/BTC: ratio 81.0% passed the margin call at 80.0%: add collateral or repay'],
    ]);
  });

  it('fires at once when the condition already holds at the first evaluation', () => {
    expect(phases([rule({ kind: 'loanRatio', above: d('0.5'), bandPoints: d('1') })], [loans('0.6')])).toEqual(['fire']);
  });
});

describe('socketDown', () => {
  const sockets = (pub: string, priv = 'subscribed') => input({ sockets: { public: { state: pub, down: pub !== 'subscribed' && pub !== 'idle' }, private: { state: priv, down: priv !== 'subscribed' && priv !== 'idle' } } });

  it('fires once a socket has been down for afterSec, once per outage', () => {
    const r = [rule({ kind: 'socketDown', afterSec: 3, socket: 'any' })];
    // One step per second: down at step 1, three seconds later (step 4) it fires.
    const steps = [sockets('subscribed'), sockets('reconnecting'), sockets('connecting'), sockets('reconnecting'), sockets('reconnecting'), sockets('reconnecting'), sockets('subscribed'), sockets('closed'), sockets('closed'), sockets('closed'), sockets('closed')];
    expect(run(r, steps)).toEqual([[], [], [], [], ['fire public socket down for 3 s (reconnecting)'], [], ['clear public socket back (subscribed)'], [], [], [], ['fire public socket down for 3 s (closed)']]);
  });

  it('a short drop does not fire; idle (never started) is not down; the socket filter applies', () => {
    const any = [rule({ kind: 'socketDown', afterSec: 2, socket: 'any' })];
    expect(phases(any, [sockets('reconnecting'), sockets('subscribed'), sockets('reconnecting'), sockets('subscribed')])).toEqual(['-', '-', '-', '-']);
    expect(phases(any, [sockets('idle', 'idle'), sockets('idle', 'idle'), sockets('idle', 'idle')])).toEqual(['-', '-', '-']);
    const privOnly = [rule({ kind: 'socketDown', afterSec: 1, socket: 'private' })];
    expect(phases(privOnly, [sockets('closed'), sockets('closed'), sockets('subscribed', 'fatal'), sockets('subscribed', 'fatal')])).toEqual(['-', '-', '-', 'fire']);
  });
});

describe('event rules', () => {
  const fill = (execId: string): Fill => ({ execId, orderId: 'o1', clientOid: 'c1', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', price: d('97000.5'), qty: d('0.01'), fee: d('0.58'), feeCoin: 'USDT', scope: 'taker', pnl: null, time: T0 });
  const order = (orderId: string, status: 'filled' | 'cancelled'): Order => ({ orderId, clientOid: `c${orderId}`, category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'sell', orderType: 'limit', price: d('98000'), qty: d('0.02'), cumExecQty: d('0.02'), avgPrice: d('98000'), status, timeInForce: 'gtc', posSide: null, reduceOnly: false, cancelReason: '', createdTime: T0, updatedTime: T0 });

  it('report each new item once; what was there at the first evaluation is history', () => {
    const rules = [rule({ kind: 'fill' }), rule({ kind: 'orderFilled' }), rule({ kind: 'orderRejected' })];
    const steps = [
      input({ fills: [fill('old')], finishedOrders: [order('1', 'filled')], rejections: [{ id: 'c0', label: 'old', error: null }] }),
      input({ fills: [fill('e2'), fill('old')], finishedOrders: [order('2', 'cancelled'), order('1', 'filled')] }),
      input({ fills: [fill('e2'), fill('old')], finishedOrders: [order('3', 'filled'), order('2', 'cancelled'), order('1', 'filled')], rejections: [{ id: 'c9', label: 'buy 1 BTCUSDT @ 1', error: '40762 balance' }] }),
      input({ fills: [fill('e2'), fill('old')], finishedOrders: [order('3', 'filled')], rejections: [{ id: 'c9', label: 'buy 1 BTCUSDT @ 1', error: '40762 balance' }] }),
    ];
    expect(run(rules, steps)).toEqual([
      [],
      ['fire fill: buy 0.01 BTCUSDT @ 97000.5 (taker, fee 0.58 USDT)'],
      ['fire order filled: sell 0.02 BTCUSDT @ 98000 (order 3)', 'fire order rejected: buy 1 BTCUSDT @ 1: 40762 balance'],
      [],
    ]);
  });
});

describe('liquidationDistancePct', () => {
  it.each([
    ['long', '100', '90', '10'],
    ['short', '100', '104', '4'],
    ['long', '100', '101', '-1'],
  ] as const)('%s mark %s liq %s → %s%%', (side, mark, liq, pct) => {
    expect(liquidationDistancePct(position(side, mark, liq), d(mark))?.toFixed()).toBe(pct);
  });
  it('is null without a liquidation price or a mark', () => {
    expect(liquidationDistancePct(position('long', '100', '0'), d('100'))).toBeNull();
    expect(liquidationDistancePct(position('long', '100', '90'), d('0'))).toBeNull();
  });
});
