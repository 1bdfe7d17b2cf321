import { createHash } from 'node:crypto';
import { openJournal, readJournalIdentity } from '../journal/journal-db.js';
import { journalDataHome } from '../journal/journal-path.js';
import type { JournalIdentity, JournalStore } from '../journal/journal-types.js';
import { UsageError, type CliOptions } from './args.js';
import type { AppConfig } from './config.js';
import type { ExchangeTarget } from './exchange-target.js';

/**
 * Whose journal a session writes: demo → the embedded exchange's uid; live and paper → the
 * profile's name (the exchange offers no account id over the v3 operations utadash uses), or for
 * keys from the environment a hash of the API key (never the key). Null for a replay (it records
 * nothing).
 */
export function journalIdentity(target: ExchangeTarget, config: AppConfig): JournalIdentity | null {
  switch (target.mode) {
    case 'DEMO':
      return { mode: 'demo', account: target.sim?.uid ?? target.account.replace(/^sim /, '') };
    case 'LIVE':
    case 'PAPER':
      return {
        mode: target.mode === 'LIVE' ? 'live' : 'paper',
        account: config.profileName ?? `env-${createHash('sha256').update(target.credentials.apiKey).digest('hex').slice(0, 12)}`,
      };
    case 'REPLAY':
      return null;
  }
}

/** A journal opened for a session, and whether the session records into it. */
export interface SessionJournal {
  readonly store: JournalStore;
  /** False in a replay: the panel reads the file, nothing is written. */
  readonly record: boolean;
}

/**
 * Opens the session's journal, unless `--no-journal`: the account's default file (or `--journal
 * PATH`) to record into; in a replay only a file named with `--journal PATH`, opened as the account
 * it was made for, to read. A file that cannot be used (another account's, a newer schema, not a
 * journal, no permission) is a UsageError naming it. Returns null when there is none to open.
 */
export function openSessionJournal(options: CliOptions, env: NodeJS.ProcessEnv, target: ExchangeTarget, config: AppConfig, onProblem: (message: string) => void): SessionJournal | null {
  if (options.noJournal) return null;
  const path = options.journal;
  try {
    const identity = journalIdentity(target, config);
    if (identity === null) {
      if (path === null) return null;
      const own = readJournalIdentity(path);
      if (own === null) throw new UsageError(`--journal ${path}: no account is recorded in it yet; nothing to show in a replay`);
      return { store: openJournal({ path, identity: own, mustExist: true, onProblem }), record: false };
    }
    const store = openJournal({ identity, onProblem, dataHome: journalDataHome(env), ...(path === null ? {} : { path }) });
    return { store, record: true };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
