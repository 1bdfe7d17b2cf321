import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryJournal } from '../../test/helpers/memory-journal.js';
import { waitFor } from '../../test/helpers/wait-for.js';
import type { AccountSummary, Loan } from '../domain/model.js';
import { createExchangeApi } from '../exchange/rest/facade.js';
import type { ConnectionHealth } from '../exchange/ws/connection-state.js';
import type { StreamPush } from '../exchange/ws/stream-client.js';
import { createAppStore, type AppStore } from '../store/create-app-store.js';
import { AccountService } from './account-service.js';
import { HistoryService } from './history-service.js';
import { JournalService, type JournalStream } from './journal-service.js';
import { FakeCaller, orderRecord } from './order-service.testkit.js';

const NOW = 1_795_600_000_000;
const MIN = 60_000;
const d = (s: string) => new Decimal(s);

/** The private sockets as the journal sees them: tests push fill and order frames and socket states. */
class FakeStream implements JournalStream {
  private readonly topics = new Map<string, Set<(p: StreamPush) => void>>();
  private readonly health = new Set<(h: Pick<ConnectionHealth, 'kind' | 'state'>) => void>();

  onTopic(topic: 'fill' | 'order', handler: (push: StreamPush) => void): () => void {
    const set = this.topics.get(topic) ?? new Set();
    this.topics.set(topic, set);
    set.add(handler);
    return () => set.delete(handler);
  }

  onHealth(handler: (h: Pick<ConnectionHealth, 'kind' | 'state'>) => void): () => void {
    this.health.add(handler);
    return () => this.health.delete(handler);
  }

  push(topic: 'fill' | 'order', items: readonly Record<string, unknown>[]): void {
    for (const h of this.topics.get(topic) ?? []) h({ kind: 'private', arg: { instType: 'UTA', topic }, action: 'snapshot', data: items });
  }

  privateState(state: 'reconnecting' | 'subscribed'): void {
    for (const h of this.health) h({ kind: 'private', state });
  }
}

/** A fill as the fill topic sends it (lower-case category, execTime). */
function fillPush(execId: string, time: number, pnl: string): Record<string, unknown> {
  return { category: 'usdt-futures', execId, orderId: `o${execId}`, clientOid: `c${execId}`, symbol: 'BTCUSDT', side: 'sell', execPrice: '97000', execQty: '0.01', execPnl: pnl, tradeScope: 'taker', feeDetail: [{ feeCoin: 'USDT', fee: '0.58' }], execTime: String(time) };
}

/** The same fill as the fills history sends it (upper-case category, createdTime). */
function fillRest(execId: string, time: number, pnl: string): Record<string, unknown> {
  const { execTime: _t, category: _c, ...rest } = fillPush(execId, time, pnl);
  return { ...rest, category: 'USDT-FUTURES', createdTime: String(time), updatedTime: String(time) };
}

interface Rig {
  readonly caller: FakeCaller;
  readonly stream: FakeStream;
  readonly store: AppStore;
  readonly journal: MemoryJournal;
  readonly service: JournalService;
  readonly log: string[];
  clock: number;
}

let rig: Rig | null = null;

/** A journal service over a scripted exchange: `fills` answers the USDT-futures fills history (the other categories and the ledger are empty). */
function setup(fills: () => readonly Record<string, unknown>[] = () => [], ledger: () => readonly Record<string, unknown>[] = () => []): Rig {
  const caller = new FakeCaller();
  // Rows in the query's window only, as the exchange answers.
  const inWindow = (p: unknown, rows: readonly Record<string, unknown>[], time: string) => {
    const q = p as { category: string; startTime: string; endTime: string };
    return q.category === 'USDT-FUTURES' ? rows.filter((row) => Number(row[time]) >= Number(q.startTime) && Number(row[time]) <= Number(q.endTime)) : [];
  };
  caller.on('trade.getFills', (p) => ({ list: inWindow(p, fills(), 'createdTime'), cursor: '' }));
  caller.on('account.getFinancialRecords', (p) => ({ list: inWindow(p, ledger(), 'ts'), cursor: '' }));
  const api = createExchangeApi(caller);
  const stream = new FakeStream();
  const store = createAppStore();
  const journal = new MemoryJournal();
  const log: string[] = [];
  const r: Rig = {
    caller,
    stream,
    store,
    journal,
    log,
    clock: NOW,
    service: new JournalService({
      journal,
      stream,
      store,
      history: new HistoryService({ api }),
      ledger: new AccountService({ api }),
      now: () => r.clock,
      log: (level, text) => log.push(`${level} ${text}`),
    }),
  };
  rig = r;
  return r;
}

afterEach(async () => {
  vi.useRealTimers();
  await rig?.service.stop();
  rig = null;
});

/** The startTime of every fills-history request of a category, in order. */
function fillStarts(caller: FakeCaller, category = 'USDT-FUTURES'): number[] {
  return caller
    .callsOf('trade.getFills')
    .map((p) => p as { category: string; startTime?: string })
    .filter((p) => p.category === category)
    .map((p) => Number(p.startTime));
}

describe('JournalService fills', () => {
  it('a fill seen on the socket and again in the backfill is stored once, with its realized PnL', async () => {
    const r = setup(() => [fillRest('101', NOW - MIN, '-1.25')]);
    r.service.start();
    r.stream.push('fill', [fillPush('101', NOW - MIN, '-1.25')]);
    await r.service.sync();
    await r.journal.flush();
    // Recorded from the socket and again from each history pass, stored once.
    expect(r.journal.recorded.flatMap((b) => b.fills ?? []).filter((f) => f.execId === '101').length).toBeGreaterThanOrEqual(2);
    expect([...r.journal.fillRows.keys()]).toEqual(['101']);
    expect(r.journal.fillRows.get('101')?.pnl?.toFixed()).toBe('-1.25');
    // An empty journal is filled from the exchange's look-back (90 days, less a margin), 30 days a query.
    const starts = fillStarts(r.caller);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(NOW - 90 * 24 * 60 * MIN);
    expect(Math.min(...starts)).toBeLessThan(NOW - 89 * 24 * 60 * MIN);
    for (const p of r.caller.callsOf('trade.getFills') as { startTime: string; endTime: string }[]) expect(Number(p.endTime) - Number(p.startTime)).toBeLessThanOrEqual(30 * 24 * 60 * MIN);
  });

  it('pages the history by cursor and stops at a page older than the start', async () => {
    const r = setup();
    r.journal.record({ fills: [{ execId: '1', orderId: 'o', clientOid: 'c', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', price: d('1'), qty: d('1'), fee: d('0'), feeCoin: 'USDT', scope: 'taker', pnl: null, time: NOW - 60 * MIN }] });
    await r.journal.flush();
    const page = (from: number) => Array.from({ length: 100 }, (_, i) => fillRest(String(from - i), NOW - (from - i > 900 ? 1 : 120) * MIN + i, '0'));
    r.caller.on('trade.getFills', (p) => {
      const q = p as { category: string; cursor?: string };
      if (q.category !== 'USDT-FUTURES') return { list: [], cursor: '' };
      // First page: all newer than the start; second: runs past it (its last rows are 2 h old).
      return q.cursor === undefined ? { list: page(1000), cursor: '901' } : { list: page(900), cursor: '801' };
    });
    await r.service.sync();
    await r.journal.flush();
    const futures = r.caller.callsOf('trade.getFills').filter((p) => (p as { category: string }).category === 'USDT-FUTURES') as { cursor?: string }[];
    expect(futures.map((p) => p.cursor)).toEqual([undefined, '901']);
    // Rows before the start (the newest stored fill less 5 minutes) are not recorded.
    expect([...r.journal.fillRows.values()].every((f) => f.time >= NOW - 65 * MIN)).toBe(true);
    expect(r.journal.fillRows.has('1000') && r.journal.fillRows.has('901')).toBe(true);
  });

  it('a private reconnect backfills from the newest stored fill: fills made during the drop are stored', async () => {
    const during: Record<string, unknown>[] = [];
    const r = setup(() => during);
    r.service.start();
    r.stream.privateState('subscribed');
    r.stream.push('fill', [fillPush('201', NOW - 10 * MIN, '2')]);
    await r.service.sync();
    const before = fillStarts(r.caller).length;
    // Down: two fills the socket never pushes.
    r.stream.privateState('reconnecting');
    r.clock = NOW + 5 * MIN;
    during.push(fillRest('203', NOW + 2 * MIN, '-1'), fillRest('202', NOW + MIN, '0.5'));
    r.stream.privateState('subscribed');
    await waitFor(() => r.journal.fillRows.size === 3 || null, () => `stored ${[...r.journal.fillRows.keys()].join(',')}; calls ${JSON.stringify(fillStarts(r.caller))}`);
    const after = fillStarts(r.caller).slice(before);
    expect(after).toEqual([NOW - 10 * MIN - 5 * MIN]);
    expect([...r.journal.fillRows.keys()].sort()).toEqual(['201', '202', '203']);
  });

  it('announces written rows to onWritten listeners after the queue is written', async () => {
    const r = setup();
    let heard = 0;
    r.service.onWritten(() => (heard += 1));
    r.service.start();
    r.stream.push('fill', [fillPush('301', NOW, '1')]);
    await waitFor(() => heard > 0 || null, () => 'the written-rows announcement');
    expect(r.journal.fillRows.has('301')).toBe(true);
  });
});

describe('JournalService orders, ledger and loans', () => {
  it('records an order\'s life from its pushes, and our rejected submission with its clientOid', async () => {
    const r = setup();
    r.service.start();
    r.stream.push('order', [orderRecord({ orderId: '11', clientOid: 'a', price: '90000', updatedTime: 1000 })]);
    r.stream.push('order', [orderRecord({ orderId: '11', clientOid: 'a', price: '90500', updatedTime: 2000 })]);
    r.stream.push('order', [{ ...orderRecord({ orderId: '11', clientOid: 'a', price: '90500', status: 'filled', updatedTime: 3000 }), cumExecQty: '0.01', avgPrice: '90500' }]);
    r.store.getState().trackSubmission({ clientOid: 'b', state: 'sending', label: 'buy 5 BTCUSDT @ 1', error: null, at: 4000, category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    r.store.getState().trackSubmission({ clientOid: 'b', state: 'rejected', label: 'buy 5 BTCUSDT @ 1', error: '25202 insufficient balance', at: 4001, category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
    await r.journal.flush();
    const rows = [...r.journal.orderRows.values()].map((o) => [o.kind, o.orderId, o.clientOid, o.time]);
    expect(rows).toEqual([
      ['placed', '11', 'a', 1000],
      ['modified', '11', 'a', 2000],
      ['filled', '11', 'a', 3000],
      ['rejected', '', 'b', 4001],
    ]);
    expect([...r.journal.orderRows.values()].find((o) => o.kind === 'rejected')?.detail).toBe('buy 5 BTCUSDT @ 1: 25202 insufficient balance');
  });

  it('records funding from the ledger as funding, its fee included, keyed by the record id', async () => {
    const r = setup(undefined, () => [
      { id: '9001', category: 'USDT-FUTURES', symbol: 'BTCUSDT', coin: 'USDT', type: 'CONTRACT_MAIN_SETTLE_FEE_USER_OUT', amount: '-0.42', fee: '0', balance: '1', ts: String(NOW - MIN) },
      { id: '9002', category: 'USDT-FUTURES', symbol: 'BTCUSDT', coin: 'USDT', type: 'ORDER_DEALT_OUT', amount: '-97', fee: '-0.05', balance: '1', ts: String(NOW - MIN) },
    ]);
    await r.service.sync();
    await r.service.sync();
    await r.journal.flush();
    expect([...r.journal.financialRows.values()].map((f) => [f.id, f.kind, f.amount.toFixed()])).toEqual([
      ['9001', 'funding', '-0.42'],
      ['9002', 'other', '-97.05'],
    ]);
    // The second pass reads the ledger from the first one's time (less the overlap), not the look-back again.
    const starts = r.caller.callsOf('account.getFinancialRecords').map((p) => Number((p as { startTime: string }).startTime));
    expect(starts.at(-1)).toBe(NOW - 5 * MIN);
  });

  it('records loan events from the loan polls: borrow, interest, collateral, margin call, repay', async () => {
    const r = setup();
    r.service.start();
    const loan = (over: Partial<Loan>): Loan => ({ orderId: 'L1', loanCoin: 'USDT', loanAmount: d('1000'), interestAmount: d('0'), hourInterestRate: d('0.0001'), pledgeCoin: 'BTC', pledgeAmount: d('0.05'), pledgeRate: d('0.5'), supRate: d('0.8'), forceRate: d('0.9'), borrowTime: NOW - 60 * MIN, expireTime: 0, ...over });
    r.store.getState().setLoans([loan({})], NOW);
    r.store.getState().setLoans([loan({ interestAmount: d('0.1') })], NOW + MIN);
    r.store.getState().setLoans([loan({ interestAmount: d('0.1'), pledgeAmount: d('0.06'), pledgeRate: d('0.42') })], NOW + 2 * MIN);
    r.store.getState().setLoans([loan({ interestAmount: d('0.1'), pledgeAmount: d('0.06'), pledgeRate: d('0.81') })], NOW + 3 * MIN);
    r.store.getState().setLoans([], NOW + 4 * MIN);
    await r.journal.flush();
    expect([...r.journal.loanRows.values()].map((l) => [l.kind, l.amount.toFixed(), l.coin, l.time])).toEqual([
      ['borrow', '1000', 'USDT', NOW - 60 * MIN],
      ['interest', '-0.1', 'USDT', NOW + MIN],
      ['collateral', '0.01', 'BTC', NOW + 2 * MIN],
      ['margin_call', '0', 'USDT', NOW + 3 * MIN],
      ['repay', '-1000.1', 'USDT', NOW + 4 * MIN],
    ]);
  });
});

describe('JournalService equity', () => {
  const summary = (equity: string, mgnRatio: string): AccountSummary => ({ equity: d(equity), effEquity: d(equity), imr: d('0'), mmr: d('0'), mgnRatio: d(mgnRatio), unrealisedPnl: d('0'), assets: [], updatedTime: NOW });

  it('samples equity, margin ratio and the worst loan ratio once the account is known, then every minute', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const r = setup();
    r.service.start();
    await r.journal.flush();
    expect(r.journal.equityRows.size).toBe(0);
    r.store.getState().setAccount(summary('100000', '0.01'), NOW);
    const loan = (id: string, rate: string): Loan => ({ orderId: id, loanCoin: 'USDT', loanAmount: d('1'), interestAmount: d('0'), hourInterestRate: d('0'), pledgeCoin: 'BTC', pledgeAmount: d('1'), pledgeRate: d(rate), supRate: d('0.8'), forceRate: d('0.9'), borrowTime: NOW, expireTime: 0 });
    r.store.getState().setLoans([loan('a', '0.3'), loan('b', '0.62')], NOW);
    r.clock = NOW + MIN;
    r.store.getState().setAccount(summary('100250.5', '0.02'), NOW + MIN);
    vi.advanceTimersByTime(MIN);
    // Market frames and other store changes take no samples.
    r.store.getState().setAccount(summary('1', '0.9'), NOW + MIN + 1);
    await r.journal.flush();
    expect([...r.journal.equityRows.values()].map((e) => [e.time, e.equity.toFixed(), e.marginRatio?.toFixed(), e.worstLoanRatio?.toFixed() ?? null])).toEqual([
      [NOW, '100000', '0.01', null],
      [NOW + MIN, '100250.5', '0.02', '0.62'],
    ]);
  });
});
