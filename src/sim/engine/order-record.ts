/**
 * The one constructor of `SimOrder` records: a fresh id, sequence number and timestamps from the
 * core, the defaults every new order starts with (state new, nothing filled, locked or reserved),
 * and the fields that differ between user placement, system (agent) orders and liquidation/delivery
 * closes.
 */
import type { Decimal } from 'decimal.js';
import type { SimSide } from '../contract.js';
import type { EngineCore } from './core.js';
import { ZERO, type EngineInstrument, type SimOrder } from './types.js';

/** What a new order must say; the optional fields default as noted. Category and symbol come from `inst`. */
export interface NewOrderFields {
  readonly uid: string;
  readonly inst: EngineInstrument;
  readonly side: SimSide;
  readonly orderType: SimOrder['orderType'];
  readonly timeInForce: SimOrder['timeInForce'];
  /** Limit price; null for market orders. */
  readonly price: Decimal | null;
  /** Ordered quantity (quote amount when `quoteQty`). */
  readonly qty: Decimal;
  /** Default "". */
  readonly clientOid?: string;
  /** Default false. */
  readonly quoteQty?: boolean;
  /** Default "" (set by the first fill). */
  readonly feeCoin?: string;
  /** Default null (spot, margin, system orders). */
  readonly posSide?: SimOrder['posSide'];
  /** Default null. */
  readonly sentPosSide?: SimOrder['sentPosSide'];
  /** Default one_way_mode. */
  readonly holdMode?: SimOrder['holdMode'];
  /** Default "". */
  readonly tradeSide?: SimOrder['tradeSide'];
  /** Default false. */
  readonly reduceOnly?: boolean;
  /** Default none. */
  readonly stpMode?: SimOrder['stpMode'];
  /** Default crossed. */
  readonly marginMode?: SimOrder['marginMode'];
  /** Default 1. */
  readonly leverage?: number;
  /** Default normal. */
  readonly execType?: SimOrder['execType'];
  /** Preset TP/SL wire strings; default none. */
  readonly tpsl?: Record<string, string>;
}

/** Builds a new order record in state `new` (not yet added to the order store). */
export function newOrderRecord(core: EngineCore, f: NewOrderFields): SimOrder {
  const now = core.now();
  return {
    orderId: core.orders.newId(),
    clientOid: f.clientOid ?? '',
    uid: f.uid,
    category: f.inst.category,
    symbol: f.inst.symbol,
    inst: f.inst,
    side: f.side,
    orderType: f.orderType,
    timeInForce: f.timeInForce,
    price: f.price,
    qty: f.qty,
    quoteQty: f.quoteQty ?? false,
    filledQty: ZERO,
    filledValue: ZERO,
    fee: ZERO,
    feeCoin: f.feeCoin ?? '',
    posSide: f.posSide ?? null,
    sentPosSide: f.sentPosSide ?? null,
    holdMode: f.holdMode ?? 'one_way_mode',
    tradeSide: f.tradeSide ?? '',
    reduceOnly: f.reduceOnly ?? false,
    stpMode: f.stpMode ?? 'none',
    marginMode: f.marginMode ?? 'crossed',
    leverage: f.leverage ?? 1,
    state: 'new',
    cancelReason: '',
    cancelSource: '',
    execType: f.execType ?? 'normal',
    createdTime: now,
    updatedTime: now,
    seq: core.orders.newSeq(),
    lockCoin: '',
    locked: ZERO,
    reservedMargin: ZERO,
    tpsl: f.tpsl ?? {},
    pnl: ZERO,
    lastExecId: '',
  };
}
