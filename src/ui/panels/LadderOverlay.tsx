import { Box, Text } from 'ink';
import { Decimal } from 'decimal.js';
import { useEffect, useRef, useState } from 'react';
import { ladderPrices, MAX_LADDER_ORDERS } from '../../domain/ladder.js';
import { checkQuantity } from '../../domain/instrument-rules.js';
import { isFutures, type HoldMode, type Side } from '../../domain/model.js';
import { mapIntent } from '../../domain/position-mapping.js';
import { parseDecimal } from '../../domain/money.js';
import type { OrderRequest } from '../../services/order-request.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { FieldRow } from '../components/FieldRow.js';
import { OrderResultsView } from '../components/OrderResults.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useOrderGuards } from '../hooks/use-order-guards.js';
import { useCommand, useRestingField } from '../hooks/use-commands.js';
import type { OrderResults } from '../hooks/use-order-actions.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useTextField, type TextField } from '../hooks/use-text-field.js';
import { Command } from '../keys/commands.js';

/** Props of the ladder overlay. */
export interface LadderOverlayProps {
  /** Outer width (min 40). */
  readonly width: number;
  /** Outer height (min 12). */
  readonly height: number;
  readonly onClose: () => void;
}

const NUMBER = { accept: /^[0-9.]$/, maxLength: 24, takes: 'digits and .' } as const;
const TIFS = ['gtc', 'post_only'] as const;
/** Why the form keys wait while the ladder is under review. */
const REVIEWING = 'reviewing: y sends, n or Esc goes back to the form';

/**
 * A ladder of limit orders in one batch (place-batch): side, from and to price, how many orders
 * (2–20) and the quantity of each; a preview of every rung snapped to the tick, then `o` to review
 * and `y` to send. Every order gets its own clientOid; per-order results are shown. The keys are
 * every form's: ↑/↓ or j/k move, Enter edits a text field (or finishes) and cycles a choice, ←/→
 * cycle, a character the selected text field accepts starts editing it, n/Esc back out. The problem
 * shown is the one of the values on screen: editing a field clears a refusal of the last review.
 */
export function LadderOverlay({ width, height, onClose }: LadderOverlayProps) {
  const { store, services, theme, now: clock } = useAppContext();
  const selected = useAppStore((s) => s.market.selected);
  const inst = useAppStore((s) => s.market.instruments[symbolKey(s.market.selected)]);
  const holdMode = useAppStore((s): HoldMode => (s.extras.settings?.holdMode === 'hedge_mode' ? 'hedge_mode' : (Object.values(s.positions.open).find((p) => p.category === s.market.selected.category)?.holdMode ?? 'one_way_mode')));
  const bid = useAppStore((s) => s.market.books[symbolKey(s.market.selected)]?.bids[0]?.price ?? '');
  const [side, setSide, sideRef] = useRefState<Side>('buy');
  const [tif, setTif, tifRef] = useRefState<(typeof TIFS)[number]>('gtc');
  const from = useTextField({ ...NUMBER, label: 'From price' });
  const to = useTextField({ ...NUMBER, label: 'To price' });
  const count = useTextField({ initial: '5', accept: /^[0-9]$/, maxLength: 2, label: 'Orders', takes: 'digits' });
  const qty = useTextField({ ...NUMBER, label: 'Qty each' });
  const [row, setRow, rowRef] = useRefState(0);
  const [review, setReview, reviewRef] = useRefState(false);
  /** Guard warnings of the reviewed ladder; a first `y` acknowledges them, the second sends. */
  const [warnings, setWarnings, warningsRef] = useRefState<{ readonly texts: readonly string[]; readonly acknowledged: boolean }>({ texts: [], acknowledged: false });
  const guards = useOrderGuards();
  const [results, setResults] = useState<OrderResults | null>(null);
  /** The last review's refusal and the form it refused (shown only while the form is unchanged). */
  const [problem, setProblem] = useState<{ readonly text: string; readonly sig: string } | null>(null);
  // Start the ladder at the best bid so a typical one needs two numbers typed: once, when a bid is
  // first known. Never again: a price that moved under the trader's eyes (or over what they typed)
  // would send rungs they did not choose.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || bid === '') return;
    prefilled.current = true;
    if (from.current() === '') from.setValue(bid);
  }, [bid]);
  /** The requests the review showed; y sends exactly these. */
  const reviewed = useRef<OrderRequest[] | null>(null);

  const rows = [
    { label: 'Side', value: `‹ ${side} ›`, cycle: () => setSide((x) => (x === 'buy' ? 'sell' : 'buy')) },
    { label: 'From price', field: from, unit: inst?.quoteCoin ?? '' },
    { label: 'To price', field: to, unit: inst?.quoteCoin ?? '' },
    { label: 'Orders', field: count, unit: `2–${MAX_LADDER_ORDERS}` },
    { label: 'Qty each', field: qty, unit: inst?.baseCoin ?? '' },
    { label: 'Time in force', value: `‹ ${tif} ›`, cycle: () => setTif((x) => (x === 'gtc' ? 'post_only' : 'gtc')) },
  ];
  const trading = services.trading;
  /** The form's values right now (refs), and as rendered: a review's refusal belongs to one of them. */
  const sigNow = () => [sideRef.current, tifRef.current, from.current(), to.current(), count.current(), qty.current()].join('|');
  const sig = [side, tif, from.value, to.value, count.value, qty.value].join('|');

  /** The ladder from the form as it is right now (refs: keys of one burst see each other). */
  const plan = (): { requests: OrderRequest[]; prices: Decimal[] } | string => {
    if (!inst) return 'no instrument data yet';
    if (!trading) return 'no keys in this session: trading is off';
    const side = sideRef.current;
    const tif = tifRef.current;
    const n = Number(count.current());
    const ladder = ladderPrices(inst, from.current(), to.current(), n);
    if (!ladder.ok) return ladder.error;
    const q = parseDecimal(qty.current());
    if (q === null || q.lte(0)) return `qty "${qty.current()}" is not a positive decimal number`;
    const qtyProblem = ladder.prices.map((price) => checkQuantity(inst, q.toFixed(), { side, orderType: 'limit', price })[0]).find((v) => v !== undefined);
    if (qtyProblem) return qtyProblem.message;
    const mapped = isFutures(inst.category) ? mapIntent(holdMode, side === 'buy' ? 'open_long' : 'open_short') : { side };
    const requests = ladder.prices.map((p) => ({ category: inst.category, symbol: inst.symbol, side: mapped.side, orderType: 'limit' as const, price: p.toFixed(), qty: q.toFixed(), timeInForce: tif, ...('posSide' in mapped && mapped.posSide ? { posSide: mapped.posSide } : {}) }));
    return { requests, prices: [...ladder.prices] };
  };
  const p = plan();

  // Handlers read the present (refs, `isEditing`): keys of one burst run before any render.
  const editingNow = (): TextField | null => rows.find((r) => r.field?.isEditing())?.field ?? null;
  const stopEditing = (): boolean => {
    const f = editingNow();
    f?.stopEditing();
    return f !== null;
  };
  const currentRow = () => rows[rowRef.current];
  const reviewing = () => (reviewRef.current ? REVIEWING : null);
  const move = (delta: number) => {
    stopEditing();
    setRow((r) => Math.min(rows.length - 1, Math.max(0, r + delta)));
  };
  useRestingField(() => (store.getState().ui.overlay === 'ladder' && !reviewRef.current && editingNow() === null ? (currentRow()?.field ?? null) : null));
  useCommand(Command.DESK_UP, () => move(-1), reviewing);
  useCommand(Command.DESK_DOWN, () => move(1), reviewing);
  useCommand(
    Command.DESK_ENTER,
    () => {
      if (stopEditing()) return;
      const r = currentRow();
      if (r?.cycle) return r.cycle();
      r?.field?.startEditing();
    },
    reviewing,
  );
  useCommand(Command.DESK_LEFT, () => currentRow()?.cycle?.(), reviewing);
  useCommand(Command.DESK_RIGHT, () => currentRow()?.cycle?.(), reviewing);
  useCommand(Command.DESK_RUN, () => {
    stopEditing();
    const now = plan();
    if (typeof now === 'string') return void setProblem({ text: now, sig: sigNow() });
    // The ticket's guards, per rung: one refusal refuses the whole ladder; warnings need a second y.
    const checked = now.requests.map((r) => guards(r));
    const refusal = checked.find((c) => c.refusal !== null)?.refusal ?? null;
    if (refusal) return void setProblem({ text: `refused: ${refusal}`, sig: sigNow() });
    // One line per kind of warning: how many rungs it hits and the farthest rung's words.
    const byKind = new Map<string, { count: number; text: string }>();
    for (const c of checked) for (const w of c.warnings) byKind.set(w.kind, { count: (byKind.get(w.kind)?.count ?? 0) + 1, text: w.text });
    const texts = [...byKind].map(([kind, w]) => `${kind} (${w.count} of ${checked.length}): ${w.text}`);
    setWarnings({ texts, acknowledged: false });
    setProblem(null);
    setResults(null);
    reviewed.current = now.requests;
    setReview(true);
  });
  useCommand(
    Command.DESK_CONFIRM,
    () => {
      const requests = reviewed.current;
      if (!requests || !trading) return;
      const w = warningsRef.current;
      if (w.texts.length > 0 && !w.acknowledged) return void setWarnings({ ...w, acknowledged: true });
      if (w.texts.length > 0) store.getState().logEvent('warn', `ladder: sent despite ${w.texts.join('; ')}`, clock());
      setReview(false);
      reviewed.current = null;
      const title = `ladder of ${requests.length}`;
      setResults({ title, pending: true, error: null, items: [] });
      void trading.submitBatch(requests).then((o) => setResults({ title, pending: false, error: o.error ?? null, items: o.items.map((i) => ({ orderId: i.orderId || i.clientOid, status: i.status, ...(i.error ? { error: i.error } : {}) })) }));
    },
    () => (!reviewRef.current ? 'review first (o)' : null),
  );
  useCommand(Command.DESK_BACK, () => {
    if (stopEditing()) return;
    if (reviewRef.current) {
      reviewed.current = null;
      return setReview(false);
    }
    onClose();
  });

  // Nothing typed yet is not an error: say what to fill instead.
  const unfilled = to.value === '' || qty.value === '';
  const refused = problem !== null && problem.sig === sig ? problem.text : null;
  const formRows = rows.length;
  const listRows = Math.max(1, height - 4 - formRows - 2 - (review ? warnings.texts.length + (warnings.acknowledged ? 1 : 0) : 0));
  const total = typeof p === 'string' ? null : p.prices.reduce((a, x) => a.plus(x.times(p.requests[0]?.qty ?? '0')), new Decimal(0));
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.focus ?? undefined} width={width} height={height} overflow="hidden" paddingX={1}>
      <Text bold wrap="truncate-end">
        Ladder (batch of limit orders) {selected.category} {selected.symbol}
        <Text color={theme.muted ?? undefined}> POST /api/v3/trade/place-batch · {isFutures(selected.category) ? holdMode : 'spot'}</Text>
      </Text>
      {rows.map((r, i) => (
        <FieldRow key={r.label} label={r.label} labelWidth={14} value={r.field ? r.field.value : (r.value ?? '')} selected={i === row && !review} editing={r.field?.editing ?? false} {...(r.unit ? { unit: r.unit } : {})} />
      ))}
      <Text wrap="truncate-end" bold={review} color={(refused || (typeof p === 'string' && !unfilled) ? theme.danger : review ? theme.warn : theme.muted) ?? undefined}>
        {refused ?? (typeof p === 'string' ? (unfilled ? 'fill To price and Qty each, then o to review' : p) : review ? `Send ${p.requests.length} orders, ${p.requests[0]?.qty ?? ''} each, value ${total?.toFixed(2) ?? ''} ${inst?.quoteCoin ?? ''}? y sends, n or Esc goes back` : `${p.requests.length} orders · value ${total?.toFixed(2) ?? ''} ${inst?.quoteCoin ?? ''} · o to review`)}
      </Text>
      {review && warnings.texts.length > 0
        ? warnings.texts.map((t) => (
            <Text key={t} wrap="truncate-end" color={theme.warn ?? undefined} bold={theme.warn === null}>
              {`! ${t}`}
            </Text>
          ))
        : null}
      {review && warnings.acknowledged ? (
        <Text wrap="truncate-end" bold inverse>
          {' press y again to send anyway · n or Esc back '}
        </Text>
      ) : null}
      {results ? (
        <OrderResultsView results={results} rows={listRows} />
      ) : typeof p === 'string' ? null : (
        p.requests.slice(0, listRows).map((q, i) => (
          <Text key={i} wrap="truncate-end">
            {`${String(i + 1).padStart(2)}. ${q.side} ${q.qty} ${q.symbol} @ ${p.prices[i]?.toFixed(inst?.pricePrecision ?? 0) ?? ''}${q.posSide ? ` (${q.posSide})` : ''} ${q.timeInForce ?? ''}`}
          </Text>
        ))
      )}
    </Box>
  );
}
