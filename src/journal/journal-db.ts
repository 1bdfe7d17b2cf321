import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { JournalError } from './journal-errors.js';
import { JournalInserter } from './journal-insert.js';
import { defaultJournalPath, journalDataHome } from './journal-path.js';
import { PnlQueries } from './journal-pnl.js';
import { ListQueries } from './journal-reader.js';
import { migrate, refuseNewer } from './journal-schema.js';
import type { JournalIdentity, JournalStore } from './journal-types.js';
import { WriteQueue } from './journal-writer.js';

/**
 * Opens the journal file of an account and mode (issue 19): SQLite through better-sqlite3, in WAL
 * mode (readers never wait for the writer; a crash or `kill -9` loses no committed transaction and
 * leaves the file whole), `synchronous = NORMAL` (a commit is not fsynced: a power cut, not a crash,
 * may lose the last commits; the backfill refetches them within the exchange's 90 days), a busy
 * timeout so a second process on the same file waits for the write lock instead of failing.
 */

/** Options of `openJournal`. */
export interface OpenJournalOptions {
  /** The file. Default: `<dataHome>/utadash/journal-<mode>-<account>.sqlite` (journal-path.ts). */
  readonly path?: string;
  /** Whose journal: a file made for another account or mode is refused (JOURNAL_IDENTITY). */
  readonly identity: JournalIdentity;
  /** Base directory of the default path. Default `$XDG_DATA_HOME`, else `~/.local/share`. */
  readonly dataHome?: string;
  /** Where write problems go (a full disk, a locked file): one line each. Default: nowhere. */
  readonly onProblem?: (message: string) => void;
  /** Unix ms now, for the equity samples' downsampling. Default `Date.now`. */
  readonly clock?: () => number;
  /** Open only a file that exists (JOURNAL_MISSING otherwise), as `utadash journal` does. Default false: create it. */
  readonly mustExist?: boolean;
  /** How long a write waits for another process's write lock, ms. Default 2000. */
  readonly busyTimeoutMs?: number;
  /** Largest size of the file in pages (4 KiB): writes past it fail as on a full disk (SQLITE_FULL). Default: no cap. */
  readonly maxPages?: number;
  /** Delay from the first queued row to its write, ms. Default 250. */
  readonly writeIntervalMs?: number;
  /** Most rows kept in memory while the file cannot be written. Default 100 000. */
  readonly maxQueuedRows?: number;
}

/** Equity samples are thinned at most this often, ms. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** One line saying why a write failed. */
function writeFailure(error: unknown, path: string, rows: number): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  let why: string;
  if (code.startsWith('SQLITE_FULL')) why = 'the disk is full (SQLITE_FULL)';
  else if (code.startsWith('SQLITE_BUSY')) why = 'another process holds its write lock (SQLITE_BUSY)';
  else if (code.startsWith('SQLITE_READONLY')) why = `it is read-only (${code})`;
  else why = code === '' ? message : `${message} (${code})`;
  return `journal: cannot write ${path}: ${why}; ${rows} row(s) kept in memory and retried, trading goes on`;
}

/** Creates the file's directory (0700) and the file itself (0600) when missing; tightens the file to 0600. */
function prepareFile(path: string, mustExist: boolean): void {
  if (!existsSync(path)) {
    if (mustExist) throw new JournalError('JOURNAL_MISSING', `no journal at ${path} (utadash writes one while the dashboard runs; --journal PATH names another)`);
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      closeSync(openSync(path, 'a', 0o600));
    } catch (error) {
      throw new JournalError('JOURNAL_OPEN', `cannot create journal ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  try {
    chmodSync(path, 0o600);
  } catch {
    // Not our file to change (another owner): SQLite says whether it can be used.
  }
}

/** utadash's own data directory (the default path's) is 0700 even when something made it wider. */
function tightenDir(dir: string): void {
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Not ours to change: the file itself is 0600.
  }
}

/** Opens the database, refuses a newer schema, sets WAL and the busy timeout, migrates. */
function openDatabase(path: string, busyTimeoutMs: number, readonly: boolean): Database {
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(path, { fileMustExist: true, readonly });
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    refuseNewer(db, path);
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      migrate(db, path);
    }
    return db;
  } catch (error) {
    db?.close();
    if (error instanceof JournalError) throw error;
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    const what = code === 'SQLITE_NOTADB' ? 'it is not a journal (not an SQLite database)' : error instanceof Error ? error.message : String(error);
    throw new JournalError('JOURNAL_OPEN', `cannot open journal ${path}: ${what}`, { cause: error });
  }
}

/** The identity stored in an open file (null: none yet). */
function storedIdentity(db: Database): JournalIdentity | null {
  const rows = db.prepare("SELECT key, value FROM meta WHERE key IN ('mode', 'account')").all() as { key: string; value: string }[];
  const mode = rows.find((r) => r.key === 'mode')?.value;
  const account = rows.find((r) => r.key === 'account')?.value;
  if ((mode !== 'live' && mode !== 'paper' && mode !== 'demo') || account === undefined) return null;
  return { mode, account };
}

/** Stores the identity in a new file, or refuses a file of another identity. */
function claimIdentity(db: Database, path: string, identity: JournalIdentity, now: number): void {
  db.transaction(() => {
    const stored = storedIdentity(db);
    if (stored === null) {
      const put = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
      put.run('mode', identity.mode);
      put.run('account', identity.account);
      put.run('created', new Date(now).toISOString());
    } else if (stored.mode !== identity.mode || stored.account !== identity.account) {
      throw new JournalError(
        'JOURNAL_IDENTITY',
        `journal ${path} belongs to ${stored.mode} account ${stored.account}, not ${identity.mode} account ${identity.account} (live, paper and demo never mix): use another --journal PATH`,
      );
    }
  }).immediate();
}

/**
 * The identity a journal file was made for, read without changing the file (null: none stored).
 * Throws JournalError when the file is missing, newer, or not a journal.
 */
export function readJournalIdentity(path: string): JournalIdentity | null {
  if (!existsSync(path)) throw new JournalError('JOURNAL_MISSING', `no journal at ${path}`);
  const db = openDatabase(path, 2000, true);
  try {
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
    return hasMeta ? storedIdentity(db) : null;
  } finally {
    db.close();
  }
}

/** Opens (creating when missing, unless `mustExist`) the journal of `identity`. Throws JournalError. */
export function openJournal(opts: OpenJournalOptions): JournalStore {
  const path = opts.path ?? defaultJournalPath(opts.identity, opts.dataHome ?? journalDataHome(process.env));
  const clock = opts.clock ?? Date.now;
  const onProblem = opts.onProblem ?? ((): void => undefined);
  prepareFile(path, opts.mustExist === true);
  if (opts.path === undefined) tightenDir(dirname(path));
  const db = openDatabase(path, opts.busyTimeoutMs ?? 2000, false);
  try {
    claimIdentity(db, path, opts.identity, clock());
    if (opts.maxPages !== undefined) db.pragma(`max_page_count = ${Math.max(1, Math.floor(opts.maxPages))}`);
  } catch (error) {
    db.close();
    if (error instanceof JournalError) throw error;
    throw new JournalError('JOURNAL_OPEN', `cannot open journal ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const inserter = new JournalInserter(db);
  const pnl = new PnlQueries(db);
  const lists = new ListQueries(db);
  let lastPrune = Number.NEGATIVE_INFINITY;
  const written = new Set<() => void>();
  const queue = new WriteQueue({
    write: (batches) => {
      const now = clock();
      const due = now - lastPrune >= PRUNE_EVERY_MS;
      const stored = inserter.write(batches, due ? now : null);
      if (due) lastPrune = now;
      return stored;
    },
    onProblem,
    describeFailure: (error, rows) => writeFailure(error, path, rows),
    describeRecovery: (rows) => `journal: writing ${path} again (${rows} row(s) written)`,
    onWritten: () => {
      for (const listener of [...written]) {
        try {
          listener();
        } catch (error) {
          onProblem(`journal: a listener of written rows failed (${error instanceof Error ? error.message : String(error)})`);
        }
      }
    },
    ...(opts.writeIntervalMs !== undefined ? { intervalMs: opts.writeIntervalMs } : {}),
    ...(opts.maxQueuedRows !== undefined ? { maxQueuedRows: opts.maxQueuedRows } : {}),
  });
  let closed = false;
  return {
    path,
    record: (batch) => queue.record(batch),
    flush: () => {
      if (!closed) queue.flush();
      return Promise.resolve();
    },
    newestFillTime: () => lists.newestFillTime(),
    onWritten: (listener) => {
      written.add(listener);
      return () => written.delete(listener);
    },
    pnlBy: (by, range) => pnl.pnlBy(by, range),
    fills: (filter) => lists.fills(filter),
    equity: (range, maxPoints) => lists.equity(range, maxPoints),
    exportRows: (kind, range) => lists.exportRows(kind, range),
    counts: () => lists.counts(),
    close: () => {
      if (closed) return Promise.resolve();
      queue.flush();
      const left = queue.stop();
      closed = true;
      if (left > 0) onProblem(`journal: ${left} row(s) could not be written to ${path} before closing`);
      db.close();
      return Promise.resolve();
    },
  };
}
