import { useRef } from 'react';
import type { Order } from '../../domain/model.js';
import { useRefState } from './use-ref-state.js';
import { useLatest } from './use-latest.js';

/** Most orders in one batch request (exchange limit for cancel-batch and batch-modify). */
export const MAX_ORDER_SELECTION = 20;

/** Cursor, scroll window and multi-selection over a changing list of orders. */
export interface OrderSelection {
  /** Index of the cursor row in `orders` (-1 when the list is empty). */
  readonly index: number;
  /** The order under the cursor as of the last render, or null (for drawing). */
  readonly current: Order | null;
  /** The order under the cursor right now, including moves earlier in the same burst of keys (for handlers). */
  currentNow(): Order | null;
  /** The selected orders right now, including toggles earlier in the same burst (for handlers). */
  selectedNow(): readonly Order[];
  /** First visible row. */
  readonly top: number;
  /** Selected orders still open, in list order. */
  readonly selected: readonly Order[];
  readonly selectedIds: ReadonlySet<string>;
  /** Moves the cursor by `delta` rows (clamped). */
  move(delta: number): void;
  /** Moves the cursor one visible page up (-1) or down (1). */
  page(direction: 1 | -1): void;
  /** Puts the cursor on the first or last row. */
  jump(to: 'first' | 'last'): void;
  /** Why the cursor order cannot join the selection (max 20, one category), or null. */
  toggleProblem(): string | null;
  /** Adds or removes the cursor order (call only when `toggleProblem()` is null). */
  toggle(): void;
  clear(): void;
}

/**
 * Tracks the cursor by orderId so it stays on its order while the list updates; when that order
 * disappears the cursor stays at the same row position. `rows` is the visible height; the window
 * scrolls only as far as needed to keep the cursor visible.
 */
export function useOrderSelection(orders: readonly Order[], rows: number): OrderSelection {
  // Ref-backed: keys of one stdin chunk run before the next render; handlers read cursorNow/markedNow.
  const [cursor, setCursor, cursorNow] = useRefState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const [marked, setMarked, markedNow] = useRefState<readonly string[]>([]);
  const topRef = useRef(0);
  const n = orders.length;
  const found = cursor.id === null ? -1 : orders.findIndex((o) => o.orderId === cursor.id);
  const index = n === 0 ? -1 : found >= 0 ? found : Math.min(Math.max(0, cursor.index), n - 1);
  const current = index >= 0 ? (orders[index] ?? null) : null;
  const visible = Math.max(1, rows);
  let top = Math.min(topRef.current, Math.max(0, n - visible));
  if (index >= 0 && index < top) top = index;
  if (index >= top + visible) top = index - visible + 1;
  topRef.current = Math.max(0, top);
  const open = new Set(orders.map((o) => o.orderId));
  const selectedIds = new Set(marked.filter((id) => open.has(id)));
  const selected = orders.filter((o) => selectedIds.has(o.orderId));
  const listRef = useLatest(orders);
  /** The cursor's order in the latest list, from the cursor as it is right now. */
  const currentNow = (): Order | null => {
    const list = listRef.current;
    const c = cursorNow.current;
    const at = c.id === null ? -1 : list.findIndex((o) => o.orderId === c.id);
    const i = list.length === 0 ? -1 : at >= 0 ? at : Math.min(Math.max(0, c.index), list.length - 1);
    return i >= 0 ? (list[i] ?? null) : null;
  };
  const selectedNow = (): readonly Order[] => {
    const ids = new Set(markedNow.current);
    return listRef.current.filter((o) => ids.has(o.orderId));
  };
  // Functional updates: several keys in one input event each move from the previous result.
  const place = (to: (from: number, count: number) => number) =>
    setCursor((c) => {
      const list = listRef.current;
      const at = c.id === null ? -1 : list.findIndex((o) => o.orderId === c.id);
      const from = at >= 0 ? at : Math.min(Math.max(0, c.index), Math.max(0, list.length - 1));
      const clamped = Math.min(Math.max(0, to(from, list.length)), Math.max(0, list.length - 1));
      return { id: list[clamped]?.orderId ?? null, index: clamped };
    });
  return {
    index,
    current,
    currentNow,
    selectedNow,
    top: topRef.current,
    selected,
    selectedIds,
    move: (delta) => place((from) => from + delta),
    page: (direction) => place((from) => from + direction * visible),
    jump: (to) => place((_, count) => (to === 'first' ? 0 : count - 1)),
    toggleProblem: () => {
      const at = currentNow();
      if (!at) return 'no open orders';
      const chosen = selectedNow();
      if (chosen.some((o) => o.orderId === at.orderId)) return null;
      if (chosen.length >= MAX_ORDER_SELECTION) return `a batch takes at most ${MAX_ORDER_SELECTION} orders (${chosen.length} selected)`;
      const first = chosen[0];
      if (first && first.category !== at.category) return `a batch must be one category: the selection is ${first.category}, this order is ${at.category}`;
      return null;
    },
    toggle: () => {
      const at = currentNow();
      if (!at) return;
      const id = at.orderId;
      const live = new Set(listRef.current.map((o) => o.orderId));
      setMarked((m) => (m.includes(id) ? m.filter((x) => x !== id) : [...m.filter((x) => live.has(x)), id]));
    },
    clear: () => setMarked([]),
  };
}
