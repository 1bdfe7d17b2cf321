import { isFutures } from '../../domain/model.js';
import type { ViewDef, ViewEnv } from './view-types.js';

const futuresCategory = (env: ViewEnv) => (isFutures(env.category) ? env.category : 'USDT-FUTURES');

/** Order and position history views (keys in the orders panel `4` and the positions panel `5`). */
export const TRADING_VIEWS: readonly ViewDef[] = [
  {
    command: 'views.strategyHistory',
    title: 'Strategy order history (TP/SL, trigger, OCO, trailing, iceberg, TWAP)',
    group: 'Orders',
    op: 'trade.getHistoryStrategyOrders',
    scope: 'orders',
    key: 'S',
    hide: ['cursor'],
    defaults: (env) => ({ category: env.category, limit: '50' }),
    note: 'every strategy type with its parameter group (Enter on a row); cursor paging (n/p)',
    columns: [{ key: 'orderId' }, { key: 'symbol' }, { key: 'qty' }, { key: 'posSide' }, { key: 'status' }, { key: 'triggerType' }, { key: 'triggerPrice' }, { key: 'takeProfit' }, { key: 'stopLoss' }, { key: 'createdTime', format: 'time' }],
  },
  {
    command: 'views.historyOrders',
    title: 'Order history (query)',
    group: 'Orders',
    op: 'trade.getHistoryOrders',
    scope: 'orders',
    key: 'H',
    hide: ['cursor'],
    defaults: (env) => ({ category: env.category, symbol: env.symbol, startTime: '-7d', endTime: 'now', limit: '50' }),
    note: '90-day look-back, 30-day span; cursor paging (n/p)',
  },
  {
    command: 'views.fills',
    title: 'Fills (query)',
    group: 'Orders',
    op: 'trade.getFills',
    scope: 'orders',
    key: 'F',
    hide: ['cursor'],
    defaults: (env) => ({ category: env.category, startTime: '-7d', endTime: 'now', limit: '50' }),
    note: '90-day look-back, 30-day span; cursor paging (n/p)',
  },
  { command: 'views.unfilledOrders', title: 'Open orders (exchange record)', group: 'Orders', op: 'trade.getUnfilledOrders', scope: 'orders', key: 'U', hide: ['cursor'], defaults: (env) => ({ category: env.category, limit: '100' }) },
  { command: 'views.orderInfo', title: 'Look up an order', group: 'Orders', op: 'trade.getOrderInfo', scope: 'orders', key: 'O', note: 'by orderId or clientOid' },
  {
    command: 'views.positionHistory',
    title: 'Position history',
    group: 'Positions',
    op: 'position.getHistory',
    scope: 'positions',
    key: 'H',
    hide: ['cursor'],
    defaults: (env) => ({ category: futuresCategory(env), startTime: '-7d', endTime: 'now', limit: '50' }),
    note: '90-day look-back, 30-day span; cursor paging (n/p)',
    columns: [{ key: 'positionId' }, { key: 'symbol' }, { key: 'posSide' }, { key: 'marginMode' }, { key: 'openPriceAvg' }, { key: 'closePriceAvg' }, { key: 'closeTotalPos' }, { key: 'netProfit' }, { key: 'updatedTime', format: 'time' }],
  },
  { command: 'views.currentPositions', title: 'Current positions (exchange record)', group: 'Positions', op: 'position.getCurrent', scope: 'positions', key: 'P', defaults: (env) => ({ category: futuresCategory(env) }) },
  { command: 'views.legacyPositions', title: 'All positions (legacy v2 path)', group: 'Positions', op: 'position.getAllLegacy', scope: 'positions', key: 'L', defaults: (env) => ({ productType: futuresCategory(env) }) },
];
