import type { Ticker } from '../../domain/model.js';
import { createExchangeApi, type ExchangeApi } from '../../exchange/rest/facade.js';
import { nodeHttpTransport } from '../../exchange/rest/node-http-transport.js';
import { RestClient } from '../../exchange/rest/rest-client.js';
import { orderbookSnapshotFromWire, tickerFromWire, type BookSnapshot } from '../../exchange/wire/market-mappers.js';
import { wireList } from '../../exchange/wire/wire-values.js';
import type { SymbolRef } from '../../store/slices/market-slice.js';
import type { CommandTarget } from './target.js';

/**
 * The read commands' one-shot REST reads (no sockets, no store) besides the account's own
 * (exchange/rest/private-reads.ts, shared with the services' resync): a ticker, the spot tickers
 * and a book, mapped by the same wire mappers the services use. Each rejects with the client's
 * `ExchangeError`.
 */

/** A REST client for the command's target, and its typed operations. */
export interface RestReader {
  readonly api: ExchangeApi;
  /** Closes the client's connections. Never rejects. */
  close(): Promise<void>;
}

/**
 * Opens a REST client on the target (paper header and broker code as the dashboard sends them).
 * It signs with the local clock instead of measuring the server's first (five sequential samples):
 * a one-shot read has no use for the measurement unless the clock is off, and then the exchange
 * answers 40008 and the client measures and sends the read again by itself.
 */
export function openRestReader(target: CommandTarget): RestReader {
  const { exchange, config } = target;
  const channel = exchange.mode !== 'DEMO' && config.profile.channelApiCode !== null ? { channelApiCode: config.profile.channelApiCode } : {};
  const rest = new RestClient({ baseUrl: exchange.restUrl, credentials: exchange.credentials, paper: exchange.mode === 'PAPER', syncClock: false, transport: nodeHttpTransport, ...channel });
  return { api: createExchangeApi(rest), close: () => rest.close().catch(() => undefined) };
}

/** The ticker of one instrument (margin pairs read spot's); null when the exchange lists none. */
export async function readTicker(api: ExchangeApi, ref: SymbolRef, now: number): Promise<Ticker | null> {
  const category = ref.category === 'MARGIN' ? 'SPOT' : ref.category;
  const first = wireList(await api.market.getTickers({ category, symbol: ref.symbol }))[0];
  if (!first) return null;
  const t = tickerFromWire(first, category, now);
  return t ? { ...t, category: ref.category } : null;
}

/** Every spot ticker (coin prices in USDT for the loan commands). */
export async function readSpotTickers(api: ExchangeApi, now: number): Promise<readonly Ticker[]> {
  return wireList(await api.market.getTickers({ category: 'SPOT' }))
    .map((r) => tickerFromWire(r, 'SPOT', now))
    .filter((t): t is Ticker => t !== null);
}

/** The book of one instrument, `depth` levels a side (margin pairs read spot's). */
export async function readBook(api: ExchangeApi, ref: SymbolRef, depth: number): Promise<BookSnapshot> {
  const category = ref.category === 'MARGIN' ? 'SPOT' : ref.category;
  return orderbookSnapshotFromWire(await api.market.getOrderbook({ category, symbol: ref.symbol, limit: String(depth) }));
}
