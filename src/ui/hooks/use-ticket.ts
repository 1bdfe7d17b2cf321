import { useEffect, useRef, useState } from 'react';
import { stepPrice } from '../../domain/instrument-rules.js';
import { parseDecimal } from '../../domain/money.js';
import { useLatest } from './use-latest.js';
import { useModal } from './use-modal.js';
import { ticketMargin, useFollowedOutcome, useMaxOpen, useTicketConfirm, useTicketLeverage, type MaxOpenState, type TicketGuardView, type TicketMargin, type TicketOutcome } from './use-ticket-parts.js';
import type { OrderRequest } from '../../services/order-request.js';
import { symbolKey } from '../../store/slices/market-slice.js';
import { TICKET_OVERLAYS } from '../keys/areas/ticket.js';
import { Command } from '../keys/commands.js';
import { useAppContext } from './app-context.js';
import { useAppStore } from './use-app-store.js';
import { useCommand, useRestingField } from './use-commands.js';
import { useOrderGuards } from './use-order-guards.js';
import { useRefState } from './use-ref-state.js';
import { useTextField, type TextField } from './use-text-field.js';
import {
  cycleChoice,
  DEFAULT_CHOICES,
  deriveTicket,
  INFO_FIELDS,
  isTextField,
  prefillPrice,
  qtyUnitLabel,
  quickSide,
  TEXT_FIELD_KEYS,
  TICKET_FIELDS,
  ticketInstrumentEnv,
  ticketMarketPrices,
  ticketPriceTexts,
  type TicketChoices,
  type TicketDerived,
  type TicketEnv,
  type TicketFieldId,
  type TicketTexts,
} from '../forms/ticket-form.js';

/** Reason shown for every ticket action when the session has no API keys. */
export const TICKET_READ_ONLY_REASON = 'no API keys: read-only';

/** A price pushed into the ticket from outside (e.g. the book panel); a new `nonce` loads it again. */
export interface LoadPrice {
  /** Wire price string. */
  readonly price: string;
  /** Changes on every load, so the same price can be loaded twice. */
  readonly nonce: number;
}

/** What the ticket panel renders from the hook. */
export interface TicketState extends TicketDerived, TicketMargin {
  readonly env: TicketEnv;
  readonly choices: TicketChoices;
  readonly texts: TicketTexts;
  /** Selected field. */
  readonly cursor: TicketFieldId;
  /** The text field being edited, or null. */
  readonly editing: TicketFieldId | null;
  readonly outcome: TicketOutcome | null;
  readonly maxOpen: MaxOpenState;
  /** The request awaiting y/n (confirmation open), or null. */
  readonly confirming: OrderRequest | null;
  /** The guards' warnings while the confirmation is open, else null. */
  readonly guard: TicketGuardView | null;
  /** True when the session has no trading service. */
  readonly readOnly: boolean;
}

const NAVIGABLE = TICKET_FIELDS.filter((f) => !INFO_FIELDS.has(f));

/**
 * The ticket's instrument, mode and prices. The prices are read when the ticket renders; the ticket
 * re-renders on a price change only while `watchPrices` (something on it depends on them: a typed
 * quantity or take-profit/stop-loss, an open confirmation). An empty ticket shows nothing that moves
 * with the market, and the book and the ticker publish several times a second.
 */
function useTicketEnv(watchPrices: boolean): { readonly env: TicketEnv; readonly envNow: () => TicketEnv } {
  const { store } = useAppContext();
  const selected = useAppStore((s) => s.market.selected);
  const key = symbolKey(selected);
  useAppStore((s) => (watchPrices ? ticketPriceTexts(s, key).join('|') : ''));
  const base = useAppStore((s) => ticketInstrumentEnv(s, selected));
  return {
    env: { ...base, ...ticketMarketPrices(store.getState(), key) },
    // Handlers (a prefill, a review in the same burst as the typed quantity) take the prices of now.
    envNow: () => ({ ...base, ...ticketMarketPrices(store.getState(), key) }),
  };
}

/**
 * The order ticket's state and key commands (scope `ticket`, confirmation `overlay.ticketConfirm`).
 * `focused` stops editing when the panel loses focus; `loadPrice` sets the price when its nonce changes.
 * The order guards (context `orderGuards`) refuse review without a book or price, and turn the
 * confirmation into two steps (y acknowledges the warnings, y again sends) when any warning applies.
 */
export function useTicket(focused: boolean, loadPrice?: LoadPrice): TicketState {
  const { store, services, now } = useAppContext();
  const textOpts = { accept: /^[0-9.]$/, maxLength: 24, takes: 'digits and .' };
  const price = useTextField({ ...textOpts, label: 'price' });
  const qty = useTextField({ ...textOpts, label: 'qty' });
  const tp = useTextField({ ...textOpts, label: 'take-profit' });
  const sl = useTextField({ ...textOpts, label: 'stop-loss' });
  const confirm = useModal<OrderRequest>(() => TICKET_OVERLAYS.confirm);
  const confirming = confirm.shown;
  const { env, envNow } = useTicketEnv(qty.value !== '' || tp.value !== '' || sl.value !== '' || confirming !== null);
  const { leverageNow, leverageSig } = useTicketLeverage(env);
  const trading = services.trading;
  const readOnly = trading === null;
  // Ref-backed: several keys of one burst (one stdin chunk) run before React re-renders, and each
  // handler must see what the previous key did (moved the cursor, changed a choice, typed a digit).
  const [choices, setChoicesRaw, choicesNow] = useRefState<TicketChoices>(DEFAULT_CHOICES);
  const [cursor, setCursor, cursorNow] = useRefState<TicketFieldId>('side');
  const [outcome, setOutcome] = useState<TicketOutcome | null>(null);
  const followedOutcome = useFollowedOutcome(outcome);
  const checkGuards = useOrderGuards();
  const textFields: Readonly<Record<keyof TicketTexts, TextField>> = { price, qty, takeProfit: tp, stopLoss: sl };
  const texts: TicketTexts = { price: price.value, qty: qty.value, takeProfit: tp.value, stopLoss: sl.value };
  const derived = deriveTicket(env, choices, texts);
  const editingKey = (Object.keys(textFields) as (keyof TicketTexts)[]).find((k) => textFields[k].editing) ?? null;
  const editing = editingKey === null ? null : (TICKET_FIELDS.find((f) => TEXT_FIELD_KEYS[f] === editingKey) ?? null);
  /** The field being edited right now (handlers), not as of the last render. */
  const editingNow = (): TicketFieldId | null => {
    const k = (Object.keys(textFields) as (keyof TicketTexts)[]).find((name) => textFields[name].isEditing()) ?? null;
    return k === null ? null : (TICKET_FIELDS.find((f) => TEXT_FIELD_KEYS[f] === k) ?? null);
  };
  /** The ticket as it is right now: the choices and texts including keys earlier in the same burst. */
  const derivedNow = () => deriveTicket(envNow(), choicesNow.current, { price: price.current(), qty: qty.current(), takeProfit: tp.current(), stopLoss: sl.current() });

  const setChoices = (next: TicketChoices) => {
    setChoicesRaw(next);
    setOutcome(null);
  };
  const stopAll = () => {
    for (const f of Object.values(textFields)) if (f.isEditing()) f.stopEditing();
  };

  // Any text edit clears the last outcome (not the note of a change the ticket made itself).
  const textSig = `${texts.price}|${texts.qty}|${texts.takeProfit}|${texts.stopLoss}`;
  const firstSig = useRef(textSig);
  const ownEdit = useRef(false);
  useEffect(() => {
    if (ownEdit.current) ownEdit.current = false;
    else if (textSig !== firstSig.current) setOutcome(null);
  }, [textSig]);

  // A new instrument: its prices do not carry over, and a quantity only when its unit is the same
  // (0.01 BTC is not 0.01 USD of contracts); a cleared quantity says so.
  const key = `${env.category}:${env.symbol}`;
  const unitNow = qtyUnitLabel(env, derived.mapped.side, choices.orderType);
  const lastKey = useRef({ key, unit: unitNow });
  useEffect(() => {
    const before = lastKey.current;
    lastKey.current = { key, unit: unitNow };
    if (before.key === key) return;
    const typed = qty.current();
    const clearQty = typed !== '' && before.unit !== unitNow;
    ownEdit.current = clearQty || [price, tp, sl].some((f) => f.current() !== '');
    price.setValue('');
    tp.setValue('');
    sl.setValue('');
    if (clearQty) {
      qty.setValue('');
      setOutcome({ kind: 'note', text: `qty cleared: ${typed} ${before.unit} does not carry to ${env.symbol} (${unitNow})` });
    } else setOutcome(null);
  }, [key]);

  // The book (via the lead's wiring) loads a price.
  useEffect(() => {
    if (!loadPrice) return;
    price.setValue(loadPrice.price);
    setChoicesRaw((c) => ({ ...c, orderType: 'limit' }));
    setOutcome(null);
  }, [loadPrice?.nonce]);

  useEffect(() => {
    if (!focused) stopAll();
  }, [focused]);

  const side = derived.mapped.side;
  const maxOpen = useMaxOpen({ env, envNow, orderType: choices.orderType, side, priceText: texts.price, readOnly, leverageSig });

  const startEdit = (id: TicketFieldId) => {
    const k = TEXT_FIELD_KEYS[id];
    if (!k || derivedNow().fields.find((f) => f.id === id)?.disabledReason) return false;
    stopAll();
    const field = textFields[k];
    if (k === 'price' && field.current() === '') {
      const p = prefillPrice(envNow(), side);
      if (p) field.setValue(p.toFixed());
    }
    field.startEditing();
    return true;
  };
  const move = (delta: number) => {
    stopAll();
    setCursor((c) => NAVIGABLE[Math.min(NAVIGABLE.length - 1, Math.max(0, NAVIGABLE.indexOf(c) + delta))] ?? c);
  };
  const stepPriceBy = (ticks: number) => {
    const base = parseDecimal(price.current()) ?? prefillPrice(envNow(), side);
    if (!env.inst || !base) return;
    price.setValue(stepPrice(env.inst, base, ticks).toFixed());
  };
  const { guard, review, confirmYes, close: closeConfirm } = useTicketConfirm({ modal: confirm, derivedNow, stopEditing: stopAll, setOutcome, checkGuards });

  const ro = () => (readOnly ? TICKET_READ_ONLY_REASON : null);
  // Handlers read the present (cursorNow, choicesNow, editingNow, derivedNow), never the last render.
  const disabledNow = () => derivedNow().fields.find((f) => f.id === cursorNow.current)?.disabledReason ?? null;
  // The text field under the cursor takes a typed digit at once (no Enter first) while the ticket
  // has the keys: focused, nothing open over it, nothing being edited.
  const focusedNow = useLatest(focused);
  useRestingField(() => {
    if (readOnly || !focusedNow.current || store.getState().ui.overlay !== null || editingNow() !== null) return null;
    const k = TEXT_FIELD_KEYS[cursorNow.current];
    if (!k || disabledNow() !== null) return null;
    return textFields[k];
  });
  useCommand(Command.TICKET_UP, () => (editingNow() === 'price' ? stepPriceBy(1) : move(-1)));
  useCommand(Command.TICKET_DOWN, () => (editingNow() === 'price' ? stepPriceBy(-1) : move(1)));
  useCommand(
    Command.TICKET_ENTER,
    () => {
      if (editingNow()) return stopAll();
      if (isTextField(cursorNow.current)) return void startEdit(cursorNow.current);
      // A choice: its next option, as in every form. Enter never reviews or sends; `o` reviews.
      if (disabledNow() === null) setChoices(cycleChoice(choicesNow.current, cursorNow.current, 1));
      return undefined;
    },
    ro,
  );
  useCommand(Command.TICKET_EDIT, () => startEdit(cursorNow.current), () => ro() ?? (isTextField(cursorNow.current) ? disabledNow() : 'this field is a choice: use ←/→ or space'));
  useCommand(Command.TICKET_STOP_EDIT, () => (editingNow() ? stopAll() : setOutcome(null)));
  useCommand(Command.TICKET_NEXT_CHOICE, () => setChoices(cycleChoice(choicesNow.current, cursorNow.current, 1)), () => ro() ?? disabledNow());
  useCommand(Command.TICKET_PREV_CHOICE, () => setChoices(cycleChoice(choicesNow.current, cursorNow.current, -1)), () => ro() ?? disabledNow());
  useCommand(Command.TICKET_BUY, () => setChoices(quickSide(choicesNow.current, 'buy')), ro);
  useCommand(Command.TICKET_SELL, () => setChoices(quickSide(choicesNow.current, 'sell')), ro);
  useCommand(Command.TICKET_TOGGLE_TYPE, () => setChoices({ ...choicesNow.current, orderType: choicesNow.current.orderType === 'limit' ? 'market' : 'limit' }), ro);
  useCommand(Command.TICKET_REVIEW, review, ro);
  useCommand(Command.TICKET_CONFIRM_YES, confirmYes);
  // Swallowed with its reason on screen: Enter on a confirmation never sends.
  useCommand(Command.TICKET_CONFIRM_ENTER, () => undefined, () => 'Enter never sends: y sends, n goes back');
  useCommand(Command.TICKET_CONFIRM_NO, closeConfirm);

  return { ...derived, ...ticketMargin(env, derived, leverageNow, choices.orderType, texts.qty, maxOpen), env, choices, texts, cursor, editing, outcome: followedOutcome, maxOpen, confirming, guard, readOnly };
}
