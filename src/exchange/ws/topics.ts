import type { TimerHandle, Timers } from './connection-state.js';

/** Subscription args, the wanted-subscription set, arg batching and the outbound frame pacer (protocol-notes §4.3, §4.5). */

/**
 * One subscription arg as sent on the wire. Public: lower-case `instType`
 * (`spot|usdt-futures|coin-futures|usdc-futures`) plus `symbol` (and `interval` for kline).
 * Private: `instType:"UTA"` and the topic, no symbol (except `fast-fill`: `symbol:"default"`).
 */
export interface StreamArg {
  /** Public: lower-case market; private: `UTA`. */
  readonly instType: string;
  /** Topic name, e.g. `books`, `ticker`, `kline`, `order`. */
  readonly topic: string;
  /** Symbol, public topics only (e.g. `BTCUSDT`). */
  readonly symbol?: string;
  /** Kline interval (`1m … 1D`), kline only. */
  readonly interval?: string;
}

/** True for a private (`UTA`) arg. */
export function isPrivateArg(arg: StreamArg): boolean {
  return arg.instType.toUpperCase() === 'UTA';
}

/**
 * The routing key of an arg. Private pushes never echo the symbol (§4.5), so a private key is
 * the topic alone; public keys are instType (lower-cased) | topic | symbol | interval.
 */
export function argKey(arg: StreamArg): string {
  if (isPrivateArg(arg)) return `UTA|${arg.topic}`;
  return `${arg.instType.toLowerCase()}|${arg.topic}|${arg.symbol ?? ''}|${arg.interval ?? ''}`;
}

/** Reads a `StreamArg` out of parsed JSON; undefined when it has no string `instType` and `topic`. */
export function toStreamArg(value: unknown): StreamArg | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.instType !== 'string' || typeof v.topic !== 'string') return undefined;
  const arg: { instType: string; topic: string; symbol?: string; interval?: string } = { instType: v.instType, topic: v.topic };
  if (typeof v.symbol === 'string') arg.symbol = v.symbol;
  if (typeof v.interval === 'string') arg.interval = v.interval;
  return arg;
}

/** Where one wanted subscription stands on the current socket. */
export type SubscriptionStatus = 'pending' | 'subscribed' | 'failed';

/** A wanted subscription and its status. */
export interface SubscriptionEntry {
  /** The arg as the caller gave it (sent verbatim). */
  readonly arg: StreamArg;
  /** Status on the current socket. */
  status: SubscriptionStatus;
  /** The exchange's refusal message when `failed`. */
  failure: string | null;
}

/** The wanted subscriptions of one connection, keyed by `argKey`, in insertion order. */
export class SubscriptionSet {
  private readonly entries = new Map<string, SubscriptionEntry>();

  /** Adds args (a failed one is reset to pending, so asking again retries it). Returns the args that now need a subscribe frame. */
  add(args: readonly StreamArg[]): StreamArg[] {
    const fresh: StreamArg[] = [];
    for (const arg of args) {
      const key = argKey(arg);
      const existing = this.entries.get(key);
      if (existing && existing.status !== 'failed') continue;
      this.entries.set(key, { arg, status: 'pending', failure: null });
      fresh.push(arg);
    }
    return fresh;
  }

  /** Removes args; returns the removed entries' args (those that were wanted). */
  remove(args: readonly StreamArg[]): StreamArg[] {
    const removed: StreamArg[] = [];
    for (const arg of args) {
      const key = argKey(arg);
      const entry = this.entries.get(key);
      if (!entry) continue;
      this.entries.delete(key);
      removed.push(entry.arg);
    }
    return removed;
  }

  /** True when the key is wanted. */
  has(arg: StreamArg): boolean {
    return this.entries.has(argKey(arg));
  }

  /** Status of an arg, undefined when not wanted. */
  statusOf(arg: StreamArg): SubscriptionEntry | undefined {
    return this.entries.get(argKey(arg));
  }

  /** Every wanted entry, insertion order. */
  list(): SubscriptionEntry[] {
    return [...this.entries.values()];
  }

  /** For a new socket: every non-failed entry becomes pending; returns their args (to replay). */
  resetForReplay(): StreamArg[] {
    const out: StreamArg[] = [];
    for (const entry of this.entries.values()) {
      if (entry.status === 'failed') continue;
      entry.status = 'pending';
      out.push(entry.arg);
    }
    return out;
  }

  /** Marks an ack; returns false when the arg is not wanted (e.g. unsubscribed meanwhile). */
  markSubscribed(arg: StreamArg): boolean {
    const entry = this.entries.get(argKey(arg));
    if (!entry) return false;
    entry.status = 'subscribed';
    entry.failure = null;
    return true;
  }

  /** Marks a refusal with the exchange's message; it is not replayed until `add` is called again. */
  markFailed(arg: StreamArg, message: string): boolean {
    const entry = this.entries.get(argKey(arg));
    if (!entry) return false;
    entry.status = 'failed';
    entry.failure = message;
    return true;
  }

  /** Args currently pending. */
  pendingArgs(): StreamArg[] {
    return this.list()
      .filter((e) => e.status === 'pending')
      .map((e) => e.arg);
  }

  /** Counts per status. */
  counts(): { subscribed: number; pending: number; failed: number } {
    let subscribed = 0;
    let pending = 0;
    let failed = 0;
    for (const e of this.entries.values()) {
      if (e.status === 'subscribed') subscribed += 1;
      else if (e.status === 'pending') pending += 1;
      else failed += 1;
    }
    return { subscribed, pending, failed };
  }
}

/** At most this many args per subscribe frame (a 25-arg frame was seen to close the socket, §4.3). */
export const MAX_ARGS_PER_FRAME = 10;
/** At most this many bytes of `args` JSON per frame (§4.3). */
export const MAX_ARGS_BYTES = 4096;

/** Splits args into groups of at most `maxArgs` (default 10) whose JSON stays within `maxBytes` (default 4096). */
export function chunkArgs(args: readonly StreamArg[], maxArgs = MAX_ARGS_PER_FRAME, maxBytes = MAX_ARGS_BYTES): StreamArg[][] {
  const chunks: StreamArg[][] = [];
  let current: StreamArg[] = [];
  let bytes = 2; // the brackets
  for (const arg of args) {
    const size = Buffer.byteLength(JSON.stringify(arg), 'utf8') + 1;
    if (current.length > 0 && (current.length >= maxArgs || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(arg);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The text of a subscribe/unsubscribe frame. */
export function subscriptionFrame(op: 'subscribe' | 'unsubscribe', args: readonly StreamArg[]): string {
  return JSON.stringify({ op, args });
}

/** Outbound rate tuning. */
export interface FramePacerOptions {
  /** Most messages (pings included) per window. Default 8, a margin under the exchange's 10/s. */
  readonly maxMessages?: number;
  /** Window length, ms. Default 1000. */
  readonly windowMs?: number;
  /** Timer seam. */
  readonly timers: Timers;
  /** Unix ms clock. */
  readonly now: () => number;
  /** Writes one text frame to the socket. */
  readonly write: (text: string) => void;
}

/** Default messages per window. */
export const DEFAULT_PACER_MAX_MESSAGES = 8;
/** Default window, ms. */
export const DEFAULT_PACER_WINDOW_MS = 1000;

/**
 * Sends text frames no faster than `maxMessages` per sliding `windowMs` (the exchange closes a
 * connection over 10 messages/s, §4.3). Urgent frames (ping/pong, trade) jump the queue.
 */
export class FramePacer {
  private readonly urgent: string[] = [];
  private readonly normal: string[] = [];
  private readonly sentAt: number[] = [];
  private timer: TimerHandle = null;

  /** @param options see `FramePacerOptions`. */
  constructor(private readonly options: FramePacerOptions) {}

  /** Queues a frame and sends what the budget allows now. Urgent frames go before normal ones; each class keeps its order. */
  enqueue(text: string, urgent = false): void {
    (urgent ? this.urgent : this.normal).push(text);
    this.flush();
  }

  /** Frames waiting for budget. */
  get queued(): number {
    return this.urgent.length + this.normal.length;
  }

  /** Drops queued frames and the send history (for a new socket). */
  reset(): void {
    this.urgent.length = 0;
    this.normal.length = 0;
    this.sentAt.length = 0;
    this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    const max = this.options.maxMessages ?? DEFAULT_PACER_MAX_MESSAGES;
    const windowMs = this.options.windowMs ?? DEFAULT_PACER_WINDOW_MS;
    const now = this.options.now();
    while (this.sentAt.length > 0 && (this.sentAt[0] ?? 0) <= now - windowMs) this.sentAt.shift();
    while (this.queued > 0 && this.sentAt.length < max) {
      const text = this.urgent.shift() ?? this.normal.shift();
      if (text === undefined) break;
      this.sentAt.push(now);
      this.options.write(text);
    }
    if (this.queued > 0 && this.timer === null) {
      const oldest = this.sentAt[0] ?? now;
      const wait = Math.max(1, oldest + windowMs - now);
      this.timer = this.options.timers.setTimeout(() => {
        this.timer = null;
        this.flush();
      }, wait);
    }
  }
}
