/**
 * Preset take-profit / stop-loss on positions: when the mark price reaches a preset, the
 * position is closed with a market order and a `tpsl` strategy row is recorded
 * (status success, or failed when the close is refused).
 */
import { Decimal } from 'decimal.js';
import { SimRejection } from '../contract.js';
import type { EngineCore } from './core.js';
import { placeOrder } from './place.js';
import type { SimPosition } from './positions.js';
import { markOf } from './risk.js';
import { isSystemUid } from './types.js';
import { str } from './wire-format.js';

function parse(v: string): Decimal | null {
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  const d = new Decimal(v);
  return d.gt(0) ? d : null;
}

/** Which preset (if any) the mark has reached. */
export function triggeredPreset(pos: SimPosition, mark: Decimal): 'takeProfit' | 'stopLoss' | null {
  const tp = parse(pos.takeProfit);
  const sl = parse(pos.stopLoss);
  const long = pos.posSide === 'long';
  if (tp && (long ? mark.gte(tp) : mark.lte(tp))) return 'takeProfit';
  if (sl && (long ? mark.lte(sl) : mark.gte(sl))) return 'stopLoss';
  return null;
}

/** Fires every reached preset of every account. */
export function checkPresets(core: EngineCore): void {
  for (const pos of core.positions.all()) {
    if (isSystemUid(pos.uid) || (pos.takeProfit === '' && pos.stopLoss === '')) continue;
    const mark = markOf(core, pos.inst);
    if (!mark) continue;
    const which = triggeredPreset(pos, mark);
    if (which) fire(core, pos, which, mark);
  }
}

function fire(core: EngineCore, pos: SimPosition, which: 'takeProfit' | 'stopLoss', mark: Decimal): void {
  const now = core.now();
  const preset = { takeProfit: pos.takeProfit, stopLoss: pos.stopLoss };
  const qty = str(pos.size);
  pos.takeProfit = '';
  pos.stopLoss = '';
  const params = {
    category: pos.category,
    symbol: pos.symbol,
    side: pos.posSide === 'long' ? 'sell' : 'buy',
    orderType: 'market',
    qty,
    ...(pos.holdMode === 'hedge_mode' ? { posSide: pos.posSide } : { reduceOnly: 'yes' }),
  };
  let orderId = '';
  let status = 'success';
  try {
    orderId = placeOrder(core, pos.uid, params).orderId ?? '';
  } catch (err) {
    if (!(err instanceof SimRejection)) throw err;
    status = 'failed';
  }
  core.touchPosition(pos);
  const id = orderId !== '' ? orderId : core.orders.newId();
  core.strategyHistory.push({
    uid: pos.uid,
    category: pos.category,
    id,
    time: now,
    row: {
      orderId: id,
      clientOid: '',
      category: pos.category,
      symbol: pos.symbol,
      qty,
      posSide: pos.posSide,
      status,
      triggerType: which,
      tpTriggerBy: 'mark',
      slTriggerBy: 'mark',
      takeProfit: preset.takeProfit,
      stopLoss: preset.stopLoss,
      tpOrderType: 'market',
      slOrderType: 'market',
      tpLimitPrice: '',
      slLimitPrice: '',
      triggerBy: 'mark',
      triggerPrice: str(mark),
      triggerOrderType: 'market',
      triggerOrderPrice: '',
      createdTime: String(now),
      updatedTime: String(now),
    },
  });
}
