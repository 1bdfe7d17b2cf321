import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { Loan, Ticker } from '../../domain/model.js';
import { borrowReceiptFromWire, pledgeChangeReceiptFromWire, pledgeChangeToWire, repayReceiptFromWire, repayToWire } from '../../exchange/wire/loan-mappers.js';
import { borrowDoneText, coinPriceUsdt, loanView, loanWrite, parseAmount, pledgeDoneText, ratioGauge, repayDoneText, termText } from './use-loans.js';

const d = (s: string) => new Decimal(s);

function ticker(category: Ticker['category'], symbol: string, last: string): Ticker {
  return {
    category, symbol, lastPrice: d(last), bid1Price: d(last), ask1Price: d(last), high24h: d(last), low24h: d(last), open24h: d(last), change24h: d('0'), volume24h: d('1'), turnover24h: d('1'),
    markPrice: null, indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: 1,
  };
}

const LOAN: Loan = {
  orderId: '1', loanCoin: 'ETH', loanAmount: d('1'), interestAmount: d('0.01'), hourInterestRate: d('0.00001'),
  pledgeCoin: 'BTC', pledgeAmount: d('0.1'), pledgeRate: d('0.5'), supRate: d('0.8'), forceRate: d('0.9'), borrowTime: 0, expireTime: 0,
};

describe('loan view helpers', () => {
  it('prices coins: stable = 1, SPOT ticker preferred, else any category, else null', () => {
    const tickers = { 'USDT-FUTURES:ETHUSDT': ticker('USDT-FUTURES', 'ETHUSDT', '3000'), 'SPOT:BTCUSDT': ticker('SPOT', 'BTCUSDT', '40000'), 'USDT-FUTURES:BTCUSDT': ticker('USDT-FUTURES', 'BTCUSDT', '40100') };
    expect(coinPriceUsdt(tickers, 'USDC')?.toString()).toBe('1');
    expect(coinPriceUsdt(tickers, 'BTC')?.toString()).toBe('40000');
    expect(coinPriceUsdt(tickers, 'ETH')?.toString()).toBe('3000');
    expect(coinPriceUsdt(tickers, 'SOL')).toBeNull();
  });

  it('computes debt value and the collateral prices at the lines', () => {
    const v = loanView(LOAN, { 'SPOT:ETHUSDT': ticker('SPOT', 'ETHUSDT', '3000') });
    expect(v.debtValue?.toString()).toBe('3030');
    expect(v.marginCallPrice?.toString()).toBe('37875');
    expect(v.liquidationPrice?.toFixed(2)).toBe('33666.67');
    expect(loanView(LOAN, {}).marginCallPrice).toBeNull();
  });

  it('gauge fills to the ratio and keeps its width (10 cells: call at cell 8, liquidation at 9); term and parsing', () => {
    expect(ratioGauge(d('0'), d('0.8'), d('0.9'), 12)).toBe('[░░░░░░░░|!]');
    expect(ratioGauge(d('2'), d('0.8'), d('0.9'), 12)).toBe('[████████|!]');
    expect(termText(LOAN)).toBe('flexible');
    expect(termText({ ...LOAN, expireTime: Date.UTC(2026, 0, 31) })).toBe('2026-01-31');
    expect(parseAmount('0.5')?.toString()).toBe('0.5');
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('1.')).toBeNull();
  });
});

describe('loan write messages (issue 15)', () => {
  // The replies as the exchange sends them, through the loan service's mappers.
  const loanDoneText = (kind: 'pledgeIn' | 'pledgeOut', reply: unknown, expected: Decimal | null) => pledgeDoneText(kind, pledgeChangeReceiptFromWire(reply), expected);
  it('shows the ratio after a collateral change in percent, whether the reply prints percent or a fraction', () => {
    expect(loanDoneText('pledgeIn', { afterPledgeRate: '49.42' }, d('0.4942'))).toBe('collateral added: ratio now 49.42%');
    expect(loanDoneText('pledgeIn', { afterPledgeRate: '0.4942' }, d('0.4942'))).toBe('collateral added: ratio now 49.42%');
    expect(loanDoneText('pledgeOut', { afterPledgeRate: '0.6263' }, null)).toBe('collateral withdrawn: ratio now 62.63%');
    expect(loanDoneText('pledgeIn', {}, null)).toBe('collateral added: ratio now ?');
  });
  it('names the borrow order and the repayment', () => {
    expect(borrowDoneText(borrowReceiptFromWire({ orderId: '9' }))).toBe('borrowed: order 9');
    expect(repayDoneText(repayReceiptFromWire({ repayAmount: '502', payInterest: '2', repayLoanAmount: '500' }), null)).toBe('repaid 502 (interest 2, principal 500)');
    // A reply without the amount names what was asked, else "all".
    expect(repayDoneText(repayReceiptFromWire({}), d('10'))).toBe('repaid 10 (interest ?, principal ?)');
    expect(repayDoneText(repayReceiptFromWire({}), null)).toBe('repaid all (interest ?, principal ?)');
  });
  it('builds the repay and revise bodies', () => {
    const repay = loanWrite('repay', LOAN, '', true);
    const out = loanWrite('pledgeOut', LOAN, '0.01', false);
    expect(repay?.kind === 'repay' ? repayToWire(repay.req) : repay).toEqual({ orderId: '1', method: 'borrowed_coin', repayUnlock: 'yes', repayAll: 'yes' });
    expect(out?.kind === 'pledgeOut' ? pledgeChangeToWire(out.req) : out).toEqual({ orderId: '1', amount: '0.01', pledgeCoin: 'BTC', reviseType: 'OUT' });
    // Nothing to send for an amount that is not a positive number.
    expect(loanWrite('repay', LOAN, '0', true)).toBeNull();
    expect(loanWrite('pledgeIn', LOAN, '', false)).toBeNull();
  });
});
