import { formatAge } from '../domain/time-format.js';
import type { ConnectionData, SocketHealth } from './slices/connection-slice.js';

/**
 * Freshness of what a panel shows: one rule for every panel with exchange data (issue 16 item 5).
 * Pure: the caller passes the store's connection record and the time.
 *
 * - Streamed data (`public`: book, trades, ticker, candles; `private`: orders, positions, account,
 *   fills) is stale while its socket is not up, or when the socket has been silent longer than
 *   `SOCKET_SILENT_MS`. That silence bound is the one bound of every private panel, the account's
 *   included. Private data gets no pushes while nothing changes (a quiet account is normal), so the
 *   data's own age cannot mark it stale; the socket is what we check, and the badge shows how old
 *   the data is. A public stream that pushes all the time (the book, the ticker) may also be bounded
 *   by its own age (`maxAgeMs`), which catches a subscription that stopped delivering.
 * - Polled data (`poll`, e.g. loans) is stale when the last poll failed, or when no poll has
 *   succeeded for `POLL_MISSES` periods.
 * - Data that never arrived is not a fact either: `fresh` is false, the reason says why.
 */

/**
 * A socket with no inbound frame (pongs included) for longer than this counts as down, ms. The
 * heartbeat pings 20 s after the last pong and waits 10 s for the answer, so a live socket is never
 * this quiet; the state flips to `reconnecting` about then, and this also covers a process that slept
 * (laptop lid) with the state still saying `subscribed`.
 */
export const SOCKET_SILENT_MS = 30_000;

/** Polled data is stale after this many poll periods without a successful poll. */
export const POLL_MISSES = 3;

/** What feeds a panel's data, and what is known about that feed besides the socket. */
export type FreshnessSource =
  | {
      readonly kind: 'public' | 'private';
      /** Longest the data itself may go without an update, ms; null/absent = no bound (only the socket decides). */
      readonly maxAgeMs?: number | null;
      /** True while the data is being rebuilt (e.g. a book after a sequence gap): stale at once. Default false. */
      readonly resyncing?: boolean;
    }
  | {
      readonly kind: 'poll';
      /** Poll period, ms. */
      readonly everyMs: number;
      /** Unix ms of the last failed poll (0/absent = none); it counts when later than the last success. */
      readonly failedAt?: number;
    };

/** The sources of the dashboard's panels. */
export const SOURCES = {
  /** Order book: published up to 10 times a second while the socket lives (snapshots even when unchanged). */
  book: { kind: 'public', maxAgeMs: 3000 },
  /** Ticker: pushed every few hundred ms. */
  ticker: { kind: 'public', maxAgeMs: 5000 },
  /** Public trades: a quiet market may trade seldom, so only the socket decides. */
  trades: { kind: 'public', maxAgeMs: null },
  /** Streamed (market) candles: an update per trade; quiet markets push seldom. */
  candles: { kind: 'public', maxAgeMs: null },
  /** Mark, index and premium candles: REST, refreshed every 5 s (CandleService's default `refreshMs`). */
  restCandles: { kind: 'poll', everyMs: 5000 },
  /** Orders, positions, account, fills: pushed on change only, so only the socket decides. */
  private: { kind: 'private', maxAgeMs: null },
} as const satisfies Record<string, FreshnessSource>;

/** The verdict on one panel's data. */
export interface Freshness {
  /** True when the data may no longer be true: its source is down or silent, or it is overdue. */
  readonly stale: boolean;
  /** True when the data arrived and is not stale: only then is an empty list a fact. */
  readonly fresh: boolean;
  /** Age of the data, ms (null = none arrived yet). */
  readonly ageMs: number | null;
  /** Compact age, e.g. "0s", "12s", "3m", "2h", "4d" ('' = no data). */
  readonly ageText: string;
  /** Why the data is not fresh (e.g. "private socket down", "no data yet"); null when fresh. */
  readonly reason: string | null;
}

/** Compact age: seconds under a minute, minutes under an hour, hours under two days, then days. */
export function compactAge(ms: number): string {
  return formatAge(ms, { daysFromHours: 48 });
}

/**
 * Whether a socket is up for the data it feeds. Private: `subscribed` only (its topics never change,
 * so anything else is a (re)connect or login in progress, when pushes can be missed). Public: also
 * `open`, the moment between subscribing a newly selected symbol and its ack, which must not flash
 * STALE; a subscription that never delivers is caught by the data's own `maxAgeMs`.
 */
function socketProblem(kind: 'public' | 'private', h: SocketHealth, now: number): string | null {
  switch (h.state) {
    case 'subscribed':
      break;
    case 'open':
      if (kind === 'private') return 'private socket subscribing';
      break;
    case 'authenticating':
    case 'authenticated':
      return `${kind} socket subscribing`;
    case 'idle':
      return `${kind} socket off`;
    case 'connecting':
    case 'reconnecting':
    case 'closed':
      return `${kind} socket down`;
    case 'fatal':
      return `${kind} login refused`;
    default: {
      const never: never = h.state;
      return `${kind} socket ${String(never)}`;
    }
  }
  return h.lastMessageAt > 0 && now - h.lastMessageAt > SOCKET_SILENT_MS ? `${kind} socket silent` : null;
}

function staleReason(source: FreshnessSource, updatedAt: number, ageMs: number | null, connection: Pick<ConnectionData, 'public' | 'private'>, now: number): string | null {
  if (source.kind === 'poll') {
    const failedAt = source.failedAt ?? 0;
    if (failedAt > 0 && failedAt >= updatedAt) return 'last poll failed';
    return ageMs !== null && ageMs > POLL_MISSES * source.everyMs ? 'polls overdue' : null;
  }
  const down = socketProblem(source.kind, connection[source.kind], now);
  if (down) return down;
  if (source.resyncing === true && ageMs !== null) return 'resyncing';
  const bound = source.maxAgeMs ?? null;
  return bound !== null && ageMs !== null && ageMs > bound ? 'no recent updates' : null;
}

/**
 * The freshness of data from `source` last updated at `updatedAt` (local Unix ms, 0 = never), given
 * the sockets' health and the time `now` (Unix ms). Data stamped with exchange time must be moved to
 * local time first (minus `connection.clockOffsetMs`).
 */
export function freshnessOf(source: FreshnessSource, updatedAt: number, connection: Pick<ConnectionData, 'public' | 'private'>, now: number): Freshness {
  const ageMs = updatedAt > 0 ? Math.max(0, now - updatedAt) : null;
  const why = staleReason(source, updatedAt, ageMs, connection, now);
  return {
    stale: why !== null,
    fresh: why === null && ageMs !== null,
    ageMs,
    ageText: ageMs === null ? '' : compactAge(ageMs),
    reason: why ?? (ageMs === null ? 'no data yet' : null),
  };
}

/**
 * The title-row badge: "live" (fresh, under a second old), the age ("12s"), "STALE 12s", "STALE"
 * (stale, nothing arrived), or "no data" (nothing yet, source up). `warn` = draw it in the warning colour.
 */
export function freshnessBadge(f: Freshness): { readonly text: string; readonly warn: boolean } {
  if (f.stale) return { text: f.ageText ? `STALE ${f.ageText}` : 'STALE', warn: true };
  if (f.ageMs === null) return { text: 'no data', warn: true };
  return { text: f.ageMs < 1000 ? 'live' : f.ageText, warn: false };
}

/** What a title adds while the data is stale: " · private socket down"; '' otherwise. */
export function staleSuffix(f: Freshness): string {
  return f.stale && f.reason ? ` · ${f.reason}` : '';
}

/**
 * The line an empty list shows: `whenFresh` ("no open orders") only while fresh; stale, the count
 * with the reason ("0 open · STALE (private socket down)"); before any data, "0 open? waiting for data".
 */
export function emptyListText(f: Freshness, whenFresh: string, zero: string): string {
  if (f.fresh) return whenFresh;
  if (f.stale) return `${zero} · STALE (${f.reason ?? 'source down'})`;
  return `${zero}? waiting for data`;
}
