import { describe, expect, it } from 'vitest';
import { compactAge, emptyListText, freshnessBadge, freshnessOf, POLL_MISSES, SOCKET_SILENT_MS, SOURCES, staleSuffix, type FreshnessSource } from './freshness.js';
import { socketHealth } from './freshness.testkit.js';
import type { SocketState } from './slices/connection-slice.js';

const NOW = 1_700_000_000_000;
const up = { public: socketHealth('subscribed', NOW), private: socketHealth('subscribed', NOW) };
const withSocket = (kind: 'public' | 'private', state: SocketState, at = NOW) => ({ ...up, [kind]: socketHealth(state, at) });

describe('compactAge', () => {
  it.each([
    [0, '0s'],
    [999, '0s'],
    [2000, '2s'],
    [59_999, '59s'],
    [60_000, '1m'],
    [3_599_999, '59m'],
    [3_600_000, '1h'],
    [47 * 3_600_000, '47h'],
    [48 * 3_600_000, '2d'],
    [-5, '0s'],
  ])('%i ms → %s', (ms, text) => expect(compactAge(ms)).toBe(text));
});

describe('freshnessOf: streamed data', () => {
  it.each<[string, 'public' | 'private', SocketState, string | null]>([
    ['private subscribed', 'private', 'subscribed', null],
    ['private reconnecting', 'private', 'reconnecting', 'private socket down'],
    ['private connecting', 'private', 'connecting', 'private socket down'],
    ['private closed', 'private', 'closed', 'private socket down'],
    ['private idle (no keys, or not started)', 'private', 'idle', 'private socket off'],
    ['private fatal', 'private', 'fatal', 'private login refused'],
    ['private logged in, subscriptions not acked', 'private', 'authenticated', 'private socket subscribing'],
    ['private authenticating', 'private', 'authenticating', 'private socket subscribing'],
    ['private open (not logged in)', 'private', 'open', 'private socket subscribing'],
    ['public subscribed', 'public', 'subscribed', null],
    ['public open (a new symbol awaiting its ack) counts as up', 'public', 'open', null],
    ['public reconnecting', 'public', 'reconnecting', 'public socket down'],
  ])('%s', (_what, kind, state, reason) => {
    const f = freshnessOf({ kind }, NOW - 2000, withSocket(kind, state), NOW);
    expect(f).toEqual({ stale: reason !== null, fresh: reason === null, ageMs: 2000, ageText: '2s', reason });
  });

  it('private data has no age bound of its own: a quiet account an hour old is fresh while the socket is up', () => {
    const f = freshnessOf(SOURCES.private, NOW - 3_600_000, up, NOW);
    expect(f).toMatchObject({ stale: false, fresh: true, ageText: '1h', reason: null });
  });

  it('the bound of every private panel is the socket being silent longer than SOCKET_SILENT_MS (pongs count as frames)', () => {
    const at = (silentMs: number) => freshnessOf(SOURCES.private, NOW - 5000, withSocket('private', 'subscribed', NOW - silentMs), NOW);
    expect(at(SOCKET_SILENT_MS).stale).toBe(false);
    expect(at(SOCKET_SILENT_MS + 1)).toMatchObject({ stale: true, reason: 'private socket silent', ageText: '5s' });
    // No frame recorded yet (0) is not silence: the state says subscribed.
    expect(freshnessOf(SOURCES.private, NOW - 5000, withSocket('private', 'subscribed', 0), NOW).stale).toBe(false);
  });

  it('only the data source socket counts: a public outage does not make private data stale, and back', () => {
    expect(freshnessOf(SOURCES.private, NOW, withSocket('public', 'reconnecting'), NOW).stale).toBe(false);
    expect(freshnessOf(SOURCES.book, NOW, withSocket('private', 'reconnecting'), NOW).stale).toBe(false);
  });

  it('a socket problem wins over the data age in the reason', () => {
    expect(freshnessOf(SOURCES.book, NOW - 60_000, withSocket('public', 'reconnecting'), NOW).reason).toBe('public socket down');
  });

  it('public streams that push all the time are also bounded by their own age', () => {
    expect(freshnessOf(SOURCES.book, NOW - SOURCES.book.maxAgeMs, up, NOW).stale).toBe(false);
    expect(freshnessOf(SOURCES.book, NOW - SOURCES.book.maxAgeMs - 1, up, NOW)).toMatchObject({ stale: true, reason: 'no recent updates' });
    expect(freshnessOf(SOURCES.ticker, NOW - SOURCES.ticker.maxAgeMs - 1, up, NOW).stale).toBe(true);
    // Trades and streamed candles: a quiet market is not an outage.
    expect(freshnessOf(SOURCES.trades, NOW - 600_000, up, NOW).stale).toBe(false);
    expect(freshnessOf(SOURCES.candles, NOW - 600_000, up, NOW).stale).toBe(false);
  });

  it('a book being rebuilt is stale while it resyncs', () => {
    expect(freshnessOf({ ...SOURCES.book, resyncing: true }, NOW, up, NOW)).toMatchObject({ stale: true, reason: 'resyncing' });
  });

  it('no data yet: never fresh; stale too when the source is down', () => {
    expect(freshnessOf(SOURCES.private, 0, up, NOW)).toEqual({ stale: false, fresh: false, ageMs: null, ageText: '', reason: 'no data yet' });
    expect(freshnessOf(SOURCES.private, 0, withSocket('private', 'reconnecting'), NOW)).toEqual({ stale: true, fresh: false, ageMs: null, ageText: '', reason: 'private socket down' });
  });
});

describe('freshnessOf: polled data', () => {
  const poll = (failedAt = 0): FreshnessSource => ({ kind: 'poll', everyMs: 10_000, failedAt });

  it(`is fresh up to ${POLL_MISSES} periods without a successful poll, then overdue`, () => {
    expect(freshnessOf(poll(), NOW - POLL_MISSES * 10_000, up, NOW).stale).toBe(false);
    expect(freshnessOf(poll(), NOW - POLL_MISSES * 10_000 - 1, up, NOW)).toMatchObject({ stale: true, reason: 'polls overdue', ageText: '30s' });
  });

  it('is stale at once after a failed poll, until a poll succeeds after it', () => {
    expect(freshnessOf(poll(NOW - 1000), NOW - 2000, up, NOW)).toMatchObject({ stale: true, reason: 'last poll failed', ageText: '2s' });
    expect(freshnessOf(poll(NOW - 2000), NOW - 1000, up, NOW).stale).toBe(false);
    expect(freshnessOf(poll(NOW - 1000), 0, up, NOW)).toMatchObject({ stale: true, ageMs: null, reason: 'last poll failed' });
  });

  it('does not depend on the sockets', () => {
    const down = { public: socketHealth('reconnecting', 0), private: socketHealth('reconnecting', 0) };
    expect(freshnessOf(poll(), NOW - 1000, down, NOW).stale).toBe(false);
  });
});

describe('display helpers', () => {
  const f = (updatedAt: number, state: SocketState = 'subscribed') => freshnessOf(SOURCES.private, updatedAt, withSocket('private', state), NOW);

  it('badge: live under a second, the age, STALE with the age, STALE alone, no data', () => {
    expect(freshnessBadge(f(NOW - 500))).toEqual({ text: 'live', warn: false });
    expect(freshnessBadge(f(NOW - 12_000))).toEqual({ text: '12s', warn: false });
    expect(freshnessBadge(f(NOW - 500, 'reconnecting'))).toEqual({ text: 'STALE 0s', warn: true });
    expect(freshnessBadge(f(0, 'reconnecting'))).toEqual({ text: 'STALE', warn: true });
    expect(freshnessBadge(f(0))).toEqual({ text: 'no data', warn: true });
  });

  it('an empty list is a fact only while fresh', () => {
    expect(emptyListText(f(NOW), 'no open orders', '0 open')).toBe('no open orders');
    expect(emptyListText(f(NOW, 'reconnecting'), 'no open orders', '0 open')).toBe('0 open · STALE (private socket down)');
    expect(emptyListText(f(0), 'no open orders', '0 open')).toBe('0 open? waiting for data');
  });

  it('titles get the reason only while stale', () => {
    expect(staleSuffix(f(NOW))).toBe('');
    expect(staleSuffix(f(0))).toBe('');
    expect(staleSuffix(f(NOW, 'fatal'))).toBe(' · private login refused');
  });
});
