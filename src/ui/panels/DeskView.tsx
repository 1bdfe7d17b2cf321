import { Box, Text } from 'ink';
import type { AccountSettings } from '../../domain/account-extras.js';
import { fit, fitLeft } from '../../domain/format.js';
import { FieldRow } from '../components/FieldRow.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { shownValue, useDeskView, type DeskState } from '../hooks/use-desk-view.js';
import type { ViewColumn, ViewDef, ViewRow } from '../view-defs/view-types.js';
import { autoColumns, cellValue, flattenRecord, rowCellText } from '../view-defs/view-values.js';

/** Props of the desk overlay. */
export interface DeskViewProps {
  readonly def: ViewDef;
  /** Outer width (min 40). */
  readonly width: number;
  /** Outer height (min 10). */
  readonly height: number;
  /** Unix ms, for the result's age. */
  readonly now: number;
  /** Closes the overlay. */
  readonly onClose: () => void;
}

const NUMERIC = /^-?\d+(\.\d+)?(e-?\d+)?$/;

function columnWidths(columns: readonly ViewColumn[], rows: readonly ViewRow[]): number[] {
  return columns.map((c) => Math.max(4, Math.min(28, Math.max((c.label ?? c.key).length, ...rows.slice(0, 200).map((r) => rowCellText(r, c).length)))));
}

/** One table: header and rows, scrolled to keep the cursor in view, columns from `offset`. */
function Table({ columns, rows, cursor, offset, width, height, highlight }: { columns: readonly ViewColumn[]; rows: readonly ViewRow[]; cursor: number; offset: number; width: number; height: number; highlight: boolean }) {
  const { theme } = useAppContext();
  const start = Math.min(offset, Math.max(0, columns.length - 1));
  const cols = columns.slice(start);
  const widths = columnWidths(cols, rows);
  const bodyRows = Math.max(1, height - 1);
  const first = Math.max(0, Math.min(cursor - bodyRows + 1, rows.length - bodyRows));
  const line = (cells: readonly string[], right: readonly boolean[]) => {
    let out = '';
    for (const [i, c] of cells.entries()) {
      const w = widths[i] ?? 4;
      if (out.length + w > width) break;
      out += `${right[i] ? fitLeft(c, w) : fit(c, w)} `;
    }
    return out;
  };
  const visible = rows.slice(first, first + bodyRows);
  if (rows.length === 0) {
    return (
      <Box height={height} overflow="hidden">
        <Text color={theme.muted ?? undefined} wrap="truncate-end">
          {' no records (change the range or filters: Tab)'}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold wrap="truncate-end" color={theme.muted ?? undefined}>
        {start > 0 ? '‹' : ' '}
        {line(
          cols.map((c) => c.label ?? c.key),
          cols.map(() => false),
        )}
      </Text>
      {visible.map((r, i) => {
        const cells = cols.map((c) => rowCellText(r, c));
        return (
          <Text key={first + i} inverse={highlight && first + i === cursor} wrap="truncate-end">
            {' '}
            {line(
              cells,
              cells.map((c, k) => cols[k]?.key !== 'value' && NUMERIC.test(c)),
            )}
          </Text>
        );
      })}
    </Box>
  );
}

/** `10x`, or `10x crossed, 5x isolated` when the account holds several lines for the symbol. */
function leverageNow(values: Readonly<Record<string, string>>, settings: AccountSettings): Readonly<Record<string, string>> {
  const category = (values['category'] ?? '').trim();
  if (category === 'MARGIN') {
    const coin = (values['coin'] ?? '').trim();
    const line = settings.coinLeverage.find((c) => c.coin === coin);
    return line ? { leverage: `${line.leverage.toFixed()}x` } : {};
  }
  const symbol = (values['symbol'] ?? '').trim();
  const lines = settings.symbolLeverage.filter((l) => l.category === category && l.symbol === symbol);
  const first = lines[0];
  if (!first) return {};
  if (lines.length === 1) return { leverage: `${first.leverage.toFixed()}x`, ...(first.marginMode ? { marginMode: first.marginMode } : {}) };
  return { leverage: lines.map((l) => `${l.leverage.toFixed()}x ${l.marginMode}`).join(', ') };
}

/**
 * The account's present value of each field a write form changes, where the store knows it
 * (`extras.settings`, polled): hold mode, account mode and delta switch, leverage (and margin mode)
 * of the symbol or margin coin the form names. Field name → value; empty for other operations.
 */
export function settingsNow(opId: string | undefined, values: Readonly<Record<string, string>>, settings: AccountSettings | null): Readonly<Record<string, string>> {
  if (!settings) return {};
  if (opId === 'account.setHoldMode') return { holdMode: settings.holdMode };
  if (opId === 'account.adjustAccountMode') return { mode: settings.accountLevel, deltaSwitch: settings.deltaSwitch ? 'yes' : 'no' };
  if (opId === 'account.setLeverage') return leverageNow(values, settings);
  return {};
}

function Form({ s }: { s: DeskState }) {
  const settings = useAppStore((st) => st.extras.settings);
  const now = settingsNow(s.op?.id, s.values, settings);
  const labelWidth = Math.min(18, Math.max(8, ...s.fields.map((f) => f.name.length + (f.required ? 1 : 0))));
  return (
    <>
      {s.fields.map((f, i) => (
        <FieldRow
          key={f.name}
          label={`${f.name}${f.required ? '*' : ''}`}
          labelWidth={labelWidth}
          value={f.kind === 'choice' ? `${s.values[f.name] ? `‹ ${s.values[f.name]} ›` : '‹ any ›'}` : shownValue(f, s.values[f.name] ?? '')}
          selected={s.zone === 'form' && s.formCursor === i}
          editing={s.editing === f.name}
          placeholder={f.kind === 'time' ? 'now, -7d, 2026-11-20 13:05 (local)' : (f.hint ?? (f.choices ? f.choices.join(' | ') : ''))}
          error={s.fieldErrors[f.name] ?? null}
          {...(now[f.name] ? { unit: `now ${now[f.name]}` } : {})}
        />
      ))}
    </>
  );
}

/** One-line summary of the request when the form is folded away. */
function summary(s: DeskState): string {
  const parts = s.fields.filter((f) => (s.values[f.name] ?? '') !== '').map((f) => `${f.name}=${shownValue(f, s.values[f.name] ?? '')}`);
  return parts.length === 0 ? '(no parameters)' : parts.join('  ');
}

/**
 * A desk view overlay: title and path, the operation's rules in a line, the form (folded to one
 * line while browsing results), the results table or one row's every field, and a status line
 * (page, rows, age, or the problem). A write shows its request for review (`o`) and waits for `y`.
 * Beside a field a write changes, the account's present value where the store knows it ("now 10x").
 */
export function DeskView({ def, width, height, now, onClose }: DeskViewProps) {
  const { theme } = useAppContext();
  const s = useDeskView(def, onClose);
  const inner = Math.max(20, width - 4);
  const path = s.result?.op ?? s.op;
  const folded = s.zone === 'results' && s.result !== null && s.fields.length > 0;
  const formRows = s.fields.length === 0 ? 0 : folded ? 1 : s.fields.length + Object.keys(s.fieldErrors).length;
  const warnRows = s.result?.sensitive ? 1 : 0;
  const reviewRows = s.review ? s.review.length + 1 : 0;
  const fixed = 2 + (def.note ? 1 : 0) + formRows + 1 + warnRows + reviewRows;
  const tableHeight = Math.max(2, height - 2 - fixed);
  const rows = s.result?.rows ?? [];
  const selected = rows[s.rowCursor];
  const columns = def.columns && rows.length > 0 && rows.some((r) => def.columns?.some((c) => cellValue(r, c.key) !== undefined)) ? def.columns : autoColumns(rows);
  const status = s.busy
    ? 'sending…'
    : s.problem
      ? s.problem
      : s.result && s.result.op.write
        ? `done · ${Math.max(0, Math.round((now - s.result.at) / 1000))} s ago · the exchange's reply below`
        : s.result
        ? `page ${s.result.page} · ${rows.length} row${rows.length === 1 ? '' : 's'}${s.result.next ? ' · n: older page' : ' · last page'}${s.result.page > 1 ? ' · p: newer' : ''} · ${Math.max(0, Math.round((now - s.result.at) / 1000))} s ago`
        : s.op?.write
          ? 'fill the form, then o to review'
          : 'o to run';
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold>{def.title}</Text>
        <Text color={theme.muted ?? undefined}>{path ? `  ${path.method} ${path.path}` : ''}</Text>
      </Text>
      {def.note ? (
        <Text wrap="truncate-end" color={theme.muted ?? undefined}>
          {def.note}
        </Text>
      ) : null}
      {folded ? (
        <Text wrap="truncate-end" color={theme.muted ?? undefined}>
          {fit(summary(s), inner - 12)} <Text>(Tab: edit)</Text>
        </Text>
      ) : (
        <Form s={s} />
      )}
      {s.review ? (
        <Box flexDirection="column">
          <Text bold color={theme.warn ?? undefined} wrap="truncate-end">
            Send this? y sends, n or Esc goes back
          </Text>
          {s.review.map((l, i) => (
            <Text key={i} wrap="truncate-end">
              {'  '}
              {l}
            </Text>
          ))}
        </Box>
      ) : null}
      <Text wrap="truncate-end" color={(s.problem ? theme.danger : theme.muted) ?? undefined} bold={s.problem !== null && theme.danger === null}>
        {status}
      </Text>
      {s.result?.sensitive ? (
        <Text inverse bold color={theme.warn ?? undefined} wrap="truncate-end">
          {' Secrets below are shown once: copy them now. They are not stored, logged or shown again. '}
        </Text>
      ) : null}
      {s.result ? (
        s.detail && selected ? (
          <Table columns={[{ key: 'field' }, { key: 'value' }]} rows={flattenRecord(selected)} cursor={0} offset={0} width={inner} height={tableHeight} highlight={false} />
        ) : (
          <Table columns={columns} rows={rows} cursor={s.rowCursor} offset={s.colOffset} width={inner} height={tableHeight} highlight={s.zone === 'results'} />
        )
      ) : null}
    </Box>
  );
}
