import { BookFrameError, readBookFrame, type BookFrame } from './book-frame.js';
import { UpdateReader } from './update-reader.js';

/**
 * A `books*` push read once (issue 18). The socket reads each book push as it arrives, by the fast
 * reader when it is a compact update and by the full reader otherwise, and hands the read on;
 * `OrderBook.applyRead` applies it without reading the text again. Reading and applying are
 * synchronous, one frame at a time.
 */
export type BookRead =
  /**
   * A compact update read by the fast path: its levels wait in `READER`, which holds them until
   * the next frame is read (apply it within the push handler; later it is read again from `text`).
   */
  | { readonly via: 'update'; readonly text: string }
  /** Any other book push (snapshots, other layouts), read by the full reader. */
  | { readonly via: 'frame'; readonly text: string; readonly frame: BookFrame }
  /** Not a book push either reader accepts: applying it throws `error` (`EXCH_BAD_REPLY`). */
  | { readonly via: 'refused'; readonly text: string; readonly error: BookFrameError };

/** The fast reader behind every `BookRead` of kind `update` (one for all books and sockets). */
export const READER = new UpdateReader();

/**
 * Reads one book push: the bytes are loaded once, tried by the fast reader, and read from the same
 * bytes by the full reader when it refuses them. Never throws a `BookFrameError`: it comes back as
 * `refused`.
 */
export function readBook(text: string): BookRead {
  if (READER.read(text)) return { via: 'update', text };
  try {
    return { via: 'frame', text, frame: readBookFrame(text, READER.src) };
  } catch (error) {
    if (error instanceof BookFrameError) return { via: 'refused', text, error };
    throw error;
  }
}
