import { useEffect, useState } from 'react';
import { canClose, snapPrice } from '../../domain/instrument-rules.js';
import type { Category, Position } from '../../domain/model.js';
import { checkReduce, closePositionOrder, mapIntent, closeIntent } from '../../domain/position-mapping.js';
import type { AppState } from '../../store/app-state.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { positionKey } from '../../store/slices/positions-slice.js';
import { closeAllOutcomeText, closeOutcomeText, positionLabel, type PositionActionResult } from './position-close-text.js';
import { Command } from '../keys/commands.js';
import { useAppContext } from '../hooks/app-context.js';
import { useAppStore } from '../hooks/use-app-store.js';
import { useCommand } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useReduceFields, type ReduceFields } from '../hooks/use-position-reduce.js';

/** The store overlay name of the close confirmation and the reduce form (activates key scope `overlay.positions`). */
export const POSITIONS_OVERLAY = 'positions';

/**
 * What is open over the positions table: a yes/no on a whole close or a close-all, the reduce form
 * (`reduceForm`), or the review of a reduce (`reduce`: the quantity as resolved when reviewed and
 * the limit price, '' = market).
 */
export type PositionConfirm =
  | { readonly kind: 'close'; readonly key: string }
  | { readonly kind: 'closeAll'; readonly category: Category }
  | { readonly kind: 'reduceForm'; readonly key: string }
  | { readonly kind: 'reduce'; readonly key: string; readonly qty: string; readonly price: string };

/** Reason shown when the session cannot trade. */
export const NO_TRADING = 'trading is off: this session has no API keys';

/** Why the instrument of `p` forbids closing now (instrument status, delivery), or null. Unknown instruments are not blocked. */
export function closeBlockedReason(state: AppState, p: Position): string | null {
  const key = symbolKey(p);
  const inst = state.market.instruments[key];
  return inst ? canClose(inst, state.market.delivery[key] ?? null) : null;
}

/** Why `c` cannot close `selected` now, or null. */
export function closeDisabledReason(state: AppState, hasTrading: boolean, selected: Position | null): string | null {
  if (!hasTrading) return NO_TRADING;
  if (!selected) return 'no position selected (no open positions)';
  const blocked = closeBlockedReason(state, selected);
  if (blocked) return blocked;
  if (!closePositionOrder(selected)) return `nothing available to close on ${positionLabel(selected)} (close orders hold it; cancel them first)`;
  return null;
}

/** Why `C` cannot close all now, or null. */
export function closeAllDisabledReason(hasTrading: boolean, selected: Position | null): string | null {
  if (!hasTrading) return NO_TRADING;
  if (!selected) return 'no position selected (no open positions)';
  return null;
}

/**
 * The price a limit close starts from: the best level on the closing side's own book side (a long
 * closes by selling: best ask; a short: best bid) when the position's book is loaded, else the mark
 * price on the tick. Only a starting point: the user edits it and reviews it.
 */
export function limitCloseStartPrice(state: AppState, p: Position): string {
  const key = symbolKey(p);
  const book = state.market.books[key];
  const best = mapIntent(p.holdMode, closeIntent(p.posSide)).side === 'sell' ? book?.asks[0] : book?.bids[0];
  if (best) return best.price;
  const inst = state.market.instruments[key];
  if (p.markPrice.lte(0)) return '';
  return inst ? snapPrice(inst, p.markPrice, 'nearest').toFixed() : p.markPrice.toFixed();
}

/** State of the close flow for the panel to render. */
export interface PositionCloseState {
  /** The confirmation or form being shown, or null. */
  readonly confirm: PositionConfirm | null;
  /** The last action's outcome (kept until the next action), or null. */
  readonly result: PositionActionResult | null;
  /** The reduce form's fields (shown while `confirm.kind` is `reduceForm`). */
  readonly fields: ReduceFields;
}

/**
 * Registers `c`, `C`, `r`/`l` (the reduce form), the form's review, and the yes/no, and runs closes
 * through `services.trading`. A question or the form opens the store overlay `positions` (modal
 * keys). A whole close sends the position as it is when the user says yes; a reduce sends the
 * quantity and price shown on its review, checked again against the position at yes. `selectedNow`
 * gives the position under the cursor at the moment of the key (a cursor move earlier in the same
 * burst of keys counts).
 */
export function usePositionClose(selectedNow: () => Position | null): PositionCloseState {
  const { store, services } = useAppContext();
  const overlay = useAppStore((s) => s.ui.overlay);
  const [pending, setPending, pendingNow] = useRefState<PositionConfirm | null>(null);
  const [result, setResult] = useState<PositionActionResult | null>(null);
  const trading = services.trading;
  const open = pending !== null && overlay === POSITIONS_OVERLAY ? pending : null;
  const openNow = () => (store.getState().ui.overlay === POSITIONS_OVERLAY ? pendingNow.current : null);
  const fields = useReduceFields(() => openNow()?.kind === 'reduceForm');

  useEffect(
    () => () => {
      if (store.getState().ui.overlay === POSITIONS_OVERLAY) store.getState().setOverlay(null);
    },
    [store],
  );

  const ask = (next: PositionConfirm) => {
    setResult(null);
    setPending(next);
    store.getState().setOverlay(POSITIONS_OVERLAY);
  };
  const finish = (next: PositionActionResult | null) => {
    fields.stopEditing();
    setPending(null);
    store.getState().setOverlay(null);
    setResult(next);
  };
  const reduceDisabled = () => closeDisabledReason(store.getState(), trading !== null, selectedNow()) ?? (trading && !trading.reducePosition ? 'partial closes are not available in this session' : null);
  const openForm = (limit: boolean) => {
    const selected = selectedNow();
    if (!selected) return;
    fields.load(selected.available.toFixed(), limit ? limitCloseStartPrice(store.getState(), selected) : '', limit ? 1 : 0);
    ask({ kind: 'reduceForm', key: positionKey(selected) });
  };
  useCommand(
    Command.POSITIONS_CLOSE,
    () => {
      const selected = selectedNow();
      if (selected) ask({ kind: 'close', key: positionKey(selected) });
    },
    () => closeDisabledReason(store.getState(), trading !== null, selectedNow()),
  );
  useCommand(
    Command.POSITIONS_CLOSE_ALL,
    () => {
      const selected = selectedNow();
      if (selected) ask({ kind: 'closeAll', category: selected.category });
    },
    () => closeAllDisabledReason(trading !== null, selectedNow()),
  );
  useCommand(Command.POSITIONS_REDUCE, () => openForm(false), reduceDisabled);
  useCommand(Command.POSITIONS_LIMIT_CLOSE, () => openForm(true), reduceDisabled);
  useReview(openNow, setPending, fields);
  useCommand(Command.POSITIONS_CANCEL, () => {
    const now = openNow();
    if (!now) return false;
    if (now.kind === 'reduceForm' && fields.isEditing()) fields.stopEditing();
    // From the review, back to the form as it was.
    else if (now.kind === 'reduce') setPending({ kind: 'reduceForm', key: now.key });
    else finish({ status: 'cancelled', text: 'close cancelled — nothing sent' });
    return true;
  });
  useCommand(
    Command.POSITIONS_CONFIRM,
    () => {
      const now = openNow();
      if (!now || now.kind === 'reduceForm') return false;
      finish(null);
      if (!trading) return void setResult({ status: 'rejected', text: `nothing sent: ${NO_TRADING}` });
      if (now.kind === 'closeAll') {
        const category = now.category;
        setResult({ status: 'sending', text: `close all ${category}: sending…` });
        return void trading.closeAll(category).then((o) => setResult(closeAllOutcomeText(category, o)));
      }
      const state = store.getState();
      const position = state.positions.open[now.key];
      if (!position) return void setResult({ status: 'rejected', text: `nothing sent: ${now.key} is no longer open` });
      const why = closeBlockedReason(state, position) ?? (now.kind === 'close' ? closeDisabledReason(state, true, position) : null);
      if (why) return void setResult({ status: 'rejected', text: `nothing sent: ${why}` });
      if (now.kind === 'close') {
        setResult({ status: 'sending', text: `close ${positionLabel(position)}: sending…` });
        return void trading.closePosition(position).then((o) => setResult(closeOutcomeText(position, o)));
      }
      const part = `${now.qty} @ ${now.price === '' ? 'market' : now.price}`;
      if (!trading.reducePosition) return void setResult({ status: 'rejected', text: 'nothing sent: partial closes are not available in this session' });
      setResult({ status: 'sending', text: `close ${part} of ${positionLabel(position)}: sending…` });
      return void trading.reducePosition(position, { qty: now.qty, ...(now.price === '' ? {} : { price: now.price }) }).then((o) => setResult(closeOutcomeText(position, o, part)));
    },
    () => (openNow()?.kind === 'reduceForm' ? 'review first with o; y sends only from the review' : null),
  );
  return { confirm: open, result, fields };
}

/** `o` on the reduce form: checks the texts as typed by now and opens the review with the resolved quantity. */
function useReview(openNow: () => PositionConfirm | null, setPending: (p: PositionConfirm) => void, fields: ReduceFields): void {
  const { store } = useAppContext();
  const checkNow = () => {
    const now = openNow();
    if (now?.kind !== 'reduceForm') return null;
    const state = store.getState();
    const position = state.positions.open[now.key];
    if (!position) return { key: now.key, problem: `${now.key} is no longer open`, qty: null };
    const check = checkReduce(position, state.market.instruments[symbolKey(position)], fields.qty.current(), fields.price.current());
    return { key: now.key, problem: check.qty ?? check.price, qty: check.order?.qty ?? null };
  };
  useCommand(
    Command.POSITIONS_FORM_REVIEW,
    () => {
      const c = checkNow();
      if (!c) return false;
      if (c.qty === null) return true;
      fields.stopEditing();
      setPending({ kind: 'reduce', key: c.key, qty: c.qty, price: fields.price.current() });
      return true;
    },
    () => checkNow()?.problem ?? null,
  );
}
