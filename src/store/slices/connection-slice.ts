import type { SliceCreator } from '../slice.js';

/** Which environment the dashboard trades: the real account, Bitget paper trading, the embedded exchange, or a recorded session played back (read-only). */
export type TradingMode = 'LIVE' | 'PAPER' | 'DEMO' | 'REPLAY';

/** State of one websocket connection. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'authenticating' | 'authenticated' | 'subscribed' | 'reconnecting' | 'closed' | 'fatal';

/** Health of one websocket connection, mirrored from its state record. */
export interface SocketHealth {
  readonly state: SocketState;
  /** Unix ms of the last inbound frame (0 = none yet). */
  readonly lastMessageAt: number;
  /** Round trip of the last ping, ms (null = not measured yet). */
  readonly pingRttMs: number | null;
  readonly reconnects: number;
  /** The last error or fatal reason, for the status bar. */
  readonly lastError: string | null;
}

/** Health of the REST side. */
export interface RestHealth {
  /** Unix ms of the last successful reply (0 = none yet). */
  readonly lastOkAt: number;
  /** The last failure, for the status bar. */
  readonly lastError: string | null;
  /** Lowest remaining share (0–1) over the rate-limit buckets in use; 1 = all headroom. */
  readonly headroom: number;
  /** 429 replies seen. */
  readonly rateLimited: number;
}

/** Connection and environment facts for the status bar. */
export interface ConnectionData {
  readonly mode: TradingMode;
  /** Account label (profile name or UID); never a key. */
  readonly account: string;
  readonly public: SocketHealth;
  readonly private: SocketHealth;
  readonly rest: RestHealth;
  /** Server clock minus local clock, ms. */
  readonly clockOffsetMs: number;
}

/** Connection slice. */
export interface ConnectionSlice {
  readonly connection: ConnectionData;
  /** Sets the environment and account label. */
  setEnvironment(mode: TradingMode, account: string): void;
  /** Mirrors a socket's health. */
  setSocketHealth(kind: 'public' | 'private', health: SocketHealth): void;
  /** Mirrors the REST health. */
  setRestHealth(health: RestHealth): void;
  /** Records the server clock offset. */
  setClockOffset(offsetMs: number): void;
}

const idleSocket: SocketHealth = { state: 'idle', lastMessageAt: 0, pingRttMs: null, reconnects: 0, lastError: null };

/** Builds the connection slice. */
export const createConnectionSlice: SliceCreator<ConnectionSlice> = (set) => ({
  connection: { mode: 'DEMO', account: '', public: idleSocket, private: idleSocket, rest: { lastOkAt: 0, lastError: null, headroom: 1, rateLimited: 0 }, clockOffsetMs: 0 },
  setEnvironment: (mode, account) => set((s) => ({ connection: { ...s.connection, mode, account } })),
  setSocketHealth: (kind, health) => set((s) => ({ connection: { ...s.connection, [kind]: health } })),
  setRestHealth: (health) => set((s) => ({ connection: { ...s.connection, rest: health } })),
  setClockOffset: (offsetMs) => set((s) => ({ connection: { ...s.connection, clockOffsetMs: offsetMs } })),
});
