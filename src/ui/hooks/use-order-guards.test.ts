import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { AccountSummary, Ticker } from '../../domain/model.js';
import type { OrderRequest } from '../../services/order-request.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { BTC_PERP, BTC_SPOT } from '../forms/ticket.testkit.js';
import { accountAgeMs, checkOrderGuards, orderGuardInput } from './use-order-guards.js';

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);
const ACCOUNT: AccountSummary = { equity: d('1'), effEquity: d('1'), imr: d('0'), mmr: d('0'), mgnRatio: d('0'), unrealisedPnl: d('0'), assets: [], updatedTime: NOW };
const BUY: OrderRequest = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '97000', qty: '0.01' };

function ticker(category: Ticker['category'], last: string, mark: string | null): Ticker {
  const z = d('0');
  return { category, symbol: 'BTCUSDT', lastPrice: d(last), bid1Price: z, ask1Price: z, high24h: z, low24h: z, open24h: z, change24h: z, volume24h: z, turnover24h: z, markPrice: mark === null ? null : d(mark), indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: NOW };
}

function storeWith(opts: { readonly bookAt?: number; readonly synced?: boolean; readonly mark?: string | null; readonly last?: string } = {}): AppStore {
  const store = createAppStore();
  store.getState().setInstruments([BTC_PERP, BTC_SPOT], NOW);
  store.getState().setTickers([ticker('USDT-FUTURES', opts.last ?? '97000', opts.mark === undefined ? '96900' : opts.mark), ticker('SPOT', '97000', null)], NOW);
  if (opts.bookAt !== undefined) {
    const book = { bids: [], asks: [], seq: '1', source: 'books5' as const, updatedAt: opts.bookAt, synced: opts.synced ?? true };
    store.getState().setBooks({ 'USDT-FUTURES:BTCUSDT': book, 'SPOT:BTCUSDT': book }, opts.bookAt);
  }
  return store;
}

describe('accountAgeMs', () => {
  it('is null before any account data, the snapshot age without a live private stream, 0 with one', () => {
    const store = storeWith();
    expect(accountAgeMs(store.getState(), NOW)).toBeNull();
    store.getState().setAccount(ACCOUNT, NOW - 40_000);
    expect(accountAgeMs(store.getState(), NOW)).toBe(40_000);
    store.getState().setSocketHealth('private', { state: 'authenticated', lastMessageAt: NOW, pingRttMs: null, reconnects: 0, lastError: null });
    expect(accountAgeMs(store.getState(), NOW)).toBe(40_000);
    store.getState().setSocketHealth('private', { state: 'subscribed', lastMessageAt: NOW, pingRttMs: null, reconnects: 0, lastError: null });
    expect(accountAgeMs(store.getState(), NOW)).toBe(0);
  });
});

describe('orderGuardInput', () => {
  it('takes the book age and sync state, the mark (else last) price and the quantity unit from the store', () => {
    const store = storeWith({ bookAt: NOW - 1200, synced: false });
    store.getState().setAccount(ACCOUNT, NOW - 10);
    expect(orderGuardInput(store.getState(), BUY, NOW)).toEqual({
      symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '97000', qty: '0.01', qtyUnit: 'base', quoteCoin: 'USDT',
      markPrice: d('96900'), markSource: 'mark', bookAgeMs: 1200, bookSynced: false, accountAgeMs: 10,
    });
    const spotBuy: OrderRequest = { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '500' };
    expect(orderGuardInput(store.getState(), spotBuy, NOW)).toMatchObject({ qtyUnit: 'quote', markPrice: d('97000'), markSource: 'last' });
  });

  it('gives no book age without a book and no price without a positive last or mark', () => {
    const store = storeWith({ mark: null, last: '0' });
    expect(orderGuardInput(store.getState(), BUY, NOW)).toMatchObject({ bookAgeMs: null, markPrice: null, accountAgeMs: null });
  });
});

describe('checkOrderGuards', () => {
  it('refuses without a book, and when the instrument is unknown', () => {
    expect(checkOrderGuards(storeWith().getState(), BUY, NOW).refusal).toBe('no order book data for BTCUSDT yet: not sending blind, wait for the book');
    expect(checkOrderGuards(storeWith().getState(), { ...BUY, symbol: 'ETHUSDT' }, NOW).refusal).toBe('rules of ETHUSDT are not loaded yet');
  });

  it('warns with the limits given', () => {
    const store = storeWith({ bookAt: NOW });
    store.getState().setAccount(ACCOUNT, NOW);
    expect(checkOrderGuards(store.getState(), BUY, NOW)).toEqual({ refusal: null, warnings: [] });
    const tight = { bookMaxAgeMs: 5000, accountMaxAgeMs: 30_000, maxPriceDeviationPct: d('0.05'), maxNotional: d('100000') };
    expect(checkOrderGuards(store.getState(), BUY, NOW, tight).warnings.map((w) => w.text)).toEqual(['limit 97000 is 0.2% above mark 96900 (limit 0.05%)']);
  });
});
