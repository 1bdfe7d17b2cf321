import type { Clock } from '../../domain/model.js';
import { ExchangeError } from '../wire/errors.js';

/**
 * Server-time offset for signed requests (protocol-notes §1.4): the exchange refuses a request
 * whose ACCESS-TIMESTAMP is too far from its own clock (40008). One measurement takes several
 * samples one after another; each gives `offset = serverTime - localMidpoint`, where the midpoint
 * is half way through that sample's round trip (RTT/2 correction). The sample with the smallest
 * round trip wins: its midpoint error is at most RTT/2, and the first sample of a fresh connection
 * (TCP and TLS set-up) or one delayed by a busy network has the largest error. We sign with
 * `clock.now() + offset`.
 */

/**
 * A server time with the local times that bracket the HTTP exchange that fetched it. A fetcher
 * with a queue in front (a rate limiter, retries) reports these so that waiting in the queue does
 * not count as round trip.
 */
export interface ServerTimeReading {
  /** The server's time, Unix ms. */
  readonly serverTime: number;
  /** Local time the request was handed to the network (after any queue), Unix ms. */
  readonly sentAt: number;
  /** Local time the reply arrived, Unix ms. */
  readonly receivedAt: number;
}

/** Options of `ClockSync`. */
export interface ClockSyncOptions {
  /** Local time source, Unix ms. */
  readonly clock: Clock;
  /**
   * Asks the exchange for its time once (market.getServerTime, GET /api/v2/public/time →
   * `serverTime`), without retrying. A bare number (Unix ms) is timed around the whole call; a
   * `ServerTimeReading` carries its own timing of the HTTP exchange alone.
   */
  readonly fetchServerTime: () => Promise<number | ServerTimeReading>;
  /** Samples per measurement, taken one after another; the smallest round trip wins. Default 5. */
  readonly samples?: number;
  /** Largest accepted distance between server and local time, ms; a farther one is refused. Default 24 h. */
  readonly maxSkewMs?: number;
}

/** One measurement. */
export interface ClockSample {
  /** serverTime − local midpoint of the round trip, ms (positive: the server is ahead). */
  readonly offsetMs: number;
  /** Round-trip time of the chosen (fastest) time request, ms. */
  readonly rttMs: number;
  /** Local time the chosen sample's reply arrived, Unix ms. */
  readonly at: number;
}

/** Default samples per measurement. */
export const DEFAULT_CLOCK_SAMPLES = 5;
/** Default largest accepted |server − local| time, ms (24 h). */
export const DEFAULT_MAX_SKEW_MS = 86_400_000;
/** No real server time is earlier than this (2020-01-01T00:00:00Z), Unix ms. */
const EARLIEST_SERVER_TIME = Date.UTC(2020, 0, 1);

/** A measurement under way: its first good sample and its end. */
interface Measurement {
  /** Resolves with the first sample that passed (or rejects like `done` when none does). */
  readonly first: Promise<ClockSample>;
  /** Resolves with the chosen (fastest) sample once every sample was taken. */
  readonly done: Promise<ClockSample>;
}

/** Holds the current offset and shares one in-flight measurement between concurrent callers. */
export class ClockSync {
  private sample: ClockSample | undefined;
  private inFlight: Measurement | undefined;

  constructor(private readonly options: ClockSyncOptions) {}

  /** Current offset in ms (0 before the first successful sync). */
  offsetMs(): number {
    return this.sample?.offsetMs ?? 0;
  }

  /** The sample in use: the fastest of the last measurement (of those taken so far, while one runs). */
  lastSample(): ClockSample | undefined {
    return this.sample;
  }

  /** Local time corrected to server time, Unix ms: what ACCESS-TIMESTAMP carries. */
  now(): number {
    return this.options.clock.now() + this.offsetMs();
  }

  /**
   * Resolves at once when an offset is known; otherwise starts (or joins) a measurement and
   * resolves with its first good sample, so the first signed request waits one round trip, not all
   * of them (the rest of the samples refine the offset meanwhile). Concurrent callers share it.
   */
  ensureSynced(): Promise<ClockSample> {
    if (this.sample) return Promise.resolve(this.sample);
    return this.start().first;
  }

  /**
   * Measures the offset now and resolves with the chosen sample once every sample was taken. While
   * a measurement is running every caller gets the same promise, so a burst of 40008 replies costs
   * one measurement. A failed or absurd sample is skipped; when every sample fails the last failure
   * is thrown and the old offset stays in place.
   */
  sync(): Promise<ClockSample> {
    return this.start().done;
  }

  private start(): Measurement {
    if (this.inFlight) return this.inFlight;
    let onFirst: (sample: ClockSample) => void = () => undefined;
    let onNone: (error: unknown) => void = () => undefined;
    const first = new Promise<ClockSample>((resolve, reject) => {
      onFirst = resolve;
      onNone = reject;
    });
    const done = this.measure(onFirst).finally(() => {
      this.inFlight = undefined;
    });
    done.catch(onNone);
    // Either promise may have no caller waiting (ensureSynced starts one, sync the other): a failure is theirs to see, not unhandled.
    first.catch(() => undefined);
    const measurement: Measurement = { first, done };
    this.inFlight = measurement;
    return measurement;
  }

  /** Takes the samples one after another; the fastest so far is in use as soon as it is known. */
  private async measure(onFirst: (sample: ClockSample) => void): Promise<ClockSample> {
    const count = Math.max(1, Math.floor(this.options.samples ?? DEFAULT_CLOCK_SAMPLES));
    let best: ClockSample | undefined;
    let failure: unknown;
    // Sequential on purpose: parallel requests would queue behind each other and inflate the RTTs.
    for (let i = 0; i < count; i++) {
      let sample: ClockSample;
      try {
        sample = await this.takeSample();
      } catch (error) {
        failure = error;
        continue;
      }
      if (best === undefined) onFirst(sample);
      // On a tie the later sample wins: it is the fresher reading.
      if (best === undefined || sample.rttMs <= best.rttMs) {
        best = sample;
        this.sample = sample;
      }
    }
    if (best === undefined) throw failure;
    return best;
  }

  private async takeSample(): Promise<ClockSample> {
    const before = this.options.clock.now();
    const reading = await this.options.fetchServerTime();
    const after = this.options.clock.now();
    const { serverTime, sentAt, receivedAt } = typeof reading === 'number' ? { serverTime: reading, sentAt: before, receivedAt: after } : reading;
    const rttMs = Math.max(0, receivedAt - sentAt);
    const midpoint = sentAt + rttMs / 2;
    this.checkPlausible(serverTime, midpoint);
    return { offsetMs: Math.round(serverTime - midpoint), rttMs, at: receivedAt };
  }

  /** Refuses a server time no real exchange sends: signing with it would break every request. */
  private checkPlausible(serverTime: number, local: number): void {
    const maxSkew = this.options.maxSkewMs ?? DEFAULT_MAX_SKEW_MS;
    const why = !Number.isFinite(serverTime)
      ? 'is not a number of ms'
      : serverTime <= 0
        ? 'is not positive'
        : serverTime < EARLIEST_SERVER_TIME
          ? 'is before 2020-01-01'
          : Math.abs(serverTime - local) > maxSkew
            ? `is more than ${formatSpan(maxSkew)} away from the local clock`
            : null;
    if (why === null) return;
    const shown = Number.isFinite(serverTime) && serverTime > 0 ? `${serverTime} (${isoOf(serverTime)})` : String(serverTime);
    throw new ExchangeError('EXCH_BAD_REPLY', `server time ${shown} ${why}; local time is ${Math.round(local)} (${isoOf(local)}); keeping the previous clock offset`);
  }
}

/** ISO 8601 of a Unix ms time, or a note when it is outside the Date range. */
function isoOf(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'out of range' : date.toISOString();
}

/** `24 h`, `90 min` or `45 s` for a span in ms. */
function formatSpan(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}
