import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Loan, Ticker } from '../../domain/model.js';
import type { TradingServices } from '../../services/app-services.js';
import { createAppStore } from '../../store/create-app-store.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { afterEffects } from '../../../test/helpers/field-keys.js';
import { borrowToWire } from '../../exchange/wire/loan-mappers.js';
import { borrowProblem, borrowRequest, ratioGauge } from '../hooks/use-loans.js';
import { LoansPanel } from './LoansPanel.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const d = (s: string) => new Decimal(s);

function loan(orderId: string, ratio: string): Loan {
  return {
    orderId, loanCoin: 'USDT', loanAmount: d('1000'), interestAmount: d('2'), hourInterestRate: d('0.00001'),
    pledgeCoin: 'BTC', pledgeAmount: d('0.05'), pledgeRate: d(ratio), supRate: d('0.8'), forceRate: d('0.9'),
    borrowTime: NOW - 3_600_000, expireTime: orderId === 'L2' ? Date.UTC(2026, 11, 2) : 0,
  };
}

function ticker(symbol: string, last: string): Ticker {
  return {
    category: 'SPOT', symbol, lastPrice: d(last), bid1Price: d(last), ask1Price: d(last), high24h: d(last), low24h: d(last), open24h: d(last), change24h: d('0'), volume24h: d('1'), turnover24h: d('1'),
    markPrice: null, indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: 1,
  };
}

const never = (): never => {
  throw new Error('trading not used by the loans panel');
};
const TRADING: TradingServices = { submitOrder: never, modifyOrder: never, cancelOrder: never, cancelAll: never, cancelBatch: never, modifyBatch: never, closePosition: never, closeAll: never, submitBatch: never };

/** Records exchange calls; answers from `replies` by op id (an Error rejects). */
function recordingExchange(replies: Record<string, unknown>) {
  const calls: { id: string; params: unknown }[] = [];
  return {
    calls,
    exchange: {
      call: async (id: string, params: unknown): Promise<unknown> => {
        calls.push({ id, params });
        const r = replies[id];
        if (r instanceof Error) throw r;
        return r;
      },
    },
  };
}

/** The title row of a frame. */
const titleRow = (frame: string) => frame.split('\n')[1] ?? '';

function setup(width: number, height: number, opts: { loans?: Loan[]; keys?: boolean; replies?: Record<string, unknown> } = {}) {
  const store = createAppStore();
  store.getState().setFocus('loans');
  store.getState().setLoans(opts.loans ?? [loan('L1', '0.6'), loan('L2', '0.82')], NOW);
  store.getState().setTickers([ticker('BTCUSDT', '40000')], NOW);
  const rec = recordingExchange(opts.replies ?? {});
  const services = unusedServices({ trading: opts.keys === false ? null : TRADING, exchange: rec.exchange });
  const view = renderPanel(<LoansPanel focused width={width} height={height} now={NOW} />, { store, services, columns: width, rows: height, now: () => NOW });
  return { store, view, calls: rec.calls };
}

function expectFits(frame: string, width: number, height: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(height);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(width);
}

afterEach(() => cleanup());

/** A `loan.getCoins` reply: USDT's rates, BTC's ratios as fractions (initial 65%, call 80%, liquidation 91%). */
const COINS = {
  loanInfos: [{ coin: 'USDT', hourRateFlexible: '0.000006', rateFlexible: '0.0525', hourRate7D: '0.000005', rate7D: '0.045', hourRate30D: '0.0000048', rate30D: '0.0425', minBorrowAmount: '10', maxBorrowAmount: '2000000' }],
  pledgeInfos: [{ coin: 'BTC', initRate: '0.65', supRate: '0.8', forceRate: '0.91' }],
};

const fail = (): never => {
  throw new Error('the form should make a borrow request');
};

describe('ratioGauge and borrow validation', () => {
  it('marks the margin-call and liquidation lines', () => {
    const g = ratioGauge(d('0.6'), d('0.8'), d('0.9'), 16);
    expect(g).toHaveLength(16);
    expect(g.startsWith('[█')).toBe(true);
    expect(g).toContain('|');
    expect(g).toContain('!');
    expect(g.indexOf('|')).toBeLessThan(g.indexOf('!'));
  });

  it('requires exactly one amount', () => {
    const base = { loanCoin: 'USDT', pledgeCoin: 'BTC', term: 'SEVEN' as const, pledgeAmount: '', loanAmount: '' };
    expect(borrowProblem(base)).toContain('exactly one');
    expect(borrowProblem({ ...base, pledgeAmount: '1', loanAmount: '5' })).toContain('exactly one');
    expect(borrowProblem({ ...base, pledgeAmount: '0' })).toContain('positive');
    expect(borrowProblem({ ...base, loanCoin: 'BTC' })).toContain('differ');
    expect(borrowProblem({ ...base, loanAmount: '500' })).toBeNull();
    expect(borrowToWire(borrowRequest({ ...base, loanAmount: '500' }) ?? fail())).toEqual({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '500' });
  });
});

describe('LoansPanel', () => {
  it('renders the table with gauge, prices and term at 100x20 and fits', async () => {
    const { view } = setup(100, 20);
    await view.waitForText('Gauge');
    const f = view.frame();
    expect(f).toContain('1000+2 USDT');
    expect(f).toContain('0.05 BTC');
    expect(f).toContain('flexible');
    expect(f).toContain('2026-12-02');
    // Margin call at 1002 / (0.05 × 0.8) = 25050; liquidation at 1002 / (0.05 × 0.9) = 22266.667.
    expect(f).toContain('25050');
    expect(f).toContain('22266.667');
    expect(f).toMatch(/\[█+░*\|/);
    expectFits(f, 100, 20);
  });

  it('fits at 50x12 with a gauge', async () => {
    const { view } = setup(50, 12);
    await view.waitForText('Gauge');
    const f = view.frame();
    expect(f).toContain('!');
    expectFits(f, 50, 12);
  });

  it('borrow form: rejects two amounts, then sends loan.borrow with the one given', async () => {
    const { view, calls, store } = setup(100, 20, { replies: { 'loan.getCoins': COINS, 'loan.borrow': { orderId: '777' } } });
    await view.waitForText('Gauge');
    await view.press('b');
    await view.waitForText('New loan');
    expect(store.getState().ui.overlay).toBe('loanForm');
    await view.press('\u001B[B'); // down → collateral
    await view.press('\u001B[B'); // term
    await view.press('\u001B[C'); // right → SEVEN
    await view.waitForText('‹ SEVEN ›');
    await view.press('\u001B[B'); // collateral amount
    await view.press('\r');
    await view.press('0.5');
    await view.press('\r');
    await view.press('\u001B[B'); // loan amount
    await view.press('\r');
    await view.press('100');
    await view.press('\r');
    await view.press('o');
    await view.waitForText('give exactly one of collateral amount or loan amount');
    // Only the live estimate's reads went out.
    const writes = () => calls.filter((c) => c.id !== 'loan.getCoins' && c.id !== 'loan.getInterest');
    expect(writes()).toEqual([]);
    // Clear the collateral amount and review again.
    await view.press('\u001B[A');
    await view.press('\r');
    await view.press('\u007F\u007F\u007F');
    await view.press('\r');
    await view.press('o');
    // Issue 15: the collateral the initial ratio asks (100 / (0.65 × 40000)), the starting ratio and
    // the BTC prices at the lines (100 / (0.0038461538 × 0.8) = 32500, × 0.91 → 28571.429).
    await view.waitForText('Confirm: borrow 100 USDT against ≈0.0038461538 BTC, SEVEN');
    await view.waitForText('starting ratio 65.00% = loan 100 / collateral 153.84615 USDT');
    await view.waitForText('BTC margin call at 32500 USDT (80.00%)');
    await view.waitForText('BTC liquidation at 28571.429 USDT (91.00%)');
    await view.waitForText('≈ the exchange sizes it at the initial ratio 65.00%');
    expect(view.frame()).not.toContain('?');
    await view.press('y');
    await waitFor(() => writes().length > 0);
    expect(writes()).toEqual([{ id: 'loan.borrow', params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', loanAmount: '100' } }]);
    await view.waitForText('borrowed: order 777');
    expect(store.getState().ui.overlay).toBeNull();
  });

  it('add collateral previews the new ratio, calls revisePledge and reports afterPledgeRate', async () => {
    const { view, calls } = setup(100, 20, { loans: [loan('L1', '0.5')], replies: { 'loan.revisePledge': { loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '25.05' } } });
    await view.waitForText('Gauge');
    await view.press('+');
    await view.waitForText('Add collateral L1');
    await view.press('\r');
    await view.press('0.05');
    // Debt 1002 USDT; collateral 0.1 BTC × 40000 = 4000 → 25.05%.
    await view.waitForText('→ 25.05%');
    await view.press('\r');
    await view.press('o');
    await view.waitForText('Confirm:');
    await view.waitForText('y sends · n/esc back (Enter never sends)');
    // Enter and a second s on the review send nothing; y does.
    await view.press('\r');
    await view.press('o');
    await afterEffects();
    expect(calls).toEqual([]);
    await view.press('y');
    await waitFor(() => calls.length > 0);
    expect(calls).toEqual([{ id: 'loan.revisePledge', params: { orderId: 'L1', amount: '0.05', pledgeCoin: 'BTC', reviseType: 'IN' } }]);
    await view.waitForText('ratio now 25.05%');
  });

  it('refuses a withdrawal past the margin call and shows exchange errors', async () => {
    const { view, calls } = setup(100, 20, { loans: [loan('L1', '0.5')], replies: { 'loan.repay': new Error('loan.repay rejected: 40001 insufficient balance') } });
    await view.waitForText('Gauge');
    await view.press('-');
    await view.waitForText('Withdraw collateral L1');
    await view.press('\r');
    await view.press('0.04');
    await view.waitForText('past the margin call 80.00%');
    await view.press('\r');
    await view.press('o');
    expect(calls.filter((c) => c.id !== 'loan.getCoins')).toEqual([]);
    await view.press('\u001B');
    await view.press('\u001B');
    await waitFor(() => !view.frame().includes('Withdraw'));
    await view.press('r');
    await view.waitForText('Repay L1');
    await view.waitForText('repays everything: 1002 USDT');
    await view.press('o');
    await view.press('y');
    await waitFor(() => calls.some((c) => c.id === 'loan.repay'));
    expect(calls.find((c) => c.id === 'loan.repay')).toEqual({ id: 'loan.repay', params: { orderId: 'L1', method: 'borrowed_coin', repayUnlock: 'no', repayAll: 'yes' } });
    await view.waitForText('loan.repay failed: loan.repay rejected: 40001 insufficient balance');
  });

  it('disables actions without keys', async () => {
    const { view, store } = setup(100, 20, { keys: false });
    await view.waitForText('Gauge');
    await view.press('b');
    await view.press('r');
    expect(store.getState().ui.overlay).toBeNull();
    expect(view.frame()).not.toContain('New loan');
  });
});

describe('LoansPanel borrow by collateral', () => {
  it('previews the borrowable amount and hourly interest via loan.getInterest before loan.borrow', async () => {
    const { view, calls } = setup(100, 20, { replies: { 'loan.getCoins': COINS, 'loan.getInterest': { hourInterest: '0.0123', loanAmount: '12000' }, 'loan.borrow': { orderId: '778' } } });
    await view.waitForText('Gauge');
    await view.press('b');
    await view.waitForText('New loan');
    for (let i = 0; i < 3; i += 1) await view.press('\u001B[B');
    await view.press('\r');
    await view.press('0.5');
    await view.press('\r');
    await view.press('o');
    // The exchange's loan for 0.5 BTC (20000 USDT): ratio 60%; the BTC prices at the lines.
    await view.waitForText('Confirm: borrow ≈12000 USDT against 0.5 BTC, FLEXIBLE');
    await view.waitForText('starting ratio 60.00% = loan 12000 / collateral 20000 USDT');
    await view.waitForText('BTC margin call at 30000 USDT (80.00%)');
    await view.waitForText('BTC liquidation at 26373.626 USDT (91.00%)');
    await view.waitForText('~0.0123 USDT/hour interest');
    expect(calls.filter((c) => c.id === 'loan.getInterest').at(-1)).toEqual({ id: 'loan.getInterest', params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.5' } });
    expect(calls.some((c) => c.id === 'loan.borrow')).toBe(false);
    await view.press('y');
    await waitFor(() => calls.some((c) => c.id === 'loan.borrow'));
    expect(calls.filter((c) => c.id === 'loan.borrow')).toEqual([{ id: 'loan.borrow', params: { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.5' } }]);
    await view.waitForText('borrowed: order 778');
  });
});

describe('LoansPanel borrow form: live terms and estimate', () => {
  it('shows the rates and ratios, then an estimate that follows the amount typed, with nothing sent', async () => {
    const { view, calls } = setup(110, 20, { replies: { 'loan.getCoins': COINS, 'loan.getInterest': { hourInterest: '0.0378', loanAmount: '6305.25' } } });
    await view.waitForText('Gauge');
    await view.press('b');
    await view.waitForText('New loan');
    await view.waitForText('FLEXIBLE 0.0006%/h · 5.25%/yr · 10–2000000 USDT · init 65.00% · call 80.00% · liq 91.00%');
    // A collateral amount: the exchange's own estimate, asked after the typing pauses.
    for (let i = 0; i < 3; i += 1) await view.press('\u001B[B');
    await view.press('\r0.25');
    await view.waitForText('up to 6305.25 USDT · ~0.0378 USDT/hour at that amount');
    expect(calls.filter((c) => c.id === 'loan.getInterest').at(-1)?.params).toEqual({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.25' });
    // Clear it and give a loan amount instead: interest from the rate, collateral from the initial ratio (BTC at 40000).
    await view.press(`${'\u007f'.repeat(4)}\r\u001B[B\r5200\r`);
    await view.waitForText('~0.0312 USDT/hour · ~0.7488 over a day · needs ≥ 0.2 BTC');
    // A fixed term: its own rate and the whole term's interest.
    await view.press('\u001B[A\u001B[A\r');
    await view.waitForText('SEVEN 0.0005%/h · 4.50%/yr');
    await view.waitForText('~0.026 USDT/hour · ~4.368 over the 7-day term · needs ≥ 0.2 BTC');
    expect(calls.some((c) => c.id === 'loan.borrow')).toBe(false);
  });

  it('says when the rates cannot be had, and still takes the form', async () => {
    const { view } = setup(100, 20, { replies: { 'loan.getCoins': new Error('loan.getCoins failed: HTTP 503') } });
    await view.waitForText('Gauge');
    await view.press('b');
    await view.waitForText('rates: loan.getCoins failed: HTTP 503');
  });
});

describe('LoansPanel withdraw limit', () => {
  it('refuses a withdrawal past the initial ratio from loan.getCoins, allows one below it', async () => {
    const { view, calls } = setup(100, 20, { loans: [loan('L1', '0.5')], replies: { 'loan.getCoins': { loanInfos: [], pledgeInfos: [{ coin: 'BTC', initRate: '0.65', supRate: '0.8', forceRate: '0.91' }] }, 'loan.revisePledge': { afterPledgeRate: '62.63' } } });
    await view.waitForText('Gauge');
    await view.press('-');
    await view.waitForText('Withdraw collateral L1');
    await waitFor(() => calls.some((c) => c.id === 'loan.getCoins'));
    // Every coin: a `coin` filter narrows the pledge list too (issue 15).
    expect(calls[0]).toEqual({ id: 'loan.getCoins', params: {} });
    await view.press('\r');
    // 0.035 BTC × 40000 = 1400 → 1002 / 1400 = 71.57%: below the margin call but past the initial 65%.
    await view.press('0.015');
    await view.waitForText('past the initial ratio 65.00%');
    await view.press('\u007F\u007F\u007F');
    await view.press('01');
    // 0.04 BTC → 1002 / 1600 = 62.63%.
    await view.waitForText('→ 62.63%');
    await view.press('\r');
    await view.press('o');
    await view.press('y');
    await waitFor(() => calls.some((c) => c.id === 'loan.revisePledge'));
    expect(calls.find((c) => c.id === 'loan.revisePledge')?.params).toEqual({ orderId: 'L1', amount: '0.01', pledgeCoin: 'BTC', reviseType: 'OUT' });
    await view.waitForText('collateral withdrawn: ratio now 62.63%');
  });
});

describe('LoansPanel repay', () => {
  it('previews a partial repayment (interest first) and sends repayAll no with unlock yes', async () => {
    const { view, calls } = setup(100, 20, { loans: [loan('L1', '0.5')], replies: { 'loan.repay': { loanCoin: 'USDT', pledgeCoin: 'BTC', repayAmount: '502', payInterest: '2', repayLoanAmount: '500', repayUnlockAmount: '0' } } });
    await view.waitForText('Gauge');
    await view.press('r');
    await view.waitForText('Repay L1');
    await view.press('\r');
    await view.press('502');
    // 2 interest first, then 500 principal; 500 left over 2000 of collateral = 25%.
    await view.waitForText('interest 2 + principal 500; left 500; ratio → 25.00%');
    await view.press('\r');
    await view.press('\u001B[B');
    await view.press('\u001B[C');
    await view.waitForText('‹ yes ›');
    await view.press('o');
    await view.waitForText('Confirm: interest 2');
    await view.press('y');
    await waitFor(() => calls.length > 0);
    expect(calls).toEqual([{ id: 'loan.repay', params: { orderId: 'L1', method: 'borrowed_coin', repayUnlock: 'yes', repayAll: 'no', amount: '502' } }]);
    await view.waitForText('repaid 502 (interest 2, principal 500)');
  });
});

describe('LoansPanel keys of one chunk', () => {
  it('"jr" opens the repay form of the second loan; a partial repay typed with its review key in one chunk previews that amount', async () => {
    const { view, calls } = setup(100, 20, { replies: { 'loan.repay': { repayAmount: '502' } } });
    await view.waitForText('Gauge');
    await view.press('jr');
    await view.waitForText('Repay L2');
    // Edit, 502, done, review — one chunk.
    await view.press('\r502\ro');
    await view.waitForText('Confirm: interest 2 + principal 500');
    expect(calls).toEqual([]);
  });
});

describe('LoansPanel form at small sizes', () => {
  it('the borrow form fits 50x12 and scrolls its fields at 30x7', async () => {
    for (const [w, h] of [[50, 12], [30, 7]] as const) {
      const { view } = setup(w, h);
      await view.waitForText('Loans');
      await view.press('b');
      await view.waitForText('New loan');
      expectFits(view.frame(), w, h);
      for (let i = 0; i < 4; i += 1) await view.press('\u001B[B');
      await view.waitForText('Loan amount');
      expectFits(view.frame(), w, h);
      cleanup();
    }
  });
});

describe('LoansPanel form keys: the one form model (issue 15)', () => {
  it('j/k move, a digit fills the field the cursor rests on, o reviews, n backs out, problems follow each edit, Esc closes', async () => {
    const { view, store, calls } = setup(100, 20, { replies: { 'loan.getCoins': COINS, 'loan.borrow': { orderId: '779' } } });
    await view.waitForText('Gauge');
    await view.press('b');
    await view.waitForText('New loan');
    await view.press('jjjj'); // collateral, term, coll. amount, loan amount
    await view.press('2600'); // no Enter first: the resting loan amount takes the digits
    await view.waitForText(/Loan amount\s+2600▌/);
    // While editing, the field owns printable keys: o is refused with a hint, nothing reviewed.
    await view.press('o');
    await waitFor(() => store.getState().ui.hint?.text.includes("loan amount takes digits and .: 'o' ignored") ?? false, () => JSON.stringify(store.getState().ui.hint));
    expect(view.frame()).not.toContain('Confirm:');
    await view.press('\r');
    await view.press('o');
    // 2600 / (0.65 × 40000) = 0.1 BTC; the lines at 2600 / (0.1 × 0.8) and 2600 / (0.1 × 0.91).
    await view.waitForText('Confirm: borrow 2600 USDT against ≈0.1 BTC, FLEXIBLE');
    await view.waitForText('starting ratio 65.00% = loan 2600 / collateral 4000 USDT');
    await view.waitForText('BTC margin call at 32500 USDT (80.00%)');
    await view.waitForText('BTC liquidation at 28571.429 USDT (91.00%)');
    await view.waitForText('y sends · n/esc back');
    // n backs out of the review; the cursor is where it was, k moves up to the collateral amount.
    await view.press('n');
    await waitFor(() => !view.frame().includes('Confirm:'), () => view.frame());
    await view.press('k');
    await view.press('0.1');
    await view.waitForText(/Coll\. amount\s+0\.1▌/);
    await view.press('\r');
    await view.press('o');
    await view.waitForText('give exactly one of collateral amount or loan amount');
    // Re-checked on each edit: clearing the collateral amount clears the problem, no second o.
    await view.press('\r\u007f\u007f\u007f');
    await waitFor(() => !view.frame().includes('give exactly one'), () => view.frame());
    await view.waitForText('o reviews: the collateral, the starting ratio');
    await view.press('\r');
    // Esc closes the form; nothing was sent.
    await view.press('\u001B');
    await waitFor(() => store.getState().ui.overlay === null);
    expect(calls.filter((c) => c.id === 'loan.borrow')).toEqual([]);
  });

  it('y counts only on its own: a y typed in one burst with o is refused and sends nothing', async () => {
    const { view, store, calls } = setup(100, 20, { replies: { 'loan.repay': { repayAmount: '1002' } } });
    await view.waitForText('Gauge');
    await view.press('r');
    await view.waitForText('Repay L1');
    await view.press('oy');
    await view.waitForText('Confirm: repays everything: 1002 USDT');
    await waitFor(() => store.getState().ui.log.some((l) => l.text.startsWith('Send what the review shows: press it on its own')));
    await afterEffects();
    expect(calls).toEqual([]);
    await view.press('y');
    await waitFor(() => calls.length > 0);
    expect(calls[0]?.id).toBe('loan.repay');
  });
});

describe('LoansPanel collateral message (issue 15: ratio 100× too small)', () => {
  it('reads an afterPledgeRate printed as a fraction as a fraction: 0.2505 → 25.05%', async () => {
    const { view, calls } = setup(100, 20, { loans: [loan('L1', '0.5')], replies: { 'loan.revisePledge': { loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '0.2505' } } });
    await view.waitForText('Gauge');
    await view.press('+');
    await view.waitForText('Add collateral L1');
    await view.press('0.05'); // the amount field rests under the cursor: no Enter first
    await view.waitForText('→ 25.05%');
    await view.press('\r');
    await view.press('o');
    await view.waitForText('Confirm: ratio 50.00% → 25.05%');
    await view.press('y');
    await waitFor(() => calls.length > 0);
    await view.waitForText('collateral added: ratio now 25.05%');
    expect(view.frame()).not.toContain('0.2505%');
  });
});

describe('LoansPanel freshness (issue 16)', () => {
  it('polled data: a failed poll turns it STALE at once, an empty list says so, the next good poll turns it back', async () => {
    const { store, view } = setup(80, 10, { loans: [] });
    await view.waitForText('no ongoing loans (b borrows)');
    expect(titleRow(view.frame())).toMatch(/0 Loans\s+live┃/);
    store.getState().failLoansPoll('EXCH_NETWORK: socket hang up', NOW);
    await view.waitForText('0 loans · STALE (last poll failed)');
    expect(titleRow(view.frame())).toMatch(/0 Loans · last poll failed\s+STALE 0s┃/);
    store.getState().setLoans([], NOW);
    await view.waitForText('no ongoing loans (b borrows)');
    expect(view.frame()).not.toContain('STALE');
  });

  it('is STALE once three polls are overdue', async () => {
    const { store, view } = setup(80, 10);
    store.getState().setLoans([loan('L1', '0.6')], NOW - 31_000);
    await view.waitForText(/0 Loans · polls overdue\s+STALE 31s┃/);
  });
});
