import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryJournal } from '../../../test/helpers/memory-journal.js';
import { renderPanel, unusedServices } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import type { JournalFill } from '../../journal/journal-types.js';
import type { JournalServices } from '../../services/app-services.js';
import { journalView } from '../../services/journal-view.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { JournalPanel } from './JournalPanel.js';

/** 2026-11-25 09:46:40 UTC (tests run in UTC). */
const NOW = 1_795_600_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const d = (s: string) => new Decimal(s);

function fill(execId: string, time: number, symbol: string, side: 'buy' | 'sell', pnl: string | null, fee = '0.5'): JournalFill {
  return { execId, orderId: `o${execId}`, clientOid: `c${execId}`, category: 'USDT-FUTURES', symbol, side, price: d('97000'), qty: d('0.01'), fee: d(fee), feeCoin: 'USDT', scope: 'taker', pnl: pnl === null ? null : d(pnl), time };
}

/** A journal of two days of fills, a funding payment, loan interest and a rising equity curve. */
async function filledJournal(): Promise<MemoryJournal> {
  const j = new MemoryJournal('/tmp/journal-test.sqlite');
  j.record({
    fills: [
      fill('1', NOW - DAY - 2 * HOUR, 'BTCUSDT', 'buy', '0'),
      fill('2', NOW - DAY - HOUR, 'BTCUSDT', 'sell', '12.5'),
      fill('3', NOW - 2 * HOUR, 'ETHUSDT', 'buy', '-3.25'),
      fill('4', NOW - HOUR, 'ETHUSDT', 'sell', '4'),
    ],
    financial: [{ id: 'f1', category: 'USDT-FUTURES', symbol: 'BTCUSDT', coin: 'USDT', kind: 'funding', amount: d('-0.2'), type: 'funding_fee', time: NOW - 3 * HOUR }],
    loans: [{ id: 'L1:interest:1', loanId: 'L1', kind: 'interest', loanCoin: 'USDT', pledgeCoin: 'BTC', amount: d('-0.05'), coin: 'USDT', ratio: d('0.5'), time: NOW - 3 * HOUR }],
    equity: Array.from({ length: 40 }, (_, i) => ({ time: NOW - (40 - i) * HOUR, equity: d(String(100_000 + i * 10)), marginRatio: d('0.01'), worstLoanRatio: null })),
  });
  await j.flush();
  return j;
}

/** The journal services over `j`, with a hand-driven "rows written" signal and a count of the PnL reads. */
function servicesOf(j: MemoryJournal): { journal: JournalServices; written: () => void; reads: () => number } {
  let listener: (() => void) | null = null;
  let reads = 0;
  const counting = new Proxy(j, {
    get(target, prop, receiver) {
      if (prop === 'pnlBy') reads += 1;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  const journal = journalView(counting, (l) => {
    listener = l;
    return () => (listener = null);
  });
  return { journal, written: () => listener?.(), reads: () => reads };
}

const render = (store: AppStore, journal: JournalServices | null, width = 100, height = 24) => {
  store.getState().setFocus('journal');
  return renderPanel(<JournalPanel focused width={width} height={height} now={NOW} />, { store, services: unusedServices({ journal }), now: () => NOW, columns: width, rows: height });
};

afterEach(() => {
  cleanup();
});

describe('JournalPanel', () => {
  it('shows the totals, the equity curve and PnL by day, newest day first', async () => {
    const { journal } = servicesOf(await filledJournal());
    const app = render(createAppStore(), journal);
    await app.waitForText('PnL by day');
    const frame = app.frame();
    // realized 13.25, fees 2, funding -0.2, interest -0.05: net 11; 2 wins of 3 decided fills.
    expect(frame).toContain('net +11 USDT · realized +13.25 · fees 2 · win 67% 2/3 · funding -0.2 · interest -0.05');
    expect(frame).toMatch(/equity 100,390 USD \+390 \(\+0\.39%\) · low 100,000 · high 100,390 · 40 samples/);
    // The curve: Braille dots, rising to the right.
    const curve = frame.split('\n').filter((l) => /[\u2801-\u28ff]/.test(l));
    expect(curve.length).toBeGreaterThanOrEqual(2);
    // Its top row ends at the right edge (the newest sample is the highest), its bottom row starts at the left.
    expect(curve[0]).toMatch(/[\u2801-\u28ff][│┃]$/);
    expect(curve.at(-1)).toMatch(/^[│┃][\u2801-\u28ff]/);
    const days = frame.split('\n').filter((l) => /2026-11-2[45]/.test(l));
    expect(days[0]).toMatch(/2026-11-25\s+USDT\s+\+0\.75\s+1\s+-0\.2\s+-0\.05\s+2\s+50% 1\/2/);
    expect(days[1]).toMatch(/2026-11-24\s+USDT\s+\+12\.5\s+1\s+0\s+0\s+2\s+100% 1\/1/);
    for (const l of frame.split('\n')) expect(l.length).toBeLessThanOrEqual(100);
  });

  it('v cycles by week, by symbol and the fills; s and b filter the fills by symbol and side', async () => {
    const { journal } = servicesOf(await filledJournal());
    const app = render(createAppStore(), journal);
    await app.waitForText('PnL by day');
    await app.press('v');
    await app.waitForText('PnL by week');
    expect(app.frame()).toMatch(/2026-W48\s+USDT\s+\+13\.25/);
    await app.press('v');
    await app.waitForText('PnL by symbol');
    expect(app.frame()).toMatch(/BTCUSDT\s+USDT\s+\+12\.5/);
    expect(app.frame()).toMatch(/ETHUSDT\s+USDT\s+\+0\.75/);
    await app.press('v');
    await app.waitForText('fills · all time · all symbols · buy+sell');
    expect(app.frame().split('\n').filter((l) => /\d\d-\d\d \d\d:\d\d/.test(l))).toHaveLength(4);
    await app.press('s');
    await app.waitForText('fills · all time · BTCUSDT · buy+sell');
    const btc = app.frame().split('\n').filter((l) => /\d\d-\d\d \d\d:\d\d/.test(l));
    expect(btc).toHaveLength(2);
    expect(btc[0]).toMatch(/11-24 08:46\s+BTCUSDT\s+sell\s+0\.01\s+97,000\s+\+12\.5/);
    await app.press('b');
    await app.waitForText(/fills · all time · BTCUSDT · buy\s/);
    expect(app.frame().split('\n').filter((l) => /\d\d-\d\d \d\d:\d\d/.test(l)).map((l) => /\b(buy|sell)\b/.exec(l)?.[1])).toEqual(['buy']);
  });

  it('reads the file again when rows are written, not when the store changes', async () => {
    const j = await filledJournal();
    const { journal, written, reads } = servicesOf(j);
    const store = createAppStore();
    const app = render(store, journal);
    await app.waitForText('win 67% 2/3');
    const before = reads();
    for (let i = 0; i < 20; i += 1) store.getState().logEvent('info', `market ${i}`, NOW);
    store.getState().setFocus('journal');
    expect(reads()).toBe(before);
    j.record({ fills: [fill('5', NOW - 30 * 60_000, 'ETHUSDT', 'sell', '7')] });
    await j.flush();
    // Written but not announced: the panel still shows what it read.
    expect(app.frame()).toContain('win 67% 2/3');
    written();
    await app.waitForText('win 75% 3/4');
    expect(reads()).toBeGreaterThan(before);
  });

  it('↓ stops at the last row, so ↑ after extra presses moves the view up one row at once', async () => {
    const times = Array.from({ length: 20 }, (_, i) => NOW - (i + 1) * HOUR);
    const j = new MemoryJournal();
    j.record({ fills: times.map((t, i) => fill(`s${i}`, t, 'BTCUSDT', 'buy', '1')) });
    await j.flush();
    const { journal } = servicesOf(j);
    const app = render(createAppStore(), journal, 100, 14);
    await app.waitForText('PnL by day');
    for (let i = 0; i < 3; i += 1) await app.press('v');
    await app.waitForText('fills · all time');
    // The fills' times on screen, newest first (UTC, as the tests run).
    const label = (t: number) => new Date(t).toISOString().slice(5, 16).replace('T', ' ');
    const shown = () => app.frame().split('\n').flatMap((l) => /\d\d-\d\d \d\d:\d\d/.exec(l) ?? []);
    const page = shown().length;
    expect(page).toBeGreaterThan(1);
    expect(shown()).toEqual(times.slice(0, page).map(label));
    for (let i = 0; i < 40; i += 1) await app.press('j');
    await waitFor(() => shown().join() === times.slice(-page).map(label).join(), () => `the last ${page} fills on screen:\n${app.frame()}`);
    await app.press('k');
    await waitFor(() => shown().join() === times.slice(-page - 1, -1).map(label).join(), () => `one row up:\n${app.frame()}`);
  });

  it('fits a narrow panel (the trade layout\'s slot at 80 columns) and says when there is no journal', async () => {
    const { journal } = servicesOf(await filledJournal());
    const app = render(createAppStore(), journal, 40, 17);
    await app.waitForText('Journal');
    const lines = app.frame().split('\n');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    expect(lines.some((l) => /2026-11-25\s+\+0\.75/.test(l))).toBe(true);
    expect(lines.filter((l) => /[\u2801-\u28ff]/.test(l)).length).toBeGreaterThanOrEqual(2);
    cleanup();
    const none = render(createAppStore(), null, 60, 10);
    await none.waitForText('no journal in this session (--no-journal)');
    await none.press('v');
    await none.waitForText('no journal in this session');
  });
});
