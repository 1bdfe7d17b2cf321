import { describe, expect, it } from 'vitest';
import { computeLayout, PANEL_ORDER } from './compute-layout.js';

describe('computeLayout', () => {
  it.each([
    [80, 24],
    [100, 30],
    [160, 48],
    [200, 60],
    [240, 70],
    [120, 26],
  ])('fills %ix%i exactly: widths sum to the columns, heights to the main area', (cols, rows) => {
    for (const work of PANEL_ORDER) {
      const l = computeLayout(cols, rows, work);
      expect(l.columns.reduce((s, c) => s + c.width, 0)).toBe(cols);
      for (const c of l.columns) expect(c.panels.reduce((s, p) => s + p.height, 0)).toBe(l.mainHeight);
      expect(1 + l.tickerHeight + l.mainHeight + 1).toBeLessThanOrEqual(Math.max(rows, 14));
      expect(l.visible).toContain('book');
      expect(new Set(l.visible).size).toBe(l.visible.length);
      if (work !== 'book') expect(l.visible).toContain(work);
    }
  });
  it('narrow shows the book and one work panel; wide adds the ticket column and candles', () => {
    expect(computeLayout(80, 24, 'orders').visible).toEqual(['book', 'orders']);
    expect(computeLayout(80, 24, 'book').visible).toEqual(['book', 'ticket']);
    expect(computeLayout(160, 30, 'positions').visible).toEqual(['book', 'ticket', 'positions']);
    expect(computeLayout(200, 36, 'ticket').visible).toEqual(['book', 'ticket', 'countdown', 'orders']);
  });
  it('from 40 rows open orders, positions and the account are on screen with the book and ticket, with no key pressed', () => {
    for (const [cols, rows] of [[120, 40], [160, 48], [220, 60]] as const) {
      const l = computeLayout(cols, rows, 'book');
      expect(l.visible).toEqual(expect.arrayContaining(['book', 'ticket', 'orders', 'positions', 'account']));
      for (const c of l.columns) for (const p of c.panels) expect(p.height, `${p.panel} at ${cols}x${rows}`).toBeGreaterThanOrEqual(7);
    }
    expect(computeLayout(220, 60, 'ticket').visible).toEqual(['book', 'ticket', 'countdown', 'candles', 'orders', 'positions', 'account']);
    // Another work panel takes the orders' slot; positions and the account stay.
    expect(computeLayout(160, 48, 'log').visible).toEqual(['book', 'ticket', 'countdown', 'log', 'positions', 'account']);
    expect(computeLayout(160, 48, 'positions').visible).toEqual(['book', 'ticket', 'countdown', 'orders', 'positions', 'account']);
  });
});
