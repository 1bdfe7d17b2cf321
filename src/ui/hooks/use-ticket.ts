import { useEffect, useRef, useState } from 'react';
import { stepPrice } from '../../domain/instrument-rules.js';
import type { HoldMode } from '../../domain/model.js';
import type { MaxOpen } from '../../domain/trade-queries.js';
import { parseDecimal } from '../../domain/money.js';
import type { Decimal } from 'decimal.js';
import { useLatest } from './use-latest.js';
import { useModal } from './use-modal.js';
import type { OrderWarning, OrderWarningKind } from '../../domain/order-warnings.js';
import type { OrderRequest } from '../../services/order-request.js';
import type { AppState } from '../../store/app-state.js';
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
  type TicketChoices,
  type TicketDerived,
  type TicketEnv,
  type TicketFieldId,
  type TicketTexts,
} from './ticket-form.js';

/** Reason shown for every ticket action when the session has no API keys. */
export const TICKET_READ_ONLY_REASON = 'no API keys: read-only';

/** A price pushed into the ticket from outside (e.g. the book panel); a new `nonce` loads it again. */
export interface LoadPrice {
  /** Wire price string. */
  readonly price: string;
  /** Changes on every load, so the same price can be loaded twice. */
  readonly nonce: number;
}

/** The last submission's result, shown until the next edit. */
export interface TicketOutcome {
  readonly kind: 'sending' | 'accepted' | 'rejected' | 'unknown' | 'refused' | 'note';
  readonly text: string;
  /** The submission an unknown outcome follows: when the exchange proves it, the outcome follows. */
  readonly clientOid?: string;
}

/** Max-open-available for the current side/type: the reply's fields, or failed. */
export type MaxOpenState = { readonly kind: 'none' } | { readonly kind: 'failed' } | { readonly kind: 'ok'; readonly available: string; readonly maxOpen: string };

/** The order guards' warnings on the open confirmation. */
export interface TicketGuardView {
  /** Current warnings (empty: one y sends). */
  readonly warnings: readonly OrderWarning[];
  /** True once y acknowledged every current warning: the next y sends anyway. */
  readonly armed: boolean;
}

/** What the ticket panel renders from the hook. */
export interface TicketState extends TicketDerived {
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
  /** Futures: the symbol's leverage from the account settings (null: spot/margin, or not known yet). */
  readonly leverage: Decimal | null;
  /** Futures: the margin the order needs at that leverage, as text ("48.00 USDT"), or null. */
  readonly marginNeed: string | null;
  /** The quantity is above the exchange's max-open for this side: the warning, else null. */
  readonly overMaxOpen: string | null;
}

/** Debounce of the max-open-available lookup, ms. */
export const MAX_OPEN_DEBOUNCE_MS = 300;

const NAVIGABLE = TICKET_FIELDS.filter((f) => !INFO_FIELDS.has(f));

/** The ticket's max-open line from the account service's answer ("—" for a figure the exchange left empty). */
export function maxOpenState(m: MaxOpen): MaxOpenState {
  return { kind: 'ok', available: m.available?.toFixed() ?? '—', maxOpen: m.maxOpen?.toFixed() ?? '—' };
}

/** The best prices and the last price of `key`, as the ticket uses them (null: none, or not positive). */
function marketPrices(s: AppState, key: string): Pick<TicketEnv, 'bestBid' | 'bestAsk' | 'lastPrice'> {
  const positive = (text: string | undefined) => {
    const d = text === undefined ? null : parseDecimal(text);
    return d && d.gt(0) ? d : null;
  };
  const book = s.market.books[key];
  const ticker = s.market.tickers[key];
  return {
    bestBid: positive(book?.bids[0]?.price ?? ticker?.bid1Price.toFixed()),
    bestAsk: positive(book?.asks[0]?.price ?? ticker?.ask1Price.toFixed()),
    lastPrice: positive(ticker?.lastPrice.toFixed()),
  };
}

/** The three figures of `marketPrices` as one text: equal texts, equal prices. */
function marketSignature(s: AppState, key: string): string {
  const book = s.market.books[key];
  const ticker = s.market.tickers[key];
  return `${book?.bids[0]?.price ?? ticker?.bid1Price.toFixed() ?? ''}|${book?.asks[0]?.price ?? ticker?.ask1Price.toFixed() ?? ''}|${ticker?.lastPrice.toFixed() ?? ''}`;
}

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
  const inst = useAppStore((s) => s.market.instruments[key]);
  useAppStore((s) => (watchPrices ? marketSignature(s, key) : ''));
  const delivery = useAppStore((s) => s.market.delivery[key] ?? s.market.tickers[key]?.deliveryStatus ?? null);
  // The account's setting first (polled, and read again right after a mode write or a position
  // push that shows a change); a position's own mode only until the first poll answers.
  const holdMode = useAppStore((s): HoldMode => {
    const set = s.extras.settings?.holdMode;
    if (set === 'hedge_mode' || set === 'one_way_mode') return set;
    const own = Object.values(s.positions.open).find((p) => p.category === selected.category);
    return own?.holdMode ?? Object.values(s.positions.open)[0]?.holdMode ?? 'one_way_mode';
  });
  const base = { category: selected.category, symbol: selected.symbol, inst, holdMode, delivery };
  return {
    env: { ...base, ...marketPrices(store.getState(), key) },
    // Handlers (a prefill, a review in the same burst as the typed quantity) take the prices of now.
    envNow: () => ({ ...base, ...marketPrices(store.getState(), key) }),
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
  // What max-open depends on besides the ticket: the symbol's leverage and margin mode, the hold mode.
  const leverageSig = useAppStore((s) => {
    const l = s.extras.settings?.symbolLeverage.filter((x) => x.category === env.category && x.symbol === env.symbol) ?? [];
    return `${s.extras.settings?.holdMode ?? ''}|${l.map((x) => `${x.marginMode}:${x.leverage.toFixed()}`).join(',')}`;
  });
  const leverageNow = useAppStore((s) => s.extras.settings?.symbolLeverage.find((x) => x.category === env.category && x.symbol === env.symbol)?.leverage ?? null);
  const trading = services.trading;
  const readOnly = trading === null;
  // Ref-backed: several keys of one burst (one stdin chunk) run before React re-renders, and each
  // handler must see what the previous key did (moved the cursor, changed a choice, typed a digit).
  const [choices, setChoicesRaw, choicesNow] = useRefState<TicketChoices>(DEFAULT_CHOICES);
  const [cursor, setCursor, cursorNow] = useRefState<TicketFieldId>('side');
  const [outcome, setOutcome] = useState<TicketOutcome | null>(null);
  // An unknown outcome follows its submission: the watch settles it later (found or not placed).
  const followed = useAppStore((s) => (outcome?.clientOid ? s.orders.submissions[outcome.clientOid] : undefined));
  const followedOutcome: TicketOutcome | null =
    outcome?.kind === 'unknown' && followed && followed.state !== 'unknown'
      ? followed.state === 'accepted'
        ? { kind: 'accepted', text: `accepted (after checking): ${followed.label} · ${followed.clientOid}` }
        : followed.state === 'rejected'
          ? { kind: 'rejected', text: `${followed.error ?? 'not placed'} · ${followed.clientOid}` }
          : outcome
      : outcome?.kind === 'unknown' && followed?.error
        ? { ...outcome, text: `unknown: ${followed.error} · ${followed.clientOid}` }
        : outcome;
  const [maxOpen, setMaxOpen] = useState<MaxOpenState>({ kind: 'none' });
  /** Warning kinds the user acknowledged with a first y; null = none yet. */
  const [acked, setAcked] = useState<readonly OrderWarningKind[] | null>(null);
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

  // Max open available: debounced, never throws.
  const side = derived.mapped.side;
  const priceText = texts.price;
  useEffect(() => {
    setMaxOpen({ kind: 'none' });
    if (readOnly) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      // A limit query needs its price (official page): the typed one, else the price it would prefill.
      const price = choices.orderType === 'limit' ? (parseDecimal(priceText) ?? prefillPrice(envNow(), side) ?? undefined) : undefined;
      if (choices.orderType === 'limit' && price === undefined) return;
      services.account
        .getMaxOpen({ category: env.category, symbol: env.symbol, orderType: choices.orderType, side, ...(price === undefined ? {} : { price }) })
        .then((m) => live && setMaxOpen(maxOpenState(m)))
        .catch(() => live && setMaxOpen({ kind: 'failed' }));
    }, MAX_OPEN_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [env.category, env.symbol, choices.orderType, side, readOnly, priceText, leverageSig]);

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
  const review = () => {
    stopAll();
    const now = derivedNow();
    if (!now.request) {
      setOutcome({ kind: 'refused', text: `not sent: ${now.problem ?? 'fix the fields first'}` });
      return;
    }
    const refusal = checkGuards(now.request).refusal;
    if (refusal) {
      setOutcome({ kind: 'refused', text: `not sent: ${refusal}` });
      return;
    }
    setAcked(null);
    confirm.open(now.request);
  };
  const closeConfirm = () => {
    confirm.close();
    setAcked(null);
  };
  const send = (overridden: readonly OrderWarning[]) => {
    const request = confirming;
    closeConfirm();
    if (!request || !trading) return;
    if (overridden.length > 0) store.getState().logEvent('warn', `ticket: sent despite ${overridden.map((w) => w.text).join('; ')}`, now());
    setOutcome({ kind: 'sending', text: 'sending…' });
    void trading.submitOrder(request).then((o) => {
      if (o.status === 'accepted') setOutcome({ kind: 'accepted', text: `accepted: order ${o.orderId ?? '(id pending)'} · ${o.clientOid}` });
      else if (o.status === 'rejected' && !o.sent) setOutcome({ kind: 'refused', text: o.error ?? 'not sent' });
      else if (o.status === 'rejected') setOutcome({ kind: 'rejected', text: `rejected: ${o.error ?? 'no reason given'}` });
      else setOutcome({ kind: 'unknown', text: `unknown: checking by clientOid ${o.clientOid}${o.error ? ` (${o.error})` : ''}`, clientOid: o.clientOid });
      store.getState().logEvent(o.status === 'accepted' ? 'info' : 'warn', `ticket: ${o.status} ${o.clientOid}`, now());
    });
  };

  /**
   * y on the confirmation. The guards run again now: a refusal closes it; no warnings sends at
   * once; otherwise the first y acknowledges the warnings shown and a second y sends (a new kind of
   * warning needs acknowledging again). Enter never sends (TICKET_CONFIRM_ENTER only says so).
   */
  const confirmYes = () => {
    if (!confirming) return;
    const g = checkGuards(confirming);
    if (g.refusal) {
      closeConfirm();
      setOutcome({ kind: 'refused', text: `not sent: ${g.refusal}` });
      return;
    }
    const kinds = g.warnings.map((w) => w.kind);
    if (kinds.length === 0) return send([]);
    const covered = acked !== null && kinds.every((k) => acked.includes(k));
    if (!covered) return setAcked(kinds);
    send(g.warnings);
  };
  const guardWarnings = confirming ? checkGuards(confirming).warnings : [];
  const guard: TicketGuardView | null = confirming ? { warnings: guardWarnings, armed: guardWarnings.length > 0 && acked !== null && guardWarnings.every((w) => acked.includes(w.kind)) } : null;

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

  const futures = env.category === 'USDT-FUTURES' || env.category === 'USDC-FUTURES' || env.category === 'COIN-FUTURES';
  const leverage = futures ? leverageNow : null;
  // Coin-margined margin is in the base coin: the leverage alone is shown there.
  const marginCoin = env.category === 'COIN-FUTURES' ? null : leverage;
  const quote = env.inst?.quoteCoin ?? '';
  const marginNeed = marginCoin && marginCoin.gt(0) && derived.notionalValue ? `${choices.orderType === 'market' ? '≈ ' : ''}${derived.notionalValue.div(marginCoin).toFixed(2)} ${quote}` : null;
  const typedQty = parseDecimal(texts.qty);
  const maxQty = maxOpen.kind === 'ok' ? parseDecimal(maxOpen.maxOpen) : null;
  const overMaxOpen = typedQty && maxQty && typedQty.gt(maxQty) ? `qty ${typedQty.toFixed()} is above max open ${maxQty.toFixed()}: the exchange will likely refuse it` : null;
  return { ...derived, env, choices, texts, cursor, editing, outcome: followedOutcome, maxOpen, confirming, guard, readOnly, leverage, marginNeed, overMaxOpen };
}
