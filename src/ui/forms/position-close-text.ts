import type { Category, Position } from '../../domain/model.js';
import { Decimal } from 'decimal.js';
import { closePositionOrder, type MappedOrderFields, type ReducePositionOrder } from '../../domain/position-mapping.js';
import type { BatchOutcome } from '../../services/order-batch.js';
import type { OrderOutcome } from '../../services/order-service.js';

/** Text of the close confirmations and of their outcomes (pure; the panel renders it). */

/** How the last close action ended, as shown in the panel until the next action. */
export interface PositionActionResult {
  /** sending: waiting for the exchange; cancelled: the user said no (nothing sent). */
  readonly status: 'sending' | 'accepted' | 'rejected' | 'unknown' | 'cancelled';
  readonly text: string;
}

/** A confirmation: its question and the lines saying exactly what will be sent. */
export interface ConfirmText {
  readonly question: string;
  readonly details: readonly string[];
}

/** `BTCUSDT long` — how a position is named in messages. */
export function positionLabel(p: Pick<Position, 'symbol' | 'posSide'>): string {
  return `${p.symbol} ${p.posSide}`;
}

/**
 * The confirmation of closing one position: the mapped order fields (hedge: side + posSide;
 * one-way: opposite side + reduceOnly=yes), market, the quantity and margin mode. Null when there
 * is nothing available to close.
 */
export function closeConfirmText(p: Position): ConfirmText | null {
  const o = closePositionOrder(p);
  if (!o) return null;
  const fields = mappedFieldsText(o);
  const why = holdModeWhy(p);
  return {
    question: `Close ${positionLabel(p)} ${o.qty} at market?`,
    details: [`send: ${fields}`, `orderType=market qty=${o.qty} ${o.marginMode}`, why, `${o.category} ${o.symbol}`],
  };
}

/**
 * The confirmation of closing every position of `category`: how many, the request sent, then one
 * line per position (`maxLines` detail lines at most, the rest counted), with the reason for any
 * that cannot close.
 */
export function closeAllConfirmText(category: Category, positions: readonly Position[], blocked: (p: Position) => string | null, maxLines: number): ConfirmText {
  const list = positions.filter((p) => p.category === category);
  const lines = list.map((p) => {
    const why = blocked(p);
    return `${positionLabel(p)} ${p.size.toFixed()}${why ? ` (blocked: ${why})` : ''}`;
  });
  const room = Math.max(0, maxLines - 1);
  const shown = lines.length > room ? [...lines.slice(0, Math.max(0, room - 1)), `+${lines.length - Math.max(0, room - 1)} more`] : lines;
  return { question: `Close all ${list.length} ${category} at market?`, details: [`send: close-positions category=${category}`, ...shown.slice(0, room)].slice(0, Math.max(0, maxLines)) };
}

/** `side=sell reduceOnly=yes` or `side=buy posSide=short`: the mapped fields as sent. */
function mappedFieldsText(o: MappedOrderFields): string {
  return o.posSide ? `side=${o.side} posSide=${o.posSide}` : `side=${o.side} reduceOnly=${o.reduceOnly ?? 'no'}`;
}

function holdModeWhy(p: Pick<Position, 'holdMode'>): string {
  return p.holdMode === 'hedge_mode' ? 'hedge mode: same posSide, closing side' : 'one-way mode: opposite side, reduce-only';
}

/** `50%`: the share of the size a quantity is (two decimals at most). */
export function shareOfSize(qty: Decimal, size: Decimal): string {
  return size.gt(0) ? `${qty.div(size).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed()}%` : '-';
}

/**
 * The review of a partial or limit close: how much of the position (and its share of the size),
 * at market or at the limit price, the mapped fields as sent, what is left after it fills, and
 * for a limit that it rests as a reduce-only (one-way) or posSide close (hedge) order.
 */
export function reduceConfirmText(p: Position, o: ReducePositionOrder): ConfirmText {
  const qty = new Decimal(o.qty);
  const at = o.orderType === 'market' ? 'at market' : `at limit ${o.price ?? '?'}`;
  const left = Decimal.max(0, p.size.minus(qty));
  const rests = o.orderType === 'limit' ? `; rests as a ${o.reduceOnly ? 'reduce-only' : `posSide=${o.posSide ?? '?'} close`} order until filled` : '';
  return {
    question: `Close ${o.qty} of ${positionLabel(p)} ${p.size.toFixed()} (${shareOfSize(qty, p.size)}) ${at}?`,
    details: [
      `send: ${mappedFieldsText(o)}`,
      `orderType=${o.orderType}${o.price === undefined ? '' : ` price=${o.price}`} qty=${o.qty} ${o.marginMode}`,
      `leaves ${left.toFixed()} of ${p.size.toFixed()}${rests}`,
      holdModeWhy(p),
    ],
  };
}

/**
 * The panel line of a single close's outcome; `part` names a partial or limit close
 * ("0.01 @ 98000"), absent for a whole close at market.
 */
export function closeOutcomeText(p: Pick<Position, 'symbol' | 'posSide'>, o: OrderOutcome, part?: string): PositionActionResult {
  const what = `close ${part === undefined ? '' : `${part} of `}${positionLabel(p)}`;
  switch (o.status) {
    case 'accepted':
      return { status: 'accepted', text: `${what}: accepted${o.orderId ? ` (order ${o.orderId})` : ''}` };
    case 'rejected':
      return { status: 'rejected', text: `${what}: rejected${o.sent ? '' : ' here, nothing sent'} — ${o.error ?? 'no reason given'}` };
    case 'unknown':
      return { status: 'unknown', text: `${what}: result unknown — ${o.error ?? 'no reply'}; check positions before retrying` };
  }
}

/** The panel line of a close-all outcome, with per-order counts. */
export function closeAllOutcomeText(category: Category, o: BatchOutcome): PositionActionResult {
  const what = `close all ${category}`;
  switch (o.status) {
    case 'accepted': {
      const ok = o.items.filter((i) => i.status === 'accepted').length;
      const bad = o.items.filter((i) => i.status !== 'accepted');
      const first = bad[0];
      const tail = first ? `; not accepted: ${first.error ?? first.status}` : '';
      return { status: bad.length > 0 ? 'rejected' : 'accepted', text: `${what}: ${ok}/${o.items.length} orders accepted${tail}` };
    }
    case 'rejected':
      return { status: 'rejected', text: `${what}: rejected${o.sent ? '' : ' here, nothing sent'} — ${o.error ?? 'no reason given'}` };
    case 'unknown':
      return { status: 'unknown', text: `${what}: result unknown — ${o.error ?? 'no reply'}; check positions before retrying` };
  }
}
