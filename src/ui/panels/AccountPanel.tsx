import { Box, Text } from 'ink';
import { useState, type ReactNode } from 'react';
import { emptyListText, SOURCES, staleSuffix } from '../../store/freshness.js';
import { AgeBadge } from '../components/AgeBadge.js';
import { Panel } from '../components/Panel.js';
import {
  accountFigures,
  alignFractions,
  coinCells,
  coinCellText,
  DEFAULT_MARGIN_DANGER,
  DEFAULT_MARGIN_WARN,
  FIGURE_LABEL_WIDTH,
  figureGrid,
  fitCoinColumns,
  sortAssets,
  type AccountTone,
} from '../tables/account-columns.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useFreshness } from '../hooks/use-freshness.js';
import { Command } from '../keys/commands.js';
import type { Theme } from '../theme.js';

/** Props of the account panel. Minimum useful size 30 × 6. */
export interface AccountPanelProps {
  readonly focused: boolean;
  /** Outer width in columns (≥ 30). */
  readonly width: number;
  /** Outer height in rows (≥ 6); the panel never renders taller. */
  readonly height: number;
  /**
   * Current Unix ms (for the data-age badge). The account is private data like orders and
   * positions, under the same rule and bound (`store/freshness.ts`): stale once the private socket
   * is down or silent, not after an age of its own (a quiet account gets no pushes).
   */
  readonly now: number;
  /** Margin ratio (fraction) from which it shows in the warn colour; default 0.5. */
  readonly marginWarn?: number;
  /** Margin ratio (fraction) from which it shows in the danger colour; default 0.8. */
  readonly marginDanger?: number;
  /** Digit shown beside the title (default none). */
  readonly hotkey?: string;
}

function toneProps(theme: Theme, tone: AccountTone): { color: string | undefined; bold: boolean; inverse: boolean } {
  const c = tone === 'up' ? theme.up : tone === 'down' ? theme.down : tone === 'warn' ? theme.warn : tone === 'danger' ? theme.danger : null;
  return { color: c ?? undefined, bold: c === null && tone === 'warn', inverse: c === null && tone === 'danger' };
}

/**
 * The unified account: equity, effective equity, margin ratio (warn/danger thresholds),
 * unrealised PnL, IMR and MMR (USD), then a per-coin table sorted by USD value that scrolls
 * within the panel (up/down, page up/down in scope `account`).
 */
export function AccountPanel({ focused, width, height, now, marginWarn = DEFAULT_MARGIN_WARN, marginDanger = DEFAULT_MARGIN_DANGER, hotkey }: AccountPanelProps) {
  const { theme } = useAppContext();
  const summary = useAppStore((s) => s.account.summary);
  const freshness = useFreshness(SOURCES.private, (s) => s.account.updatedAt, now);
  const [offset, setOffset] = useState(0);
  const inner = Math.max(10, width - 2);
  const contentLines = Math.max(1, height - 3);
  const muted = theme.muted ?? undefined;

  const figures = summary ? accountFigures(summary, marginWarn, marginDanger) : [];
  const grid = figureGrid(figures, inner);
  const assets = summary ? sortAssets(summary.assets) : [];
  // Figures first, but leave the table its header and one row when there are coins.
  const figureLines = Math.min(grid.lines, assets.length > 0 ? Math.max(1, contentLines - 2) : contentLines);
  const tableRows = Math.max(0, contentLines - figureLines - 1);
  const maxOffset = Math.max(0, assets.length - tableRows);
  const top = Math.min(offset, maxOffset);
  const page = Math.max(1, tableRows);
  const noScroll = () => (assets.length <= tableRows ? 'every coin is already shown' : null);
  useCommand(Command.ACCOUNT_SCROLL_UP, () => setOffset((o) => Math.max(0, Math.min(o, maxOffset) - 1)), noScroll);
  useCommand(Command.ACCOUNT_SCROLL_DOWN, () => setOffset((o) => Math.min(maxOffset, o + 1)), noScroll);
  useCommand(Command.ACCOUNT_PAGE_UP, () => setOffset((o) => Math.max(0, Math.min(o, maxOffset) - page)), noScroll);
  useCommand(Command.ACCOUNT_PAGE_DOWN, () => setOffset((o) => Math.min(maxOffset, o + page)), noScroll);

  const body: ReactNode[] = [];
  const warn = { color: (freshness.fresh ? theme.muted : theme.warn) ?? undefined, bold: !freshness.fresh && theme.warn === null };
  if (!summary) body.push(<Text key="none" {...warn} wrap="truncate-end">{freshness.stale ? `no account data · STALE (${freshness.reason ?? ''})` : 'no account data yet'}</Text>);
  for (let l = 0; l < figureLines; l += 1) {
    const parts: ReactNode[] = [];
    figures.slice(l * grid.perLine, (l + 1) * grid.perLine).forEach((f, i) => {
      const t = toneProps(theme, f.tone);
      parts.push(
        i > 0 ? '  ' : '',
        <Text key={f.label} color={muted}>
          {f.label.padEnd(FIGURE_LABEL_WIDTH)}
        </Text>,
        ' ',
        <Text key={`${f.label}v`} color={t.color} bold={t.bold} inverse={t.inverse}>
          {f.value.padStart(grid.valueWidth)}
        </Text>,
      );
    });
    body.push(
      <Text key={`f${l}`} wrap="truncate-end">
        {parts}
      </Text>,
    );
  }
  const cells = alignFractions(assets.map(coinCells));
  const cols = fitCoinColumns(cells, inner);
  if (summary && contentLines - figureLines >= 1) {
    body.push(
      <Text key="h" color={muted} wrap="truncate-end">
        {cols.map((c) => coinCellText(c.header, c)).join(' ')}
      </Text>,
    );
    if (assets.length === 0 && tableRows > 0) body.push(<Text key="empty" {...warn} wrap="truncate-end">{emptyListText(freshness, 'no coins', '0 coins')}</Text>);
    assets.slice(top, top + tableRows).forEach((a, i) => {
      const c = cells[top + i];
      body.push(
        <Text key={a.coin} wrap="truncate-end">
          {cols.map((col) => coinCellText(c?.[col.id] ?? '', col)).join(' ')}
        </Text>,
      );
    });
  }
  const range = assets.length > tableRows ? ` coins ${tableRows > 0 ? `${top + 1}-${Math.min(assets.length, top + tableRows)}` : '0'}/${assets.length}` : '';
  return (
    <Panel title={`Account${range}${staleSuffix(freshness)}`} {...(hotkey ? { hotkey } : {})} focused={focused} width={width} height={height} badge={<AgeBadge freshness={freshness} />}>
      <Box flexDirection="column" height={contentLines} overflow="hidden">
        {body}
      </Box>
    </Panel>
  );
}
