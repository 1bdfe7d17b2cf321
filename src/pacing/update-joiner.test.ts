import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../store/create-app-store.js';
import { UpdateJoiner } from './update-joiner.js';

const health = (lastMessageAt: number) => ({ state: 'subscribed' as const, lastMessageAt, pingRttMs: 3, reconnects: 0, lastError: null });

let joiner: UpdateJoiner | null = null;
afterEach(() => {
  joiner?.stop();
  vi.useRealTimers();
});

describe('UpdateJoiner', () => {
  it('runs a deferred write inside the next store update, so one notification carries both', () => {
    const store = createAppStore();
    joiner = new UpdateJoiner(store, 10_000);
    const seen: { lastMessageAt: number; log: number }[] = [];
    let notifications = 0;
    store.subscribe(() => {
      notifications += 1;
    });
    joiner.defer('public', () => store.getState().setSocketHealth('public', health(42)));
    expect(store.getState().connection.public.lastMessageAt).toBe(0);
    store.getState().logEvent('info', 'a market update', 1);
    seen.push({ lastMessageAt: store.getState().connection.public.lastMessageAt, log: store.getState().ui.log.length });
    expect(seen).toEqual([{ lastMessageAt: 42, log: 1 }]);
    // The joined write notifies inside the first notification: React batches both into one render.
    expect(notifications).toBe(2);
  });

  it('runs by itself after maxWait on a quiet store; a later write under the same key replaces it; cancel drops it', () => {
    // The subject is what happens once maxWait has passed: its timer is fake (setImmediate stays real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = createAppStore();
    joiner = new UpdateJoiner(store, 20);
    joiner.defer('public', () => store.getState().setSocketHealth('public', health(1)));
    joiner.defer('public', () => store.getState().setSocketHealth('public', health(2)));
    joiner.defer('private', () => store.getState().setSocketHealth('private', health(3)));
    joiner.cancel('private');
    vi.advanceTimersByTime(19);
    expect(store.getState().connection.public.lastMessageAt).toBe(0);
    vi.advanceTimersByTime(1);
    expect(store.getState().connection.public.lastMessageAt).toBe(2);
    expect(store.getState().connection.private.lastMessageAt).toBe(0);
  });
});
