import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary, CoinAsset } from '../../domain/model.js';
import { createAppStore } from '../../store/create-app-store.js';
import { SOCKET_SILENT_MS } from '../../store/freshness.js';
import { setSocket } from '../../store/freshness.testkit.js';
import type { SocketState } from '../../store/slices/connection-slice.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { AccountPanel } from './AccountPanel.js';

const NOW = 1_700_000_000_000;
const d = (s: string) => new Decimal(s);

function coin(name: string, usd: string, over: Partial<CoinAsset> = {}): CoinAsset {
  return { coin: name, equity: d('1'), balance: d('1'), available: d('1'), locked: d('0'), debt: d('0'), usdValue: d(usd), ...over };
}

const SUMMARY: AccountSummary = {
  equity: d('12345.678'),
  effEquity: d('12000'),
  imr: d('1234.5'),
  mmr: d('617.25'),
  mgnRatio: d('0.05143'),
  unrealisedPnl: d('-321.5'),
  assets: [
    coin('ETH', '7000', { balance: d('2'), available: d('1.5'), locked: d('0.5') }),
    coin('USDT', '5000.12', { balance: d('5000.12'), available: d('4000.12'), locked: d('1000'), debt: d('0') }),
    coin('BTC', '97000', { balance: d('1.00012345'), available: d('1'), locked: d('0.00012345'), debt: d('0.1') }),
    coin('DOGE', '12.5'),
    coin('SOL', '300'),
    coin('XRP', '55'),
    coin('ADA', '40'),
    coin('LTC', '80'),
  ],
  updatedTime: NOW,
};

function setup(summary: AccountSummary | null, columns: number, rows: number, at = NOW, socket: SocketState = 'subscribed') {
  const store = createAppStore();
  setSocket(store, 'private', NOW, socket);
  if (summary) store.getState().setAccount(summary, at);
  store.getState().setFocus('account');
  const app = renderPanel(<AccountPanel focused width={columns} height={rows} now={NOW} />, { store, columns, rows, now: () => NOW });
  return { store, app };
}

function expectFits(frame: string, columns: number, rows: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
}

const lineWith = (frame: string, text: string) => frame.split('\n').find((l) => l.includes(text)) ?? '';

afterEach(() => cleanup());

describe('AccountPanel', () => {
  it('shows the account figures and the coin table sorted by USD value at 100x16', async () => {
    const { app } = setup(SUMMARY, 100, 16);
    await app.waitForText('Equity');
    const f = app.frame();
    expectFits(f, 100, 16);
    expect(f).toMatch(/Equity\s+\$12,345\.68/);
    expect(f).toMatch(/Eff eq\s+\$12,000\.00/);
    expect(f).toMatch(/Margin\s+5\.14%/);
    expect(f).toMatch(/uPnL\s+-\$321\.50/);
    expect(f).toMatch(/IMR\s+\$1,234\.50/);
    expect(f).toMatch(/MMR\s+\$617\.25/);
    expect(f).toMatch(/Coin\s+Balance\s+Available\s+Locked\s+Debt\s+USD value/);
    expect(lineWith(f, 'BTC')).toMatch(/BTC\s+1\.00012345\s+1\.00000000\s+0\.00012345\s+0\.10000000\s+\$97,000\.00/);
    expect(lineWith(f, 'USDT ')).toMatch(/USDT\s+5,000\.12\s+4,000\.12\s+1,000\.00\s+0\.00\s+\$5,000\.12/);
    const order = ['BTC', 'ETH', 'USDT', 'SOL', 'LTC', 'XRP', 'ADA', 'DOGE'].map((c) => f.split('\n').findIndex((l) => l.includes(`┃${c} `)));
    expect(order.every((v, i) => v > 0 && (i === 0 || v > (order[i - 1] ?? 0)))).toBe(true);
    expect(f).toContain(' live');
  });

  it('fits 40x10, drops the less important columns and scrolls the coin table', async () => {
    const { app } = setup(SUMMARY, 40, 10);
    await app.waitForText('Equity');
    let f = app.frame();
    expectFits(f, 40, 10);
    expect(f).toMatch(/Coin\s+Available\s+USD value/);
    // Decimal points line up: BTC 8 decimals, ETH 7, USDT 2.
    expect(new Set(["BTC ", "ETH ", "USDT "].map((c) => (f.split("\n").find((l) => l.includes(c)) ?? "").indexOf("."))).size).toBe(1);
    expect(f).not.toContain('Locked');
    expect(f).not.toContain('Debt');
    expect(f).toContain('BTC');
    expect(f).not.toContain('DOGE');
    expect(f).toMatch(/Account coins 1-\d\/8/);
    await app.press('jjjjjjjjjj');
    await app.waitForText('DOGE');
    f = app.frame();
    expect(f).not.toMatch(/┃BTC /);
    expect(f).toMatch(/Account coins \d-8\/8/);
    expectFits(f, 40, 10);
    await app.press('k');
    await waitFor(() => !app.frame().includes('DOGE'));
  });

  it('marks a high margin ratio and stale data in text', async () => {
    const { app } = setup({ ...SUMMARY, mgnRatio: d('0.85'), unrealisedPnl: d('10') }, 60, 8, NOW - 120_000, 'reconnecting');
    await app.waitForText('Margin');
    const f = app.frame();
    expect(f).toMatch(/Margin\s+85\.00%/);
    expect(f).toMatch(/uPnL\s+\+\$10\.00/);
    expect(f).toContain('STALE 2m');
    expectFits(f, 60, 8);
  });

  it('a quiet account is not stale: 2 minutes without a push while the private socket is up shows the age only', async () => {
    const { app } = setup(SUMMARY, 60, 10, NOW - 120_000);
    await app.waitForText('Equity');
    expect(app.frame()).toMatch(/Account coins 1-4\/8\s+2m┃/);
    expect(app.frame()).not.toContain('STALE');
  });

  it('turns STALE within the bound every private panel uses (socket silent past SOCKET_SILENT_MS), and back when the socket speaks', async () => {
    const { app, store } = setup(SUMMARY, 60, 10, NOW - 5000);
    await app.waitForText(/Account coins 1-4\/8\s+5s┃/);
    setSocket(store, 'private', NOW - SOCKET_SILENT_MS - 1);
    await app.waitForText('Account coins 1-4/8 · private socket silent');
    expect(app.frame()).toContain('STALE 5s');
    setSocket(store, 'private', NOW);
    await app.waitForText(/Account coins 1-4\/8\s+5s┃/);
    expect(app.frame()).not.toContain('STALE');
  });

  it('turns STALE at once when the private socket drops, and back when it is subscribed again', async () => {
    const { app, store } = setup(SUMMARY, 60, 10);
    await app.waitForText(' live┃');
    setSocket(store, 'private', NOW, 'reconnecting');
    await app.waitForText('Account coins 1-4/8 · private socket down');
    expect(app.frame()).toContain('STALE 0s');
    setSocket(store, 'private', NOW, 'subscribed');
    await app.waitForText(' live┃');
    expect(app.frame()).not.toContain('STALE');
  });

  it('with no coins while the socket is down, says the empty table is not a fact', async () => {
    const { app, store } = setup({ ...SUMMARY, assets: [] }, 60, 10);
    await app.waitForText('no coins');
    setSocket(store, 'private', NOW, 'closed');
    await app.waitForText('0 coins · STALE (private socket down)');
    setSocket(store, 'private', NOW);
    await app.waitForText('no coins');
  });

  it('says when there is no data yet, and at 30x6 still fits', async () => {
    const none = setup(null, 40, 10);
    await none.app.waitForText('no account data yet');
    expect(none.app.frame()).toContain('no data');
    const small = setup(SUMMARY, 30, 6);
    await small.app.waitForText('Equity');
    expectFits(small.app.frame(), 30, 6);
    expect(small.app.frame()).toContain('BTC');
  });
});
