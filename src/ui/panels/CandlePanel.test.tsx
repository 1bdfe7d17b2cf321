import { Decimal } from 'decimal.js';
import { cleanup } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { Candle, CandleInterval, CandleType } from '../../domain/candle.js';
import { createAppStore, type AppStore } from '../../store/create-app-store.js';
import { renderPanel } from '../../../test/helpers/render-panel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { CandlePanel, sparkline, type CandlePanelProps } from './CandlePanel.js';

const KEY = 'USDT-FUTURES:BTCUSDT:1m:market';

function candle(i: number, open: string, high: string, low: string, close: string): Candle {
  return { start: 60_000 * i, open: new Decimal(open), high: new Decimal(high), low: new Decimal(low), close: new Decimal(close), volume: new Decimal('12.5') };
}

/** Five known candles between 95 and 110, alternating up and down. */
const FIVE: readonly Candle[] = [
  candle(1, '96', '101', '95', '100'),
  candle(2, '100', '104', '97', '98'),
  candle(3, '98', '106', '98', '105'),
  candle(4, '105', '108', '101', '102'),
  candle(5, '103', '110', '100', '109'),
];

function setup(candles: readonly Candle[], width: number, height: number, extra: Partial<CandlePanelProps> = {}) {
  const store: AppStore = createAppStore();
  store.getState().applyCandles(KEY, candles, 'snapshot', 1);
  store.getState().setFocus('candles');
  const asked: [CandleInterval, CandleType][] = [];
  const view = renderPanel(
    <CandlePanel focused width={width} height={height} now={1} interval="1m" type="market" onSeries={(i, t) => void asked.push([i, t])} {...extra} />,
    { store, columns: width, rows: height },
  );
  return { store, view, asked };
}

/** The panel's inner lines (border columns stripped): title first. */
function innerLines(frame: string): string[] {
  return frame.split('\n').slice(1, -1).map((l) => [...l].slice(1, -1).join(''));
}

/** Columns (within the first `cols` cells of the chart rows) that hold any candle glyph. */
function candleColumns(chartRows: readonly string[], cols: number): number[] {
  const hit = new Set<number>();
  for (const row of chartRows) [...row].slice(0, cols).forEach((ch, x) => (/[│┃█]/.test(ch) ? hit.add(x) : undefined));
  return [...hit].sort((a, b) => a - b);
}

function expectFits(frame: string, width: number, height: number) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(height);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(width);
}

afterEach(() => cleanup());

describe('CandlePanel', () => {
  it('draws one column per candle at the right edge, with the axis from high to low on the right', async () => {
    const { view } = setup(FIVE, 40, 12);
    await view.waitForText('Candles BTCUSDT 1m market');
    const frame = view.frame();
    expectFits(frame, 40, 12);
    const lines = innerLines(frame);
    // 12 rows: border, title, 8 chart rows, the OHLCV line, border. Inner width 38 = 30 chart + 1 + 7 label.
    const chart = lines.slice(1, 9);
    expect(candleColumns(chart, 30)).toEqual([25, 26, 27, 28, 29]);
    expect(chart[0]?.slice(31)).toBe(' 110.00');
    expect(chart[7]?.slice(31)).toBe('  95.00');
    // Labels name the price at their row: 110 − 15 × 2/7.
    expect(chart[2]?.slice(31).trim()).toBe('105.71');
    expect(chart[1]?.slice(31).trim()).toBe('');
    // Falling candle 100 → 98 (high 104, low 97): wick rows 3–4, solid body rows 5–6 on the 110…95 axis.
    expect(chart.map((r) => r[26]).join('')).toBe('   ││██ ');
    // Rising candle 103 → 109 (high 110, low 100): monochrome rising bodies are ┃ (rows 0–3), then its lower wick.
    expect(chart.map((r) => r[29]).join('')).toBe('┃┃┃┃││  ');
    expect(lines[9]).toContain('O 103.00 H 110.00 L 100.00 C 109.00');
  });

  it('shows as many candles as fit, newest right', async () => {
    const many = Array.from({ length: 80 }, (_, i) => candle(i, String(100 + i), String(102 + i), String(99 + i), String(101 + i)));
    const { view } = setup(many, 40, 12);
    await view.waitForText('C 180.00');
    const chart = innerLines(view.frame()).slice(1, 9);
    expect(candleColumns(chart, 30)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // The axis spans the 30 shown candles only (lows from 149, highs to 181).
    expect(chart[0]?.slice(31).trim()).toBe('181.00');
    expect(chart[7]?.slice(31).trim()).toBe('149.00');
  });

  it('falls back to a one-line sparkline of closes below 8 rows', async () => {
    const rising = Array.from({ length: 8 }, (_, i) => candle(i, '1', String(2 + i), '0.5', String(1 + i)));
    const { view } = setup(rising, 40, 6);
    await view.waitForText('▁▂▃▄▅▆▇█ 8.00');
    expectFits(view.frame(), 40, 6);
    expect(innerLines(view.frame()).join('\n')).not.toMatch(/[┃│]/);
    expect(sparkline(rising, 10)).toBe('  ▁▂▃▄▅▆▇█');
    expect(sparkline([], 3)).toBe('   ');
  });

  it('shows the age of the series in the title; REST-fed types go STALE when their polls are overdue', async () => {
    const store: AppStore = createAppStore();
    const now = 1_700_000_000_000;
    store.getState().applyCandles('USDT-FUTURES:BTCUSDT:1m:mark', FIVE, 'snapshot', now - 12_000);
    const props = { focused: false, width: 40, height: 12, interval: '1m', type: 'mark', onSeries: () => undefined } as const;
    const view = renderPanel(<CandlePanel {...props} now={now} />, { store, columns: 40, rows: 12 });
    await view.waitForText(/Candles BTCUSDT 1m mark\s+12s│/);
    // Three 5 s refreshes missed.
    store.getState().applyCandles('USDT-FUTURES:BTCUSDT:1m:mark', FIVE, 'update', now - 17_000);
    await view.waitForText(/Candles BTCUSDT 1m mark · p…\s+STALE 17s│/);
  });

  it('says it is waiting when the series is empty', async () => {
    const { view } = setup([], 40, 12, { type: 'mark' });
    await view.waitForText('waiting for mark candles');
  });

  it('i / I cycle the interval and t the type through onSeries; one type only says why', async () => {
    const { view, asked, store } = setup(FIVE, 40, 12, { intervals: ['1m', '5m', '15m', '1H', '4H', '1D'] });
    await view.waitForText('Candles BTCUSDT');
    await view.press('i');
    await waitFor(() => asked.length === 1);
    await view.press('I');
    await view.press('t');
    await waitFor(() => asked.length === 3);
    expect(asked).toEqual([
      ['5m', 'market'],
      ['1D', 'market'],
      ['1m', 'mark'],
    ]);
    cleanup();
    const single = setup(FIVE, 40, 12, { types: ['market'] });
    await single.view.waitForText('Candles BTCUSDT');
    await single.view.press('t');
    await waitFor(() => single.store.getState().ui.log.length > 0);
    expect(single.store.getState().ui.log.map((l) => l.text)).toEqual(['Next candle type (market/mark/index/premium): this pair has market candles only']);
    expect(single.asked).toEqual([]);
    expect(store.getState().ui.focus).toBe('candles');
  });
});
