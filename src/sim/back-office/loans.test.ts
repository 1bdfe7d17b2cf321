import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';

const UID = '6000000001';
const HOUR = 3_600_000;

function setup(speed = 1) {
  const deps = fakeBackOfficeDeps(speed);
  deps.ledger.set(UID, 'BTC', '1');
  deps.ledger.set(UID, 'USDT', '10000');
  const backOffice = createBackOffice(deps);
  const call = (op: string, params: unknown = {}): unknown => backOffice.handle(op, UID, params);
  const borrow = (extra: Record<string, string>): string => {
    const r = call('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', ...extra }) as { orderId: string };
    return r.orderId;
  };
  const ongoing = (): Record<string, string>[] => call('loan.getOngoing') as Record<string, string>[];
  return { deps, backOffice, call, borrow, ongoing };
}

describe('loan catalog and estimate', () => {
  it('answers exactly the back office operations', () => {
    const { backOffice } = setup();
    expect(backOffice.handles('loan.borrow')).toBe(true);
    expect(backOffice.handles('tax.getMarginRecords')).toBe(true);
    expect(backOffice.handles('trade.placeOrder')).toBe(false);
    expect(backOffice.handles('toString')).toBe(false);
  });

  it('lists loan and pledge coins with fractional rates, filtered by coin', () => {
    const { call } = setup();
    const all = call('loan.getCoins') as { loanInfos: Record<string, string>[]; pledgeInfos: Record<string, string>[] };
    expect(all.loanInfos.map((c) => c.coin)).toEqual(['USDT', 'USDC', 'ETH']);
    expect(all.pledgeInfos.map((c) => c.coin)).toEqual(['BTC', 'ETH', 'BGB', 'USDT']);
    const usdt = all.loanInfos[0];
    expect(usdt).toMatchObject({ rateFlexible: '0.0525', hourRateFlexible: '0.0000059931', minBorrowAmount: '10' });
    expect(all.pledgeInfos[0]).toMatchObject({ initRate: '0.65', supRate: '0.8', forceRate: '0.91' });
    const eth = call('loan.getCoins', { coin: 'eth' }) as { loanInfos: unknown[]; pledgeInfos: unknown[] };
    expect(eth.loanInfos).toHaveLength(1);
    expect(eth.pledgeInfos).toHaveLength(1);
  });

  it('estimates the borrowable amount at initRate and its hourly interest', () => {
    const { call } = setup();
    const est = call('loan.getInterest', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.1' });
    // 0.1 BTC × 50000 × 0.65 = 3250 USDT; × 0.0000059931 = 0.019477575 → rounded up.
    expect(est).toEqual({ loanAmount: '3250', hourInterest: '0.01947758' });
  });

  it('refuses pledging the borrowed coin and unknown terms', () => {
    const { call } = setup();
    expect(rejection(() => call('loan.getInterest', { loanCoin: 'ETH', pledgeCoin: 'ETH', daily: 'SEVEN', pledgeAmount: '1' })).code).toBe('40020');
    expect(rejection(() => call('loan.getInterest', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'WEEK', pledgeAmount: '1' })).code).toBe('40020');
    expect(rejection(() => call('loan.getInterest', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN' })).code).toBe('40019');
  });
});

describe('borrow', () => {
  it('borrows by pledgeAmount: debits collateral, credits the loan', () => {
    const { deps, borrow, ongoing } = setup();
    const id = borrow({ pledgeAmount: '0.1' });
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('0.9');
    expect(deps.ledger.available(UID, 'USDT').toFixed()).toBe('13250');
    expect(ongoing()).toEqual([
      {
        orderId: id, loanCoin: 'USDT', loanAmount: '3250', interestAmount: '0', hourInterestRate: '0.0000059931',
        pledgeCoin: 'BTC', pledgeAmount: '0.1', pledgeRate: '65', supRate: '80', forceRate: '91',
        borrowTime: String(FAKE_T0), expireTime: '0',
      },
    ]);
  });

  it('lists the loan in the borrow history at once, ONGOING, and as REPAY once repaid (issue 15)', () => {
    const { call, borrow } = setup();
    const id = borrow({ pledgeAmount: '0.1' });
    const window = { startTime: String(FAKE_T0 - HOUR), endTime: String(FAKE_T0 + HOUR) };
    expect(call('loan.getBorrowHistory', window)).toEqual([
      {
        orderId: id, loanCoin: 'USDT', pledgeCoin: 'BTC', initPledgeAmount: '0.1', initLoanAmount: '3250',
        hourRate: '0.0000059931', pledgeDays: '0', borrowTime: String(FAKE_T0), status: 'ONGOING', daily: 'FLEXIBLE',
      },
    ]);
    expect(call('loan.getBorrowHistory', { ...window, status: 'REPAY' })).toEqual([]);
    call('loan.repay', { orderId: id, method: 'borrowed_coin', repayAll: 'yes' });
    // Still one record for the loan, now ended.
    const after = call('loan.getBorrowHistory', window) as Record<string, string>[];
    expect(after.map((r) => [r.orderId, r.status])).toEqual([[id, 'REPAY']]);
    expect(call('loan.getBorrowHistory', { ...window, status: 'REPAY' })).toHaveLength(1);
  });

  it('borrows by loanAmount: collateral rounded up at initRate; fixed terms expire', () => {
    const { borrow, ongoing } = setup();
    borrow({ loanAmount: '1000', daily: 'SEVEN' });
    const [loan] = ongoing();
    // 1000 / 0.65 / 50000 = 0.030769230… → 0.03076924
    expect(loan).toMatchObject({ loanAmount: '1000', pledgeAmount: '0.03076924', expireTime: String(FAKE_T0 + 7 * 24 * HOUR) });
  });

  it('requires exactly one of pledgeAmount and loanAmount', () => {
    const { borrow, ongoing } = setup();
    expect(rejection(() => borrow({})).message).toMatch(/exactly one/);
    expect(rejection(() => borrow({ pledgeAmount: '0.1', loanAmount: '100' })).code).toBe('40020');
    expect(ongoing()).toEqual([]);
  });

  it('refuses amounts outside the limits and without balance', () => {
    const { deps, borrow, ongoing } = setup();
    expect(rejection(() => borrow({ loanAmount: '5' })).message).toMatch(/below the minimum borrow/);
    expect(rejection(() => borrow({ loanAmount: '3000000' })).message).toMatch(/above the maximum/);
    expect(rejection(() => borrow({ pledgeAmount: '2' })).code).toBe('25202');
    expect(rejection(() => borrow({ pledgeAmount: 'abc' })).code).toBe('40020');
    expect(ongoing()).toEqual([]);
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('1');
  });

  it('keeps accounts apart', () => {
    const { backOffice, borrow } = setup();
    const id = borrow({ pledgeAmount: '0.1' });
    expect(backOffice.handle('loan.getOngoing', '6000000002', {})).toEqual([]);
    expect(rejection(() => backOffice.handle('loan.repay', '6000000002', { orderId: id, method: 'borrowed_coin', repayAll: 'yes' })).code).toBe('40054');
    expect(rejection(() => backOffice.handle('loan.getOngoing', null, {})).code).toBe('40014');
  });
});

describe('interest accrual', () => {
  it('charges principal × hourRate per whole hour of exchange time', () => {
    const { backOffice, deps, borrow, ongoing } = setup();
    borrow({ pledgeAmount: '0.1' });
    backOffice.tick(FAKE_T0 + HOUR - 1);
    expect(ongoing()[0]?.interestAmount).toBe('0');
    backOffice.tick(FAKE_T0 + HOUR);
    expect(ongoing()[0]?.interestAmount).toBe('0.01947758');
    backOffice.tick(FAKE_T0 + 3 * HOUR + 10);
    // Two more hours charged at once: 3250 × 0.0000059931 × 2 = 0.03895515 exactly.
    expect(ongoing()[0]?.interestAmount).toBe('0.05843273');
    expect(deps.events).toEqual([]);
  });

  it('scales elapsed time by speed', () => {
    const { backOffice, borrow, ongoing } = setup(60);
    borrow({ pledgeAmount: '0.1' });
    backOffice.tick(FAKE_T0 + 59_000);
    expect(ongoing()[0]?.interestAmount).toBe('0');
    backOffice.tick(FAKE_T0 + 60_000);
    expect(ongoing()[0]?.interestAmount).toBe('0.01947758');
    backOffice.tick(FAKE_T0 + 120_000);
    expect(ongoing()[0]?.interestAmount).toBe('0.03895516');
  });

  it('reports debts per coin with USDT values', () => {
    const { call, backOffice, borrow } = setup();
    expect(call('loan.getDebts')).toEqual({ pledgeInfos: [], loanInfos: [] });
    borrow({ pledgeAmount: '0.1' });
    borrow({ pledgeAmount: '0.02' });
    backOffice.tick(FAKE_T0 + HOUR);
    expect(call('loan.getDebts')).toEqual({
      pledgeInfos: [{ coin: 'BTC', amount: '0.12', amountUsdt: '6000' }],
      // 3250 + 650 principal; 0.01947758 + 0.00389552 interest
      loanInfos: [{ coin: 'USDT', amount: '3900.0233731', amountUsdt: '3900.02' }],
    });
  });
});
