import { CATEGORIES, type Category } from '../domain/model.js';
import { MAX_WATCH_TICKERS } from '../services/market-service.js';
import type { SymbolRef } from '../store/slices/market-slice.js';

/**
 * The config file's `watchlist`: the symbols the watchlist panel shows, in order, as
 * `"CATEGORY:SYMBOL"` entries (category as in --symbol: SPOT, MARGIN, USDT-FUTURES, COIN-FUTURES,
 * USDC-FUTURES; either part in any case):
 *
 *   "watchlist": ["USDT-FUTURES:BTCUSDT", "SPOT:ETHUSDT", "COIN-FUTURES:BTCUSD_CM"]
 *
 * Absent (or null) gives null: the default list. At most `MAX_WATCH_TICKERS` entries (one public
 * channel each). Every mistake is one line naming the entry.
 */
export function parseWatchlist(raw: unknown, path: string, fail: (message: string) => never): SymbolRef[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) return fail(`${path}: "watchlist" must be a list like ["USDT-FUTURES:BTCUSDT", "SPOT:ETHUSDT"]`);
  if (raw.length > MAX_WATCH_TICKERS) fail(`${path}: "watchlist" has ${raw.length} entries; at most ${MAX_WATCH_TICKERS} fit the public socket's channel budget`);
  return raw.map((entry: unknown, i) => {
    const where = `${path}: watchlist[${i}] ${JSON.stringify(entry)}`;
    const m = typeof entry === 'string' ? /^([A-Za-z-]+):([A-Za-z0-9_]{1,32})$/.exec(entry.trim()) : null;
    if (!m) return fail(`${where} must be "CATEGORY:SYMBOL", e.g. "SPOT:ETHUSDT"`);
    const category = (m[1] ?? '').toUpperCase();
    if (!(CATEGORIES as readonly string[]).includes(category)) return fail(`${where}: unknown category "${m[1] ?? ''}" (use ${CATEGORIES.join(', ')})`);
    return { category: category as Category, symbol: (m[2] ?? '').toUpperCase() };
  });
}
