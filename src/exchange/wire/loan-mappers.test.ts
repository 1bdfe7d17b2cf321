import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { badReplyMessage as badReply } from '../../../test/helpers/bad-reply.js';
import { goldenReplyData as golden } from '../../../test/helpers/golden.js';
import { loanCoinsWire } from '../../sim/back-office/loan-catalog.js';
import {
  borrowReceiptFromWire,
  borrowToWire,
  loanCoinsFromWire,
  loanInterestFromWire,
  loanInterestToWire,
  pledgeChangeReceiptFromWire,
  pledgeChangeToWire,
  repayReceiptFromWire,
  repayToWire,
} from './loan-mappers.js';

const d = (s: string) => new Decimal(s);
const text = (v: Decimal | null | undefined) => (v === null || v === undefined ? v : v.toFixed());

describe('loan.getCoins → LoanCoins', () => {
  it('reads the official page\'s example: rates per term, limits, ratios as fractions', () => {
    const c = loanCoinsFromWire(golden('loan.getCoins'));
    const usdt = c.loanCoins[0];
    expect(usdt?.coin).toBe('USDT');
    expect([usdt?.rates.FLEXIBLE.hourRate, usdt?.rates.FLEXIBLE.annualRate, usdt?.rates.SEVEN.hourRate, usdt?.rates.SEVEN.annualRate, usdt?.rates.THIRTY.hourRate, usdt?.rates.THIRTY.annualRate].map(text)).toEqual(['0.00000349', '0.0305', '0.00000366', '0.032024937', '0.00000383', '0.033549934']);
    expect([usdt?.minBorrow, usdt?.maxBorrow].map(text)).toEqual(['1', '20000000']);
    expect(c.pledgeCoins.map((p) => [p.coin, text(p.initRate), text(p.supRate), text(p.forceRate)])).toEqual([['BGB', '0.65', '0.75', '0.91']]);
  });

  it('reads the embedded exchange\'s reply for every coin it lends and takes', () => {
    const wire = loanCoinsWire(undefined);
    const c = loanCoinsFromWire(wire);
    expect(c.loanCoins.map((l) => l.coin)).toEqual(wire.loanInfos.map((l) => l.coin));
    expect(c.pledgeCoins.map((p) => p.coin)).toEqual(wire.pledgeInfos.map((p) => p.coin));
    for (const p of c.pledgeCoins) expect(p.initRate?.lt(p.supRate ?? 0) && p.supRate?.lt(p.forceRate ?? 0) && p.forceRate?.lte(1)).toBe(true);
  });

  it('reads ratios printed in percent (the page\'s table says percentages) as the same fractions', () => {
    const c = loanCoinsFromWire({ loanInfos: [], pledgeInfos: [{ coin: 'BTC', initRate: '65', supRate: '80', forceRate: '91' }] });
    expect([c.pledgeCoins[0]?.initRate, c.pledgeCoins[0]?.supRate, c.pledgeCoins[0]?.forceRate].map(text)).toEqual(['0.65', '0.8', '0.91']);
  });

  it('falls back to the borrow limits in USDT; an empty or missing rate is unknown', () => {
    const c = loanCoinsFromWire({ loanInfos: [{ coin: 'ETH', hourRate7D: '', minBorrowLimit: '10', maxBorrowLimit: 5000 }], pledgeInfos: [] });
    expect([c.loanCoins[0]?.minBorrow, c.loanCoins[0]?.maxBorrow].map(text)).toEqual(['10', '5000']);
    expect(c.loanCoins[0]?.rates.SEVEN).toEqual({ hourRate: null, annualRate: null });
  });

  it('names what is wrong with a bad reply', () => {
    expect(badReply(() => loanCoinsFromWire(null))).toBe('loan.getCoins reply: expected an object, got null');
    expect(badReply(() => loanCoinsFromWire({ pledgeInfos: [] }))).toBe('loan.getCoins reply: loanInfos is not a list (missing)');
    expect(badReply(() => loanCoinsFromWire({ loanInfos: ['USDT'], pledgeInfos: [] }))).toBe('loan.getCoins reply: loanInfos[0] is not an object ("USDT")');
    expect(badReply(() => loanCoinsFromWire({ loanInfos: [{ hourRateFlexible: '0.1' }], pledgeInfos: [] }))).toBe('loan.getCoins reply: loanInfos[0].coin is missing');
    expect(badReply(() => loanCoinsFromWire({ loanInfos: [], pledgeInfos: [{ coin: 'BTC', initRate: 'high' }] }))).toBe('loan.getCoins reply: pledgeInfos[0].initRate is not a number ("high")');
  });
});

describe('loan.getInterest ⇄ LoanInterestQuote', () => {
  it('sends the collateral as text and reads the page\'s example (and the table\'s spelling borrowAmount)', () => {
    expect(loanInterestToWire({ loanCoin: 'USDT', pledgeCoin: 'BTC', term: 'SEVEN', pledgeAmount: d('0.25') })).toEqual({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'SEVEN', pledgeAmount: '0.25' });
    const q = loanInterestFromWire(golden('loan.getInterest'));
    expect([q.loanAmount, q.hourInterest].map(text)).toEqual(['0.01935842', '0.00000001']);
    expect(text(loanInterestFromWire({ borrowAmount: '12', hourInterest: '0.1' }).loanAmount)).toBe('12');
  });

  it('names what is wrong with a bad reply', () => {
    expect(badReply(() => loanInterestFromWire([]))).toBe('loan.getInterest reply: expected an object, got a list');
    expect(badReply(() => loanInterestFromWire({ hourInterest: { v: 1 } }))).toBe('loan.getInterest reply: hourInterest is not a number (an object)');
  });
});

describe('loan writes: domain → wire body, reply → receipt', () => {
  it('sends exactly one of the borrow amounts', () => {
    const base = { loanCoin: 'USDT', pledgeCoin: 'BTC', term: 'FLEXIBLE' } as const;
    expect(borrowToWire({ ...base, size: { by: 'pledge', amount: d('0.5') } })).toStrictEqual({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.5' });
    expect(borrowToWire({ ...base, size: { by: 'loan', amount: d('100') } })).toStrictEqual({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '100' });
  });

  it('repays everything or an amount with the borrowed coin, and revises collateral in or out', () => {
    expect(repayToWire({ orderId: 'L1', amount: null, unlockCollateral: false })).toEqual({ orderId: 'L1', method: 'borrowed_coin', repayUnlock: 'no', repayAll: 'yes' });
    expect(repayToWire({ orderId: 'L1', amount: d('502'), unlockCollateral: true })).toEqual({ orderId: 'L1', method: 'borrowed_coin', repayUnlock: 'yes', repayAll: 'no', amount: '502' });
    expect(pledgeChangeToWire({ orderId: 'L1', pledgeCoin: 'BTC', direction: 'in', amount: d('0.05') })).toEqual({ orderId: 'L1', amount: '0.05', pledgeCoin: 'BTC', reviseType: 'IN' });
    expect(pledgeChangeToWire({ orderId: 'L1', pledgeCoin: 'BTC', direction: 'out', amount: d('0.01') }).reviseType).toBe('OUT');
  });

  it('reads the page\'s repay example; a receipt is lenient (the write went through), a missing field is null', () => {
    const r = repayReceiptFromWire(golden('loan.repay'));
    expect([r.repayAmount, r.payInterest, r.repayLoanAmount, r.repayUnlockAmount].map(text)).toEqual(['1.00000713', '0.00000712', '1.00000001', '0.50791233']);
    expect(repayReceiptFromWire({ repayAmount: 'n/a' })).toEqual({ repayAmount: null, payInterest: null, repayLoanAmount: null, repayUnlockAmount: null });
    expect(borrowReceiptFromWire({ orderId: '777' })).toEqual({ orderId: '777' });
    expect(borrowReceiptFromWire('success')).toEqual({ orderId: null });
    expect(text(pledgeChangeReceiptFromWire({ loanCoin: 'USDT', pledgeCoin: 'BTC', afterPledgeRate: '61.2' }).afterPledgeRate)).toBe('61.2');
    expect(pledgeChangeReceiptFromWire(null).afterPledgeRate).toBeNull();
  });
});
