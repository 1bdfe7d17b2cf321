import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Position } from '../../domain/model.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { positionKey } from '../../store/slices/positions-slice.js';
import { emptyListText, SOURCES, staleSuffix } from '../../store/freshness.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import { cellText, DEFAULT_LIQ_DANGER, DEFAULT_LIQ_WARN, fitPositionColumns, PNL_LEGEND, positionCells, type CellTone } from '../tables/position-columns.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useLatest } from '../hooks/use-latest.js';
import { closeBlockedReason, closeDisabledReason, usePositionClose } from '../forms/position-close.js';
import { closeAllConfirmText, closeConfirmText, reduceConfirmText, type ConfirmText, type PositionActionResult } from '../forms/position-close-text.js';
import { PositionReduceForm } from '../components/PositionReduceForm.js';
import { reducePositionOrder } from '../../domain/position-mapping.js';
import { Command } from '../keys/commands.js';
import type { Theme } from '../theme.js';

/** Props of the positions panel. Minimum useful size 30 × 6. */
export interface PositionsPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 30). */
  readonly width: number;
  /** Outer height in rows (≥ 6); the panel never renders taller. */
  readonly height: number;
  /** Current Unix ms (for the data-age badge; see `store/freshness.ts`). */
  readonly now: number;
  /** Liquidation distance (fraction of mark) under which it shows in the warn colour; default 0.05. */
  readonly liqWarn?: number;
  /** Liquidation distance (fraction of mark) under which it shows in the danger colour; default 0.02. */
  readonly liqDanger?: number;
  /** Digit shown beside the title (default "5"). */
  readonly hotkey?: string;
}

interface Styled {
  readonly color: string | undefined;
  readonly bold: boolean;
  readonly inverse: boolean;
}

function style(theme: Theme, tone: CellTone | PositionActionResult['status']): Styled {
  const pick = (c: string | null, mono: 'bold' | 'inverse' | null): Styled => ({ color: c ?? undefined, bold: c === null && mono === 'bold', inverse: c === null && mono === 'inverse' });
  switch (tone) {
    case 'up':
      return pick(theme.up, null);
    case 'down':
      return pick(theme.down, null);
    case 'warn':
    case 'unknown':
      return pick(theme.warn, 'bold');
    case 'danger':
    case 'rejected':
      return pick(theme.danger, 'inverse');
    case 'accepted':
      return pick(theme.ok, 'bold');
    case 'sending':
    case 'cancelled':
      return pick(theme.muted, null);
    default:
      return pick(null, null);
  }
}

/**
 * Open futures positions: side, size, entry, mark, unrealised PnL and PnL %, leverage, margin
 * mode, liquidation price and its distance from mark (warn/danger colours), TP/SL; columns drop
 * from the end as the width shrinks. `c` closes the selected position at market and `C` every
 * position of its category; `r` opens a form to close part of it (a quantity or % of the size) at
 * market or at a limit price, `l` the same form on its price. Each goes through a review showing
 * exactly what is sent, and only `y` sends; the outcome stays on the last line until the next action.
 */
export function PositionsPanel({ focused, width, height, now, liqWarn = DEFAULT_LIQ_WARN, liqDanger = DEFAULT_LIQ_DANGER, hotkey = '5' }: PositionsPanelProps) {
  const { theme, services, store } = useAppContext();
  const open = useAppStore((s) => s.positions.open);
  const freshness = useFreshness(SOURCES.private, (s) => s.positions.updatedAt, now);
  const list = Object.values(open).sort((a, b) => positionKey(a).localeCompare(positionKey(b)));
  const instruments = useAppStore((s) => Object.values(s.positions.open).map((p) => s.market.instruments[symbolKey(p)]));
  // Subscribed so the close reasons on the last line follow delivery-status changes.
  useAppStore((s) => Object.values(s.positions.open).map((p) => s.market.delivery[symbolKey(p)] ?? null));
  const instOf = (p: Position) => instruments.find((i) => i !== undefined && i.category === p.category && i.symbol === p.symbol);
  // Ref-backed cursor: keys of one burst ("jjc") run before the next render, and c must close the
  // position the cursor is on now, not the one drawn last.
  const [cursor, setCursor, cursorNow] = useRefState(0);
  const idx = Math.max(0, Math.min(cursor, list.length - 1));
  const selected = list[idx] ?? null;
  const last = Math.max(0, list.length - 1);
  const listNow = useLatest(list);
  useCommand(Command.POSITIONS_CURSOR_UP, () => setCursor((c) => Math.max(0, Math.min(c, last) - 1)));
  useCommand(Command.POSITIONS_CURSOR_DOWN, () => setCursor((c) => Math.min(last, Math.max(0, c) + 1)));
  const { confirm, result, fields } = usePositionClose(() => listNow.current[Math.max(0, Math.min(cursorNow.current, listNow.current.length - 1))] ?? null);

  const inner = Math.max(10, width - 2);
  const contentLines = Math.max(1, height - 3);
  const cells = list.map((p) => positionCells(p, instOf(p), { warn: liqWarn, danger: liqDanger }));
  const cols = fitPositionColumns(cells, inner);
  const showsDist = cols.some((c) => c.id === 'dist');
  let rowsRoom = Math.max(0, contentLines - 2);
  // The legend explains the PnL % column: only while it is shown.
  const legend = cols.some((c) => c.id === 'pnlPct') && rowsRoom >= 2 && (rowsRoom - 1 >= list.length || rowsRoom >= 5);
  if (legend) rowsRoom -= 1;
  const start = idx < rowsRoom ? 0 : idx - rowsRoom + 1;
  const visible = list.slice(start, start + rowsRoom);
  const range = list.length > rowsRoom && rowsRoom > 0 ? ` ${start + 1}-${start + visible.length}/${list.length}` : ` (${list.length})`;

  const line = (key: string, text: string, s: Styled = style(theme, null)) => (
    <Text key={key} color={s.color} bold={s.bold} inverse={s.inverse} wrap="truncate-end">
      {text}
    </Text>
  );
  const muted = style(theme, 'sending');
  let body: ReactNode[];
  let status: ReactNode;
  if (confirm?.kind === 'reduceForm') {
    const pos = open[confirm.key];
    body = pos ? [<PositionReduceForm key="form" position={pos} instrument={instOf(pos)} fields={fields} />] : [line('gone', `${confirm.key} is no longer open`, style(theme, 'warn'))];
    status = line('status', 'type to edit · o review · m market · Esc back', muted);
  } else if (confirm) {
    const pos = confirm.kind === 'closeAll' ? undefined : open[confirm.key];
    const gone: ConfirmText = { question: `${confirm.kind === 'closeAll' ? '' : confirm.key} is no longer open`, details: [] };
    const text =
      confirm.kind === 'closeAll'
        ? closeAllConfirmText(confirm.category, list, (p) => closeBlockedReason(store.getState(), p), contentLines - 2)
        : !pos
          ? gone
          : confirm.kind === 'reduce'
            ? reduceConfirmText(pos, reducePositionOrder(pos, confirm.qty, confirm.price === '' ? null : confirm.price))
            : (closeConfirmText(pos) ?? gone);
    body = [line('q', text.question, style(theme, 'warn')), ...text.details.map((d, i) => line(`d${i}`, d))].slice(0, contentLines - 1);
    status = line('status', confirm.kind === 'reduce' ? 'y sends · n/Esc back to the form' : 'y sends · n/Esc cancel', style(theme, 'warn'));
  } else {
    const header = ` ${cols.map((c) => ` ${cellText(c.header, c)}`).join('')}`;
    const rows = visible.map((p, i) => {
      const at = start + i;
      const c = cells[at];
      const isSel = at === idx;
      const parts: ReactNode[] = [isSel ? '>' : ' '];
      for (const col of cols) {
        // A near liquidation still shows when its column is dropped for width: on the symbol.
        const tone = c?.tone[col.id] ?? (col.id === 'symbol' && !showsDist ? c?.tone.dist : null) ?? null;
        const s = style(theme, tone);
        parts.push(' ', <Text key={col.id} color={s.color} bold={s.bold} inverse={s.inverse}>{cellText(c?.text[col.id] ?? '', col)}</Text>);
      }
      return (
        <Text key={positionKey(p)} inverse={isSel && focused} bold={isSel && !focused} wrap="truncate-end">
          {parts}
        </Text>
      );
    });
    body = [line('h', header, muted), ...(list.length === 0 ? [line('empty', ` ${emptyListText(freshness, 'no open positions', '0 positions')}`, freshness.fresh ? muted : style(theme, 'warn'))] : rows), ...(legend ? [line('legend', PNL_LEGEND, muted)] : [])];
    if (result) status = line('status', result.text, style(theme, result.status));
    else {
      const why = closeDisabledReason(store.getState(), services.trading !== null, selected);
      status = why ? line('status', `c: ${why}`, muted) : line('status', `c close · r reduce · l limit close · C close all ${selected?.category ?? ''}`, muted);
    }
  }
  return (
    <Panel title={`Positions${range}${staleSuffix(freshness)}`} hotkey={hotkey} focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      <Box flexDirection="column" height={contentLines - 1} overflow="hidden">
        {body}
      </Box>
      {status}
    </Panel>
  );
}
