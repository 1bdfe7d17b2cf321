import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { ExchangeError } from '../../src/exchange/wire/errors.js';
import { wireList, wireString } from '../../src/exchange/wire/wire-values.js';
import { AccountService } from '../../src/services/account-service.js';
import { HistoryService } from '../../src/services/history-service.js';
import { LoanService } from '../../src/services/loan-service.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';

/**
 * Description: issue 18 item 1 — the typed services the UI now asks (loans, max open, history
 * pages) against the embedded exchange: domain values in, domain values out, wire parsing in the
 * exchange's mappers, and the exchange's own refusals passed on as errors.
 * Setup: `startSim()` on 127.0.0.1 port 0, the dashboard's RestClient and the three services.
 * Run: rates and an estimate; borrow, add collateral, repay part, repay the rest; max open; two
 * orders placed and cancelled, then paged one at a time through the order history; a fill found.
 */

let sim: SimHandle;
let client: RestClient;
let api: ExchangeApi;
let loans: LoanService;
let writes = 0;

beforeAll(async () => {
  sim = await startSim({ seed: 18 });
  client = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase } });
  api = createExchangeApi(client);
  loans = new LoanService({ api, afterWrite: () => (writes += 1) });
});

afterAll(async () => {
  await client.close();
  await sim.close();
});

/** The exchange's own record of loan `orderId` (its reply, not ours), or undefined once repaid. */
async function ongoing(orderId: string): Promise<Record<string, unknown> | undefined> {
  return wireList(await api.loan.getOngoing({})).find((r) => wireString(r.orderId) === orderId);
}

describe('LoanService on the embedded exchange', () => {
  it('rates and ratios for every coin, and the exchange\'s estimate for a collateral amount', async () => {
    const coins = await loans.getCoins();
    const usdt = coins.loanCoins.find((c) => c.coin === 'USDT');
    const btc = coins.pledgeCoins.find((c) => c.coin === 'BTC');
    expect(usdt?.rates.FLEXIBLE.hourRate?.gt(0)).toBe(true);
    expect(btc?.initRate?.gt(0) && btc.supRate?.gt(btc.initRate) && btc.forceRate?.gt(btc.supRate) && btc.forceRate.lt(1)).toBe(true);
    const quote = await loans.getInterest({ loanCoin: 'USDT', pledgeCoin: 'BTC', term: 'SEVEN', pledgeAmount: new Decimal('0.5') });
    expect(quote.loanAmount?.gt(0)).toBe(true);
    expect(quote.hourInterest?.gt(0)).toBe(true);
    // Twice the collateral, twice the loan.
    const double = await loans.getInterest({ loanCoin: 'USDT', pledgeCoin: 'BTC', term: 'SEVEN', pledgeAmount: new Decimal('1') });
    expect(double.loanAmount?.div(quote.loanAmount ?? 1).toDecimalPlaces(2).toFixed()).toBe('2');
  });

  it('borrows, adds collateral, repays part and then the rest; each write refreshes and the exchange agrees', async () => {
    const before = writes;
    const { orderId } = await loans.submitBorrow({ loanCoin: 'USDT', pledgeCoin: 'BTC', term: 'FLEXIBLE', size: { by: 'loan', amount: new Decimal('1000') } });
    expect(orderId).not.toBeNull();
    const id = orderId ?? '';
    const opened = await ongoing(id);
    expect(wireString(opened?.loanAmount)).toBe('1000');
    const pledged = new Decimal(wireString(opened?.pledgeAmount));

    const added = await loans.submitPledgeChange({ orderId: id, pledgeCoin: 'BTC', direction: 'in', amount: new Decimal('0.01') });
    expect(added.afterPledgeRate?.gt(0)).toBe(true);
    expect(new Decimal(wireString((await ongoing(id))?.pledgeAmount)).eq(pledged.plus('0.01'))).toBe(true);

    const part = await loans.submitRepay({ orderId: id, amount: new Decimal('100'), unlockCollateral: false });
    expect(part.repayAmount?.toFixed()).toBe('100');
    expect(part.payInterest?.plus(part.repayLoanAmount ?? 0).eq(100)).toBe(true);
    const rest = await loans.submitRepay({ orderId: id, amount: null, unlockCollateral: true });
    expect(rest.repayLoanAmount?.gt(0)).toBe(true);
    expect(await ongoing(id)).toBeUndefined();
    expect(writes - before).toBe(4);
  });

  it('passes the exchange\'s refusal on, and a refused write does not refresh', async () => {
    const before = writes;
    const error = await loans.submitRepay({ orderId: 'no-such-loan', amount: null, unlockCollateral: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).code).toBe('EXCH_REJECTED');
    expect((error as ExchangeError).opId).toBe('loan.repay');
    expect(writes).toBe(before);
  });
});

describe('AccountService and HistoryService on the embedded exchange', () => {
  it('max open available for a limit buy', async () => {
    const m = await new AccountService({ api }).getMaxOpen({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: new Decimal('90000') });
    expect(m.maxOpen?.gt(0) ?? m.available?.gt(0)).toBe(true);
  });

  it('pages the order history one order at a time with the cursor, and finds a fill', async () => {
    const history = new HistoryService({ api });
    const far = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '1000' } as const;
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const placed = await api.trade.placeOrder({ ...far, clientOid: `issue18-${n}` });
      ids.push(wireString((placed as Record<string, unknown>).orderId));
      await api.trade.cancelOrder({ orderId: ids[ids.length - 1] ?? '' });
    }
    const first = await history.getHistoryOrders({ category: 'USDT-FUTURES', limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.next).not.toBeNull();
    const second = await history.getHistoryOrders({ category: 'USDT-FUTURES', limit: 1, cursor: first.next ?? '' });
    expect(second.items).toHaveLength(1);
    // Newest first: the second order, then the first.
    expect([first.items[0]?.orderId, second.items[0]?.orderId]).toEqual([ids[1], ids[0]]);
    expect(first.items[0]).toMatchObject({ status: 'cancelled', category: 'USDT-FUTURES', symbol: 'BTCUSDT', clientOid: 'issue18-2' });
    expect(first.items[0]?.price?.toFixed()).toBe('1000');

    await api.trade.placeOrder({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.01', clientOid: 'issue18-fill' });
    const fills = await history.getFills({ category: 'USDT-FUTURES', limit: 10 });
    expect(fills.items.some((f) => f.clientOid === 'issue18-fill' && f.qty.eq('0.01') && f.price.gt(0))).toBe(true);
  });
});
