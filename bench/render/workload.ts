import type { SimHandle } from '../../src/sim/start-sim.js';

/** Symbol the dashboard shows at start (the store's default) and the workload trades. */
export const BENCH_CATEGORY = 'USDT-FUTURES';
/** Symbol traded by the workload. */
export const BENCH_SYMBOL = 'BTCUSDT';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * The user's own trading activity during a benchmark, done on the exchange directly (the
 * dashboard sees it through its private websocket like any other client's): every `orderEveryMs`
 * a resting limit buy five levels under the best bid (at most 5 open, the oldest is cancelled),
 * every `fillEveryMs` a market buy or sell of 0.01 so the position and balances change.
 * Returns the function that stops it.
 */
export function startUserActivity(sim: SimHandle, orderEveryMs = 1000, fillEveryMs = 2500): () => void {
  const open: string[] = [];
  let side: 'buy' | 'sell' = 'buy';
  const call = (op: string, params: Record<string, string>): Record<string, unknown> => {
    try {
      return record(sim.exchange.handle(op, sim.uid, params));
    } catch {
      return {};
    }
  };
  const orders = setInterval(() => {
    if (open.length >= 5) {
      const oldest = open.shift();
      if (oldest !== undefined) call('trade.cancelOrder', { category: BENCH_CATEGORY, orderId: oldest });
      return;
    }
    const book = record(sim.exchange.handle('market.getOrderbook', null, { category: BENCH_CATEGORY, symbol: BENCH_SYMBOL, limit: '5' }));
    const bids = Array.isArray(book.b) ? (book.b as unknown[]) : [];
    const level = bids[bids.length - 1];
    const price = Array.isArray(level) && typeof level[0] === 'string' ? level[0] : null;
    if (price === null) return;
    const ack = call('trade.placeOrder', { category: BENCH_CATEGORY, symbol: BENCH_SYMBOL, side: 'buy', orderType: 'limit', price, qty: '0.01' });
    if (typeof ack.orderId === 'string') open.push(ack.orderId);
  }, orderEveryMs);
  const fills = setInterval(() => {
    call('trade.placeOrder', { category: BENCH_CATEGORY, symbol: BENCH_SYMBOL, side, orderType: 'market', qty: '0.01' });
    side = side === 'buy' ? 'sell' : 'buy';
  }, fillEveryMs);
  return () => {
    clearInterval(orders);
    clearInterval(fills);
  };
}
