import type { StreamTuning } from '../../src/exchange/ws/stream-client.js';

/**
 * Short socket timers for e2e files that drop, stall or resubscribe sockets, so every fault
 * resolves in about a second (the defaults are a 20 s ping and a 10 s pong timeout).
 */
export const FAST_STREAM_TUNING: StreamTuning = {
  pingIntervalMs: 250,
  pongTimeoutMs: 800,
  backoff: { baseMs: 50, capMs: 250 },
  stableAfterMs: 300,
  healthThrottleMs: 50,
  handshakeTimeoutMs: 5000,
};
