import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '../../test/helpers/wait-for.js';
import { createExchangeApi } from '../exchange/rest/facade.js';
import { StreamClient } from '../exchange/ws/stream-client.js';
import { createAppStore } from '../store/create-app-store.js';
import { exchangeError, FakeCaller, orderRecord } from './order-service.testkit.js';
import { PrivateService } from './private-service.js';

/** Issue 8 chaos finding: a resync that failed (429 storm, 5xx, server down) was never run again. */

function setup(failOrders: number) {
  const caller = new FakeCaller();
  let left = failOrders;
  caller
    .on('trade.getUnfilledOrders', () => {
      if (left > 0) {
        left -= 1;
        throw exchangeError('EXCH_RATE_LIMITED', 'rate limited by the exchange (HTTP 429)');
      }
      return { list: [orderRecord({ orderId: '11', clientOid: 'a' })], cursor: '' };
    })
    .on('position.getCurrent', () => ({ list: [] }))
    .on('account.getAssets', () => ({ accountEquity: '1', assets: [{ coin: 'USDT', balance: '1', available: '1' }] }))
    .on('loan.getOngoing', () => []);
  const store = createAppStore();
  const log: string[] = [];
  const service = new PrivateService({
    api: createExchangeApi(caller),
    stream: new StreamClient({ publicUrl: 'ws://127.0.0.1:9/never-connected' }),
    store,
    now: Date.now,
    log: (level, text) => log.push(`${level} ${text}`),
    resyncRetry: { baseMs: 5, capMs: 20 },
  });
  return { caller, store, log, service };
}

describe('PrivateService resync retry', () => {
  it('a failed loan poll keeps the loans shown and marks them failed until a poll succeeds', async () => {
    const { caller, store, service } = setup(0);
    let fail = true;
    caller.on('loan.getOngoing', () => {
      if (fail) throw exchangeError('EXCH_NETWORK', 'connection reset');
      return [];
    });
    try {
      await service.refreshLoans();
      expect(store.getState().loans).toMatchObject({ ongoing: [], lastError: expect.stringContaining('connection reset') });
      expect(store.getState().loans.failedAt).toBeGreaterThan(0);
      fail = false;
      await service.refreshLoans();
      expect(store.getState().loans).toMatchObject({ failedAt: 0, lastError: null });
    } finally {
      service.stop();
    }
  });

  it('runs a pass whose orders read failed again by itself, with growing pauses, until it succeeds', async () => {
    const { caller, store, log, service } = setup(3);
    try {
      await service.resync();
      expect(store.getState().orders.open).toEqual({});
      expect(log.filter((l) => l.startsWith('error resync open orders:'))).toHaveLength(1);
      expect(log).toContain('warn resync incomplete: trying again by itself (first in 5 ms, at most every 20 ms)');
      await waitFor(() => '11' in store.getState().orders.open, () => 'the retried pass');
      expect(caller.callsOf('trade.getUnfilledOrders')).toHaveLength(4);
      expect(log).toContain('info resync open orders: working again');
      // One notice per failure streak, one error line per distinct failure.
      expect(log.filter((l) => l.includes('resync incomplete'))).toHaveLength(1);
      expect(log.filter((l) => l.startsWith('error resync open orders:'))).toHaveLength(1);
    } finally {
      service.stop();
    }
  });

  it('a complete pass schedules nothing, and stop() cancels a pending retry', async () => {
    const ok = setup(0);
    await ok.service.resync();
    expect(ok.log.some((l) => l.includes('resync incomplete'))).toBe(false);
    ok.service.stop();

    // The retry waits on fake time: a minute of it passes at once after stop(), and nothing runs.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const failing = setup(1000);
      await failing.service.resync();
      expect(vi.getTimerCount()).toBe(1);
      failing.service.stop();
      const calls = failing.caller.callsOf('trade.getUnfilledOrders').length;
      vi.advanceTimersByTime(60_000);
      expect(failing.caller.callsOf('trade.getUnfilledOrders')).toHaveLength(calls);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PrivateService account pushes', () => {
  /** Account items as the websocket (`coin`, `totalEquity`) and REST (`assets`, `accountEquity`) spell them. */
  const wsCoin = (coin: string, balance: string) => ({ coin, balance, available: balance, equity: balance, locked: '0', debts: '0', usdValue: balance });

  it('a REST account read that a push overtook is read again, never applied over the newer push', async () => {
    let reads = 0;
    let releaseFirst: (() => void) | null = null;
    const caller = new FakeCaller()
      .on('trade.getUnfilledOrders', () => ({ list: [], cursor: '' }))
      .on('position.getCurrent', () => ({ list: [] }))
      .on('account.getAssets', () => {
        reads += 1;
        // The first read answers with the account before the order; it is held until a push lands.
        if (reads === 1) return new Promise((resolve) => (releaseFirst = () => resolve({ accountEquity: '100', assets: [{ coin: 'USDT', balance: '100', available: '100' }] })));
        return { accountEquity: '100', assets: [{ coin: 'USDT', balance: '100', available: '90' }] };
      })
      .on('loan.getOngoing', () => []);
    const store = createAppStore();
    const stream = new StreamClient({ publicUrl: 'ws://127.0.0.1:9/never-connected', privateUrl: 'ws://127.0.0.1:9/never-connected', credentials: { apiKey: 'k', secret: 's', passphrase: 'p' } });
    const service = new PrivateService({ api: createExchangeApi(caller), stream, store, now: Date.now, log: () => undefined });
    service.start();
    try {
      await waitFor(() => releaseFirst !== null, () => 'the first assets read');
      const data = [{ totalEquity: '100', coin: [{ coin: 'USDT', balance: '100', available: '90', equity: '100', locked: '10', debts: '0', usdValue: '100' }] }];
      stream.privateConnection?.events.emit('push', { instType: 'UTA', topic: 'account' }, 'update', data);
      (releaseFirst as unknown as () => void)();
      await waitFor(() => reads >= 2 && store.getState().account.summary !== null, () => 'the second read');
      expect(store.getState().account.summary?.assets.map((a) => a.available.toFixed())).toEqual(['90']);
    } finally {
      service.stop();
    }
  });

  it('a snapshot replaces the coin list, an update merges by coin, a REST resync replaces everything', async () => {
    let restAssets = [{ coin: 'USDT', balance: '100000', available: '100000' }, { coin: 'BTC', balance: '2', available: '2' }];
    const caller = new FakeCaller()
      .on('trade.getUnfilledOrders', () => ({ list: [], cursor: '' }))
      .on('position.getCurrent', () => ({ list: [] }))
      .on('account.getAssets', () => ({ accountEquity: '200000', assets: restAssets }))
      .on('loan.getOngoing', () => []);
    const store = createAppStore();
    const stream = new StreamClient({
      publicUrl: 'ws://127.0.0.1:9/never-connected',
      privateUrl: 'ws://127.0.0.1:9/never-connected',
      credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
    });
    const service = new PrivateService({ api: createExchangeApi(caller), stream, store, now: Date.now, log: () => undefined });
    const coins = (): string[] => (store.getState().account.summary?.assets ?? []).map((a) => `${a.coin} ${a.balance.toFixed()}`);
    const push = (action: 'snapshot' | 'update', item: Record<string, unknown>): void => {
      const data = [item];
      stream.privateConnection?.events.emit('push', { instType: 'UTA', topic: 'account' }, action, data);
    };
    service.start();
    try {
      await waitFor(() => store.getState().account.summary !== null, () => 'the first resync');
      expect(coins()).toEqual(['USDT 100000', 'BTC 2']);

      push('snapshot', { totalEquity: '200000', coin: [wsCoin('USDT', '100000'), wsCoin('BTC', '2')] });
      push('update', { totalEquity: '199990', coin: [wsCoin('USDT', '99990')] });
      expect(coins()).toEqual(['USDT 99990', 'BTC 2']);
      expect(store.getState().account.summary?.equity.toFixed()).toBe('199990');

      push('snapshot', { totalEquity: '99990', coin: [wsCoin('USDT', '99990')] });
      expect(coins()).toEqual(['USDT 99990']);

      push('update', { totalEquity: '100010', coin: [wsCoin('ETH', '20')] });
      expect(coins()).toEqual(['USDT 99990', 'ETH 20']);
      restAssets = [{ coin: 'USDC', balance: '5', available: '5' }];
      await service.resync();
      expect(coins()).toEqual(['USDC 5']);
    } finally {
      service.stop();
    }
  });
});
