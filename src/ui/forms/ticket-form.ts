import type { Decimal } from 'decimal.js';
import { canClose, canOpen, categoryCapabilities, checkOrder, checkPrice, isQuoteQuantity, quantityUnit } from '../../domain/instrument-rules.js';
import type { Category, DeliveryStatus, HoldMode, Instrument, MarginMode, OrderType, Side, StpMode } from '../../domain/model.js';
import { isFutures } from '../../domain/model.js';
import { parseDecimal } from '../../domain/money.js';
import { INTENTS, mapIntent, type Intent, type MappedOrderFields } from '../../domain/position-mapping.js';
import type { OrderRequest } from '../../services/order-request.js';
import type { AppState } from '../../store/app-state.js';
import { symbolKey, type SymbolRef } from '../../store/slices/market-slice.js';

/**
 * The order ticket's form as pure data: its choices, the four texts, what the focused instrument
 * allows, and everything derived from them (field rows with errors and greyed reasons, the request
 * to send, the preview). The React hook (`use-ticket.ts`) only holds state and wires keys.
 */

/** Time in force the ticket offers (rpi needs market-maker permission and is left out). */
export type TicketTif = 'gtc' | 'ioc' | 'fok' | 'post_only';

/** The ticket's choice values. */
export interface TicketChoices {
  /** Side of spot/margin orders (futures take theirs from `intent`). */
  readonly side: Side;
  readonly orderType: OrderType;
  /** Limit orders only; market orders execute as ioc. */
  readonly timeInForce: TicketTif;
  /** Futures only. */
  readonly intent: Intent;
  /** Futures only. */
  readonly marginMode: MarginMode;
  /** TP and SL trigger-by (futures only). */
  readonly triggerBy: 'market' | 'mark';
  /** Spot only. */
  readonly autoBorrow: 'no' | 'yes';
  /** Limit only. */
  readonly pxAmendType: 'no' | 'yes';
  readonly stpMode: StpMode;
  /** Reality pairs only. */
  readonly venue: 'lit_market' | 'internalization';
  /** Reality pairs only. */
  readonly rTokenTimeInForce: 'gtd' | 'gtc';
}

/** Defaults: buy limit gtc, open long, crossed, last-price triggers, everything optional off. */
export const DEFAULT_CHOICES: TicketChoices = {
  side: 'buy',
  orderType: 'limit',
  timeInForce: 'gtc',
  intent: 'open_long',
  marginMode: 'crossed',
  triggerBy: 'market',
  autoBorrow: 'no',
  pxAmendType: 'no',
  stpMode: 'none',
  venue: 'lit_market',
  rTokenTimeInForce: 'gtd',
};

/** The four free-text fields, as typed. */
export interface TicketTexts {
  readonly price: string;
  readonly qty: string;
  readonly takeProfit: string;
  readonly stopLoss: string;
}

/** What the ticket knows about the focused instrument and account. */
export interface TicketEnv {
  readonly category: Category;
  readonly symbol: string;
  /** Undefined while the instrument list has not arrived. */
  readonly inst: Instrument | undefined;
  readonly bestBid: Decimal | null;
  readonly bestAsk: Decimal | null;
  readonly lastPrice: Decimal | null;
  /** The account setting (else a position's; default one_way_mode). */
  readonly holdMode: HoldMode;
  readonly delivery: DeliveryStatus | null;
}

/** Field ids, in screen order. */
export type TicketFieldId = 'side' | 'type' | 'price' | 'qty' | 'tif' | 'intent' | 'sends' | 'margin' | 'tp' | 'sl' | 'trigger' | 'borrow' | 'pxAmend' | 'stp' | 'venue' | 'rtif';

/** Every field in screen order. */
export const TICKET_FIELDS: readonly TicketFieldId[] = ['side', 'type', 'price', 'qty', 'tif', 'intent', 'sends', 'margin', 'tp', 'sl', 'trigger', 'borrow', 'pxAmend', 'stp', 'venue', 'rtif'];

/** Text fields and the text they edit. */
export const TEXT_FIELD_KEYS: Readonly<Partial<Record<TicketFieldId, keyof TicketTexts>>> = { price: 'price', qty: 'qty', tp: 'takeProfit', sl: 'stopLoss' };

/** Rows shown for information only (the cursor skips them). */
export const INFO_FIELDS: ReadonlySet<TicketFieldId> = new Set<TicketFieldId>(['sends']);

const LABELS: Readonly<Record<TicketFieldId, string>> = {
  side: 'side',
  type: 'type',
  price: 'price',
  qty: 'qty',
  tif: 'tif',
  intent: 'intent',
  sends: 'sends',
  margin: 'margin',
  tp: 'take-profit',
  sl: 'stop-loss',
  trigger: 'tp/sl by',
  borrow: 'autoBorrow',
  pxAmend: 'pxAmend',
  stp: 'stpMode',
  venue: 'venue',
  rtif: 'rToken tif',
};

type ChoiceKey = Exclude<keyof TicketChoices, never>;
const CHOICE_OF: Readonly<Partial<Record<TicketFieldId, ChoiceKey>>> = {
  side: 'side',
  type: 'orderType',
  tif: 'timeInForce',
  intent: 'intent',
  margin: 'marginMode',
  trigger: 'triggerBy',
  borrow: 'autoBorrow',
  pxAmend: 'pxAmendType',
  stp: 'stpMode',
  venue: 'venue',
  rtif: 'rTokenTimeInForce',
};
const OPTIONS: { readonly [K in ChoiceKey]: readonly TicketChoices[K][] } = {
  side: ['buy', 'sell'],
  orderType: ['limit', 'market'],
  timeInForce: ['gtc', 'ioc', 'fok', 'post_only'],
  intent: INTENTS,
  marginMode: ['crossed', 'isolated'],
  triggerBy: ['market', 'mark'],
  autoBorrow: ['no', 'yes'],
  pxAmendType: ['no', 'yes'],
  stpMode: ['none', 'cancel_taker', 'cancel_maker', 'cancel_both'],
  venue: ['lit_market', 'internalization'],
  rTokenTimeInForce: ['gtd', 'gtc'],
};

/** True for fields edited as text (price, qty, take-profit, stop-loss). */
export function isTextField(id: TicketFieldId): boolean {
  return TEXT_FIELD_KEYS[id] !== undefined;
}

function cycle<T>(list: readonly T[], value: T, delta: number): T {
  const i = list.indexOf(value);
  return list[(i + delta + list.length * 2) % list.length] ?? value;
}

/** The choices with field `id` moved `delta` options along (wrapping); unchanged for text and info fields. */
export function cycleChoice(choices: TicketChoices, id: TicketFieldId, delta: number): TicketChoices {
  const key = CHOICE_OF[id];
  if (key === undefined) return choices;
  const next = cycle<string>(OPTIONS[key], choices[key], delta);
  return { ...choices, [key]: next };
}

/** `b`/`s`: sets the side; on futures keeps open/close and picks the intent with that side. */
export function quickSide(choices: TicketChoices, side: Side): TicketChoices {
  const closing = choices.intent.startsWith('close');
  const intent: Intent = closing ? (side === 'buy' ? 'close_short' : 'close_long') : side === 'buy' ? 'open_long' : 'open_short';
  return { ...choices, side, intent };
}

/** The side, posSide and reduceOnly the order goes out with. */
export function effectiveOrder(env: TicketEnv, choices: TicketChoices): MappedOrderFields {
  return isFutures(env.category) ? mapIntent(env.holdMode, choices.intent) : { side: choices.side };
}

/** True when the order reduces a position (futures close intents; spot/margin sells). */
export function isClosingOrder(env: TicketEnv, choices: TicketChoices): boolean {
  return isFutures(env.category) ? choices.intent.startsWith('close') : choices.side === 'sell';
}

/** Unit shown beside the quantity: quote coin for spot market buys, "USD (contracts)" for coin-margined. */
export function qtyUnitLabel(env: TicketEnv, side: Side, orderType: OrderType): string {
  if (!env.inst) return '';
  const unit = quantityUnit(env.inst, side, orderType);
  return env.category === 'COIN-FUTURES' ? `${unit} (contracts)` : unit;
}

/** The price prefilled on the first edit: best bid for a buy, best ask for a sell, else the last price. */
export function prefillPrice(env: TicketEnv, side: Side): Decimal | null {
  return (side === 'buy' ? env.bestBid : env.bestAsk) ?? env.lastPrice;
}

/** One field as the panel draws it. */
export interface TicketFieldView {
  readonly id: TicketFieldId;
  readonly label: string;
  /** Display text of the value. */
  readonly value: string;
  readonly unit: string;
  /** Problem with the typed value, shown under the row; null when fine or empty. */
  readonly error: string | null;
  /** Greyed out with this reason when the field does not apply. */
  readonly disabledReason: string | null;
}

/** Everything the ticket shows and sends, derived from its state. */
export interface TicketDerived {
  readonly fields: readonly TicketFieldView[];
  readonly mapped: MappedOrderFields;
  /** The request to send; null while anything is wrong. */
  readonly request: OrderRequest | null;
  /** Why it cannot be sent (first problem), or null. */
  readonly problem: string | null;
  /** The instrument's status refusal or a missing instrument, shown even before typing; null when fine. */
  readonly statusProblem: string | null;
  /** Order value: "970.00 USDT", "≈ 970.00 USDT" (market at the reference price) or "—". */
  readonly notional: string;
  /** Estimated fee text. */
  readonly fee: string;
  /** The order value in the quote coin (null when unknown); approximate for a market order. */
  readonly notionalValue: Decimal | null;
}

const INTENT_TEXT: Readonly<Record<Intent, string>> = { open_long: 'open long', open_short: 'open short', close_long: 'close long', close_short: 'close short' };

/** "sell · posSide long" / "sell · reduceOnly yes" / "buy". */
export function mappedText(m: MappedOrderFields): string {
  return [m.side, m.posSide ? `posSide ${m.posSide}` : '', m.reduceOnly ? 'reduceOnly yes' : ''].filter((t) => t !== '').join(' · ');
}

function disabledReason(id: TicketFieldId, env: TicketEnv, c: TicketChoices, mapped: MappedOrderFields): string | null {
  const futures = isFutures(env.category);
  const reality = env.inst?.isReality ?? false;
  const caps = categoryCapabilities(env.category, reality);
  const market = c.orderType === 'market';
  switch (id) {
    case 'side':
      return futures ? `${mapped.side}, set by the intent` : null;
    case 'price':
      return market ? 'market order: no price' : null;
    case 'tif':
      return market ? 'ioc (market)' : reality ? 'Reality pairs: see rToken tif' : null;
    case 'intent':
    case 'margin':
      return futures ? null : 'futures only';
    case 'sends':
      return futures ? null : `${c.side} (spot/margin: no positions)`;
    case 'tp':
    case 'sl':
      return caps.tpsl === 'none' ? 'coin-margined: no preset TP/SL' : null;
    case 'trigger':
      return caps.tpsl === 'none' ? 'coin-margined: no preset TP/SL' : futures ? null : 'futures only';
    case 'borrow':
      return env.category === 'SPOT' ? null : 'spot only';
    case 'pxAmend':
      return market ? 'limit orders only' : null;
    case 'venue':
    case 'rtif':
      return reality ? null : 'Reality pairs only';
    default:
      return null;
  }
}

function presetProblem(what: string, text: string, env: TicketEnv, side: Side, ref: Decimal | null): string | null {
  if (text === '') return null;
  const value = parseDecimal(text);
  if (value === null) return `${what} "${text}" is not a number (digits and one '.', e.g. 97000.5)`;
  if (env.inst) {
    const p = checkPrice(env.inst, text)[0];
    if (p) return `${what}: ${p.message}`;
  }
  if (ref === null) return null;
  const above = (what === 'take-profit') === (side === 'buy');
  if (above && value.lte(ref)) return `${what} ${text} must be above the ${side} price ${ref.toFixed()}`;
  if (!above && value.gte(ref)) return `${what} ${text} must be below the ${side} price ${ref.toFixed()}`;
  return null;
}

function fmt(d: Decimal): string {
  return d.toDecimalPlaces(2).toFixed(2);
}

/** Derives the field rows, the request and the preview from the ticket's state. */
export function deriveTicket(env: TicketEnv, c: TicketChoices, t: TicketTexts): TicketDerived {
  const mapped = effectiveOrder(env, c);
  const side = mapped.side;
  const inst = env.inst;
  const limit = c.orderType === 'limit';
  const reality = inst?.isReality ?? false;
  const referencePrice = env.lastPrice ?? prefillPrice(env, side);
  const violations = inst && t.qty !== '' ? checkOrder(inst, { side, orderType: c.orderType, qty: t.qty, referencePrice, ...(limit ? { price: t.price } : {}) }) : [];
  const priceError = limit && t.price !== '' ? (inst ? (checkPrice(inst, t.price)[0]?.message ?? null) : parseDecimal(t.price) === null ? `price "${t.price}" is not a number` : null) : null;
  const qtyError = t.qty === '' ? null : (violations.find((v) => v.field === 'qty')?.message ?? (parseDecimal(t.qty) === null ? `quantity "${t.qty}" is not a number` : null));
  const orderError = violations.find((v) => v.field === 'order')?.message ?? null;
  const presetRef = limit ? parseDecimal(t.price) : referencePrice;
  const tpsl = categoryCapabilities(env.category, reality).tpsl !== 'none';
  const tpError = tpsl ? presetProblem('take-profit', t.takeProfit, env, side, presetRef) : null;
  const slError = tpsl ? presetProblem('stop-loss', t.stopLoss, env, side, presetRef) : null;
  const closing = isClosingOrder(env, c);
  const statusProblem = inst ? (closing ? canClose(inst, env.delivery) : canOpen(inst, env.delivery)) : `rules of ${env.symbol} are not loaded yet`;
  const unit = qtyUnitLabel(env, side, c.orderType);

  const fields = TICKET_FIELDS.map((id): TicketFieldView => {
    const reason = disabledReason(id, env, c, mapped);
    const textKey = TEXT_FIELD_KEYS[id];
    const choiceKey = CHOICE_OF[id];
    let value = textKey ? t[textKey] : choiceKey ? String(c[choiceKey]) : '';
    if (id === 'intent') value = INTENT_TEXT[c.intent];
    if (id === 'sends') value = `${mappedText(mapped)} (${env.holdMode === 'hedge_mode' ? 'hedge' : 'one-way'})`;
    const error = id === 'price' ? priceError : id === 'qty' ? qtyError : id === 'tp' ? tpError : id === 'sl' ? slError : null;
    const preset = id === 'tp' ? { text: t.takeProfit, error: tpError } : id === 'sl' ? { text: t.stopLoss, error: slError } : null;
    const pnl = preset && preset.error === null ? presetPnl(preset.text, presetRef, t.qty, side, env, c) : '';
    const fieldUnit = id === 'qty' ? unit : id === 'price' && inst ? inst.quoteCoin : preset && reality ? 'market only' : pnl;
    return { id, label: LABELS[id], value, unit: fieldUnit, error, disabledReason: reason };
  });

  const problem =
    statusProblem ??
    (limit && t.price === '' ? 'enter a price' : null) ??
    priceError ??
    (t.qty === '' ? 'enter a quantity' : null) ??
    qtyError ??
    orderError ??
    tpError ??
    slError;

  const request: OrderRequest | null = problem === null ? buildRequest(env, c, t, mapped, referencePrice) : null;
  const { notional, fee, notionalValue } = preview(env, c, t, side, referencePrice);
  return { fields, mapped, request, problem, statusProblem, notional, fee, notionalValue };
}

function buildRequest(env: TicketEnv, c: TicketChoices, t: TicketTexts, mapped: MappedOrderFields, referencePrice: Decimal | null): OrderRequest {
  const limit = c.orderType === 'limit';
  const futures = isFutures(env.category);
  const reality = env.inst?.isReality ?? false;
  const tpsl = env.category !== 'COIN-FUTURES';
  const tp = tpsl && t.takeProfit !== '' ? t.takeProfit : undefined;
  const sl = tpsl && t.stopLoss !== '' ? t.stopLoss : undefined;
  return {
    category: env.category,
    symbol: env.symbol,
    side: mapped.side,
    orderType: c.orderType,
    qty: t.qty,
    ...(limit ? { price: t.price, ...(reality ? {} : { timeInForce: c.timeInForce }) } : {}),
    ...(mapped.posSide ? { posSide: mapped.posSide } : {}),
    ...(mapped.reduceOnly ? { reduceOnly: true } : {}),
    ...(futures ? { marginMode: c.marginMode } : {}),
    ...(tp ? { takeProfit: tp, ...(futures ? { tpTriggerBy: c.triggerBy } : {}), ...(reality ? { tpOrderType: 'market' as const } : {}) } : {}),
    ...(sl ? { stopLoss: sl, ...(futures ? { slTriggerBy: c.triggerBy } : {}), ...(reality ? { slOrderType: 'market' as const } : {}) } : {}),
    ...(c.stpMode !== 'none' ? { stpMode: c.stpMode } : {}),
    ...(env.category === 'SPOT' && c.autoBorrow === 'yes' ? { autoBorrow: 'yes' as const } : {}),
    ...(limit && c.pxAmendType === 'yes' ? { pxAmendType: 'yes' as const } : {}),
    ...(reality ? { venue: c.venue, rTokenTimeInForce: c.rTokenTimeInForce } : {}),
    ...(!limit && referencePrice ? { referencePrice } : {}),
  };
}

/**
 * The estimated PnL of a take-profit or stop-loss at its trigger, from the entry (the limit price,
 * or the reference price of a market order) and the quantity: "USDT ≈ +48.50 at trigger". Empty
 * when it cannot be said (coin-margined, a quantity in the quote coin, a field not filled in).
 */
function presetPnl(trigger: string, entry: Decimal | null, qtyText: string, side: Side, env: TicketEnv, c: TicketChoices): string {
  const inst = env.inst;
  if (!inst || env.category === 'COIN-FUTURES' || isQuoteQuantity(inst, side, c.orderType)) return '';
  const price = parseDecimal(trigger);
  const qty = parseDecimal(qtyText);
  if (!price || !qty || !entry) return '';
  const pnl = price.minus(entry).times(qty).times(side === 'buy' ? 1 : -1);
  return `${inst.quoteCoin} ≈ ${pnl.gte(0) ? '+' : ''}${pnl.toFixed(2)} at trigger`;
}

function preview(env: TicketEnv, c: TicketChoices, t: TicketTexts, side: Side, referencePrice: Decimal | null): { notional: string; fee: string; notionalValue: Decimal | null } {
  const inst = env.inst;
  const qty = parseDecimal(t.qty);
  if (!inst || qty === null) return { notional: '—', fee: '—', notionalValue: null };
  const limit = c.orderType === 'limit';
  const quote = inst.quoteCoin;
  let value: Decimal | null;
  let approx = false;
  if (isQuoteQuantity(inst, side, c.orderType)) value = qty;
  else if (limit) value = parseDecimal(t.price)?.times(qty) ?? null;
  else {
    value = referencePrice ? referencePrice.times(qty) : null;
    approx = true;
  }
  if (value === null) return { notional: '—', fee: '—', notionalValue: null };
  const notional = `${approx ? '≈ ' : ''}${fmt(value)} ${quote}`;
  const taker = !limit || c.timeInForce === 'ioc' || c.timeInForce === 'fok';
  const pct = (r: Decimal) => `${r.times(100).toFixed()}%`;
  if (taker) return { notionalValue: value, notional, fee: `≈ ${fmt(value.times(inst.takerFeeRate))} ${quote} (taker ${pct(inst.takerFeeRate)})` };
  if (c.timeInForce === 'post_only') return { notionalValue: value, notional, fee: `≈ ${fmt(value.times(inst.makerFeeRate))} ${quote} (maker ${pct(inst.makerFeeRate)})` };
  if (inst.makerFeeRate.eq(inst.takerFeeRate)) return { notionalValue: value, notional, fee: `≈ ${fmt(value.times(inst.takerFeeRate))} ${quote} (${pct(inst.takerFeeRate)})` };
  return { notionalValue: value, notional, fee: `${fmt(value.times(inst.makerFeeRate))}–${fmt(value.times(inst.takerFeeRate))} ${quote} (maker–taker)` };
}

/** The confirmation's lines: exactly what will be sent, one concern per line. */
export function confirmLines(r: OrderRequest, unit: string): readonly string[] {
  const lines = [`${r.side} ${r.qty} ${unit} ${r.symbol} @ ${r.orderType === 'market' ? 'market' : (r.price ?? '?')}`];
  lines.push(`${r.category} · ${r.orderType} · tif ${r.orderType === 'market' ? 'ioc (market)' : (r.timeInForce ?? '(exchange default)')}`);
  const pos = [r.posSide ? `posSide ${r.posSide}` : '', r.reduceOnly ? 'reduceOnly yes' : '', r.marginMode ? `margin ${r.marginMode}` : ''].filter((s) => s !== '');
  if (pos.length > 0) lines.push(pos.join(' · '));
  const preset = [r.takeProfit ? `TP ${r.takeProfit}${r.tpTriggerBy ? ` by ${r.tpTriggerBy}` : ''}${r.tpOrderType ? ` ${r.tpOrderType}` : ''}` : '', r.stopLoss ? `SL ${r.stopLoss}${r.slTriggerBy ? ` by ${r.slTriggerBy}` : ''}${r.slOrderType ? ` ${r.slOrderType}` : ''}` : ''].filter((s) => s !== '');
  if (preset.length > 0) lines.push(preset.join(' · '));
  const extra = [r.stpMode ? `stpMode ${r.stpMode}` : '', r.autoBorrow ? `autoBorrow ${r.autoBorrow}` : '', r.pxAmendType ? `pxAmendType ${r.pxAmendType}` : '', r.venue ? `venue ${r.venue}` : '', r.rTokenTimeInForce ? `rTokenTIF ${r.rTokenTimeInForce}` : ''].filter((s) => s !== '');
  if (extra.length > 0) lines.push(extra.join(' · '));
  return lines;
}

/** The texts of the ticket's prices of `key`: the best bid and ask (the book's, else the ticker's) and the last price. */
export function ticketPriceTexts(s: AppState, key: string): readonly [bid: string | undefined, ask: string | undefined, last: string | undefined] {
  const book = s.market.books[key];
  const ticker = s.market.tickers[key];
  return [book?.bids[0]?.price ?? ticker?.bid1Price.toFixed(), book?.asks[0]?.price ?? ticker?.ask1Price.toFixed(), ticker?.lastPrice.toFixed()];
}

/** The best prices and the last price of `key`, as the ticket uses them (null: none, or not positive). */
export function ticketMarketPrices(s: AppState, key: string): Pick<TicketEnv, 'bestBid' | 'bestAsk' | 'lastPrice'> {
  const positive = (text: string | undefined) => {
    const d = text === undefined ? null : parseDecimal(text);
    return d && d.gt(0) ? d : null;
  };
  const [bid, ask, last] = ticketPriceTexts(s, key);
  return { bestBid: positive(bid), bestAsk: positive(ask), lastPrice: positive(last) };
}

/**
 * The ticket's environment for `ref` apart from the prices: the instrument, the hold mode and the
 * delivery status. The hold mode is the account's setting (polled, and read again right after a mode
 * write or a position push that shows a change); a position's own mode only until the first poll
 * answers (one in `ref`'s category first), else one-way. A stable selection (shallow-equal while
 * nothing changes), so the ticket hook subscribes to it without following the prices.
 */
export function ticketInstrumentEnv(s: AppState, ref: SymbolRef): Omit<TicketEnv, 'bestBid' | 'bestAsk' | 'lastPrice'> {
  const key = symbolKey(ref);
  const set = s.extras.settings?.holdMode;
  // Runs on every store update the ticket sees: the positions are read only until the setting is known.
  const fromPositions = (): HoldMode => {
    const positions = Object.values(s.positions.open);
    return positions.find((p) => p.category === ref.category)?.holdMode ?? positions[0]?.holdMode ?? 'one_way_mode';
  };
  const holdMode: HoldMode = set === 'hedge_mode' || set === 'one_way_mode' ? set : fromPositions();
  return { category: ref.category, symbol: ref.symbol, inst: s.market.instruments[key], holdMode, delivery: s.market.delivery[key] ?? s.market.tickers[key]?.deliveryStatus ?? null };
}

/** The ticket's whole environment for `ref` as the store has it now (the ticket and `utadash order place` both derive from it). */
export function ticketEnvOf(s: AppState, ref: SymbolRef): TicketEnv {
  return { ...ticketInstrumentEnv(s, ref), ...ticketMarketPrices(s, symbolKey(ref)) };
}
