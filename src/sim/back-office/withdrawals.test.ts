import { describe, expect, it } from 'vitest';
import { createBackOffice } from './create-back-office.js';
import { fakeBackOfficeDeps, rejection, FAKE_T0 } from './fake-deps.js';

const UID = '6000000001';
const HOUR = 3_600_000;

function setup() {
  const deps = fakeBackOfficeDeps();
  const backOffice = createBackOffice(deps);
  const call = (op: string, params: unknown = {}): unknown => backOffice.handle(op, UID, params);
  return { deps, backOffice, call };
}

describe('funding assets', () => {
  it('shows the seeded wallet with pending withdrawals frozen, filtered by coin', () => {
    const { call } = setup();
    expect(call('account.getFundingAssets')).toEqual([
      { coin: 'USDT', balance: '500', available: '450', frozen: '50' },
      { coin: 'BTC', balance: '0.05', available: '0.04', frozen: '0.01' },
    ]);
    expect(call('account.getFundingAssets', { coin: 'btc' })).toEqual([{ coin: 'BTC', balance: '0.05', available: '0.04', frozen: '0.01' }]);
    expect(call('account.getFundingAssets', { coin: 'ETH' })).toEqual([]);
  });
});

describe('cancel withdrawal', () => {
  it('cancels a request in cooling-off by orderId and unfreezes its funds', () => {
    const { call } = setup();
    expect(call('account.cancelWithdrawal', { orderId: '8800000000000000001' })).toBe('success');
    expect(call('account.getFundingAssets', { coin: 'USDT' })).toEqual([{ coin: 'USDT', balance: '500', available: '500', frozen: '0' }]);
    const again = rejection(() => call('account.cancelWithdrawal', { orderId: '8800000000000000001' }));
    expect(again.code).toBe('40920');
    expect(again.message).toMatch(/already cancelled/);
  });

  it('cancels by clientOid; orderId wins when both are sent', () => {
    const { call } = setup();
    expect(rejection(() => call('account.cancelWithdrawal', { orderId: '8800000000000000003', clientOid: 'demo-wd-btc' })).code).toBe('40920');
    expect(call('account.cancelWithdrawal', { clientOid: 'demo-wd-btc' })).toBe('success');
    expect(call('account.getFundingAssets', { coin: 'BTC' })).toEqual([{ coin: 'BTC', balance: '0.05', available: '0.05', frozen: '0' }]);
  });

  it('refuses processed, unknown and empty requests', () => {
    const { call } = setup();
    const done = rejection(() => call('account.cancelWithdrawal', { clientOid: 'demo-wd-done' }));
    expect([done.code, done.message]).toEqual(['40920', expect.stringMatching(/only a request still in its cooling-off period/)]);
    expect(rejection(() => call('account.cancelWithdrawal', { orderId: '1' })).code).toBe('40054');
    expect(rejection(() => call('account.cancelWithdrawal', { clientOid: 'nope' })).code).toBe('40054');
    expect(rejection(() => call('account.cancelWithdrawal', {})).code).toBe('40019');
  });

  it('a request leaves cooling-off when its period ends and its funds leave', () => {
    const { deps, backOffice, call } = setup();
    call('account.getFundingAssets');
    deps.setNow(FAKE_T0 + 24 * HOUR);
    backOffice.tick(FAKE_T0 + 24 * HOUR);
    expect(call('account.getFundingAssets', { coin: 'USDT' })).toEqual([{ coin: 'USDT', balance: '450', available: '450', frozen: '0' }]);
    expect(rejection(() => call('account.cancelWithdrawal', { orderId: '8800000000000000001' })).message).toMatch(/already processed/);
    expect(call('account.cancelWithdrawal', { orderId: '8800000000000000002' })).toBe('success');
  });
});
