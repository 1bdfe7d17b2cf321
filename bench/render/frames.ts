/**
 * Splits a terminal byte stream into frames. Ink (7.x, on a TTY with CI unset) wraps every frame
 * in DEC 2026 synchronized-output markers: BSU `ESC[?2026h` … ESU `ESC[?2026l`. A frame is the
 * bytes up to and including an ESU; its text is the printable content with escape sequences removed
 * (with the incremental writer that is only the lines that changed).
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
  /** Printable text (escape sequences stripped). */
  readonly text: string;
}

// CSI (incl. private modes), OSC, and two-byte escapes.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_=>78]/g;

/** Printable text of terminal output. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
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
      const text = stripAnsi(frame.toString('utf8'));
      // Ink may emit an empty BSU/ESU pair when nothing changed; that is not a frame.
      if (frame.length > BSU.length + ESU.length) frames.push({ at, bytes: frame.length, text });
    }
    return frames;
  }
}
