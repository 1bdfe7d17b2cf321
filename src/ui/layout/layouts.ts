import { computeLayout, PANEL_ORDER, type Layout, type LayoutColumn, type PanelBox, type PanelId } from './compute-layout.js';

/**
 * Layouts as data (issue 17): a layout is columns of panels, each with a weight, a minimum height
 * and a priority. `trade` is the built-in order-entry screen (computeLayout); `monitor` (with the
 * watchlist), `loans` and `journal` are grids solved here, and the user's own come from `config.json` (`layouts`). A panel that would
 * get fewer rows than its minimum is hidden, lowest priority first; a column whose panels all hide,
 * or that is narrower than its minimum width (lowest priority first), gives its width to the others.
 * One slot per layout is the work slot: focusing a panel the layout does not show puts that panel
 * there, and it never hides.
 */

/** A panel in a layout column; `work` is the slot a focused panel not otherwise shown takes. */
export interface LayoutCell {
  readonly panel: PanelId | 'work';
  /** Share of the column's rows (default 1). */
  readonly weight?: number;
  /** Fewer rows than this and the panel hides (default 6). */
  readonly minHeight?: number;
  /** Higher stays longer when rows are short (default 1). */
  readonly priority?: number;
}

/** One column: a share of the width (`weight`, default 1) or a fixed width, never below `minWidth`. */
export interface LayoutColumnSpec {
  readonly weight?: number;
  readonly width?: number;
  readonly minWidth?: number;
  readonly panels: readonly LayoutCell[];
}

/** A grid layout; `trade` is built in and computed by `computeLayout`. */
export interface LayoutSpec {
  readonly name: string;
  /** The smallest terminal it is used at; smaller falls back to `trade`. */
  readonly minColumns?: number;
  readonly minRows?: number;
  /** The panel in the work slot when nothing else was focused (default `orders`). */
  readonly work?: PanelId;
  readonly columns: readonly LayoutColumnSpec[];
}

/** A layout chosen by terminal size (config `layoutBySize`): the first rule the terminal fits wins. */
export interface SizeRule {
  readonly layout: string;
  readonly minColumns: number;
  readonly minRows: number;
}

/** The layout `rules` pick for `columns`×`rows`, or null when none fits (or there are none). */
export function layoutForSize(rules: readonly SizeRule[], columns: number, rows: number): string | null {
  return rules.find((r) => columns >= r.minColumns && rows >= r.minRows)?.layout ?? null;
}

/** The built-in layouts besides `trade`. */
export const BUILTIN_LAYOUTS: readonly LayoutSpec[] = [
  {
    name: 'monitor',
    minColumns: 110,
    minRows: 30,
    work: 'log',
    columns: [
      { weight: 4, minWidth: 44, panels: [{ panel: 'positions', weight: 3, priority: 5 }, { panel: 'orders', weight: 3, priority: 4 }] },
      { weight: 3, minWidth: 34, panels: [{ panel: 'account', weight: 3, priority: 5, minHeight: 8 }, { panel: 'loans', weight: 2, priority: 3 }] },
      // The watchlist (priority 1) hides first when rows are short, before the book; the other columns keep positions, orders and the account.
      // As wide as the positions: the watchlist's sparkline gets 15 s at 160 columns, not 5.
      { weight: 4, minWidth: 30, panels: [{ panel: 'watchlist', weight: 2, priority: 1, minHeight: 7 }, { panel: 'book', weight: 2, priority: 2 }, { panel: 'work', weight: 2, priority: 3 }] },
    ],
  },
  {
    name: 'loans',
    minColumns: 100,
    minRows: 24,
    work: 'log',
    columns: [
      { weight: 6, minWidth: 60, panels: [{ panel: 'loans', weight: 3, priority: 5 }, { panel: 'work', weight: 2, priority: 2 }] },
      { weight: 4, minWidth: 34, panels: [{ panel: 'account', weight: 3, priority: 4, minHeight: 8 }, { panel: 'book', weight: 2, priority: 1 }] },
    ],
  },
  {
    // The trade journal (issue 19): its PnL table, equity curve and fills need rows; below 16 it hides
    // (the work slot below it then takes the column) rather than show a squeezed table.
    name: 'journal',
    minColumns: 100,
    minRows: 24,
    work: 'log',
    columns: [
      { weight: 6, minWidth: 60, panels: [{ panel: 'journal', weight: 4, priority: 5, minHeight: 16 }, { panel: 'work', weight: 1, priority: 2 }] },
      { weight: 4, minWidth: 34, panels: [{ panel: 'account', weight: 3, priority: 4, minHeight: 8 }, { panel: 'positions', weight: 2, priority: 3 }] },
    ],
  },
];

/** Layout names in switching order: `trade`, the built-ins, then the user's. */
export function layoutNames(user: readonly LayoutSpec[]): string[] {
  return ['trade', ...BUILTIN_LAYOUTS.map((l) => l.name), ...user.map((l) => l.name).filter((n) => n !== 'trade' && !BUILTIN_LAYOUTS.some((b) => b.name === n))];
}

/** The spec named `name` (the user's win over built-ins of the same name); null for `trade` or unknown. */
export function findLayout(name: string, user: readonly LayoutSpec[]): LayoutSpec | null {
  return user.find((l) => l.name === name) ?? BUILTIN_LAYOUTS.find((l) => l.name === name) ?? null;
}

/** Splits `total` by `weights` (whole cells, the remainder to the first ones). */
function split(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0) || 1;
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - parts.reduce((s, p) => s + p, 0);
  for (let i = 0; left > 0 && parts.length > 0; i = (i + 1) % parts.length, left -= 1) parts[i] = (parts[i] ?? 0) + 1;
  return parts;
}

/** Heights for one column's cells; cells that would fall below their minimum hide, lowest priority first. */
function solveColumn(cells: readonly LayoutCell[], height: number): { cell: LayoutCell; height: number }[] {
  let shown = [...cells];
  for (;;) {
    const heights = split(height, shown.map((c) => c.weight ?? 1));
    // The work slot never hides: a focused panel must be on screen.
    const short = shown.filter((c, i) => c.panel !== 'work' && (heights[i] ?? 0) < (c.minHeight ?? 6));
    if (short.length === 0 || shown.length === 0) return shown.map((cell, i) => ({ cell, height: heights[i] ?? 0 }));
    const drop = short.reduce((lo, c) => ((c.priority ?? 1) < (lo.priority ?? 1) ? c : lo));
    shown = shown.filter((c) => c !== drop);
  }
}

/**
 * Lays `spec` out for `columns`×`rows` with `work` in the work slot (a panel the layout already
 * shows leaves the slot to the layout's default). Falls back to `trade` below the layout's minimum.
 */
export function solveLayout(spec: LayoutSpec | null, columns: number, rows: number, work: PanelId): Layout {
  if (!spec || columns < (spec.minColumns ?? 0) || rows < (spec.minRows ?? 0)) return computeLayout(columns, rows, work);
  const base = computeLayout(columns, rows, work);
  // Columns whose every panel hides are dropped, lowest-priority first, until the rest fit their minimum widths.
  let cols = [...spec.columns];
  // Weighted shares, except that a column whose share is under its minimum width gets that minimum
  // and the others share what is left (a narrow terminal squeezes the wide columns before it drops one).
  const widthOf = (list: readonly LayoutColumnSpec[]): number[] => {
    const pinned = list.map((c) => c.width);
    for (;;) {
      const fixedW = pinned.reduce<number>((s, w) => s + (w ?? 0), 0);
      const shares = split(Math.max(0, columns - fixedW), list.map((c, i) => (pinned[i] === undefined ? (c.weight ?? 1) : 0)));
      const widths = list.map((_, i) => pinned[i] ?? shares[i] ?? 0);
      const short = list.findIndex((c, i) => pinned[i] === undefined && (widths[i] ?? 0) < (c.minWidth ?? 20));
      if (short < 0) return widths;
      pinned[short] = list[short]?.minWidth ?? 20;
    }
  };
  for (;;) {
    const widths = widthOf(cols);
    const narrow = widths.reduce((s, w) => s + w, 0) > columns;
    if (!narrow || cols.length <= 1) break;
    const rank = (c: LayoutColumnSpec) => (c.panels.some((p) => p.panel === 'work') ? Infinity : Math.max(...c.panels.map((p) => p.priority ?? 1)));
    const drop = cols.reduce((lo, c) => (rank(c) < rank(lo) ? c : lo));
    cols = cols.filter((c) => c !== drop);
  }
  const widths = widthOf(cols);
  const solved = cols.map((c) => solveColumn(c.panels, base.mainHeight));
  // The work slot shows the focused panel unless the layout already shows it where it stands.
  const shown = new Set(solved.flatMap((col) => col.map(({ cell }) => cell.panel)));
  const fallback = spec.work !== undefined && !shown.has(spec.work) ? spec.work : PANEL_ORDER.find((p) => !shown.has(p) && p !== 'book') ?? 'log';
  const slot: PanelId = shown.has(work) || work === 'book' ? fallback : work;
  const placed: LayoutColumn[] = [];
  for (const [i, col] of solved.entries()) {
    const boxes: PanelBox[] = col.map(({ cell, height }) => ({ panel: cell.panel === 'work' ? slot : cell.panel, height }));
    if (boxes.length === 0) continue;
    placed.push({ width: widths[i] ?? 0, panels: boxes });
  }
  // A dropped column's width goes to the last one; an empty layout shows the work panel alone.
  const used = placed.reduce((s, c) => s + c.width, 0);
  const last = placed.at(-1);
  if (last && used < columns) placed[placed.length - 1] = { ...last, width: last.width + columns - used };
  const final = placed.length > 0 ? placed : [{ width: columns, panels: [{ panel: slot, height: base.mainHeight }] }];
  const visible = final.flatMap((c) => c.panels.map((p) => p.panel));
  return { ...base, mode: base.mode, columns: final, visible };
}

/** True when `id` names a panel (for config validation). */
export function isPanelId(id: string): id is PanelId {
  return (PANEL_ORDER as readonly string[]).includes(id);
}
