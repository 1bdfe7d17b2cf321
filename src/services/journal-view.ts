import type { JournalExportKind, JournalReader } from '../journal/journal-types.js';
import { totalsByCoin } from '../journal/journal-summary.js';
import type { JournalServices } from './app-services.js';

/** Counts when the file cannot be read. */
const NO_COUNTS: Readonly<Record<JournalExportKind, number>> = { fills: 0, funding: 0, loans: 0, equity: 0, orders: 0 };

/**
 * The journal as the UI reads it (`JournalServices`): the file's own queries, a read that throws
 * answered empty with the reason kept per query until that query works again (`problem`: the first
 * one still failing, so a later query that works does not hide an earlier one's failure), and the recorder's "rows written" signal as
 * `onChange`/`version` (none when the session only reads the file).
 */
export function journalView(reader: JournalReader & { readonly path: string }, written: ((listener: () => void) => () => void) | null): JournalServices {
  const problems = new Map<string, string>();
  let version = 0;
  const listeners = new Set<() => void>();
  written?.(() => {
    version += 1;
    for (const l of [...listeners]) l();
  });
  const read = <T>(query: string, fallback: T, run: () => T): T => {
    try {
      const value = run();
      problems.delete(query);
      return value;
    } catch (error) {
      problems.set(query, error instanceof Error ? error.message : String(error));
      return fallback;
    }
  };
  return {
    path: reader.path,
    recording: written !== null,
    pnlBy: (by, range) => read('pnlBy', [], () => reader.pnlBy(by, range)),
    fills: (filter) => read('fills', [], () => reader.fills(filter)),
    equity: (range, maxPoints) => read('equity', [], () => reader.equity(range, maxPoints)),
    counts: () => read('counts', NO_COUNTS, () => reader.counts()),
    totals: (buckets) => totalsByCoin(buckets),
    problem: () => problems.values().next().value ?? null,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
