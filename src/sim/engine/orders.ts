/**
 * Order records of every account: lookup by orderId and by clientOid (unique among an account's
 * open orders), the open-order count per line (400 futures, 400 spot+margin), the state machine
 * (terminal states stay final) and the fill journal.
 */
import { Decimal } from 'decimal.js';
import { Codes, isOpen, lineOf, reject, type OrderState, type SimFill, type SimOrder } from './types.js';

/** Open orders allowed per line (futures; spot and margin together). */
export const MAX_OPEN_ORDERS_PER_LINE = 400;

const TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  new: ['new', 'partially_filled', 'filled', 'cancelled'],
  partially_filled: ['partially_filled', 'filled', 'cancelled'],
  filled: [],
  cancelled: [],
};

/** True if the state machine allows `from` → `to`. */
export function canTransition(from: OrderState, to: OrderState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Every order and fill. */
export class OrderStore {
  private readonly byId = new Map<string, SimOrder>();
  /** uid → clientOid → open order. */
  private readonly openOids = new Map<string, Map<string, SimOrder>>();
  /** Orders in creation order. */
  readonly orders: SimOrder[] = [];
  /** Fills in execution order. */
  readonly fills: SimFill[] = [];
  private nextId: number;
  private nextSeq = 1;

  /** @param idBase first order id (ids grow, so newer orders have larger ids) */
  constructor(idBase: number) {
    this.nextId = idBase;
  }

  /** A fresh order id. */
  newId(): string {
    this.nextId += 1;
    return String(this.nextId);
  }

  /** A fresh time-priority sequence number. */
  newSeq(): number {
    return this.nextSeq++;
  }

  /** Refuses a clientOid already used by an open order of `uid` (40786). */
  assertClientOidFree(uid: string, clientOid: string): void {
    if (clientOid !== '' && this.openOids.get(uid)?.has(clientOid))
      reject(Codes.DUPLICATE_CLIENT_OID, `Duplicate clientOid "${clientOid}": an open order of this account already uses it; choose another`);
  }

  /** Refuses a new order when the line already holds 400 open orders. */
  assertLineRoom(order: Pick<SimOrder, 'uid' | 'category'>, adding = 1): void {
    const line = lineOf(order.category);
    const count = this.openOf(order.uid).filter((o) => lineOf(o.category) === line).length;
    if (count + adding > MAX_OPEN_ORDERS_PER_LINE)
      reject(Codes.OPEN_ORDER_LIMIT, `Open order limit: at most ${MAX_OPEN_ORDERS_PER_LINE} open ${line === 'futures' ? 'futures' : 'spot and margin'} orders; cancel some first`);
  }

  /** Records a new order (state new). */
  add(order: SimOrder): void {
    this.byId.set(order.orderId, order);
    this.orders.push(order);
    if (order.clientOid !== '' && isOpen(order)) this.oidMap(order.uid).set(order.clientOid, order);
  }

  private oidMap(uid: string): Map<string, SimOrder> {
    let m = this.openOids.get(uid);
    if (!m) {
      m = new Map();
      this.openOids.set(uid, m);
    }
    return m;
  }

  /** Moves an order to `to` (throws on an illegal transition: a bug, not a user error). */
  transition(order: SimOrder, to: OrderState, now: number): void {
    if (!canTransition(order.state, to)) throw new Error(`order ${order.orderId}: illegal transition ${order.state} → ${to}`);
    order.state = to;
    order.updatedTime = now;
    if (!isOpen(order) && order.clientOid !== '') {
      const m = this.openOids.get(order.uid);
      if (m?.get(order.clientOid) === order) m.delete(order.clientOid);
    }
  }

  /** Finds an order of `uid` by orderId (wins) or clientOid (open orders first, then newest). */
  find(uid: string, orderId: string | undefined, clientOid: string | undefined): SimOrder | null {
    if (orderId !== undefined && orderId !== '') {
      const o = this.byId.get(orderId);
      return o && o.uid === uid ? o : null;
    }
    if (clientOid !== undefined && clientOid !== '') {
      const open = this.openOids.get(uid)?.get(clientOid);
      if (open) return open;
      for (let i = this.orders.length - 1; i >= 0; i -= 1) {
        const o = this.orders[i];
        if (o && o.uid === uid && o.clientOid === clientOid) return o;
      }
    }
    return null;
  }

  /** Finds an open order or answers 25204 naming why. */
  requireOpen(uid: string, orderId: string | undefined, clientOid: string | undefined, action: string): SimOrder {
    const o = this.find(uid, orderId, clientOid);
    const ref = orderId !== undefined && orderId !== '' ? `orderId ${orderId}` : `clientOid ${clientOid ?? ''}`;
    if (!o) return reject(Codes.ORDER_NOT_FOUND, `Order does not exist: no order with ${ref} on this account`);
    if (!isOpen(o)) return reject(Codes.ORDER_NOT_FOUND, `Order does not exist: ${ref} is already ${o.state}; it cannot be ${action}`);
    return o;
  }

  /** Open orders of an account, oldest first. */
  openOf(uid: string): SimOrder[] {
    return this.orders.filter((o) => o.uid === uid && isOpen(o));
  }

  /** Drops every order and fill of an account. */
  clear(uid: string): void {
    for (let i = this.orders.length - 1; i >= 0; i -= 1) {
      const o = this.orders[i];
      if (o?.uid === uid) {
        this.orders.splice(i, 1);
        this.byId.delete(o.orderId);
      }
    }
    for (let i = this.fills.length - 1; i >= 0; i -= 1) if (this.fills[i]?.order.uid === uid) this.fills.splice(i, 1);
    this.openOids.delete(uid);
  }

  /** Sum of remaining close quantity of open orders on a position side (the position's frozen size). */
  frozenFor(uid: string, category: string, symbol: string, posSide: string): Decimal {
    let sum = new Decimal(0);
    for (const o of this.orders) {
      if (o.uid !== uid || !isOpen(o) || o.category !== category || o.symbol !== symbol) continue;
      const closes = o.tradeSide === 'close' && o.posSide === posSide;
      if (closes) sum = sum.plus(o.qty.minus(o.filledQty));
    }
    return sum;
  }
}
