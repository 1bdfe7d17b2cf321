import { Text } from 'ink';
import type { Instrument, Position } from '../../domain/model.js';
import { checkReduce } from '../../domain/position-mapping.js';
import { useAppContext } from '../hooks/app-context.js';
import { positionLabel, shareOfSize } from '../forms/position-close-text.js';
import type { ReduceFields } from '../hooks/use-position-reduce.js';
import { FieldRow } from './FieldRow.js';

/** Props of the reduce form. */
export interface PositionReduceFormProps {
  /** The position being reduced, live from the store. */
  readonly position: Position;
  /** Its instrument; undefined = rules not loaded (only numbers and the available size are checked). */
  readonly instrument: Instrument | undefined;
  /** The form's fields and cursor (from `usePositionClose`). */
  readonly fields: ReduceFields;
}

/**
 * The reduce form's rows: what is reduced, the quantity (or % of the size) and the limit price
 * (empty = market), each with its problem under it, and what the texts resolve to. Checked from the
 * texts on screen at every render, so a fixed field clears its error at once. 4 rows (+1 per error).
 */
export function PositionReduceForm({ position, instrument, fields }: PositionReduceFormProps) {
  const { theme } = useAppContext();
  const { qty, price, at } = fields;
  const check = checkReduce(position, instrument, qty.value, price.value);
  const unit = instrument ? (position.category === 'COIN-FUTURES' ? instrument.quoteCoin : instrument.baseCoin) : undefined;
  const held = position.size.minus(position.available);
  const o = check.order;
  const summary = o
    ? `closes ${o.qty}${unit ? ` ${unit}` : ''} (${shareOfSize(check.resolvedQty ?? position.size, position.size)}) ${o.orderType === 'market' ? 'at market' : `at limit ${o.price ?? ''}`} · leaves ${position.size.minus(o.qty).toFixed()}`
    : 'fix the fields to review';
  return (
    <>
      <Text bold wrap="truncate-end">{`Reduce ${positionLabel(position)} ${position.size.toFixed()}${held.gt(0) ? ` (available ${position.available.toFixed()})` : ''} · ${position.marginMode}`}</Text>
      <FieldRow label="qty" value={qty.value} placeholder="e.g. 0.01 or 50%" selected={at === 0} editing={qty.editing} error={qty.value === '' ? null : check.qty} labelWidth={6} {...(unit ? { unit: `${unit} or % of size` } : {})} />
      <FieldRow label="price" value={price.value} placeholder="market (type a price for a limit close)" selected={at === 1} editing={price.editing} error={check.price} labelWidth={6} {...(instrument && price.value !== '' ? { unit: instrument.quoteCoin } : {})} />
      <Text wrap="truncate-end" color={(o ? theme.muted : theme.warn) ?? undefined}>
        {summary}
      </Text>
    </>
  );
}
