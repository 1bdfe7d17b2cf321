import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import type { HoldMode, Position } from './model.js';
import { closeIntent, closePositionOrder, INTENTS, mapIntent, type Intent, type MappedOrderFields } from './position-mapping.js';

// The spec's place-order position mapping table, row by row.
const TABLE: readonly [HoldMode, Intent, MappedOrderFields][] = [
  ['hedge_mode', 'open_long', { side: 'buy', posSide: 'long' }],
  ['hedge_mode', 'open_short', { side: 'sell', posSide: 'short' }],
  ['hedge_mode', 'close_long', { side: 'sell', posSide: 'long' }],
  ['hedge_mode', 'close_short', { side: 'buy', posSide: 'short' }],
  ['one_way_mode', 'open_long', { side: 'buy' }],
  ['one_way_mode', 'open_short', { side: 'sell' }],
  ['one_way_mode', 'close_long', { side: 'sell', reduceOnly: 'yes' }],
  ['one_way_mode', 'close_short', { side: 'buy', reduceOnly: 'yes' }],
];

describe('mapIntent', () => {
  it.each(TABLE)('%s %s', (mode, intent, fields) => {
    // toStrictEqual: no posSide key in one-way mode, no reduceOnly key in hedge mode.
    expect(mapIntent(mode, intent)).toStrictEqual(fields);
  });
  it('covers every intent in both modes', () => {
    expect(TABLE.length).toBe(INTENTS.length * 2);
    for (const intent of INTENTS) expect(TABLE.filter((r) => r[1] === intent)).toHaveLength(2);
  });
});

const d = (s: string): Decimal => new Decimal(s);
const POSITION: Position = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  posSide: 'short',
  holdMode: 'hedge_mode',
  marginMode: 'isolated',
  marginCoin: 'USDT',
  size: d('0.5'),
  available: d('0.4'),
  avgPrice: d('97000'),
  markPrice: d('96000'),
  unrealisedPnl: d('400'),
  leverage: d('10'),
  liqPrice: d('105000'),
  margin: d('4850'),
  takeProfit: null,
  stopLoss: null,
  updatedTime: 1,
};

describe('closePositionOrder', () => {
  it('closes the available size of a hedge short with buy/short', () => {
    expect(closePositionOrder(POSITION)).toStrictEqual({
      side: 'buy',
      posSide: 'short',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      orderType: 'market',
      qty: '0.4',
      marginMode: 'isolated',
    });
  });
  it('closes a one-way long with sell + reduceOnly', () => {
    const order = closePositionOrder({ ...POSITION, posSide: 'long', holdMode: 'one_way_mode' });
    expect(order).toMatchObject({ side: 'sell', reduceOnly: 'yes' });
    expect(order).not.toHaveProperty('posSide');
  });
  it('returns null when nothing is available', () => {
    expect(closePositionOrder({ ...POSITION, available: d('0') })).toBeNull();
  });
  it('maps position sides to close intents', () => {
    expect(closeIntent('long')).toBe('close_long');
    expect(closeIntent('short')).toBe('close_short');
  });
});
