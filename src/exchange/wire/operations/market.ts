/**
 * Part E of the operation table: public market data (uta-api-spec.md "E. Public market data"),
 * anonymous and limited per IP. Two `/api/v3/public/*` paths are aliases of market operations.
 */
import type { FieldRule, RequestSchema } from '../operation-types.js';
import { defineOperations } from '../operation-types.js';
import { ALL_CATEGORIES, assumedRate, category, ipRate, limit, oneOf, text, timestamp } from './common.js';

const PUBLIC = 'none (public)';
const NO_PARAMS: RequestSchema = { fields: {} };

/** Candle intervals (Reality stock pairs accept only 1m, 5m, 15m, 1H, 4H, 1D). */
export const CANDLE_INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1H', '4H', '6H', '12H', '1D'] as const;

/** Announcement types (annType). */
export const ANNOUNCEMENT_TYPES = [
  'latest_news',
  'coin_listings',
  'trading_competitions_promotions',
  'product_updates',
  'security',
  'api_trading',
  'symbol_delisting',
  'maintenance_system_updates',
] as const;

/**
 * Categories with their own public market data: margin pairs trade on the spot book and candles
 * (the official order-book and candle pages list no MARGIN).
 */
export const MARKET_DATA_CATEGORIES = ['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const;

const INSTRUMENTS: RequestSchema = { fields: { category: category(), symbol: text() } };
/** Order-book depth: the official page's limit is at most 200. */
const BOOK: RequestSchema = { fields: { category: category(MARKET_DATA_CATEGORIES), symbol: text(true), limit: limit(200) } };

function candles(maxLimit: number): Readonly<Record<string, FieldRule>> {
  return {
    category: category(MARKET_DATA_CATEGORIES),
    symbol: text(true),
    interval: oneOf(CANDLE_INTERVALS, true),
    startTime: timestamp(),
    endTime: timestamp(),
    type: oneOf(['market', 'mark', 'index', 'premium']),
    limit: limit(maxLimit),
  };
}

/** Public market operations (part E). */
export const MARKET_OPERATIONS = defineOperations([
  {
    id: 'market.getInstruments',
    method: 'GET',
    path: '/api/v3/market/instruments',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getInstruments', 20),
    request: INSTRUMENTS,
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Instrument rules (precision, multipliers, limits, status) of a category.',
  },
  {
    id: 'market.getPublicInstruments',
    method: 'GET',
    path: '/api/v3/public/instruments',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getInstruments', 20),
    request: INSTRUMENTS,
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Alias path of market.getInstruments (product configuration).',
    aliasOf: 'market.getInstruments',
  },
  {
    id: 'market.getRpiSymbols',
    method: 'GET',
    path: '/api/v3/market/rpi-symbols',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getRpiSymbols', 10),
    request: NO_PARAMS,
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Symbols that carry retail-price-improvement (RPI) liquidity.',
  },
  {
    id: 'market.getTickers',
    method: 'GET',
    path: '/api/v3/market/tickers',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getTickers', 20),
    request: { fields: { category: category(['SPOT', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES']), symbol: text() } },
    reply: 'array',
    write: false,
    part: 'E',
    summary: '24-hour tickers of a category, or of one symbol.',
  },
  {
    id: 'market.getOrderbook',
    method: 'GET',
    path: '/api/v3/market/orderbook',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getOrderbook', 20),
    request: BOOK,
    reply: 'object',
    write: false,
    part: 'E',
    summary: 'Order book snapshot, up to 200 levels per side (default 5).',
  },
  {
    id: 'market.getRpiOrderbook',
    method: 'GET',
    path: '/api/v3/market/rpi-orderbook',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getRpiOrderbook', 10),
    request: BOOK,
    reply: 'object',
    write: false,
    part: 'E',
    summary: 'Order book snapshot with the RPI quantity split out per level.',
  },
  {
    id: 'market.getFills',
    method: 'GET',
    path: '/api/v3/market/fills',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getFills', 20),
    request: { fields: { category: category(ALL_CATEGORIES), symbol: text(true), limit: limit(100) } },
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Most recent public trades of a symbol (up to 100).',
  },
  {
    id: 'market.getCandles',
    method: 'GET',
    path: '/api/v3/market/candles',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getCandles', 20),
    request: { fields: candles(1000) },
    reply: 'candles',
    write: false,
    part: 'E',
    summary: 'Recent candles of a symbol, up to 1000.',
  },
  {
    id: 'market.getHistoryCandles',
    method: 'GET',
    path: '/api/v3/market/history-candles',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getHistoryCandles', 20),
    request: {
      fields: candles(100),
      rules: [{ kind: 'maxSpanDays', start: 'startTime', end: 'endTime', maxDays: 90 }],
    },
    reply: 'candles',
    write: false,
    part: 'E',
    summary: 'Older candles of a symbol, up to 100 per query over at most 90 days.',
  },
  {
    id: 'market.getTime',
    method: 'GET',
    path: '/api/v3/market/time',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getTime', 20),
    request: NO_PARAMS,
    reply: 'object',
    write: false,
    part: 'E',
    summary: 'Server time in Unix milliseconds (the seed spec adds microseconds; on no official page).',
  },
  {
    id: 'market.getPublicTime',
    method: 'GET',
    path: '/api/v3/public/time',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getTime', 20),
    request: NO_PARAMS,
    reply: 'object',
    write: false,
    part: 'E',
    summary: 'Alias path of market.getTime (the one the signing docs advise for clock sync).',
    aliasOf: 'market.getTime',
  },
  {
    id: 'market.getServerTime',
    method: 'GET',
    path: '/api/v2/public/time',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getTime', 20),
    request: NO_PARAMS,
    reply: 'object',
    write: false,
    part: 'extra',
    summary: 'Server time, at the path the official pages name (common Get-Server-Time); clock sync uses it.',
    aliasOf: 'market.getTime',
  },
  {
    id: 'market.getCoins',
    method: 'GET',
    path: '/api/v3/market/coins',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getCoins', 20),
    request: { fields: { coin: text() } },
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Coins with their chains, deposit and withdrawal settings.',
  },
  {
    id: 'market.getFeeGroup',
    method: 'GET',
    path: '/api/v3/market/fee-group',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getFeeGroup', 5),
    request: {
      fields: { category: category(['SPOT', 'FUTURES']), group: oneOf(['DEFAULT', 'GROUP_A', 'GROUP_B', 'GROUP_C']) },
    },
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Market-maker fee groups with their labels and maker-fee tiers.',
  },
  {
    id: 'market.getScoreWeights',
    method: 'GET',
    path: '/api/v3/market/score-weights',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getScoreWeights', 5),
    request: { fields: { category: category(['SPOT', 'FUTURES'], false) } },
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Market-maker score weights and required spreads per symbol.',
  },
  {
    id: 'market.getAnnouncements',
    method: 'GET',
    path: '/api/v2/public/annoucements',
    seedPath: '/api/v3/public/annoucements',
    auth: 'public',
    permission: PUBLIC,
    rate: ipRate('market.getAnnouncements', 20),
    request: {
      fields: { annType: oneOf(ANNOUNCEMENT_TYPES), startTime: timestamp(), endTime: timestamp(), language: oneOf(['zh_CN', 'en_US'], true) },
    },
    reply: 'array',
    write: false,
    part: 'E',
    summary: 'Exchange announcements of the last month by type (v2 common path, spelled "annoucements" by Bitget).',
  },
]);
