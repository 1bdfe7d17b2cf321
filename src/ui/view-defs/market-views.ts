import type { ViewDef, ViewEnv, ViewRow } from './view-types.js';

/** The selected symbol; a margin pair's market data is the spot pair's. */
const here = (env: ViewEnv) => ({ category: env.category === 'MARGIN' ? 'SPOT' : env.category, symbol: env.symbol });

/** Book levels `[price, size(, rpiSize)]` of a REST order book as rows, asks above bids. */
export function bookRows(data: unknown): readonly ViewRow[] {
  const rec = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const side = (levels: unknown, name: string): ViewRow[] =>
    Array.isArray(levels) ? levels.map((l) => (Array.isArray(l) ? { side: name, price: String(l[0] ?? ''), size: String(l[1] ?? ''), ...(l[2] === undefined ? {} : { rpiSize: String(l[2]) }) } : { side: name, price: '', size: '' })) : [];
  return [...side(rec.a ?? rec.asks, 'ask').reverse(), ...side(rec.b ?? rec.bids, 'bid')];
}

/** Market reference views (keys in the book panel, `1`). */
export const MARKET_VIEWS: readonly ViewDef[] = [
  {
    command: 'views.instruments',
    title: 'Instruments',
    group: 'Market',
    op: 'market.getInstruments',
    altOp: 'market.getPublicInstruments',
    scope: 'book',
    key: 'I',
    defaults: (env) => ({ category: env.category }),
    note: 'every field of a row with Enter: status, precision, multipliers, limits, fees, leverage, delivery',
    columns: [{ key: 'symbol' }, { key: 'status' }, { key: 'baseCoin' }, { key: 'quoteCoin' }, { key: 'pricePrecision', label: 'pxPrec' }, { key: 'quantityPrecision', label: 'qtyPrec' }, { key: 'minOrderQty' }, { key: 'minOrderAmount' }, { key: 'makerFeeRate' }, { key: 'takerFeeRate' }, { key: 'maxLeverage' }, { key: 'type' }, { key: 'deliveryTime', format: 'time' }],
  },
  { command: 'views.coins', title: 'Coins and chains', group: 'Market', op: 'market.getCoins', scope: 'book', key: 'C', note: 'Enter on a coin shows its chains (deposit/withdraw status, fees, confirmations)' },
  { command: 'views.announcements', title: 'Announcements', group: 'Market', op: 'market.getAnnouncements', scope: 'book', key: 'A', defaults: () => ({ language: 'en_US' }), note: 'filter by type with ←/→ on annType; the last month' },
  { command: 'views.feeGroups', title: 'Market-maker fee groups', group: 'Market', op: 'market.getFeeGroup', scope: 'book', key: 'F', defaults: () => ({ category: 'SPOT' }) },
  { command: 'views.scoreWeights', title: 'Market-maker score weights', group: 'Market', op: 'market.getScoreWeights', scope: 'book', key: 'W' },
  { command: 'views.rpiSymbols', title: 'RPI symbols', group: 'Market', op: 'market.getRpiSymbols', scope: 'book', key: 'R' },
  { command: 'views.rpiBook', title: 'RPI order book', group: 'Market', op: 'market.getRpiOrderbook', scope: 'book', key: 'P', defaults: (env) => ({ ...here(env), limit: '20' }), rows: bookRows },
  { command: 'views.restBook', title: 'Order book snapshot (REST)', group: 'Market', op: 'market.getOrderbook', scope: 'book', key: 'O', defaults: (env) => ({ ...here(env), limit: '20' }), rows: bookRows },
  { command: 'views.tickers', title: 'Tickers', group: 'Market', op: 'market.getTickers', scope: 'book', key: 'K', defaults: (env) => ({ category: env.category === 'MARGIN' ? 'SPOT' : env.category }) },
  { command: 'views.publicFills', title: 'Public trades (REST)', group: 'Market', op: 'market.getFills', scope: 'book', key: 'T', defaults: (env) => ({ ...here(env), limit: '50' }) },
  {
    command: 'views.historyCandles',
    title: 'History candles',
    group: 'Market',
    op: 'market.getHistoryCandles',
    scope: 'book',
    key: 'H',
    defaults: (env) => ({ ...here(env), interval: '1H', startTime: '-3d', endTime: 'now', limit: '100' }),
    note: 'range at most 90 days; an end time past a period boundary rounds up (one extra leading candle)',
  },
  { command: 'views.candles', title: 'Candles (REST)', group: 'Market', op: 'market.getCandles', scope: 'book', key: 'L', defaults: (env) => ({ ...here(env), interval: '1m', limit: '100' }) },
  { command: 'views.serverTime', title: 'Server time', group: 'Market', op: 'market.getTime', altOp: 'market.getPublicTime', scope: 'book', key: 'Z' },
];
