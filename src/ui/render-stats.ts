/**
 * Render statistics: what Ink's renders and the terminal writes cost, recorded by the composition
 * root and read by the stats overlay through `useRenderStats`.
 */

/** Render statistics over the recent window (default the last 5 s). */
export interface RenderStatsSnapshot {
  /** Frames per second (Ink render passes that reached the writer). */
  readonly fps: number;
  /** Bytes written to the terminal per second. */
  readonly bytesPerSec: number;
  /** Median Ink render time (layout + output build), ms; 0 when no frame. */
  readonly renderMsMedian: number;
  /** 99th percentile render time, ms. */
  readonly renderMsP99: number;
  /** Frames since start. */
  readonly totalFrames: number;
  /** Bytes since start. */
  readonly totalBytes: number;
  /** Share of frame rows since start taken unchanged from an earlier frame (0–1); null when not counted. */
  readonly rowsKept: number | null;
}

/** Frame rows since start: kept from an earlier frame, joined from their writes, built cell by cell. */
export interface RowCounts {
  readonly reused: number;
  readonly joined: number;
  readonly built: number;
}

/** Where the overlay reads render statistics from (the composition root feeds one). */
export interface RenderStatsSource {
  /** Statistics over the last `windowMs` ending at `now` (Unix ms). */
  snapshot(now: number): RenderStatsSnapshot;
}

/**
 * Records Ink's `onRender` times and the bytes written to the terminal in a bounded ring
 * (memory stays flat: at most `capacity` frames and byte writes are kept).
 */
export class RenderStatsRecorder implements RenderStatsSource {
  private readonly frames: { at: number; ms: number }[] = [];
  private readonly writes: { at: number; bytes: number }[] = [];
  private totalFrames = 0;
  private totalBytes = 0;
  /** Every render since start as [Unix ms, render ms] (benchmarks); kept only when `keepAll`. */
  readonly allRenders: [number, number][] = [];
  private rows: (() => RowCounts) | null = null;

  /**
   * @param windowMs window of `snapshot`, ms (default 5000)
   * @param capacity max entries kept per ring (default 4096)
   * @param keepAll also keep every render in `allRenders` (benchmarks only: grows without bound; default false)
   */
  constructor(
    private readonly windowMs = 5000,
    private readonly capacity = 4096,
    private readonly keepAll = false,
  ) {}

  /** One Ink render pass that took `ms` at Unix ms `at`. */
  recordRender(ms: number, at: number): void {
    this.totalFrames += 1;
    push(this.frames, { at, ms }, this.capacity);
    if (this.keepAll) this.allRenders.push([at, ms]);
  }

  /** Reads the frame builder's row counters for `rowsKept` (render/ink-output-rows.ts). */
  countRows(read: () => RowCounts): void {
    this.rows = read;
  }

  /** `bytes` written to the terminal at Unix ms `at`. */
  recordBytes(bytes: number, at: number): void {
    this.totalBytes += bytes;
    push(this.writes, { at, bytes }, this.capacity);
  }

  snapshot(now: number): RenderStatsSnapshot {
    const from = now - this.windowMs;
    const times = this.frames.filter((f) => f.at > from).map((f) => f.ms);
    let bytes = 0;
    for (const w of this.writes) if (w.at > from) bytes += w.bytes;
    const seconds = this.windowMs / 1000;
    return {
      fps: times.length / seconds,
      bytesPerSec: bytes / seconds,
      renderMsMedian: percentile(times, 0.5),
      renderMsP99: percentile(times, 0.99),
      totalFrames: this.totalFrames,
      totalBytes: this.totalBytes,
      rowsKept: this.rowsKept(),
    };
  }

  private rowsKept(): number | null {
    if (this.rows === null) return null;
    const { reused, joined, built } = this.rows();
    const all = reused + joined + built;
    return all === 0 ? 0 : reused / all;
  }
}

function push<T>(ring: T[], item: T, capacity: number): void {
  ring.push(item);
  if (ring.length > capacity) ring.splice(0, ring.length - capacity);
}

/** The `p` quantile (0–1, nearest rank) of `values`; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}
