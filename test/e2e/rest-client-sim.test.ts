import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeApi, type ExchangeApi } from '../../src/exchange/rest/facade.js';
import { RestClient } from '../../src/exchange/rest/rest-client.js';
import { ExchangeError } from '../../src/exchange/wire/errors.js';
import { OPERATIONS, type OperationId } from '../../src/exchange/wire/operations.js';
import type { OperationParams } from '../../src/exchange/wire/params.js';
import { startSim, type SimHandle } from '../../src/sim/start-sim.js';

/**
 * Issue 3: the dashboard's own REST client against the embedded exchange, over real sockets, for
 * every operation in the table. The `CASES` map is typed over every OperationId, so adding an
 * operation without a case here fails the typecheck.
 */

interface Ctx {
  orderId: string;
  loanOrderId: string;
  now: number;
}

type Case<Id extends OperationId> = (ctx: Ctx) => OperationParams[Id];
type Cases = { [Id in OperationId]: Case<Id> };

const DAY = 86_400_000;
const far = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '1000' } as const;

/** One call per operation, in an order where writes find what they need (an order, a loan). */
const CASES: Cases = {
  'market.getTime': () => ({}),
  'market.getPublicTime': () => ({}),
  'market.getServerTime': () => ({}),
  'market.getInstruments': () => ({ category: 'USDT-FUTURES' }),
  'market.getPublicInstruments': () => ({ category: 'SPOT' }),
  'market.getRpiSymbols': () => ({}),
  'market.getTickers': () => ({ category: 'SPOT' }),
  'market.getOrderbook': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', limit: '50' }),
  'market.getRpiOrderbook': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }),
  'market.getFills': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', limit: '10' }),
  'market.getCandles': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', interval: '1m', limit: '100' }),
  'market.getHistoryCandles': (c) => ({ category: 'SPOT', symbol: 'BTCUSDT', interval: '1H', endTime: String(c.now), limit: '50' }),
  'market.getCoins': () => ({}),
  'market.getFeeGroup': () => ({ category: 'SPOT' }),
  'market.getScoreWeights': () => ({}),
  'market.getAnnouncements': () => ({ annType: 'latest_news', language: 'en_US' }),
  'account.getAssets': () => ({}),
  'account.getFundingAssets': () => ({}),
  'account.getSettings': () => ({}),
  'account.getDeltaInfo': () => ({}),
  'account.getMaxOpenAvailable': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '90000' }),
  'account.getMaxTransferable': () => ({ coin: 'USDT' }),
  'account.getFinancialRecords': (c) => ({ category: 'USDT-FUTURES', startTime: String(c.now - DAY), endTime: String(c.now) }),
  'account.setLeverage': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10' }),
  'account.setHoldMode': () => ({ holdMode: 'one_way_mode' }),
  'account.adjustAccountMode': () => ({ mode: 'advanced' }),
  'account.cancelWithdrawal': () => ({ clientOid: 'demo-wd-usdt' }),
  'position.getCurrent': () => ({ category: 'USDT-FUTURES' }),
  'position.getHistory': (c) => ({ category: 'USDT-FUTURES', startTime: String(c.now - DAY), endTime: String(c.now) }),
  'position.getAllLegacy': () => ({ productType: 'USDT-FUTURES' }),
  'trade.placeOrder': () => ({ ...far, clientOid: 'rest-sim-1' }),
  'trade.getOrderInfo': (c) => ({ orderId: c.orderId }),
  'trade.getUnfilledOrders': () => ({ category: 'USDT-FUTURES' }),
  'trade.modifyOrder': (c) => ({ orderId: c.orderId, category: 'USDT-FUTURES', symbol: 'BTCUSDT', price: '1001' }),
  'trade.cancelOrder': (c) => ({ orderId: c.orderId, category: 'USDT-FUTURES' }),
  'trade.placeBatch': () => [{ ...far, clientOid: 'rest-sim-b1' }, { ...far, price: '1002', clientOid: 'rest-sim-b2' }],
  'trade.batchModifyOrder': () => [{ clientOid: 'rest-sim-b1', price: '1003', category: 'USDT-FUTURES', symbol: 'BTCUSDT' }],
  'trade.cancelBatch': () => [{ clientOid: 'rest-sim-b1', category: 'USDT-FUTURES', symbol: 'BTCUSDT' }],
  'trade.cancelSymbolOrder': () => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }),
  'trade.cancelRealityOrder': () => ({ symbol: 'RAAPLUSDT', clientOid: 'none-such' }),
  'trade.countdownCancelAll': () => ({ countdown: '0' }),
  'trade.closePositions': () => ({ category: 'USDT-FUTURES' }),
  'trade.getHistoryOrders': (c) => ({ category: 'USDT-FUTURES', startTime: String(c.now - DAY), endTime: String(c.now) }),
  'trade.getFills': (c) => ({ category: 'USDT-FUTURES', startTime: String(c.now - DAY), endTime: String(c.now) }),
  'trade.getHistoryStrategyOrders': () => ({ category: 'USDT-FUTURES' }),
  'loan.getCoins': () => ({}),
  'loan.getInterest': () => ({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', pledgeAmount: '0.1' }),
  'loan.borrow': () => ({ loanCoin: 'USDT', pledgeCoin: 'BTC', daily: 'FLEXIBLE', loanAmount: '1000' }),
  'loan.getOngoing': () => ({}),
  'loan.revisePledge': (c) => ({ orderId: c.loanOrderId, amount: '0.01', pledgeCoin: 'BTC', reviseType: 'IN' }),
  'loan.getPledgeRateHistory': (c) => ({ startTime: String(c.now - DAY), endTime: String(c.now + DAY) }),
  'loan.getDebts': () => ({}),
  'loan.repay': (c) => ({ orderId: c.loanOrderId, method: 'borrowed_coin', repayAll: 'yes' }),
  'loan.getRepayHistory': (c) => ({ startTime: String(c.now - DAY), endTime: String(c.now + DAY) }),
  'loan.getBorrowHistory': (c) => ({ startTime: String(c.now - DAY), endTime: String(c.now + DAY) }),
  'loan.getReduces': (c) => ({ startTime: String(c.now - DAY), endTime: String(c.now + DAY) }),
  'insLoan.getCoinsConvert': () => ({ productId: 'demo-product' }),
  'user.createSub': () => ({ username: 'deskalpha', note: 'created by the REST suite' }),
  'user.getSubList': () => ({}),
  'user.batchCreateSubApiKey': () => [{ subAccountName: 'deskbeta', passphrase: 'pass1234word', label: 'suite' }],
  'tax.getMarginRecords': (c) => ({ startTime: String(c.now - 30 * DAY), endTime: String(c.now) }),
};

/** Operations the exchange may refuse for this account, with the code it must give. */
const EXPECTED_REFUSAL: Partial<Record<OperationId, RegExp>> = {
  // No Reality order with that clientOid exists: the refusal names the id.
  'trade.cancelRealityOrder': /^25204 .*none-such/,
  // The account is flat, so there is nothing to close.
  'trade.closePositions': /^25227 .*No position to close/,
};

let sim: SimHandle;
let client: RestClient;
let api: ExchangeApi;
const ctx: Ctx = { orderId: '', loanOrderId: '', now: Date.now() };

beforeAll(async () => {
  sim = await startSim({ seed: 3 });
  client = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: sim.passphrase } });
  api = createExchangeApi(client);
});

afterAll(async () => {
  await client.close();
  await sim.close();
});

async function run<Id extends OperationId>(id: Id): Promise<unknown> {
  ctx.now = Date.now();
  const params = (CASES[id] as Case<Id>)(ctx);
  return client.call(id, params);
}

describe('the REST client against the embedded exchange, every operation', () => {
  it('covers the whole operations table', () => {
    expect(Object.keys(CASES).sort()).toEqual(OPERATIONS.map((o) => o.id).sort());
  });

  for (const id of Object.keys(CASES) as OperationId[]) {
    it(`${id}`, async () => {
      try {
        const data = await run(id);
        if (id === 'trade.placeOrder') ctx.orderId = String((data as { orderId?: string }).orderId ?? '');
        if (id === 'loan.borrow') ctx.loanOrderId = String((data as { orderId?: string }).orderId ?? '');
        expect(EXPECTED_REFUSAL[id], `${id} was expected to be refused`).toBeUndefined();
      } catch (error) {
        const expected = EXPECTED_REFUSAL[id];
        if (!expected || !(error instanceof ExchangeError)) throw error;
        expect(`${error.exchangeCode ?? ''} ${error.message}`).toMatch(expected);
      }
    });
  }
});

describe('signature and key checks over real sockets', () => {
  it('a wrong secret is refused with 40009 and never echoed', async () => {
    const bad = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: sim.apiKey, secret: 'not-the-secret', passphrase: sim.passphrase } });
    const error = await bad.call('account.getAssets', {}).catch((e: unknown) => e);
    await bad.close();
    expect(error).toBeInstanceOf(ExchangeError);
    expect((error as ExchangeError).code).toBe('EXCH_AUTH');
    expect((error as ExchangeError).exchangeCode).toBe('40009');
    expect(JSON.stringify(error) + String(error)).not.toContain('not-the-secret');
  });
  it('a wrong passphrase and an unknown key get their own codes', async () => {
    const pass = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: sim.apiKey, secret: sim.secret, passphrase: 'wrongpass' } });
    const key = new RestClient({ baseUrl: sim.rest, credentials: { apiKey: 'bg_nope', secret: sim.secret, passphrase: sim.passphrase } });
    const e1 = (await pass.call('account.getAssets', {}).catch((e: unknown) => e)) as ExchangeError;
    const e2 = (await key.call('account.getAssets', {}).catch((e: unknown) => e)) as ExchangeError;
    await pass.close();
    await key.close();
    expect(e1.exchangeCode).toBe('40012');
    expect(e2.exchangeCode).toBe('40006');
  });
  it('a request the exchange would refuse is stopped client-side and says why', async () => {
    await expect(api.trade.countdownCancelAll({ countdown: '4' })).rejects.toThrow(/countdown/);
  });
});
