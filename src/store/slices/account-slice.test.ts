import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { AccountSummary, AccountUpdate, CoinAsset } from '../../domain/model.js';
import { createAppStore } from '../create-app-store.js';

function coin(name: string, balance: string): CoinAsset {
  const d = new Decimal(balance);
  return { coin: name, equity: d, balance: d, available: d, locked: new Decimal(0), debt: new Decimal(0), usdValue: d };
}

function summary(equity: string, assets: CoinAsset[]): AccountSummary {
  const z = new Decimal(0);
  return { equity: new Decimal(equity), effEquity: new Decimal(equity), imr: z, mmr: z, mgnRatio: z, unrealisedPnl: z, assets, updatedTime: 1 };
}

/** Coin → balance, in store order. */
function balances(s: AccountSummary | null): [string, string][] {
  return (s?.assets ?? []).map((a) => [a.coin, a.balance.toFixed()]);
}

const SNAPSHOT = summary('200000', [coin('USDT', '100000'), coin('BTC', '2')]);

describe('account slice: snapshot replaces, update merges by coin', () => {
  type Step = { readonly kind: 'set'; readonly summary: AccountSummary } | { readonly kind: 'merge'; readonly update: AccountUpdate };
  const cases: [string, Step[], [string, string][], string][] = [
    ['an update carrying only USDT keeps BTC', [{ kind: 'merge', update: { figures: { equity: new Decimal('199990') }, assets: [coin('USDT', '99990')], updatedTime: 2 } }], [['USDT', '99990'], ['BTC', '2']], '199990'],
    ['an update carrying a new coin appends it', [{ kind: 'merge', update: { figures: {}, assets: [coin('ETH', '20')], updatedTime: 2 } }], [['USDT', '100000'], ['BTC', '2'], ['ETH', '20']], '200000'],
    ['an update carrying no coins changes only the figures it carries', [{ kind: 'merge', update: { figures: { equity: new Decimal('1') }, assets: [], updatedTime: 2 } }], [['USDT', '100000'], ['BTC', '2']], '1'],
    ['a snapshot with only USDT drops BTC', [{ kind: 'set', summary: summary('99990', [coin('USDT', '99990')]) }], [['USDT', '99990']], '99990'],
    ['a REST resync after updates replaces everything', [
      { kind: 'merge', update: { figures: {}, assets: [coin('ETH', '20')], updatedTime: 2 } },
      { kind: 'set', summary: summary('5', [coin('BGB', '5')]) },
    ], [['BGB', '5']], '5'],
  ];
  it.each(cases)('%s', (_name, steps, wantCoins, wantEquity) => {
    const store = createAppStore();
    store.getState().setAccount(SNAPSHOT, 1);
    let at = 1;
    for (const step of steps) {
      at += 1;
      if (step.kind === 'set') store.getState().setAccount(step.summary, at);
      else store.getState().mergeAccount(step.update, at);
    }
    const { summary: got, updatedAt } = store.getState().account;
    expect(balances(got)).toEqual(wantCoins);
    expect(got?.equity.toFixed()).toBe(wantEquity);
    expect(updatedAt).toBe(at);
  });

  it('keeps the figures an update does not carry, and takes its time', () => {
    const store = createAppStore();
    store.getState().setAccount({ ...SNAPSHOT, imr: new Decimal('7'), mgnRatio: new Decimal('0.1') }, 1);
    store.getState().mergeAccount({ figures: { imr: new Decimal('8') }, assets: [], updatedTime: 9 }, 2);
    const s = store.getState().account.summary;
    expect([s?.imr.toFixed(), s?.mgnRatio.toFixed(), s?.equity.toFixed(), s?.updatedTime]).toEqual(['8', '0.1', '200000', 9]);
  });

  it('an update before any snapshot starts the account from what it carries', () => {
    const store = createAppStore();
    store.getState().mergeAccount({ figures: { equity: new Decimal('3') }, assets: [coin('USDT', '3')], updatedTime: 4 }, 5);
    const s = store.getState().account.summary;
    expect(balances(s)).toEqual([['USDT', '3']]);
    expect([s?.equity.toFixed(), s?.imr.toFixed()]).toEqual(['3', '0']);
  });
});
