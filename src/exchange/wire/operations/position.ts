/**
 * Part C of the operation table: positions (uta-api-spec.md "C. Positions") plus the
 * current-position query of protocol-notes §8.3.
 */
import { defineOperations } from '../operation-types.js';
import {
  FUTURES_CATEGORIES,
  HISTORY_90_30,
  ORDER_TYPE,
  POS_SIDE,
  SIDE,
  assumedRate,
  category,
  decimal,
  limit,
  text,
  timestamp,
  uidRate,
} from './common.js';

/** Position operations (part C and notes §8.3). */
export const POSITION_OPERATIONS = defineOperations([
  {
    id: 'position.getCurrent',
    method: 'GET',
    path: '/api/v3/position/current-position',
    auth: 'private',
    permission: 'not stated (UTA read)',
    rate: uidRate('position.getCurrent', 20),
    request: { fields: { category: category(FUTURES_CATEGORIES), symbol: text(), posSide: POS_SIDE } },
    reply: 'list',
    write: false,
    part: 'notes-8',
    summary: 'Open futures positions of a category, optionally one symbol or side.',
  },
  {
    id: 'position.getHistory',
    method: 'GET',
    path: '/api/v3/position/history-position',
    auth: 'private',
    permission: 'UTA trade (read & write)',
    rate: uidRate('position.getHistory', 20),
    request: {
      fields: {
        category: category(FUTURES_CATEGORIES),
        symbol: text(),
        startTime: timestamp(),
        endTime: timestamp(),
        limit: limit(100),
        cursor: text(),
      },
      rules: HISTORY_90_30,
    },
    reply: 'list',
    write: false,
    part: 'C',
    summary: 'Closed futures positions of the last 90 days, at most 30 days per query.',
  },
  {
    id: 'position.getAllLegacy',
    method: 'GET',
    path: '/api/v2/mix/position/all-position',
    auth: 'private',
    permission: 'not stated (legacy v2 futures read)',
    rate: uidRate('position.getAllLegacy', 5),
    request: {
      fields: {
        productType: category(FUTURES_CATEGORIES),
        marginCoin: { kind: 'string', pattern: /^[A-Z0-9]+$/, patternHint: 'an upper-case coin name such as USDT' },
      },
    },
    reply: 'array',
    write: false,
    part: 'C',
    summary: 'Legacy v2: all current positions of a futures product type.',
  },
  {
    id: 'account.getMaxOpenAvailable',
    method: 'POST',
    path: '/api/v3/account/max-open-available',
    auth: 'private',
    permission: 'UTA trade (read)',
    rate: uidRate('account.getMaxOpenAvailable', 5),
    request: {
      fields: { category: category(), symbol: text(true), orderType: ORDER_TYPE, side: SIDE, price: decimal(), size: decimal() },
      rules: [{ kind: 'requiredWhen', field: 'price', when: 'orderType', equals: 'limit' }],
    },
    reply: 'object',
    write: false,
    part: 'C',
    summary: 'How much can be opened for a symbol, side, order type and (limit) price; a read sent as POST.',
  },
]);
