import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';

const UID = '6000000001';
const WINDOW = { startTime: String(FAKE_T0 - 1000), endTime: String(FAKE_T0 + 100_000_000) };

function setup() {
  const deps = fakeBackOfficeDeps();
  deps.ledger.set(UID, 'BTC', '1');
  const backOffice = createBackOffice(deps);
  const call = (op: string, params: unknown = {}): unknown => backOffice.handle(op, UID, params);
  const { orderId } = call('loan.borrow', { loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.1' }) as { orderId: string };
  const ongoing = (): Record<string, string>[] => call('loan.getOngoing') as Record<string, string>[];
  return { deps, backOffice, call, orderId, ongoing };
}

describe('margin call and liquidation', () => {
  it('a price drop raises the ratio into margin call, then liquidates', () => {
    const { deps, backOffice, call, orderId, ongoing } = setup();
    deps.setPrice('BTC', '45000');
    backOffice.tick(FAKE_T0 + 1000);
    expect(ongoing()[0]?.pledgeRate).toBe('72.22');
    expect(deps.events).toEqual([]);

    deps.setPrice('BTC', '40000');
    backOffice.tick(FAKE_T0 + 2000);
    expect(ongoing()[0]?.pledgeRate).toBe('81.25');
    expect(deps.events).toEqual([{ type: 'account', uid: UID }]);
    backOffice.tick(FAKE_T0 + 3000);
    expect(deps.events).toHaveLength(1);

    deps.setPrice('BTC', '35000');
    deps.setNow(FAKE_T0 + 4000);
    backOffice.tick(FAKE_T0 + 4000);
    expect(ongoing()).toEqual([]);
    expect(deps.events).toHaveLength(2);
    // Debt 3250 USDT + 2 % fee = 3315 USDT = 0.094714285… BTC sold; the rest comes back.
    expect(call('loan.getReduces', WINDOW)).toEqual([
      {
        orderId, loanCoin: 'USDT', pledgeCoin: 'BTC', reduceTime: String(FAKE_T0 + 4000), pledgeRate: '92.86',
        pledgePrice: '35000', status: 'COMPLETE', pledgeAmount: '0.09471429', reduceFee: '0.00185715',
        residueAmount: '0.00528571', runlockAmount: '0.00528571', repayLoanAmount: '3250',
      },
    ]);
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('0.90528571');
    const history = call('loan.getBorrowHistory', WINDOW) as Record<string, string>[];
    expect(history).toEqual([
      {
        orderId, loanCoin: 'USDT', pledgeCoin: 'BTC', initPledgeAmount: '0.1', initLoanAmount: '3250',
        hourRate: '0.0000059931', pledgeDays: '0', borrowTime: String(FAKE_T0), status: 'FORCE', daily: 'FLEXIBLE',
      },
    ]);
    expect(call('loan.getBorrowHistory', { ...WINDOW, status: 'REPAY' })).toEqual([]);
    expect(call('loan.getReduces', { ...WINDOW, status: 'WAIT' })).toEqual([]);
  });

  it('accrued interest counts in the ratio', () => {
    const { deps, backOffice, ongoing } = setup();
    deps.setPrice('BTC', '40700');
    backOffice.tick(FAKE_T0);
    expect(ongoing()[0]?.pledgeRate).toBe('79.85');
    expect(deps.events).toEqual([]);
    // A long stretch of interest pushes the ratio over supRate without a price move.
    backOffice.tick(FAKE_T0 + 400 * 3_600_000);
    expect(deps.events).toEqual([{ type: 'account', uid: UID }]);
  });
});

describe('revise pledge', () => {
  it('adding collateral lowers the ratio and is recorded as down', () => {
    const { deps, call, orderId, ongoing } = setup();
    deps.setNow(FAKE_T0 + 5000);
    expect(call('loan.revisePledge', { orderId, amount: '0.05', pledgeCoin: 'BTC', reviseType: 'IN' })).toEqual({
      loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '0.4333',
    });
    expect(ongoing()[0]).toMatchObject({ pledgeAmount: '0.15', pledgeRate: '43.33' });
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('0.85');
    expect(call('loan.getPledgeRateHistory', WINDOW)).toEqual([
      {
        loanCoin: 'USDT', pledgeCoin: 'BTC', orderId, reviseTime: String(FAKE_T0 + 5000), reviseSide: 'down',
        reviseAmount: '0.05', afterPledgeRate: '0.4333', beforePledgeRate: '0.65',
      },
    ]);
  });

  it('withdrawing is refused past initRate and allowed below it', () => {
    const { deps, call, orderId, ongoing } = setup();
    const refused = rejection(() => call('loan.revisePledge', { orderId, amount: '0.01', pledgeCoin: 'BTC', reviseType: 'OUT' }));
    expect(refused.code).toBe('40919');
    expect(refused.message).toMatch(/above the initial ratio 0.65/);
    call('loan.revisePledge', { orderId, amount: '0.05', pledgeCoin: 'BTC', reviseType: 'IN' });
    expect(call('loan.revisePledge', { orderId, amount: '0.05', pledgeCoin: 'BTC', reviseType: 'OUT' })).toMatchObject({ afterPledgeRate: '0.65' });
    expect(ongoing()[0]?.pledgeAmount).toBe('0.1');
    expect(deps.ledger.available(UID, 'BTC').toFixed()).toBe('0.9');
    const ups = call('loan.getPledgeRateHistory', { ...WINDOW, reviseSide: 'up' }) as Record<string, string>[];
    expect(ups.map((r) => [r.reviseSide, r.beforePledgeRate, r.afterPledgeRate])).toEqual([['up', '0.4333', '0.65']]);
  });

  it('refuses the wrong pledge coin, an unknown order and missing balance', () => {
    const { call, orderId } = setup();
    expect(rejection(() => call('loan.revisePledge', { orderId, amount: '1', pledgeCoin: 'ETH', reviseType: 'IN' })).code).toBe('40020');
    expect(rejection(() => call('loan.revisePledge', { orderId: '1', amount: '1', pledgeCoin: 'BTC', reviseType: 'IN' })).code).toBe('40054');
    expect(rejection(() => call('loan.revisePledge', { orderId, amount: '5', pledgeCoin: 'BTC', reviseType: 'IN' })).code).toBe('25202');
    expect(rejection(() => call('loan.revisePledge', { orderId, amount: '0.1', pledgeCoin: 'BTC', reviseType: 'OUT' })).code).toBe('40020');
  });
});

describe('missing prices', () => {
  it('never liquidates on a missing price', () => {
    const { deps, backOffice, ongoing } = setup();
    deps.setPrice('BTC', '0');
    backOffice.tick(FAKE_T0 + 1000);
    deps.setPrice('BTC', '50000');
    expect(ongoing()).toHaveLength(1);
    expect(deps.events).toEqual([]);
  });
});
