import type { Clock } from '../../domain/model.js';

/**
 * Server-time offset for signed requests (protocol-notes §1.4): the exchange refuses a request
 * whose ACCESS-TIMESTAMP is too far from its own clock (40008). We measure
 * `offset = serverTime - localMidpoint`, where the midpoint is half way through the round trip
 * (RTT/2 correction), and sign with `clock.now() + offset`.
 */

/** Options of `ClockSync`. */
export interface ClockSyncOptions {
  /** Local time source, Unix ms. */
  readonly clock: Clock;
  /** Asks the exchange for its time (market.getServerTime, GET /api/v2/public/time → `serverTime`), Unix ms. */
  readonly fetchServerTime: () => Promise<number>;
}

/** One measurement. */
export interface ClockSample {
  /** serverTime − local midpoint of the round trip, ms (positive: the server is ahead). */
  readonly offsetMs: number;
  /** Round-trip time of the time request, ms. */
  readonly rttMs: number;
  /** Local time the measurement finished, Unix ms. */
  readonly at: number;
}

/** Holds the current offset and shares one in-flight measurement between concurrent callers. */
export class ClockSync {
  private sample: ClockSample | undefined;
  private inFlight: Promise<ClockSample> | undefined;

  constructor(private readonly options: ClockSyncOptions) {}

  /** Current offset in ms (0 before the first successful sync). */
  offsetMs(): number {
    return this.sample?.offsetMs ?? 0;
  }

  /** The last measurement, if any. */
  lastSample(): ClockSample | undefined {
    return this.sample;
  }

  /** Local time corrected to server time, Unix ms: what ACCESS-TIMESTAMP carries. */
  now(): number {
    return this.options.clock.now() + this.offsetMs();
  }

  /** Syncs once if never synced; otherwise resolves at once. Concurrent callers share one request. */
  ensureSynced(): Promise<ClockSample> {
    if (this.sample) return Promise.resolve(this.sample);
    return this.sync();
  }

  /**
   * Measures the offset now. While a measurement is running every caller gets the same promise,
   * so a burst of 40008 replies costs one time request. A failure leaves the old offset in place.
   */
  sync(): Promise<ClockSample> {
    if (this.inFlight) return this.inFlight;
    const run = async (): Promise<ClockSample> => {
      const t0 = this.options.clock.now();
      const serverTime = await this.options.fetchServerTime();
      const t1 = this.options.clock.now();
      if (!Number.isFinite(serverTime)) throw new TypeError(`server time ${String(serverTime)} is not a number of ms`);
      const rttMs = Math.max(0, t1 - t0);
      const sample: ClockSample = { offsetMs: Math.round(serverTime - (t0 + rttMs / 2)), rttMs, at: t1 };
      this.sample = sample;
      return sample;
    };
    const p = run().finally(() => {
      this.inFlight = undefined;
    });
    this.inFlight = p;
    return p;
  }
}
