import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';

const UID = '6000000001';
const DAY = 24 * 3_600_000;

/** One loan and twelve small repays one minute apart. */
function setup() {
  const deps = fakeBackOfficeDeps();
  deps.ledger.set(UID, 'BTC', '1');
  deps.setNow(FAKE_T0 + 100 * DAY);
  const backOffice = createBackOffice(deps);
  const call = (op: string, params: unknown = {}): unknown => backOffice.handle(op, UID, params);
  const { orderId } = call('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'THIRTY', pledgeAmount: '0.1' }) as { orderId: string };
  const start = deps.now();
  for (let i = 1; i <= 12; i += 1) {
    deps.setNow(start + i * 60_000);
    call('loan.repay', { orderId, method: 'borrowed_coin', repayAll: 'no', amount: String(i) });
  }
  return { deps, call, orderId, start };
}

describe('loan history paging', () => {
  it('pages newest first with default size 10', () => {
    const { call, start } = setup();
    const window = { startTime: String(start), endTime: String(start + DAY) };
    const first = call('loan.getRepayHistory', window) as Record<string, string>[];
    expect(first.map((r) => r.repayAmount)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    const page = call('loan.getRepayHistory', { ...window, pageNum: '3', pageSize: '5' }) as Record<string, string>[];
    expect(page.map((r) => r.repayAmount)).toEqual(['2', '1']);
    expect(call('loan.getRepayHistory', { ...window, pageNum: '4', pageSize: '5' })).toEqual([]);
  });

  it('keeps only records inside the window and matching filters', () => {
    const { call, start, orderId } = setup();
    const narrow = call('loan.getRepayHistory', { startTime: String(start + 3 * 60_000), endTime: String(start + 5 * 60_000) }) as Record<string, string>[];
    expect(narrow.map((r) => r.repayAmount)).toEqual(['5', '4', '3']);
    const window = { startTime: String(start), endTime: String(start + DAY), pageSize: '100' };
    expect(call('loan.getRepayHistory', { ...window, orderId })).toHaveLength(12);
    expect(call('loan.getRepayHistory', { ...window, orderId: '42' })).toEqual([]);
    expect(call('loan.getRepayHistory', { ...window, loanCoin: 'usdc' })).toEqual([]);
    expect(call('loan.getRepayHistory', { ...window, pledgeCoin: 'btc' })).toHaveLength(12);
  });

  it('enforces the 3-month rule, required times and page bounds', () => {
    const { deps, call } = setup();
    const now = deps.now();
    const old = rejection(() => call('loan.getBorrowHistory', { startTime: String(now - 91 * DAY), endTime: String(now) }));
    expect(old.code).toBe('40020');
    expect(old.message).toMatch(/last 3 months/);
    // The setup's loan is still open: listed as ONGOING (issue 15).
    const open = call('loan.getBorrowHistory', { startTime: String(now - 89 * DAY), endTime: String(now) }) as Record<string, string>[];
    expect(open.map((r) => r.status)).toEqual(['ONGOING']);
    expect(rejection(() => call('loan.getReduces', { endTime: String(now) })).code).toBe('40019');
    expect(rejection(() => call('loan.getPledgeRateHistory', { startTime: String(now) })).code).toBe('40019');
    expect(rejection(() => call('loan.getRepayHistory', { startTime: String(now), endTime: String(now - 1) })).code).toBe('40020');
    expect(rejection(() => call('loan.getRepayHistory', { startTime: String(now), endTime: String(now), pageSize: '101' })).code).toBe('40020');
    expect(rejection(() => call('loan.getRepayHistory', { startTime: String(now), endTime: String(now), pageNum: '0' })).code).toBe('40020');
    expect(rejection(() => call('loan.getBorrowHistory', { startTime: String(now), endTime: String(now), status: 'DONE' })).code).toBe('40020');
  });
});
