import type { AppStore } from './create-app-store.js';
import type { SocketHealth, SocketState } from './slices/connection-slice.js';

/** A socket health record in `state` whose last inbound frame was at `lastMessageAt` (Unix ms). */
export function socketHealth(state: SocketState, lastMessageAt: number): SocketHealth {
  return { state, lastMessageAt, pingRttMs: null, reconnects: 0, lastError: null };
}

/** Puts the `kind` socket in `state` (default `subscribed`) with its last frame at `at`, as the stream bridge would. */
export function setSocket(store: AppStore, kind: 'public' | 'private', at: number, state: SocketState = 'subscribed'): void {
  store.getState().setSocketHealth(kind, socketHealth(state, at));
}
