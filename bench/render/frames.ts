/**
 * Splits a terminal byte stream into frames. Ink (7.x, on a TTY with CI unset) wraps every frame
 * in DEC 2026 synchronized-output markers: BSU `ESC[?2026h` … ESU `ESC[?2026l`. A frame is the
 * bytes up to and including an ESU. What a frame shows is read off an emulated screen (screen.ts):
 * the cell writer's frames carry only the cells that changed.
 */

/** End of a synchronized update. */
export const ESU = Buffer.from('\x1b[?2026l');
/** Begin of a synchronized update. */
export const BSU = Buffer.from('\x1b[?2026h');

/** One frame as seen on the terminal. */
export interface Frame {
  /** performance.now() when its last byte arrived, ms. */
  readonly at: number;
  /** Bytes of the frame, markers included. */
  readonly bytes: number;
}

/** Incremental frame splitter: feed chunks, get completed frames. */
export class FrameSplitter {
  private pending: Buffer = Buffer.alloc(0);

  /** Adds a chunk received at `at` (ms); returns the frames it completed. */
  push(chunk: Buffer, at: number): Frame[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      const end = this.pending.indexOf(ESU);
      if (end < 0) break;
      const frame = this.pending.subarray(0, end + ESU.length);
      this.pending = this.pending.subarray(end + ESU.length);
      // Ink may emit an empty BSU/ESU pair when nothing changed; that is not a frame.
      if (frame.length > BSU.length + ESU.length) frames.push({ at, bytes: frame.length });
    }
    return frames;
  }
}
