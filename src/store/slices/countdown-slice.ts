import type { SliceCreator } from '../slice.js';

/** The dead-man countdown (countdown-cancel-all) as we last armed it. */
export interface CountdownData {
  /** True while armed (we renew it). */
  readonly armed: boolean;
  /** Window in seconds (5–60). */
  readonly windowSec: number;
  /** Unix ms of the last acknowledged (re)arm; 0 = never. */
  readonly lastAckAt: number;
  /** Unix ms when the exchange will cancel every order unless renewed; 0 when disarmed. */
  readonly expiresAt: number;
  /** True while renewals fail or are held back because health is lost. */
  readonly failing: boolean;
  /** Why the last renewal failed or was held back. */
  readonly lastError: string | null;
  /** Unix ms when the exchange cancelled our orders on expiry (0 = has not happened). */
  readonly firedAt: number;
}

/** Countdown slice. */
export interface CountdownSlice {
  readonly countdown: CountdownData;
  /** Records an acknowledged (re)arm with a window of `windowSec`. */
  setCountdownArmed(windowSec: number, ackAt: number): void;
  /** Records that the countdown is off (disarmed by us). */
  setCountdownDisarmed(): void;
  /** Records a failed or withheld renewal. */
  setCountdownFailing(reason: string): void;
  /** Records that the window ran out and the exchange cancelled our orders. */
  setCountdownFired(at: number): void;
}

/** Builds the countdown slice. */
export const createCountdownSlice: SliceCreator<CountdownSlice> = (set) => ({
  countdown: { armed: false, windowSec: 30, lastAckAt: 0, expiresAt: 0, failing: false, lastError: null, firedAt: 0 },
  setCountdownArmed: (windowSec, ackAt) =>
    set((s) => ({ countdown: { ...s.countdown, armed: true, windowSec, lastAckAt: ackAt, expiresAt: ackAt + windowSec * 1000, failing: false, lastError: null, firedAt: 0 } })),
  setCountdownDisarmed: () => set((s) => ({ countdown: { ...s.countdown, armed: false, expiresAt: 0, failing: false, lastError: null } })),
  setCountdownFailing: (reason) => set((s) => ({ countdown: { ...s.countdown, failing: true, lastError: reason } })),
  setCountdownFired: (at) => set((s) => ({ countdown: { ...s.countdown, armed: false, expiresAt: 0, failing: false, firedAt: at } })),
});
