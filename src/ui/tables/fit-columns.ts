/** A fixed-width table column that gives way by priority when the panel narrows. */
export interface PrioritizedColumn {
  /** Cells, fixed. */
  readonly width: number;
  /** Lower is kept longer. */
  readonly priority: number;
}

/**
 * The columns of `all` that fit `room` cells (each after one space), taken lowest priority first
 * while they fit, returned in display order, with the cells they use. `skip` can pass over a
 * column given those already kept (e.g. a short stand-in when its full column fits).
 */
export function fitByPriority<C extends PrioritizedColumn>(all: readonly C[], room: number, skip: (c: C, kept: ReadonlySet<C>) => boolean = () => false): { readonly columns: readonly C[]; readonly used: number } {
  const kept = new Set<C>();
  let used = 0;
  for (const c of [...all].sort((a, b) => a.priority - b.priority)) {
    if (skip(c, kept) || used + 1 + c.width > room) continue;
    kept.add(c);
    used += 1 + c.width;
  }
  return { columns: all.filter((c) => kept.has(c)), used };
}
