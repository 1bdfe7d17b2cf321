import { describe, expect, it } from 'vitest';
import { PANEL_ORDER } from './compute-layout.js';
import { BUILTIN_LAYOUTS, findLayout, layoutForSize, layoutNames, solveLayout, type LayoutSpec } from './layouts.js';

const monitor = findLayout('monitor', []);

describe('layouts as data', () => {
  it.each([
    [100, 30],
    [120, 40],
    [160, 48],
    [220, 60],
  ])('every built-in fills %ix%i exactly, each panel once, the focused one shown', (cols, rows) => {
    for (const spec of BUILTIN_LAYOUTS) {
      for (const work of PANEL_ORDER) {
        const l = solveLayout(spec, cols, rows, work);
        expect(l.columns.reduce((s, c) => s + c.width, 0)).toBe(cols);
        for (const c of l.columns) expect(c.panels.reduce((s, p) => s + p.height, 0)).toBe(l.mainHeight);
        expect(new Set(l.visible).size).toBe(l.visible.length);
        if (work !== 'book') expect(l.visible, `${spec.name} ${work} at ${cols}x${rows}`).toContain(work);
      }
    }
  });

  it('monitor shows positions, open orders, the account, loans, the watchlist over a small book, and the event log', () => {
    const l = solveLayout(monitor, 160, 48, 'book');
    expect(l.visible).toEqual(['positions', 'orders', 'account', 'loans', 'watchlist', 'book', 'log']);
    expect(l.columns.map((c) => c.width)).toEqual([59, 43, 58]);
    expect(l.columns[2]).toEqual({ width: 58, panels: [{ panel: 'watchlist', height: 14 }, { panel: 'book', height: 14 }, { panel: 'log', height: 13 }] });
    // The ticket, focused, takes the work slot (the log's); the rest stays.
    expect(solveLayout(monitor, 160, 48, 'ticket').visible).toEqual(['positions', 'orders', 'account', 'loans', 'watchlist', 'book', 'ticket']);
    // Focusing the watchlist (Tab; it has no digit) keeps it where it stands and the log in the work slot.
    expect(solveLayout(monitor, 160, 48, 'watchlist').visible).toEqual(['positions', 'orders', 'account', 'loans', 'watchlist', 'book', 'log']);
  });

  it('monitor keeps the watchlist at its smallest size, and it is the first panel to hide when rows run short', () => {
    const small = solveLayout(monitor, 110, 30, 'book');
    expect(small.columns.flatMap((c) => c.panels).find((p) => p.panel === 'watchlist')?.height).toBeGreaterThanOrEqual(7);
    const cells = (monitor?.columns ?? []).flatMap((c) => c.panels);
    const watch = cells.find((c) => c.panel === 'watchlist');
    for (const c of cells) if (c !== watch && c.panel !== 'work') expect(c.priority ?? 1, c.panel).toBeGreaterThan(watch?.priority ?? 1);
    // The same column squeezed: the watchlist goes, the book stays.
    const squeezed: LayoutSpec = { name: 'squeezed', columns: [{ panels: (monitor?.columns[2]?.panels ?? []).map((p) => ({ ...p, minHeight: 9 })) }] };
    expect(solveLayout(squeezed, 110, 30, 'orders').visible).toEqual(['book', 'orders']);
  });

  it('a column whose share is under its minimum width gets the minimum; the others share the rest', () => {
    // monitor at 120: shares 44/33/43 would put the account under its 34 and then the positions
    // under their 44; both keep their minimum and the watchlist column takes the rest.
    expect(solveLayout(monitor, 120, 40, 'book').columns.map((c) => c.width)).toEqual([44, 34, 42]);
    // Only when the minimums cannot all fit does a column drop (lowest priority first).
    const spec: LayoutSpec = { name: 'tight', columns: [{ minWidth: 60, panels: [{ panel: 'positions', priority: 5 }] }, { minWidth: 60, panels: [{ panel: 'trades', priority: 1 }] }] };
    expect(solveLayout(spec, 140, 30, 'book').columns.map((c) => c.width)).toEqual([70, 70]);
    expect(solveLayout(spec, 110, 30, 'book').visible).toEqual(['positions']);
  });

  it('below its minimum size a layout gives way to trade, which fits every size', () => {
    expect(solveLayout(monitor, 80, 24, 'orders').visible).toEqual(['book', 'orders']);
  });

  it('panels too short for their minimum hide by priority, never squeezed; an emptied column gives its width away', () => {
    const spec: LayoutSpec = {
      name: 'mine',
      columns: [
        { weight: 1, panels: [{ panel: 'positions', priority: 5, minHeight: 15 }, { panel: 'trades', priority: 1, minHeight: 15 }] },
        { weight: 1, panels: [{ panel: 'log', priority: 0, minHeight: 50 }] },
      ],
    };
    const l = solveLayout(spec, 120, 30, 'book');
    expect(l.visible).toEqual(['positions']);
    expect(l.columns).toEqual([{ width: 120, panels: [{ panel: 'positions', height: l.mainHeight }] }]);
  });

  it('the user\'s layouts follow the built-ins in switching order; a user layout named like a built-in replaces it', () => {
    const mine: LayoutSpec = { name: 'monitor', columns: [{ panels: [{ panel: 'positions' }] }] };
    expect(layoutNames([mine, { name: 'scalp', columns: [] }])).toEqual(['trade', 'monitor', 'loans', 'journal', 'scalp']);
    expect(findLayout('monitor', [mine])).toBe(mine);
    expect(findLayout('trade', [])).toBeNull();
  });

  it('journal shows the journal beside the account and positions; short of rows it hides rather than squeezes', () => {
    const journal = findLayout('journal', []);
    const big = solveLayout(journal, 160, 48, 'book');
    expect(big.visible).toEqual(['journal', 'log', 'account', 'positions']);
    const box = big.columns[0]?.panels.find((p) => p.panel === 'journal');
    expect(box?.height).toBeGreaterThanOrEqual(16);
    expect(big.columns[0]?.width).toBeGreaterThanOrEqual(60);
    // 100x24: 17 main rows; the journal's 4/5 is 14, under its 16: it hides and the work slot takes the column.
    const small = solveLayout(journal, 100, 24, 'book');
    expect(small.visible).not.toContain('journal');
    expect(small.visible).toContain('log');
    // Below its minimum size the trade layout stands in; focusing the journal puts it in the work slot there.
    expect(solveLayout(journal, 80, 24, 'journal').visible).toEqual(['book', 'journal']);
  });

  it('picks a layout by terminal size: the first rule the terminal fits', () => {
    const rules = [
      { layout: 'monitor', minColumns: 200, minRows: 50 },
      { layout: 'loans', minColumns: 120, minRows: 40 },
    ];
    expect(layoutForSize(rules, 220, 60)).toBe('monitor');
    expect(layoutForSize(rules, 160, 48)).toBe('loans');
    expect(layoutForSize(rules, 80, 24)).toBeNull();
    expect(layoutForSize([], 220, 60)).toBeNull();
  });
});
