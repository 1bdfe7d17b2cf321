import { Box, Text } from 'ink';
import { checkPrice, checkQuantity, stepPrice } from '../../domain/instrument-rules.js';
import type { Instrument, Order } from '../../domain/model.js';
import { parseDecimal } from '../../domain/money.js';
import type { ModifyChange } from '../../services/order-batch.js';
import { FieldRow } from '../components/FieldRow.js';
import { useAppContext } from '../hooks/app-context.js';
import { useCommand, useRestingField } from '../hooks/use-commands.js';
import { useRefState } from '../hooks/use-ref-state.js';
import { useTextField, type TextField } from '../hooks/use-text-field.js';
import { ORDERS_OVERLAYS } from '../keys/areas/orders.js';
import { Command } from '../keys/commands.js';

/** A new price and/or quantity for one order (wire strings; absent = unchanged). */
export interface OrderEditChange {
  readonly price?: string;
  readonly qty?: string;
}

/** What the edit form makes of its two texts. */
export interface OrderEditCheck {
  /** Problem with the price text, or null. */
  readonly price: string | null;
  /** Problem with the quantity text, or null. */
  readonly qty: string | null;
  /** Problem with the form as a whole (nothing changed), or null. */
  readonly form: string | null;
  /** The change to send; null while anything is wrong. */
  readonly change: OrderEditChange | null;
}

function plainProblem(text: string, what: string): string | null {
  const d = parseDecimal(text);
  if (d === null) return `${what} "${text}" is not a plain decimal number`;
  return d.lte(0) ? `${what} must be above 0` : null;
}

/**
 * Checks a modify of `order` against its instrument's rules (`checkPrice`/`checkQuantity`); without
 * the instrument only "a positive decimal" is checked. Unchanged fields are left out of the change.
 */
export function checkOrderEdit(order: Order, inst: Instrument | undefined, priceText: string, qtyText: string): OrderEditCheck {
  const priceProblem = inst ? (checkPrice(inst, priceText)[0]?.message ?? null) : plainProblem(priceText, 'price');
  const newPrice = priceProblem === null ? parseDecimal(priceText) : null;
  let qtyProblem = inst ? (checkQuantity(inst, qtyText, { side: order.side, orderType: 'limit', price: newPrice ?? order.price })[0]?.message ?? null) : plainProblem(qtyText, 'quantity');
  const newQty = qtyProblem === null ? parseDecimal(qtyText) : null;
  if (newQty && newQty.lte(order.cumExecQty)) qtyProblem = `quantity must stay above the filled ${order.cumExecQty.toFixed()}`;
  if (priceProblem !== null || qtyProblem !== null || !newPrice || !newQty) return { price: priceProblem, qty: qtyProblem, form: null, change: null };
  const priceChanged = order.price === null || !newPrice.eq(order.price);
  const qtyChanged = !newQty.eq(order.qty);
  if (!priceChanged && !qtyChanged) return { price: null, qty: null, form: 'nothing changed: edit the price or the quantity', change: null };
  return { price: null, qty: null, form: null, change: { ...(priceChanged ? { price: priceText } : {}), ...(qtyChanged ? { qty: qtyText } : {}) } };
}

const NUMBER_KEYS = /^[0-9.]$/;
/** A price or quantity field. */
const NUMBER_FIELD = { accept: NUMBER_KEYS, maxLength: 24, takes: 'digits and .' } as const;

/** What a modify form's keys leave for it to render. */
interface FieldCursor {
  /** Index of the selected field. */
  readonly at: number;
  /** Ends any edit now (the text stays). */
  stopEditing(): void;
}

/**
 * The modify forms' keys, the same as every form's: ↑/↓, j/k and Tab move between the fields,
 * Enter edits the selected one or finishes the edit, Esc (or n) finishes an edit, else closes.
 * The selected field is the resting field: a character it accepts starts editing it at once.
 */
function useFieldCursor(fields: readonly TextField[], onCancel: () => void): FieldCursor {
  const { store } = useAppContext();
  const [at, setAt, atNow] = useRefState(0);
  // Handlers and the resolver read the present (refs): keys of one burst run before any render.
  const editingNow = (): TextField | null => fields.find((f) => f.isEditing()) ?? null;
  const stopEditing = () => {
    for (const f of fields) if (f.isEditing()) f.stopEditing();
  };
  const go = (delta: number) => {
    stopEditing();
    setAt((from) => (from + delta + fields.length) % fields.length);
  };
  useRestingField(() => (store.getState().ui.overlay === ORDERS_OVERLAYS.edit && editingNow() === null ? (fields[atNow.current] ?? null) : null));
  useCommand(Command.ORDERS_EDIT_NEXT_FIELD, () => go(1));
  useCommand(Command.ORDERS_EDIT_PREV_FIELD, () => go(-1));
  useCommand(Command.ORDERS_EDIT_ENTER, () => (editingNow() ? stopEditing() : fields[atNow.current]?.startEditing()));
  useCommand(Command.ORDERS_EDIT_CANCEL, () => (editingNow() ? stopEditing() : onCancel()));
  return { at, stopEditing };
}

/** Props of the single-order modify form. */
export interface OrderEditOverlayProps {
  /** The order being modified (a limit order of a category that supports modify). */
  readonly order: Order;
  /** Its instrument (from `market.instruments`); undefined = rules not loaded, only numbers are checked. */
  readonly instrument: Instrument | undefined;
  /** Outer width in columns (min 30). */
  readonly width: number;
  /** Called with a valid change on `o`, to review it; never called while a field is invalid. */
  readonly onSubmit: (change: OrderEditChange) => void;
  /** Escape or n (when no field is being edited). */
  readonly onCancel: () => void;
}

/**
 * Modify price/qty in place: two prefilled fields, checked as you type (typing on the selected field
 * replaces its value); `o` reviews, the orders panel's question then sends on `y`. 6 rows tall (+1
 * per error). Scope `overlay.orderEdit`.
 */
export function OrderEditOverlay({ order, instrument, width, onSubmit, onCancel }: OrderEditOverlayProps) {
  const { theme } = useAppContext();
  const price = useTextField({ ...NUMBER_FIELD, initial: order.price?.toFixed() ?? '', label: 'price' });
  const qty = useTextField({ ...NUMBER_FIELD, initial: order.qty.toFixed(), label: 'qty' });
  const { at, stopEditing } = useFieldCursor([price, qty], onCancel);
  // Checked from the texts on screen at every render: a fixed field clears its error at once.
  const check = checkOrderEdit(order, instrument, price.value, qty.value);
  // `o` reviews the text as typed by now (digits and keys may share one stdin chunk), never the
  // last render's, or a half-typed price would be reviewed.
  const checkNow = () => checkOrderEdit(order, instrument, price.current(), qty.current());
  useCommand(
    Command.ORDERS_EDIT_SUBMIT,
    () => {
      const c = checkNow();
      if (!c.change) return;
      stopEditing();
      onSubmit(c.change);
    },
    () => {
      const c = checkNow();
      return c.change ? null : (c.price ?? c.qty ?? c.form ?? 'fix the fields first');
    },
  );
  const base = instrument?.baseCoin;
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.accent ?? undefined} width={width} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">{`Modify ${order.side} ${order.symbol} ${order.orderId}`}</Text>
      <FieldRow label="price" value={price.value} selected={at === 0} editing={price.editing} error={check.price} labelWidth={6} {...(instrument ? { unit: instrument.quoteCoin } : {})} />
      <FieldRow label="qty" value={qty.value} selected={at === 1} editing={qty.editing} error={check.qty} labelWidth={6} {...(base ? { unit: base } : {})} />
      <Text wrap="truncate-end" color={(check.form ? theme.warn : theme.muted) ?? undefined}>
        {check.form ?? (instrument ? 'type to edit · o review · Esc close' : 'rules not loaded: numbers only · o review')}
      </Text>
    </Box>
  );
}

/** What the batch form makes of its texts. */
export interface BatchEditCheck {
  /** Problem to show (first one found), or null. */
  readonly problem: string | null;
  /** One change per order; null while anything is wrong. */
  readonly changes: readonly ModifyChange[] | null;
}

/**
 * A batch modify: every order's price moved by `ticksText` price steps (signed integer, '' or 0 =
 * unchanged) and/or every quantity set to `qtyText` ('' = unchanged), each checked against its
 * instrument's rules.
 */
export function checkBatchEdit(orders: readonly Order[], instruments: Readonly<Record<string, Instrument>>, ticksText: string, qtyText: string): BatchEditCheck {
  if (orders.length === 0) return { problem: 'no orders selected', changes: null };
  if (ticksText !== '' && !/^[+-]?\d{1,6}$/.test(ticksText)) return { problem: `tick offset "${ticksText}" must be a whole number, e.g. -2 or 3`, changes: null };
  const ticks = ticksText === '' ? 0 : Number.parseInt(ticksText, 10);
  if (ticks === 0 && qtyText === '') return { problem: 'nothing to change: give a tick offset or a new quantity', changes: null };
  const changes: ModifyChange[] = [];
  for (const o of orders) {
    const inst = instruments[`${o.category}:${o.symbol}`];
    if (!inst) return { problem: `rules of ${o.symbol} are not loaded yet; cannot check order ${o.orderId}`, changes: null };
    let price: string | undefined;
    if (ticks !== 0) {
      if (o.price === null) return { problem: `order ${o.orderId} is a market order: no price to move`, changes: null };
      price = stepPrice(inst, o.price, ticks).toFixed();
      const p = checkPrice(inst, price)[0];
      if (p) return { problem: `order ${o.orderId}: ${p.message}`, changes: null };
    }
    if (qtyText !== '') {
      const q = checkQuantity(inst, qtyText, { side: o.side, orderType: 'limit', price: price === undefined ? o.price : parseDecimal(price) })[0];
      if (q) return { problem: `order ${o.orderId}: ${q.message}`, changes: null };
      const nq = parseDecimal(qtyText);
      if (nq && nq.lte(o.cumExecQty)) return { problem: `order ${o.orderId}: quantity must stay above the filled ${o.cumExecQty.toFixed()}`, changes: null };
    }
    changes.push({ orderId: o.orderId, ...(price === undefined ? {} : { price }), ...(qtyText === '' ? {} : { qty: qtyText }) });
  }
  return { problem: null, changes };
}

/** Props of the batch modify form. */
export interface OrderBatchEditOverlayProps {
  /** The selected orders (one category, at most 20). */
  readonly orders: readonly Order[];
  /** `market.instruments`, keyed `CATEGORY:SYMBOL`. */
  readonly instruments: Readonly<Record<string, Instrument>>;
  /** Outer width in columns (min 30). */
  readonly width: number;
  /** Called with valid changes on `o`, to review them; never while invalid. */
  readonly onSubmit: (changes: readonly ModifyChange[]) => void;
  /** Escape or n (when no field is being edited). */
  readonly onCancel: () => void;
}

/** Batch modify: a price offset in ticks and/or one new quantity for every selected order; 6 rows tall. Scope `overlay.orderEdit`. */
export function OrderBatchEditOverlay({ orders, instruments, width, onSubmit, onCancel }: OrderBatchEditOverlayProps) {
  const { theme } = useAppContext();
  const ticks = useTextField({ initial: '', accept: /^[0-9+-]$/, maxLength: 7, label: 'ticks', takes: 'digits, + and -' });
  const qty = useTextField({ ...NUMBER_FIELD, initial: '', label: 'qty' });
  const { at, stopEditing } = useFieldCursor([ticks, qty], onCancel);
  const check = checkBatchEdit(orders, instruments, ticks.value, qty.value);
  const checkNow = () => checkBatchEdit(orders, instruments, ticks.current(), qty.current());
  useCommand(
    Command.ORDERS_EDIT_SUBMIT,
    () => {
      const c = checkNow();
      if (!c.changes) return;
      stopEditing();
      onSubmit(c.changes);
    },
    () => {
      const c = checkNow();
      return c.changes ? null : (c.problem ?? 'fix the fields first');
    },
  );
  return (
    <Box flexDirection="column" borderStyle="double" borderColor={theme.accent ?? undefined} width={width} flexShrink={0} overflow="hidden">
      <Text bold wrap="truncate-end">{`Modify ${orders.length} ${orders[0]?.category ?? ''} orders`}</Text>
      <FieldRow label="ticks" value={ticks.value} placeholder="0 (price unchanged)" selected={at === 0} editing={ticks.editing} labelWidth={6} />
      <FieldRow label="qty" value={qty.value} placeholder="unchanged" selected={at === 1} editing={qty.editing} labelWidth={6} />
      <Text wrap="truncate-end" color={(check.problem && (ticks.value !== '' || qty.value !== '') ? theme.danger : theme.muted) ?? undefined}>
        {check.problem ?? `o: review ${check.changes?.length ?? 0} changes · Esc close`}
      </Text>
    </Box>
  );
}
