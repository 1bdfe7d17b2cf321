import { describe, expect, it } from 'vitest';
import { parseLayouts } from './config-layouts.js';

const fail = (message: string): never => {
  throw new Error(message);
};

describe('config layouts', () => {
  it('reads the start layout and the user\'s grids', () => {
    const out = parseLayouts('scalp', [{ name: 'scalp', minColumns: 120, work: 'log', columns: [{ weight: 2, panels: [{ panel: 'book', weight: 3, priority: 5 }, { panel: 'work' }] }, { width: 44, panels: [{ panel: 'ticket', minHeight: 20 }] }] }], 'c.json', fail);
    expect(out.initial).toBe('scalp');
    expect(out.user[0]).toEqual({ name: 'scalp', minColumns: 120, work: 'log', columns: [{ weight: 2, panels: [{ panel: 'book', weight: 3, priority: 5 }, { panel: 'work' }] }, { width: 44, panels: [{ panel: 'ticket', minHeight: 20 }] }] });
    expect(parseLayouts(undefined, undefined, 'c.json', fail)).toEqual({ user: [], initial: 'trade', bySize: [] });
    expect(parseLayouts(undefined, undefined, 'c.json', fail, [{ minColumns: 200, minRows: 50, layout: 'monitor' }, { layout: 'trade' }]).bySize).toEqual([
      { layout: 'monitor', minColumns: 200, minRows: 50 },
      { layout: 'trade', minColumns: 0, minRows: 0 },
    ]);
  });

  it.each([
    ['nope', undefined, 'c.json: "layout" must be one of trade, monitor, loans'],
    [undefined, {}, '"layouts" must be a list'],
    [undefined, [{ name: 'Bad Name', columns: [] }], 'layouts[0].name must be a short lower-case name'],
    [undefined, [{ name: 'trade', columns: [{ panels: [{ panel: 'book' }] }] }], '"trade" is built in'],
    [undefined, [{ name: 'x', columns: [{ panels: [{ panel: 'chart' }] }] }], 'layout "x" column 1 panel 1: "panel" must be work or one of'],
    [undefined, [{ name: 'x', columns: [{ panels: [{ panel: 'book', weight: -1 }] }] }], 'layout "x" column 1 book.weight must be a number'],
    [undefined, [{ name: 'x', columns: [{ panels: [{ panel: 'book' }] }, { panels: [{ panel: 'book' }] }] }], 'panel "book" is placed twice'],
  ])('refuses %s / %j in one line', (layout, layouts, message) => {
    expect(() => parseLayouts(layout, layouts, 'c.json', fail)).toThrow(message);
  });

  it.each([
    [{}, '"layoutBySize" must be a list'],
    [[{ layout: 'nope' }], 'layoutBySize[0].layout must be one of trade, monitor, loans'],
    [[{ layout: 'monitor', minRows: 4.5 }], 'layoutBySize[0].minRows must be a whole number'],
  ])('refuses layoutBySize %j in one line', (bySize, message) => {
    expect(() => parseLayouts(undefined, undefined, 'c.json', fail, bySize)).toThrow(message);
  });
});
