import { isPanelId, layoutNames, type LayoutCell, type LayoutColumnSpec, type LayoutSpec, type SizeRule } from '../ui/layout/layouts.js';

/**
 * The config file's `layout` (the one to start with) and `layouts` (the user's own grids):
 *
 *   "layout": "monitor",
 *   "layouts": [{ "name": "scalp", "minColumns": 120, "minRows": 30, "work": "log",
 *                 "columns": [{ "weight": 2, "panels": [{ "panel": "book", "weight": 3, "priority": 5 }, { "panel": "work" }] },
 *                             { "width": 44, "panels": [{ "panel": "ticket", "minHeight": 20 }] }] }]
 *
 *   "layoutBySize": [{ "minColumns": 200, "minRows": 50, "layout": "monitor" }, { "layout": "trade" }]
 *     (the first rule the terminal fits picks the layout, until Ctrl-O picks one by hand)
 *
 * Every mistake is one line naming the layout, the column, the panel and the field.
 */

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** Parses the two keys; `fail` throws the caller's one-line error. */
export function parseLayouts(rawLayout: unknown, rawLayouts: unknown, path: string, fail: (message: string) => never, rawBySize?: unknown): { user: LayoutSpec[]; initial: string; bySize: SizeRule[] } {
  const num = (v: unknown, where: string, min: number): number | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min) fail(`${path}: ${where} must be a number ≥ ${min}`);
    return v;
  };
  const user: LayoutSpec[] = [];
  if (rawLayouts !== undefined && !Array.isArray(rawLayouts)) fail(`${path}: "layouts" must be a list of layouts`);
  for (const [li, rawSpec] of ((rawLayouts as unknown[] | undefined) ?? []).entries()) {
    const spec = obj(rawSpec) ?? fail(`${path}: layouts[${li}] must be an object with "name" and "columns"`);
    const name = typeof spec.name === 'string' && /^[a-z][a-z0-9-]{0,23}$/.test(spec.name) ? spec.name : fail(`${path}: layouts[${li}].name must be a short lower-case name (letters, digits, -)`);
    const at = `layout "${name}"`;
    if (name === 'trade') fail(`${path}: ${at}: "trade" is built in and cannot be redefined`);
    if (!Array.isArray(spec.columns) || spec.columns.length === 0) fail(`${path}: ${at}: "columns" must be a non-empty list`);
    const work = spec.work === undefined ? undefined : typeof spec.work === 'string' && isPanelId(spec.work) ? spec.work : fail(`${path}: ${at}: "work" must be a panel name`);
    const columns: LayoutColumnSpec[] = (spec.columns as unknown[]).map((rawCol, ci) => {
      const col = obj(rawCol) ?? fail(`${path}: ${at} column ${ci + 1} must be an object with "panels"`);
      const where = `${at} column ${ci + 1}`;
      if (!Array.isArray(col.panels) || col.panels.length === 0) fail(`${path}: ${where}: "panels" must be a non-empty list`);
      const panels: LayoutCell[] = (col.panels as unknown[]).map((rawCell, pi) => {
        const cell = obj(rawCell) ?? fail(`${path}: ${where} panel ${pi + 1} must be an object with "panel"`);
        const panel = cell.panel;
        if (typeof panel !== 'string' || !(panel === 'work' || isPanelId(panel))) fail(`${path}: ${where} panel ${pi + 1}: "panel" must be work or one of book, ticket, trades, orders, positions, account, countdown, log, candles, loans, watchlist, journal`);
        const w = num(cell.weight, `${where} ${panel}.weight`, 0.01);
        const h = num(cell.minHeight, `${where} ${panel}.minHeight`, 3);
        const p = num(cell.priority, `${where} ${panel}.priority`, 0);
        return { panel: panel as LayoutCell['panel'], ...(w === undefined ? {} : { weight: w }), ...(h === undefined ? {} : { minHeight: h }), ...(p === undefined ? {} : { priority: p }) };
      });
      const width = num(col.width, `${where}.width`, 10);
      const weight = num(col.weight, `${where}.weight`, 0.01);
      const minWidth = num(col.minWidth, `${where}.minWidth`, 10);
      return { panels, ...(width === undefined ? {} : { width }), ...(weight === undefined ? {} : { weight }), ...(minWidth === undefined ? {} : { minWidth }) };
    });
    const cells = columns.flatMap((c) => c.panels.map((p) => p.panel));
    const twice = cells.find((p, i) => cells.indexOf(p) !== i);
    if (twice) fail(`${path}: ${at}: panel "${twice}" is placed twice`);
    const minColumns = num(spec.minColumns, `${at}.minColumns`, 40);
    const minRows = num(spec.minRows, `${at}.minRows`, 14);
    user.push({ name, columns, ...(work ? { work } : {}), ...(minColumns === undefined ? {} : { minColumns }), ...(minRows === undefined ? {} : { minRows }) });
  }
  const names = layoutNames(user);
  if (rawLayout !== undefined && (typeof rawLayout !== 'string' || !names.includes(rawLayout))) fail(`${path}: "layout" must be one of ${names.join(', ')}`);
  return { user, initial: (rawLayout as string | undefined) ?? 'trade', bySize: parseBySize(rawBySize, names, path, fail) };
}

/** `layoutBySize`: [{ "minColumns": 200, "minRows": 50, "layout": "monitor" }, …], the first that fits wins. */
function parseBySize(raw: unknown, names: readonly string[], path: string, fail: (message: string) => never): SizeRule[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) fail(`${path}: "layoutBySize" must be a list of { "minColumns", "minRows", "layout" }`);
  return (raw as unknown[]).map((r, i) => {
    const rule = obj(r) ?? fail(`${path}: layoutBySize[${i}] must be an object with "layout"`);
    if (typeof rule.layout !== 'string' || !names.includes(rule.layout)) fail(`${path}: layoutBySize[${i}].layout must be one of ${names.join(', ')}`);
    const dim = (v: unknown, field: string): number => {
      if (v === undefined) return 0;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) fail(`${path}: layoutBySize[${i}].${field} must be a whole number ≥ 0`);
      return v;
    };
    return { layout: rule.layout, minColumns: dim(rule.minColumns, 'minColumns'), minRows: dim(rule.minRows, 'minRows') };
  });
}
