import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';

const UID = '6000000001';
const HOUR = 3_600_000;
const WINDOW = { startTime: String(FAKE_T0 - 1000), endTime: String(FAKE_T0 + 100 * HOUR) };

/** A 3250 USDT loan against 0.1 BTC, one hour of interest (0.01947758) accrued. */
function setup() {
  const deps = fakeBackOfficeDeps();
  deps.ledger.set(UID, 'BTC', '1');
  deps.ledger.set(UID, 'USDT', '100');
  const backOffice = createBackOffice(deps);
  const call = (op: string, params: unknown = {}): unknown => backOffice.handle(op, UID, params);
  const { orderId } = call('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.1' }) as { orderId: string };
  deps.setNow(FAKE_T0 + HOUR);
  backOffice.tick(FAKE_T0 + HOUR);
  const ongoing = (): Record<string, string>[] => call('loan.getOngoing') as Record<string, string>[];
  return { deps, backOffice, call, orderId, ongoing };
}

describe('repay', () => {
  it('partial repay pays interest first, then principal, keeping the collateral', () => {
    const { deps, call, orderId, ongoing } = setup();
    expect(call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no', amount: '1000' })).toEqual({
      loanCoin: 'USDT', pledgeCoin: 'BTC', repayAmount: '1000', payInterest: '0.01947758', repayLoanAmount: '999.98052242', repayUnlockAmount: '0',
    });
    expect(ongoing()[0]).toMatchObject({ loanAmount: '2250.01947758', interestAmount: '0', pledgeAmount: '0.1' });
    expect(deps.ledger.available(UID, 'USDT').toFixed()).toBe('2350');
    expect(call('loan.getRepayHistory', WINDOW)).toEqual([
      {
        loanCoin: 'USDT', pledgeCoin: 'BTC', repayAmount: '1000', payInterest: '0.01947758', repayLoanAmount: '999.98052242',
        repayUnlockAmount: '0', orderId, repayTime: String(FAKE_T0 + HOUR),
      },
    ]);
  });

  it('partial repay with repayUnlock redeems collateral in proportion', () => {
    const { deps, call, orderId, ongoing } = setup();
    const r = call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no', amount: '1000.01947758', repayUnlock: 'yes' }) as Record<string, string>;
    // 1000 of 3250 principal repaid → 0.1 × 1000/3250 = 0.030769230… BTC redeemed (rounded down).
    expect(r).toMatchObject({ repayLoanAmount: '1000', repayUnlockAmount: '0.03076923' });
    expect(ongoing()[0]).toMatchObject({ loanAmount: '2250', pledgeAmount: '0.06923077', pledgeRate: '65' });
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('0.93076923');
  });

  it('repayUnlock redeems nothing when the ratio would stay above initRate', () => {
    const { deps, call, orderId, ongoing } = setup();
    deps.setPrice('BTC', '45000');
    const r = call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no', amount: '500', repayUnlock: 'yes' }) as Record<string, string>;
    expect(r.repayUnlockAmount).toBe('0');
    expect(ongoing()[0]?.pledgeAmount).toBe('0.1');
  });

  it('repayAll ignores the amount, returns all collateral and ends the loan as REPAY', () => {
    const { deps, call, orderId, ongoing } = setup();
    expect(call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'yes', amount: '1', repayUnlock: 'no' })).toEqual({
      loanCoin: 'USDT', pledgeCoin: 'BTC', repayAmount: '3250.01947758', payInterest: '0.01947758', repayLoanAmount: '3250', repayUnlockAmount: '0.1',
    });
    expect(ongoing()).toEqual([]);
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('1');
    expect(deps.ledger.available(UID, 'USDT').toFixed()).toBe('99.98052242');
    const history = call('loan.getBorrowHistory', WINDOW) as Record<string, string>[];
    expect(history.map((h) => [h.orderId, h.status])).toEqual([[orderId, 'REPAY']]);
    expect(rejection(() => call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'yes' })).code).toBe('40054');
  });

  it('a partial repay of the exact debt also ends the loan', () => {
    const { call, orderId, ongoing } = setup();
    const r = call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no', amount: '3250.01947758' }) as Record<string, string>;
    expect(r.repayUnlockAmount).toBe('0.1');
    expect(ongoing()).toEqual([]);
  });

  it('refuses a missing or excessive amount and an empty wallet, changing nothing', () => {
    const { deps, call, orderId, ongoing } = setup();
    expect(rejection(() => call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no' })).code).toBe('40019');
    expect(rejection(() => call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'maybe', amount: '1' })).code).toBe('40020');
    expect(rejection(() => call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no', amount: '4000' })).message).toMatch(/exceeds the debt/);
    deps.ledger.set(UID, 'USDT', '10');
    expect(rejection(() => call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'yes' })).code).toBe('25202');
    expect(ongoing()[0]).toMatchObject({ loanAmount: '3250', interestAmount: '0.01947758' });
    expect(call('loan.getRepayHistory', WINDOW)).toEqual([]);
  });
});
