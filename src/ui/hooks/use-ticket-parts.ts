import { useEffect, useState } from 'react';
import type { Decimal } from 'decimal.js';
import { parseDecimal } from '../../domain/money.js';
import type { OrderGuardResult, OrderWarning, OrderWarningKind } from '../../domain/order-warnings.js';
import type { MaxOpen } from '../../domain/trade-queries.js';
import type { OrderRequest } from '../../services/order-request.js';
import { useAppContext } from './app-context.js';
import { useAppStore } from './use-app-store.js';
import type { Modal } from './use-modal.js';
import { prefillPrice, type TicketChoices, type TicketDerived, type TicketEnv } from '../forms/ticket-form.js';

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

/** Debounce of the max-open-available lookup, ms. */
export const MAX_OPEN_DEBOUNCE_MS = 300;

/** The ticket's max-open line from the account service's answer ("—" for a figure the exchange left empty). */
export function maxOpenState(m: MaxOpen): MaxOpenState {
  return { kind: 'ok', available: m.available?.toFixed() ?? '—', maxOpen: m.maxOpen?.toFixed() ?? '—' };
}

/** An unknown outcome follows its submission: the placement watch settles it later (found or not placed). */
export function useFollowedOutcome(outcome: TicketOutcome | null): TicketOutcome | null {
  const followed = useAppStore((s) => (outcome?.clientOid ? s.orders.submissions[outcome.clientOid] : undefined));
  if (outcome?.kind !== 'unknown' || !followed) return outcome;
  if (followed.state === 'accepted') return { kind: 'accepted', text: `accepted (after checking): ${followed.label} · ${followed.clientOid}` };
  if (followed.state === 'rejected') return { kind: 'rejected', text: `${followed.error ?? 'not placed'} · ${followed.clientOid}` };
  if (followed.state === 'unknown' && followed.error) return { ...outcome, text: `unknown: ${followed.error} · ${followed.clientOid}` };
  return outcome;
}

/** The symbol's leverage (futures) from the account settings, and what max-open depends on besides the ticket. */
export function useTicketLeverage(env: TicketEnv): { readonly leverageNow: Decimal | null; readonly leverageSig: string } {
  const leverageSig = useAppStore((s) => {
    const l = s.extras.settings?.symbolLeverage.filter((x) => x.category === env.category && x.symbol === env.symbol) ?? [];
    return `${s.extras.settings?.holdMode ?? ''}|${l.map((x) => `${x.marginMode}:${x.leverage.toFixed()}`).join(',')}`;
  });
  const leverageNow = useAppStore((s) => s.extras.settings?.symbolLeverage.find((x) => x.category === env.category && x.symbol === env.symbol)?.leverage ?? null);
  return { leverageNow, leverageSig };
}

/** What the max-open lookup asks about. */
export interface MaxOpenQuery {
  readonly env: TicketEnv;
  /** The ticket's env with the prices of now (for the price a limit query would prefill). */
  readonly envNow: () => TicketEnv;
  readonly orderType: TicketChoices['orderType'];
  readonly side: 'buy' | 'sell';
  readonly priceText: string;
  readonly readOnly: boolean;
  /** Changes when the leverage, margin mode or hold mode does (see useTicketLeverage). */
  readonly leverageSig: string;
}

/** Max open available for the ticket's side and type: asked again (debounced) whenever one of them changes; never throws. */
export function useMaxOpen(q: MaxOpenQuery): MaxOpenState {
  const { services } = useAppContext();
  const [maxOpen, setMaxOpen] = useState<MaxOpenState>({ kind: 'none' });
  const { env, orderType, side, priceText, readOnly } = q;
  useEffect(() => {
    setMaxOpen({ kind: 'none' });
    if (readOnly) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      // A limit query needs its price (official page): the typed one, else the price it would prefill.
      const price = orderType === 'limit' ? (parseDecimal(priceText) ?? prefillPrice(q.envNow(), side) ?? undefined) : undefined;
      if (orderType === 'limit' && price === undefined) return;
      services.account
        .getMaxOpen({ category: env.category, symbol: env.symbol, orderType, side, ...(price === undefined ? {} : { price }) })
        .then((m) => live && setMaxOpen(maxOpenState(m)))
        .catch(() => live && setMaxOpen({ kind: 'failed' }));
    }, MAX_OPEN_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [env.category, env.symbol, orderType, side, readOnly, priceText, q.leverageSig]);
  return maxOpen;
}

/** The leverage line and the max-open warning under the fields. */
export interface TicketMargin {
  /** Futures: the symbol's leverage (null: spot/margin, or not known yet). */
  readonly leverage: Decimal | null;
  /** Futures: the margin the order needs at that leverage, as text ("48.00 USDT"), or null. */
  readonly marginNeed: string | null;
  /** The quantity is above the exchange's max-open for this side: the warning, else null. */
  readonly overMaxOpen: string | null;
}

/** The ticket's margin figures from its derived value, the leverage and the max-open answer. */
export function ticketMargin(env: TicketEnv, derived: TicketDerived, leverageNow: Decimal | null, orderType: TicketChoices['orderType'], qtyText: string, maxOpen: MaxOpenState): TicketMargin {
  const futures = env.category === 'USDT-FUTURES' || env.category === 'USDC-FUTURES' || env.category === 'COIN-FUTURES';
  const leverage = futures ? leverageNow : null;
  // Coin-margined margin is in the base coin: the leverage alone is shown there.
  const marginCoin = env.category === 'COIN-FUTURES' ? null : leverage;
  const quote = env.inst?.quoteCoin ?? '';
  const marginNeed = marginCoin && marginCoin.gt(0) && derived.notionalValue ? `${orderType === 'market' ? '≈ ' : ''}${derived.notionalValue.div(marginCoin).toFixed(2)} ${quote}` : null;
  const typedQty = parseDecimal(qtyText);
  const maxQty = maxOpen.kind === 'ok' ? parseDecimal(maxOpen.maxOpen) : null;
  const overMaxOpen = typedQty && maxQty && typedQty.gt(maxQty) ? `qty ${typedQty.toFixed()} is above max open ${maxQty.toFixed()}: the exchange will likely refuse it` : null;
  return { leverage, marginNeed, overMaxOpen };
}

/** What the confirmation needs from the ticket. */
export interface TicketConfirmDeps {
  /** The confirmation's modal (opened before the prices are watched: an open one watches them). */
  readonly modal: Modal<OrderRequest>;
  /** The ticket as it is now (keys earlier in the same burst included). */
  readonly derivedNow: () => TicketDerived;
  readonly stopEditing: () => void;
  readonly setOutcome: (o: TicketOutcome | null) => void;
  readonly checkGuards: (request: OrderRequest) => OrderGuardResult;
}

/** The review (`o`), the confirmation's y / n, and sending. */
export interface TicketConfirm {
  readonly guard: TicketGuardView | null;
  readonly review: () => void;
  readonly confirmYes: () => void;
  readonly close: () => void;
}

/**
 * The ticket's confirmation: `o` reviews (the order guards may refuse), y sends. The guards run
 * again on y: a refusal closes it; no warnings sends at once; otherwise the first y acknowledges the
 * warnings shown and a second y sends (a new kind of warning needs acknowledging again). Enter never
 * sends (TICKET_CONFIRM_ENTER only says so).
 */
export function useTicketConfirm({ modal, derivedNow, stopEditing, setOutcome, checkGuards }: TicketConfirmDeps): TicketConfirm {
  const { store, services, now } = useAppContext();
  const trading = services.trading;
  /** Warning kinds the user acknowledged with a first y; null = none yet. */
  const [acked, setAcked] = useState<readonly OrderWarningKind[] | null>(null);
  const confirming = modal.shown;
  const review = () => {
    stopEditing();
    const d = derivedNow();
    if (!d.request) return setOutcome({ kind: 'refused', text: `not sent: ${d.problem ?? 'fix the fields first'}` });
    const refusal = checkGuards(d.request).refusal;
    if (refusal) return setOutcome({ kind: 'refused', text: `not sent: ${refusal}` });
    setAcked(null);
    modal.open(d.request);
    return undefined;
  };
  const close = () => {
    modal.close();
    setAcked(null);
  };
  const send = (request: OrderRequest, overridden: readonly OrderWarning[]) => {
    close();
    if (!trading) return;
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
  const confirmYes = () => {
    if (!confirming) return;
    const g = checkGuards(confirming);
    if (g.refusal) {
      close();
      setOutcome({ kind: 'refused', text: `not sent: ${g.refusal}` });
      return;
    }
    const kinds = g.warnings.map((w) => w.kind);
    if (kinds.length === 0) return send(confirming, []);
    const covered = acked !== null && kinds.every((k) => acked.includes(k));
    if (!covered) return setAcked(kinds);
    send(confirming, g.warnings);
  };
  const warnings = confirming ? checkGuards(confirming).warnings : [];
  const guard: TicketGuardView | null = confirming ? { warnings, armed: warnings.length > 0 && acked !== null && warnings.every((w) => acked.includes(w.kind)) } : null;
  return { guard, review, confirmYes, close };
}
