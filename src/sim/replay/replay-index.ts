import { paramsKey, type RecordedFrame, type RecordedReply, type Recording } from '../../exchange/wire/recording.js';

/**
 * What a replay serves, indexed from a recording: REST replies matched by path and params, and
 * the data pushes of each socket kind in recorded order.
 */

/** One recorded data push, ready to send again. */
export interface ReplayFrame {
  /** Recorded order (shared with REST replies). */
  readonly n: number;
  /** ms after the recording started. */
  readonly t: number;
  readonly conn: 'public' | 'private';
  /** Subscription key of its arg (see `subscriptionKey`). */
  readonly key: string;
  /** True for a `snapshot` action (a fresh start for its arg). */
  readonly snapshot: boolean;
  /** Frame text as recorded. */
  readonly text: string;
}

/**
 * The key that ties a push to the subscription that asked for it: private args by topic
 * (`uta|order`), public ones by lower-case instType, topic, symbol and interval.
 */
export function subscriptionKey(arg: unknown): string | null {
  if (arg === null || typeof arg !== 'object') return null;
  const a = arg as Record<string, unknown>;
  if (typeof a.instType !== 'string' || typeof a.topic !== 'string') return null;
  const instType = a.instType.toLowerCase();
  if (instType === 'uta') return `uta|${a.topic}`;
  const s = (v: unknown): string => (typeof v === 'string' ? v : '');
  return `${instType}|${a.topic}|${s(a.symbol).toUpperCase()}|${s(a.interval)}`;
}

/** The data push in a recorded frame, or null for acks, trade replies, errors and the like (a replay answers those itself). */
export function toReplayFrame(f: RecordedFrame): ReplayFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(f.text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.event !== undefined || !('data' in v)) return null;
  const key = subscriptionKey(v.arg);
  if (key === null) return null;
  return { n: f.n, t: f.t, conn: f.conn, key, snapshot: v.action === 'snapshot', text: f.text };
}

/** How a REST request was answered. */
export type RestMatch =
  /** The next unused recorded reply for these params (or for these params ignoring times). */
  | { readonly kind: 'next'; readonly reply: RecordedReply }
  /** All matching replies were used: the last one again. */
  | { readonly kind: 'repeat'; readonly reply: RecordedReply }
  /** Nothing recorded for this path. */
  | { readonly kind: 'none' };

/** Recorded REST replies with use tracking. Reads only: writes are never answered from a recording. */
export class ReplayRestIndex {
  private readonly reads: RecordedReply[];
  private readonly used = new Set<number>();
  /** `n` of reads given up on (never asked for in time); they no longer hold frames back. */
  private readonly abandoned = new Set<number>();
  private readonly listeners = new Set<() => void>();

  /** @param replies every REST reply of the recording, in order. */
  constructor(replies: readonly RecordedReply[]) {
    this.reads = replies.filter((r) => !r.write);
  }

  /** Finds the reply for a request and marks it used. */
  take(method: string, path: string, params: unknown): RestMatch {
    const samePath = this.reads.filter((r) => r.method === method && r.path === path);
    if (samePath.length === 0) return { kind: 'none' };
    const exact = paramsKey(params);
    const loose = paramsKey(params, true);
    for (const [key, loosely] of [
      [exact, false],
      [loose, true],
    ] as const) {
      const candidates = samePath.filter((r) => paramsKey(r.params, loosely) === key);
      const next = candidates.find((r) => !this.used.has(r.n));
      if (next) {
        this.used.add(next.n);
        this.abandoned.delete(next.n);
        for (const l of [...this.listeners]) l();
        return { kind: 'next', reply: next };
      }
      const last = candidates[candidates.length - 1];
      if (last) return { kind: 'repeat', reply: last };
    }
    const last = samePath[samePath.length - 1];
    return last ? { kind: 'repeat', reply: last } : { kind: 'none' };
  }

  /** True when every recorded read before `n` was served (or given up on): a frame recorded at `n` may go out. */
  readsDoneBefore(n: number): boolean {
    return !this.reads.some((r) => r.n < n && !this.used.has(r.n) && !this.abandoned.has(r.n));
  }

  /** Gives up waiting for the reads recorded before `n` that were not asked for. */
  abandonBefore(n: number): void {
    for (const r of this.reads) if (r.n < n && !this.used.has(r.n)) this.abandoned.add(r.n);
  }

  /** Called whenever a recorded read is used; returns the function that stops it. */
  onUse(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The recording split for playback. */
export interface ReplayIndex {
  readonly rest: ReplayRestIndex;
  /** Data pushes of each socket kind, in recorded order. */
  readonly frames: { readonly public: readonly ReplayFrame[]; readonly private: readonly ReplayFrame[] };
}

/** Indexes a parsed recording. */
export function indexRecording(recording: Recording): ReplayIndex {
  const replies: RecordedReply[] = [];
  const pub: ReplayFrame[] = [];
  const priv: ReplayFrame[] = [];
  for (const e of recording.events) {
    if (e.type === 'rest') {
      replies.push(e);
      continue;
    }
    const f = toReplayFrame(e);
    if (f) (f.conn === 'public' ? pub : priv).push(f);
  }
  return { rest: new ReplayRestIndex(replies), frames: { public: pub, private: priv } };
}
