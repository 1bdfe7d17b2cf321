import { useEffect, useState } from 'react';
import { canClose } from '../../domain/instrument-rules.js';
import type { Category, Position } from '../../domain/model.js';
import { closePositionOrder } from '../../domain/position-mapping.js';
import type { AppState } from '../../store/app-state.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { positionKey } from '../../store/slices/positions-slice.js';
import { closeAllOutcomeText, closeOutcomeText, positionLabel, type PositionActionResult } from './position-close-text.js';
import { Command } from '../keys/commands.js';
import { useAppContext } from './app-context.js';
import { useAppStore } from './use-app-store.js';
import { useCommand } from './use-commands.js';

/** The store overlay name of the close confirmation (activates key scope `overlay.positions`). */
export const POSITIONS_OVERLAY = 'positions';

/** What is waiting for a yes/no. */
export type PositionConfirm = { readonly kind: 'close'; readonly key: string } | { readonly kind: 'closeAll'; readonly category: Category };

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

/** State of the close flow for the panel to render. */
export interface PositionCloseState {
  /** The confirmation being shown, or null. */
  readonly confirm: PositionConfirm | null;
  /** The last action's outcome (kept until the next action), or null. */
  readonly result: PositionActionResult | null;
}

/**
 * Registers `c`, `C`, and the confirmation's yes/no, and runs closes through
 * `services.trading`. A confirmation opens the store overlay `positions` (modal keys); what is
 * sent is always the position as it is when the user says yes. `selectedNow` gives the position under
 * the cursor at the moment of the key (a cursor move earlier in the same burst of keys counts).
 */
export function usePositionClose(selectedNow: () => Position | null): PositionCloseState {
  const { store, services } = useAppContext();
  const overlay = useAppStore((s) => s.ui.overlay);
  const [pending, setPending] = useState<PositionConfirm | null>(null);
  const [result, setResult] = useState<PositionActionResult | null>(null);
  const trading = services.trading;
  const open = pending !== null && overlay === POSITIONS_OVERLAY ? pending : null;

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
  useCommand(Command.POSITIONS_CANCEL, () => {
    if (!open) return false;
    setPending(null);
    store.getState().setOverlay(null);
    setResult({ status: 'cancelled', text: 'close cancelled — nothing sent' });
    return true;
  });
  useCommand(Command.POSITIONS_CONFIRM, () => {
    if (!open) return false;
    setPending(null);
    store.getState().setOverlay(null);
    if (!trading) {
      setResult({ status: 'rejected', text: `nothing sent: ${NO_TRADING}` });
      return true;
    }
    if (open.kind === 'closeAll') {
      const category = open.category;
      setResult({ status: 'sending', text: `close all ${category}: sending…` });
      void trading.closeAll(category).then((o) => setResult(closeAllOutcomeText(category, o)));
      return true;
    }
    const state = store.getState();
    const position = state.positions.open[open.key];
    if (!position) {
      setResult({ status: 'rejected', text: `nothing sent: ${open.key} is no longer open` });
      return true;
    }
    const why = closeDisabledReason(state, true, position);
    if (why) {
      setResult({ status: 'rejected', text: `nothing sent: ${why}` });
      return true;
    }
    setResult({ status: 'sending', text: `close ${positionLabel(position)}: sending…` });
    void trading.closePosition(position).then((o) => setResult(closeOutcomeText(position, o)));
    return true;
  });
  return { confirm: open, result };
}
