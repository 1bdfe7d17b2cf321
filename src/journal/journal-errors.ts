/**
 * Why a journal file could not be opened. Stable codes; `message` is one line a trader reads (it
 * names the file and what to do). Writes never throw: their problems go to `onProblem`.
 */
export type JournalErrorCode =
  /** The file was written by a newer utadash (its schema is above the one this build knows). */
  | 'JOURNAL_NEWER_SCHEMA'
  /** The file belongs to another account or mode (live / paper / demo never mix). */
  | 'JOURNAL_IDENTITY'
  /** The file does not exist, and the caller only reads (`utadash journal`). */
  | 'JOURNAL_MISSING'
  /** The file or its directory cannot be opened or created, or is not a journal. */
  | 'JOURNAL_OPEN';

/** A journal file that cannot be used; nothing in it was changed. */
export class JournalError extends Error {
  override readonly name = 'JournalError';
  readonly code: JournalErrorCode;

  constructor(code: JournalErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
