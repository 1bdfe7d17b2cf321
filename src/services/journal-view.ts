import type { JournalExportKind, JournalReader } from '../journal/journal-types.js';
import { totalsByCoin } from '../journal/journal-summary.js';
import type { JournalServices } from './app-services.js';

/** Counts when the file cannot be read. */
const NO_COUNTS: Readonly<Record<JournalExportKind, number>> = { fills: 0, funding: 0, loans: 0, equity: 0, orders: 0 };

/**
 * The journal as the UI reads it (`JournalServices`): the file's own queries, a read that throws
 * answered empty with the reason kept (`problem`), and the recorder's "rows written" signal as
 * `onChange`/`version` (none when the session only reads the file).
 */
export function journalView(reader: JournalReader & { readonly path: string }, written: ((listener: () => void) => () => void) | null): JournalServices {
  let problem: string | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  written?.(() => {
    version += 1;
    for (const l of [...listeners]) l();
  });
  const read = <T>(fallback: T, run: () => T): T => {
    try {
      const value = run();
      problem = null;
      return value;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
      return fallback;
    }
  };
  return {
    path: reader.path,
    recording: written !== null,
    pnlBy: (by, range) => read([], () => reader.pnlBy(by, range)),
    fills: (filter) => read([], () => reader.fills(filter)),
    equity: (range, maxPoints) => read([], () => reader.equity(range, maxPoints)),
    counts: () => read(NO_COUNTS, () => reader.counts()),
    totals: (buckets) => totalsByCoin(buckets),
    problem: () => problem,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
