import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary, Loan, Position, Ticker } from '../../domain/model.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import type { SocketHealth } from '../../store/slices/connection-slice.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { StatusBar } from './StatusBar.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const d = (s: string): Decimal => new Decimal(s);

function position(symbol: string, posSide: 'long' | 'short', mark: string, liq: string): Position {
  return {
    category: 'USDT-FUTURES', symbol, posSide, holdMode: 'hedge_mode', marginMode: 'crossed', marginCoin: 'USDT', size: d('1'), available: d('1'), avgPrice: d(mark),
    markPrice: d(mark), unrealisedPnl: d('0'), leverage: d('10'), liqPrice: d(liq), margin: d('10'), takeProfit: null, stopLoss: null, updatedTime: NOW,
  };
}

function ticker(symbol: string, mark: string): Ticker {
  const p = d(mark);
  return { category: 'USDT-FUTURES', symbol, lastPrice: p, bid1Price: p, ask1Price: p, high24h: p, low24h: p, open24h: p, change24h: d('0'), volume24h: d('0'), turnover24h: d('0'), markPrice: p, indexPrice: null, fundingRate: null, openInterest: null, deliveryStatus: null, ts: NOW };
}

const LOAN: Loan = {
  orderId: 'L1', loanCoin: 'USDT', loanAmount: d('6500'), interestAmount: d('1'), hourInterestRate: d('0.00001'), pledgeCoin: 'BTC', pledgeAmount: d('0.1'),
  pledgeRate: d('0.652'), supRate: d('0.8'), forceRate: d('0.9'), borrowTime: NOW, expireTime: 0,
};

const ACCOUNT: AccountSummary = { equity: d('99812.345'), effEquity: d('99000'), imr: d('3000'), mmr: d('540'), mgnRatio: d('0.0054'), unrealisedPnl: d('-123.4'), assets: [], updatedTime: NOW };

const healthy = (rtt: number): SocketHealth => ({ state: 'subscribed', lastMessageAt: NOW - 2000, pingRttMs: rtt, reconnects: 0, lastError: null });

/** A store with an account, two positions (ETH nearest its liquidation), a loan, an armed countdown and healthy sockets. */
function fullStore(): AppStore {
  const store = createAppStore();
  const s = store.getState();
  s.setEnvironment('DEMO', 'sim 6000000001');
  s.setSocketHealth('public', healthy(34));
  s.setSocketHealth('private', healthy(41));
  s.setClockOffset(12);
  s.setAccount(ACCOUNT, NOW);
  s.replacePositions([position('BTCUSDT', 'long', '100000', '80000'), position('ETHUSDT', 'short', '2500', '2605.25')], NOW);
  s.setLoans([LOAN], NOW);
  s.setCountdownArmed(30, NOW - 5000);
  return store;
}

function show(store: AppStore, columns: number) {
  return renderPanel(<StatusBar now={NOW} columns={columns} />, { store, columns, rows: 3, now: () => NOW });
}

/** The status line of the latest frame. */
function lineOf(view: ReturnType<typeof show>): string {
  return view.frame().split('\n')[0] ?? '';
}

afterEach(() => cleanup());

describe('StatusBar', () => {
  // Socket detail gives way first (clock and rate, age and round trip, then the state word, to
  // one glyph per socket), the account name next, then the risk figures get shorter; on the
  // narrowest line the loan goes first. Equity, uPnL, margin ratio, nearest liquidation, worst
  // loan and the countdown are all still there at 80 columns.
  it.each([
    [220, 'DEMO sim 6000000001 Eq $99,812.35 uPnL -$123.40 Margin 0.54% Liq ETHUSDT 4.21% Loan 65.2% call 80% liq 90% DMS 25s pub subscribed   2s   34ms r0 priv subscribed   2s   41ms r0 clock +12ms rate 100%'],
    [160, 'DEMO sim 6000000001 Eq $99,812.35 uPnL -$123.40 Margin 0.54% Liq ETHUSDT 4.21% Loan 65.2% call 80% liq 90% DMS 25s pub subscribed   2s priv subscribed   2s'],
    [120, 'DEMO Eq $99,812.35 uPnL -$123.40 Margin 0.54% Liq ETHUSDT 4.21% Loan 65.2% call 80% liq 90% DMS 25s P✓ A✓'],
    [80, 'DEMO Eq 99.8K uPnL -123.4 Mgn 0.5% Liq ETH 4.2% Loan 65.2/80/90% DMS 25s P✓ A✓'],
    [60, 'DEMO Eq 99.8K uPnL -123.4 Mgn 0.5% Liq ETH 4.2% DMS 25s ✓✓'],
  ])('at %i columns', async (columns, want) => {
    const view = show(fullStore(), columns);
    await view.waitForText('DMS');
    const line = lineOf(view);
    expect(line.trim()).toBe(want);
    expect(line.length).toBeLessThanOrEqual(columns);
  });

  it('shows a dash for what it does not know yet, and the countdown off', async () => {
    const store = createAppStore();
    store.getState().setEnvironment('LIVE', 'main');
    const view = show(store, 100);
    await view.waitForText('DMS');
    expect(lineOf(view).trim()).toBe('LIVE main Eq — uPnL — Margin — Liq — Loan — DMS off pub idle         -- priv idle         --');
  });

  it('keeps the orders of unknown result first after the mode, at 60 columns too', async () => {
    const store = fullStore();
    store.getState().trackSubmission({ clientOid: 'x1', state: 'unknown', label: 'buy 1 BTCUSDT @ 1', error: 'timeout', at: NOW });
    const view = show(store, 60);
    await view.waitForText('unknown');
    const line = lineOf(view);
    expect(line).toMatch(/^ DEMO \? 1 unknown Eq 99\.8K .*DMS 25s/);
    expect(line.length).toBeLessThanOrEqual(60);
  });

  it('measures the nearest liquidation from the ticker mark and follows it', async () => {
    const store = fullStore();
    const view = show(store, 160);
    await view.waitForText('Liq ETHUSDT 4.21%');
    store.getState().setTickers([ticker('BTCUSDT', '82000')], NOW);
    await view.waitForText('Liq BTCUSDT 2.44%');
  });

  it('does not render again for store updates that change nothing it shows', async () => {
    const store = fullStore();
    const view = show(store, 160);
    await view.waitForText('DMS');
    const frames = view.frames.length;
    // A ticker of a symbol without a position, books and trades: nothing on the line moves.
    store.getState().setTickers([ticker('SOLUSDT', '200')], NOW);
    store.getState().addTrades('USDT-FUTURES:BTCUSDT', [{ id: 't1', price: d('1'), size: d('1'), side: 'buy', time: NOW }], NOW);
    store.getState().setAccount(ACCOUNT, NOW);
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(view.frames.length).toBe(frames);
    // A new equity does.
    store.getState().setAccount({ ...ACCOUNT, equity: d('100000') }, NOW);
    await view.waitForText('Eq $100,000.00');
  });
});
